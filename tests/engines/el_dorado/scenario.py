"""Small maps and action builders shared by the El Dorado scenario tests."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import games.engines.el_dorado as ed
from games.engines.el_dorado.tokens import TOKENS

OPEN = ["S J1 J1 | J1 J1 J1"] * 4
THREE_JOINTS = ["S J1 | J1 | J1 | J1"] * 4
CAVE = [
    "S J1 J1 | J1 J1",
    "S J1 J1 | J1 J1",
    "S J1 C  | J1 J1",
    "S J1 J1 | J1 J1",
]
END = {"type": "end_turn"}
UNDO = {"type": "undo"}


def move(card: int, *path: tuple[int, int], **extra: Any) -> dict[str, Any]:
    """A move action playing `card` along `path`."""
    return {"type": "move", "card": card, "path": [list(h) for h in path], **extra}


def buy(card: str, *pay: int, **extra: Any) -> dict[str, Any]:
    """A buy action for the card type `card`, paid with the card ids `pay`."""
    return {"type": "buy", "card": card, "pay": list(pay), **extra}


def token_id(slug: str, skip: int = 0) -> int:
    """The id of a cave token of the given kind (the `skip`-th one)."""
    return [i for i, t in enumerate(TOKENS) if t.slug == slug][skip]


def with_seat(s: ed.State, index: int, **fields: Any) -> ed.State:
    """The state with some fields of one seat replaced."""
    seats = list(s.seats)
    seats[index] = replace(seats[index], **fields)
    return replace(s, seats=tuple(seats))


def staged(kit, players, near, owned=(), hands=()):
    """Explorers of the given seats next to the final spaces, holding the given joints."""
    s = kit.make(
        THREE_JOINTS,
        hands or [["explorer"]] * players,
        players=players,
        blockades=["jungle-1", "jungle-2", "river-1"],
    )
    seats = list(s.seats)
    for seat, h in near.items():
        seats[seat] = replace(seats[seat], explorers=(h, *seats[seat].explorers[1:]))
    owners = [None, None, None]
    for seat, joints in enumerate(owned):
        seats[seat] = replace(seats[seat], blockades=tuple(joints))
        for j in joints:
            owners[j] = seat
    return replace(s, seats=tuple(seats), blockade_owner=tuple(owners))


def finish(kit, s, seat, row):
    """The seat's first hand card moves its explorer onto the final space of `row`."""
    card = kit.hand(s, seat)[0]
    return kit.play(s, {"type": "move", "card": card, "path": [[5, row]]})
