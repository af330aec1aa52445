"""The El Dorado board of a replay: every hand and pile shown, the step's move traced."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engines.el_dorado import board_from_view
from games.help.el_dorado import blockade_effect, blockade_name, board_title
from games.presenters.el_dorado.board import card_info, map_svg, shop, token_info
from games.presenters.el_dorado.odds import odds_panel
from games.presenters.el_dorado.trail import traced
from games.presenters.el_dorado.words import map_summary

REPLAY_TEMPLATE = "games/replay/el_dorado.html"
# Drawn full width above the columns: a long map needs the room.
REPLAY_STAGE = "games/replay/el_dorado_map.html"


def _ed_cards(state: Any, ids: Sequence[int]) -> list[dict[str, Any]]:
    return [card_info(card, state.cards[card]) for card in ids]


def _blockade(seat: int, joint: int, kind: str, value: int) -> dict[str, Any]:
    return {
        "tip": f"ed-tip-blockade-{seat}-{joint}",
        "kind": kind,
        "value": value,
        "name": blockade_name(kind, value),
        "effect": blockade_effect(kind, value),
    }


def replay_board(
    engine: Any, state: Any, names: Sequence[str], events: Sequence[Mapping[str, Any]] = ()
) -> tuple[str, dict]:
    """The map with explorers and blockades (and the move of this step traced), every hand and
    pile in order, and the market."""
    view = engine.player_view(state, None)
    board = board_from_view(view)
    seats = []
    for position, seat in enumerate(state.seats):
        seats.append(
            {
                "position": position,
                "name": names[position],
                "finished": position in state.finished,
                "to_move": not state.over and state.turn.seat == position,
                "hand": _ed_cards(state, seat.hand),
                "played": _ed_cards(state, seat.played),
                "draw": _ed_cards(state, seat.draw),
                # Top of the discard pile first, as it lies on the table.
                "discard": _ed_cards(state, tuple(reversed(seat.discard))),
                "removed": _ed_cards(state, seat.removed),
                "blockades": [_blockade(position, j, *state.blockades[j]) for j in seat.blockades],
                "tokens": [token_info(t) for t in seat.tokens],
            }
        )
    caves = [
        {"hex": c["hex"], "tokens": [token_info(t) for t in stack]}
        for c, stack in zip(view["caves"], state.caves, strict=False)
        if stack
    ]
    svg = map_svg(view, board, trail=traced(events))
    odds = None
    if not state.over:
        # From what the seat to move sees of its own cards, as its player had it then.
        odds = odds_panel(engine.player_view(state, state.turn.seat), board, state.turn.seat)
        if odds is not None:
            odds["who"] = names[state.turn.seat]
    data = {
        "svg": svg,
        "map_name": board_title(board),
        "round": state.turn.round,
        "over": state.over,
        "turn_name": names[state.turn.seat],
        "turn": view["turn"],
        "seats": seats,
        **shop(view),
        "caves": caves,
        "odds": odds,
        **map_summary(view, board, names, None),
    }
    return REPLAY_TEMPLATE, data
