"""One registry of presenters: how each game's board is drawn, live and in a replay."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from games.presenters.parts import BoardPart

PRESENTERS = {
    "incan-gold": "games.presenters.incan_gold",
    "el-dorado": "games.presenters.el_dorado",
}

# A replay board: (engine, state, seat names, the step's events) -> (template, its context).
ReplayBoard = Callable[[Any, Any, Sequence[str], Sequence[Mapping[str, Any]]], tuple[str, dict]]


@dataclass(frozen=True)
class Presenter:
    """A game's boards. Live: its context builder, its parts in page order, its wrapper's class.
    Replay: its builder, and the template drawn full width above the columns (a wide map)."""

    build: Callable[[Mapping[str, Any]], dict[str, Any]]
    parts: tuple[BoardPart, ...]
    css_class: str
    replay: ReplayBoard
    replay_stage: str | None = None


def presenter_for(game: str) -> Presenter:
    """The presenter of a game."""
    module = import_module(PRESENTERS[game])
    parts = getattr(module, "PARTS", None) or (BoardPart("board-whole", module.TEMPLATE),)
    return Presenter(
        build=module.board_context,
        parts=parts,
        css_class=getattr(module, "BOARD_CLASS", ""),
        replay=module.replay_board,
        replay_stage=getattr(module, "REPLAY_STAGE", None),
    )
