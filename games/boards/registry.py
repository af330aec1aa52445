"""Which view model and template draw each game's board."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any

BOARDS = {"incan-gold": "games.boards.incan_gold", "el-dorado": "games.boards.el_dorado"}


def board_for(game: str) -> tuple[str, Callable[[Mapping[str, Any]], dict[str, Any]]]:
    """The template name and context builder of a game's board."""
    module = import_module(BOARDS[game])
    return module.TEMPLATE, module.board_context
