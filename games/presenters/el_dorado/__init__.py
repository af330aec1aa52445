"""The El Dorado presenter: the live board (map, hand, market, moves on offer), its trail of
recent moves, the replay board, and the SVG drawing of the map they share."""

from games.presenters.el_dorado.board import (
    BOARD_CLASS,
    PARTS,
    TEMPLATE,
    action_from_form,
    board_context,
)
from games.presenters.el_dorado.replay import REPLAY_STAGE, REPLAY_TEMPLATE, replay_board

__all__ = [
    "BOARD_CLASS",
    "PARTS",
    "REPLAY_STAGE",
    "REPLAY_TEMPLATE",
    "TEMPLATE",
    "action_from_form",
    "board_context",
    "replay_board",
]
