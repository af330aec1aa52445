"""Moving cards between a seat's piles, and drawing with the reshuffle rule."""

from __future__ import annotations

from typing import Any

from .cards import CARD_TYPES, CardType
from .errors import IllegalAction
from .setup import shuffle
from .state import Seat, State, replace

Event = dict[str, Any]


def with_seat(state: State, index: int, seat: Seat, **changes: Any) -> State:
    """The state with one seat replaced (and any other fields `changes` names)."""
    seats = list(state.seats)
    seats[index] = seat
    return replace(state, seats=tuple(seats), **changes)


def ctype(state: State, card: int) -> CardType:
    """The type of a card instance."""
    return CARD_TYPES[state.cards[card]]


def check_in_hand(state: State, seat: int, cards: list[int]) -> None:
    """Raise unless every card is in the seat's hand."""
    hand = state.seats[seat].hand
    for card in cards:
        if card not in hand:
            # Never named: with a fixed deck order a card's type would tell where it lies.
            if 0 <= card < len(state.cards):
                raise IllegalAction(f"Card {card} is not in your hand.", "not_in_hand")
            raise IllegalAction(f"There is no card {card}.", "no_such_card")


def without(cards: tuple[int, ...], gone: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """`cards` minus `gone`, order kept."""
    return tuple(c for c in cards if c not in gone)


def shown(state: State, cards: list[int] | tuple[int, ...]) -> list[dict[str, Any]]:
    """Cards as events and views show them: id and type."""
    return [{"id": c, "card": state.cards[c]} for c in cards]


def draw(state: State, index: int, seat: Seat, count: int) -> tuple[Seat, int, list[Event]]:
    """Draw `count` cards into the seat's hand, shuffling its discard pile into a new draw pile
    only when the draw pile runs out: the seat, the state's new shuffle counter and the events
    (how many cards for everyone, which ones for the drawing seat)."""
    shuffles = state.shuffles
    drawn = list(seat.draw[:count])
    pile = seat.draw[count:]
    discard = seat.discard
    events: list[Event] = []
    if len(drawn) < count and discard:
        fresh = list(discard)
        shuffle(fresh, state.seed, "shuffle", shuffles)
        shuffles += 1
        events.append({"type": "shuffle", "seat": index, "count": len(fresh), "visible_to": None})
        take = count - len(drawn)
        drawn += fresh[:take]
        pile, discard = tuple(fresh[take:]), ()
    seat = replace(seat, draw=pile, discard=discard, hand=(*seat.hand, *drawn))
    events.append({"type": "draw", "seat": index, "count": len(drawn), "visible_to": None})
    events.append(
        {"type": "drew", "seat": index, "cards": shown(state, drawn), "visible_to": [index]}
    )
    return seat, shuffles, events
