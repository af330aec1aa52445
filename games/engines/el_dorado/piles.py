"""Moving cards between piles, drawing with the reshuffle rule, and reading action fields."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import CARD_TYPES, HAND_SIZE, CardType
from .errors import IllegalAction
from .setup import rng
from .state import Hex, Seat, State, evolve_seat, evolve_state

Event = dict[str, Any]


def set_seat(state: State, index: int, seat: Seat, **changes: Any) -> State:
    """The state with one seat replaced (and any other fields `changes` names)."""
    seats = state.seats
    return evolve_state(state, seats=(*seats[:index], seat, *seats[index + 1 :]), **changes)


def ctype(state: State, card: int) -> CardType:
    """The type of a card instance."""
    return CARD_TYPES[state.cards[card]]


def label(state: State, card: int) -> str:
    """The printed name of a card instance."""
    return CARD_TYPES[state.cards[card]].name


def card_ref(action: Mapping[str, Any], key: str = "card") -> int:
    """The card id an action names under `key`."""
    value = action.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction(f"The action needs a card id under {key!r}.")
    return value


def card_list(action: Mapping[str, Any], key: str = "cards") -> list[int]:
    """The distinct card ids an action lists under `key` (missing means none)."""
    value = action.get(key, [])
    if not isinstance(value, list | tuple) or any(
        isinstance(v, bool) or not isinstance(v, int) for v in value
    ):
        raise IllegalAction(f"The action lists card ids under {key!r}.")
    if len(set(value)) != len(value):
        raise IllegalAction("The same card is listed twice.")
    return list(value)


def hex_ref(value: Any, what: str = "space") -> Hex:
    """A hex given as [q, r]."""
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or any(isinstance(v, bool) or not isinstance(v, int) for v in value)
    ):
        raise IllegalAction(f"The {what} is given as [q, r].")
    return (value[0], value[1])


def check_in_hand(state: State, seat: int, cards: list[int]) -> None:
    """Raise unless every card is in the seat's hand."""
    hand = state.seats[seat].hand
    for card in cards:
        if card not in hand:
            # Never named: with a fixed deck order a card's type would tell where it lies.
            if 0 <= card < len(state.cards):
                raise IllegalAction(f"Card {card} is not in your hand.")
            raise IllegalAction(f"There is no card {card}.")


def without(cards: tuple[int, ...], gone: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """`cards` minus `gone`, order kept."""
    drop = set(gone)
    return tuple(c for c in cards if c not in drop)


def draw(state: State, seat: int, count: int) -> tuple[State, list[Event]]:
    """Draw `count` cards, shuffling the discard pile only when the draw pile is empty."""
    s = state.seats[seat]
    draw_pile, hand, discard = list(s.draw), list(s.hand), list(s.discard)
    shuffles = state.shuffles
    drawn: list[int] = []
    events: list[Event] = []
    for _ in range(count):
        if not draw_pile:
            if not discard:
                break
            draw_pile = discard
            discard = []
            rng(state.seed, "shuffle", shuffles).shuffle(draw_pile)
            shuffles += 1
            events.append(
                {"type": "shuffle", "seat": seat, "count": len(draw_pile), "visible_to": None}
            )
        card = draw_pile.pop(0)
        drawn.append(card)
        hand.append(card)
    seat_state = evolve_seat(s, draw=tuple(draw_pile), hand=tuple(hand), discard=tuple(discard))
    state = set_seat(state, seat, seat_state, shuffles=shuffles)
    events.append({"type": "draw", "seat": seat, "count": len(drawn), "visible_to": None})
    events.append(
        {
            "type": "drew",
            "seat": seat,
            "cards": [{"id": c, "card": state.cards[c]} for c in drawn],
            "visible_to": [seat],
        }
    )
    return state, events


def refill(state: State, seat: int) -> tuple[State, list[Event]]:
    """Draw up to the hand size at the end of a turn."""
    missing = HAND_SIZE - len(state.seats[seat].hand)
    if missing <= 0:
        return state, []
    return draw(state, seat, missing)
