"""Action cards, played for their effect rather than their power: the Transmitter takes any
card from the supply, the Native moves an explorer onto a neighbouring space whatever it asks
for, the others draw cards; the Scientist and the Travel Log then let their owner remove cards
from the game."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any

from ..cards import SHOP_TYPES, Kind
from ..errors import IllegalAction
from ..fields import card_list, card_ref, hex_ref
from ..maps import Board, Terrain
from ..piles import Event, check_in_hand, ctype, draw, shown, with_seat, without
from ..state import Hex, Seat, State, replace
from .blockades import open_blockade, take
from .explorers import check_enterable, explorer_at, occupied, place
from .market import gain
from .power import spend


def native_step(
    state: State, board: Board, seat: Seat, index: int, action: Mapping[str, Any]
) -> tuple[Seat, dict[str, Any], list[Event]]:
    """The Native's move (card or cave token): one explorer onto a neighbouring space, its
    requirement ignored, taking a blockade on the way for free. The seat, the state's changed
    fields and the events."""
    explorer, here = explorer_at(state, index, action)
    to = hex_ref(action.get("to"))
    check_enterable(board, here, to, occupied(state, here), False)
    joint = open_blockade(state, board, here, to)
    seat, owners, taken = take(state, seat, index, explorer, () if joint is None else (joint,))
    seat, finished, arrived = place(
        state, seat, index, explorer, None if to in board.finals else to
    )
    moved = {
        "type": "native",
        "seat": index,
        "explorer": explorer,
        "from": list(here),
        "to": list(to),
        "visible_to": None,
    }
    return seat, {"blockade_owner": owners, "finished": finished}, [moved, *taken, *arrived]


def apply_action(
    state: State, board: Board, seat: int, action: Mapping[str, Any]
) -> tuple[State, list[Event]]:
    """Play an action card for its effect."""
    card = card_ref(action)
    check_in_hand(state, seat, [card])
    t = ctype(state, card)
    if t.kind != Kind.ACTION:
        raise IllegalAction(f"{t.name} is not an action card.", "not_action_card", card=t.slug)
    s = state.seats[seat]
    events: list[Event] = []
    changes: dict[str, Any] = {}
    take_slug = action.get("take")
    if t.slug == "transmitter":
        if not isinstance(take_slug, str) or not state.supply.get(take_slug):
            raise IllegalAction(
                f"The Transmitter cannot take {take_slug!r}: none is left to take.",
                "nothing_to_take",
            )
    elif t.slug == "native":
        s, changes, events = native_step(state, board, s, seat, action)
    s, turn = spend(state, s, state.turn, card, None)
    played = {"type": "action", "seat": seat, "card": t.slug, "visible_to": None}
    if t.slug == "transmitter":
        state, s, gained = gain(state, s, seat, take_slug)
        played["take"] = take_slug
        events = [gained]
    elif t.draws:
        s, shuffles, events = draw(state, seat, s, t.draws)
        changes["shuffles"] = shuffles
        if t.removes:
            turn = replace(turn, may_remove=t.removes)
    return with_seat(state, seat, s, turn=turn, **changes), [played, *events]


def apply_remove(state: State, seat: int, action: Mapping[str, Any]) -> tuple[State, list[Event]]:
    """Remove the cards a Scientist or Travel Log allows (possibly none)."""
    limit = state.turn.may_remove
    if not limit:
        raise IllegalAction("Nothing lets you remove cards now.", "nothing_to_remove")
    cards = card_list(action)
    check_in_hand(state, seat, cards)
    if len(cards) > limit:
        raise IllegalAction(
            f"You may remove at most {limit} cards now, not {len(cards)}.",
            "too_many_removals",
            limit=limit,
            given=len(cards),
        )
    s = state.seats[seat]
    s = replace(s, hand=without(s.hand, cards), removed=(*s.removed, *cards))
    state = with_seat(state, seat, s, turn=replace(state.turn, may_remove=0))
    return state, [
        {"type": "remove", "seat": seat, "cards": shown(state, cards), "visible_to": None}
    ]


def native_targets(state: State, board: Board, here: Hex) -> list[Hex]:
    """The spaces a Native can move an explorer on `here` onto."""
    blocked = occupied(state, here)
    closed = (Terrain.MOUNTAIN, Terrain.START)
    return [
        to
        for to in board.adjacent(here)
        if board.spaces[to].terrain not in closed and to not in blocked
    ]


def native_moves(
    state: State, board: Board, seat: int, base: dict[str, Any]
) -> list[dict[str, Any]]:
    """`base` (a Native card or token action) toward every space it can move an explorer to."""
    out = []
    for i, here in enumerate(state.seats[seat].explorers):
        if here is None:
            continue
        for to in native_targets(state, board, here):
            out.append({**base, "to": list(to)} | ({"explorer": i} if i else {}))
    return out


def card_actions(state: State, board: Board, seat: int, card: int) -> list[dict[str, Any]]:
    """The plays of an action card in hand."""
    slug = state.cards[card]
    base = {"type": "action", "card": card}
    if slug == "transmitter":
        return [{**base, "take": take} for take in SHOP_TYPES if state.supply[take]]
    if slug == "native":
        return native_moves(state, board, seat, base)
    return [base]


def removals(state: State, seat: int) -> list[dict[str, Any]]:
    """Every choice of cards to remove while a Scientist or Travel Log allows it."""
    hand = state.seats[seat].hand
    picks = [list(p) for n in range(state.turn.may_remove + 1) for p in combinations(hand, n)]
    return [{"type": "remove", "cards": p} for p in picks]
