"""Rubble and base camp spaces: entered from a neighbouring space by giving up cards from
hand, not by their power: discarding that many for rubble, removing them from the game for a
base camp. A rubble blockade on the way adds its value to the cards discarded."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import IllegalAction
from ..fields import card_list, hex_ref
from ..maps import Board, Terrain
from ..piles import Event, check_in_hand, shown, with_seat, without
from ..state import Hex, State, replace
from .blockades import BLOCKADE_KIND, blockade_name, cheapest, open_blockade, take
from .explorers import check_enterable, explorer_at, occupied, place, space_name

# The action that enters each kind of space.
ACTION_OF: dict[Terrain, str] = {Terrain.RUBBLE: "rubble", Terrain.BASECAMP: "camp"}


def apply_space(
    state: State, board: Board, seat: int, action: Mapping[str, Any], terrain: Terrain
) -> tuple[State, list[Event]]:
    """Enter a rubble space (discarding) or a base camp (removing cards from the game)."""
    explorer, here = explorer_at(state, seat, action)
    to = hex_ref(action.get("to"))
    cards = card_list(action)
    check_in_hand(state, seat, cards)
    check_enterable(board, here, to, occupied(state, here), False)
    space = board.spaces[to]
    if space.terrain != terrain:
        raise IllegalAction(
            f"Space {list(to)} is {space_name(board, to)}, not {terrain}.",
            "wrong_terrain",
            terrain=str(space.terrain),
            value=space.value,
            expected=str(terrain),
        )
    need = space.value
    joint = open_blockade(state, board, here, to)
    taken: tuple[int, ...] = ()
    if joint is not None:
        blockade = state.blockades[joint]
        if blockade[0] != "rubble" or terrain != Terrain.RUBBLE:
            raise IllegalAction(
                f"{blockade_name(blockade).capitalize()} is in the way; take it first.",
                "blockade_first",
                kind=blockade[0],
                value=blockade[1],
            )
        need += blockade[1]
        taken = (joint,)
    if len(cards) != need:
        verb = "discarded" if terrain == Terrain.RUBBLE else "removed from the game"
        what = space_name(board, to) + (" behind a rubble blockade" if taken else "")
        raise IllegalAction(
            f"Entering {what} needs exactly {need} cards {verb}, not {len(cards)}.",
            "wrong_card_count",
            terrain=str(terrain),
            need=need,
            given=len(cards),
        )
    s = state.seats[seat]
    entered: Event = {
        "type": str(terrain),
        "seat": seat,
        "explorer": explorer,
        "from": list(here),
        "to": list(to),
    }
    private: list[Event] = []
    if terrain == Terrain.RUBBLE:
        s = replace(s, hand=without(s.hand, cards), discard=(*s.discard, *cards))
        # Discarded from hand: others see how many, and the new top of the discard pile.
        entered["count"] = len(cards)
        private = [
            {"type": "discarded", "seat": seat, "cards": shown(state, cards), "visible_to": [seat]}
        ]
    else:
        s = replace(s, hand=without(s.hand, cards), removed=(*s.removed, *cards))
        entered["cards"] = shown(state, cards)  # cards removed from the game are public
    entered["visible_to"] = None
    s, owners, blockades = take(state, s, seat, explorer, taken)
    s, finished, arrived = place(state, s, seat, explorer, to)
    state = with_seat(state, seat, s, blockade_owner=owners, finished=finished)
    return state, [entered, *private, *blockades, *arrived]


def plays_toward(state: State, board: Board, seat: int, here: Hex, to: Hex) -> list[dict[str, Any]]:
    """The rubble or base camp entry of an explorer on `here` onto the neighbouring `to`, paid
    with the cheapest cards of the hand."""
    space = board.spaces[to]
    verb = ACTION_OF.get(space.terrain)
    if verb is None or to in occupied(state, here):
        return []
    need = space.value
    joint = open_blockade(state, board, here, to)
    if joint is not None:
        kind, value = state.blockades[joint]
        if BLOCKADE_KIND.get(kind) is not None or space.terrain == Terrain.BASECAMP:
            return []
        need += value
    pay = cheapest(state, state.seats[seat].hand, need)
    return [] if pay is None else [{"type": verb, "to": list(to), "cards": pay}]
