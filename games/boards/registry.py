"""Which view model and parts draw each game's board."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from games.boards.parts import BoardPart

BOARDS = {"incan-gold": "games.boards.incan_gold", "el-dorado": "games.boards.el_dorado"}


@dataclass(frozen=True)
class Board:
    """A game's board: its context builder, its parts in page order, its wrapper's class."""

    build: Callable[[Mapping[str, Any]], dict[str, Any]]
    parts: tuple[BoardPart, ...]
    css_class: str


def board_for(game: str) -> Board:
    """The board of a game."""
    module = import_module(BOARDS[game])
    parts = getattr(module, "PARTS", None) or (BoardPart("board-whole", module.TEMPLATE),)
    return Board(module.board_context, parts, getattr(module, "BOARD_CLASS", ""))
