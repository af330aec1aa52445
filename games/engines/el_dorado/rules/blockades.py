"""Blockades: the pieces between tiles. An explorer takes one by paying its kind and value
(a rubble blockade: discarding that many cards), moving through it or standing beside it; the
blockades a seat took break ties at the end."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import Kind
from ..errors import IllegalAction
from ..fields import card_list, hex_ref
from ..maps import Board
from ..piles import Event, check_in_hand, ctype, with_seat, without
from ..state import Blockade, Hex, Seat, State, replace
from ..tokens import POWER_TOKENS, TOKENS
from .explorers import explorer_at
from .power import power_source, spend

# The card kind each blockade asks for; a rubble blockade asks for cards discarded instead.
BLOCKADE_KIND: dict[str, str] = {"jungle": "machete", "river": "paddle", "village": "coin"}


def blockade_name(blockade: Blockade) -> str:
    """Human text for a blockade: "the jungle 2 blockade"."""
    return f"the {blockade[0]} {blockade[1]} blockade"


def open_blockades(state: State) -> dict[int, Blockade]:
    """Blockades still on the board, by joint index."""
    return {
        joint: blockade
        for joint, blockade in enumerate(state.blockades)
        if state.blockade_owner[joint] is None
    }


def open_blockade(state: State, board: Board, a: Hex, b: Hex) -> int | None:
    """The joint index between a and b whose blockade is still on the board, if any."""
    joint = board.joint_between(a, b)
    if joint is None or state.blockade_owner[joint.index] is not None:
        return None
    return joint.index


def take(
    state: State,
    seat: Seat,
    index: int,
    explorer: int,
    joints: tuple[int, ...],
    standing: tuple[Hex, Hex] | None = None,
) -> tuple[Seat, tuple[int | None, ...], list[Event]]:
    """Give the blockades to the seat: the seat, the new owners and the events. `standing`
    (the explorer's space and the one across) is told for a blockade taken without moving, so
    the log can show where that happened."""
    if not joints:
        return seat, state.blockade_owner, []
    owners = list(state.blockade_owner)
    events = []
    for joint in joints:
        owners[joint] = index
        kind, value = state.blockades[joint]
        event = {
            "type": "blockade",
            "seat": index,
            "explorer": explorer,
            "joint": joint,
            "kind": kind,
            "value": value,
            "visible_to": None,
        }
        if standing is not None:
            event.update({"from": list(standing[0]), "to": list(standing[1])})
        events.append(event)
    seat = replace(seat, blockades=(*seat.blockades, *joints))
    return seat, tuple(owners), events


def apply_blockade(
    state: State, board: Board, seat: int, action: Mapping[str, Any]
) -> tuple[State, list[Event]]:
    """Take the blockade between an explorer and a neighbouring space without moving."""
    explorer, here = explorer_at(state, seat, action)
    to = hex_ref(action.get("to"))
    joint = open_blockade(state, board, here, to)
    if joint is None:
        raise IllegalAction(f"No blockade lies between {list(here)} and {list(to)}.", "no_blockade")
    blockade = state.blockades[joint]
    need = BLOCKADE_KIND.get(blockade[0])
    turn = state.turn
    s = state.seats[seat]
    if need is None:
        cards = card_list(action)
        check_in_hand(state, seat, cards)
        if len(cards) != blockade[1]:
            raise IllegalAction(
                f"{blockade_name(blockade).capitalize()} needs exactly {blockade[1]} cards "
                f"discarded, not {len(cards)}.",
                "blockade_card_count",
                need=blockade[1],
                given=len(cards),
            )
        s = replace(s, hand=without(s.hand, cards), discard=(*s.discard, *cards))
    else:
        kind, power, name, card, token, claim = power_source(state, seat, action, lambda: need)
        if kind != need:
            claim = claim or f"{name} is a {kind} card"
            raise IllegalAction(
                f"{claim}; {blockade_name(blockade)} needs {need}.",
                "blockade_wrong_kind",
                kind=kind,
                blockade=blockade[0],
                value=blockade[1],
            )
        if power < blockade[1]:
            raise IllegalAction(
                f"{name} has {power} {kind}; {blockade_name(blockade)} needs more.",
                "blockade_too_strong",
                kind=kind,
                power=power,
                blockade=blockade[0],
                value=blockade[1],
            )
        s, turn = spend(state, s, turn, card, token)
    s, owners, events = take(state, s, seat, explorer, (joint,), (here, to))
    return with_seat(state, seat, s, turn=turn, blockade_owner=owners), events


def cheapest(state: State, hand: tuple[int, ...], n: int) -> list[int] | None:
    """The `n` cheapest cards of the hand: what a listed discard gives."""
    if len(hand) < n:
        return None
    return sorted(hand, key=lambda c: (ctype(state, c).cost, c))[:n]


def plays_toward(state: State, board: Board, seat: int, here: Hex, to: Hex) -> list[dict[str, Any]]:
    """The blockade actions of an explorer on `here` toward the neighbouring `to`."""
    joint = open_blockade(state, board, here, to)
    if joint is None:
        return []
    kind, value = state.blockades[joint]
    need = BLOCKADE_KIND.get(kind)
    s = state.seats[seat]
    if need is None:
        pay = cheapest(state, s.hand, value)
        return [] if pay is None else [{"type": "blockade", "to": list(to), "cards": pay}]
    out: list[dict[str, Any]] = []
    for c in s.hand:
        t = ctype(state, c)
        if t.kind == Kind.ACTION or t.power < value:
            continue
        act = {"type": "blockade", "to": list(to), "card": c}
        if state.turn.next_kind:
            # A change token decides the kind of the next card played.
            if state.turn.next_kind == need:
                out.append(act)
        elif t.kind == need:
            out.append(act)
        elif t.kind == Kind.WILD:
            out.append({**act, "as": need})
    for token in s.tokens:
        power = TOKENS[token]
        if power.kind in POWER_TOKENS and power.value >= value and str(power.kind) == need:
            out.append({"type": "blockade", "to": list(to), "token": token})
    return out
