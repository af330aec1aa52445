"""Moving cards between piles, drawing with the reshuffle rule, and reading action fields."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import filterfalse
from typing import Any

from .cards import CARD_TYPES, CardType
from .errors import IllegalAction
from .setup import shuffle
from .state import Hex, Seat, State, evolve_state, freeze_seat, thaw_seat

Event = dict[str, Any]
# A play's events, or (function, arguments) that builds them when they are first read.
Told = list[Event] | tuple[Callable[..., list[Event]], tuple[Any, ...]]


def seats_with(seats: tuple[Seat, ...], index: int, seat: Seat) -> tuple[Seat, ...]:
    """The seats with one replaced."""
    out = list(seats)
    out[index] = seat
    return tuple(out)


def set_seat(state: State, index: int, seat: Seat, **changes: Any) -> State:
    """The state with one seat replaced (and any other fields `changes` names)."""
    return evolve_state(state, seats=seats_with(state.seats, index, seat), **changes)


def ctype(state: State, card: int) -> CardType:
    """The type of a card instance."""
    return CARD_TYPES[state.cards[card]]


def label(state: State, card: int) -> str:
    """The printed name of a card instance."""
    return CARD_TYPES[state.cards[card]].name


def card_ref(action: Mapping[str, Any], key: str = "card") -> int:
    """The card id an action names under `key`."""
    value = action.get(key)
    if value.__class__ is not int and (isinstance(value, bool) or not isinstance(value, int)):
        raise IllegalAction(f"The action needs a card id under {key!r}.")
    return value


def card_list(action: Mapping[str, Any], key: str = "cards") -> list[int]:
    """The distinct card ids an action lists under `key` (missing means none)."""
    value = action.get(key, ())
    if not isinstance(value, (list, tuple)):
        raise IllegalAction(f"The action lists card ids under {key!r}.")
    for v in value:
        if v.__class__ is not int and (isinstance(v, bool) or not isinstance(v, int)):
            raise IllegalAction(f"The action lists card ids under {key!r}.")
    if len(value) > 1 and len(set(value)) != len(value):
        raise IllegalAction("The same card is listed twice.")
    return list(value)


def hex_ref(value: Any, what: str = "space") -> Hex:
    """A hex given as [q, r]."""
    if isinstance(value, (list, tuple)) and len(value) == 2:
        q, r = value
        if (q.__class__ is int or (isinstance(q, int) and not isinstance(q, bool))) and (
            r.__class__ is int or (isinstance(r, int) and not isinstance(r, bool))
        ):
            return (q, r)
    raise IllegalAction(f"The {what} is given as [q, r].")


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
    if len(gone) == 1:
        # One card leaving (the usual play): cut it out rather than filter the whole pile.
        card = gone[0]
        if cards.count(card) == 1:
            i = cards.index(card)
            return cards[:i] + cards[i + 1 :]
    elif not gone:
        return cards
    return tuple(filterfalse(set(gone).__contains__, cards))


def draw_into(
    state: State, seat: int, draft: Any, count: int, shuffles: int
) -> tuple[int, list[Event]]:
    """Draw `count` cards into a seat's draft (`thaw_seat`), shuffling the discard pile only
    when the draw pile is empty: the new shuffle counter, and the events telling it."""
    shuffles, drawn, shuffled = draw_cards(state, draft, count, shuffles)
    return shuffles, drawn_events(seat, state.cards, drawn, shuffled)


def draw_cards(
    state: State, draft: Any, count: int, shuffles: int
) -> tuple[int, list[int], int | None]:
    """`draw_into` without the events: the new shuffle counter, the cards drawn and how many
    cards a reshuffle shuffled (None: there was none)."""
    pile = draft.draw
    shuffled = None
    if len(pile) >= count:
        drawn = list(pile[:count]) if count > 0 else []
        draft.draw = pile[count:] if count > 0 else pile
    else:
        drawn = list(pile)
        discard = list(draft.discard)
        rest: list[int] = []
        if discard:
            rest, discard = discard, []
            shuffle(rest, state.seed, "shuffle", shuffles)
            shuffles += 1
            shuffled = len(rest)
            take = count - len(drawn)
            drawn += rest[:take]
            rest = rest[take:]
        draft.draw = tuple(rest)
        draft.discard = tuple(discard)
    draft.hand = (*draft.hand, *drawn)
    return shuffles, drawn, shuffled


def drawn_events(
    seat: int, slugs: tuple[str, ...], drawn: list[int], shuffled: int | None
) -> list[Event]:
    """The events of a draw: a reshuffle if any, then how many cards (public) and which
    (the drawing seat only)."""
    events: list[Event] = []
    if shuffled is not None:
        events.append({"type": "shuffle", "seat": seat, "count": shuffled, "visible_to": None})
    events.append({"type": "draw", "seat": seat, "count": len(drawn), "visible_to": None})
    events.append(
        {
            "type": "drew",
            "seat": seat,
            "cards": [{"id": c, "card": slugs[c]} for c in drawn],
            "visible_to": [seat],
        }
    )
    return events


def draw(state: State, seat: int, count: int) -> tuple[State, list[Event]]:
    """Draw `count` cards, shuffling the discard pile only when the draw pile is empty."""
    draft = thaw_seat(state.seats[seat])
    shuffles, events = draw_into(state, seat, draft, count, state.shuffles)
    return set_seat(state, seat, freeze_seat(draft), shuffles=shuffles), events
