"""Small maps and fixed decks for El Dorado scenario tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import games.engines.el_dorado as ed
from games.engines.el_dorado.sketch import sketch_layout

# Four rows; tile A holds the starts, one blockade joint between A and B.
OPEN_ROWS = [
    "S J1 J1 | J1 J1 J1",
    "S J1 J1 | J1 J1 J1",
    "S J1 J1 | J1 J1 J1",
    "S J1 J1 | J1 J1 J1",
]

FILLER = ["traveller"] * 8


def make_game(
    rows: Sequence[str] = OPEN_ROWS,
    hands: Sequence[Sequence[str]] = (),
    players: int = 2,
    blockades: Sequence[str] = ("jungle-1", "jungle-2", "river-1", "village-1", "rubble-1"),
    finals: str = "jungle",
    seed: int = 7,
    **options: Any,
) -> ed.State:
    """A game on a sketched map; each seat's deck starts with its listed hand (top first)."""
    decks = []
    for seat in range(players):
        cards = list(hands[seat]) if seat < len(hands) else []
        decks.append(cards + FILLER)
    return ed.new_game(
        players,
        seed,
        {
            "map": sketch_layout(rows, finals=finals),
            "decks": decks,
            "blockades": list(blockades),
            **options,
        },
    )


def hand_ids(state: ed.State, seat: int = 0) -> list[int]:
    """The seat's hand card ids in order."""
    return list(state.seats[seat].hand)


def play(state: ed.State, *actions: dict[str, Any], seat: int | None = None) -> ed.State:
    """Apply actions one after another for the seat to act."""
    for action in actions:
        who = state.turn.seat if seat is None else seat
        state = ed.apply(state, who, action).state
    return state


def where(state: ed.State, seat: int = 0, explorer: int = 0) -> tuple[int, int] | None:
    """Where an explorer stands."""
    return state.seats[seat].explorers[explorer]


@pytest.fixture
def kit() -> Any:
    class Kit:
        make = staticmethod(make_game)
        hand = staticmethod(hand_ids)
        play = staticmethod(play)
        where = staticmethod(where)

    return Kit
