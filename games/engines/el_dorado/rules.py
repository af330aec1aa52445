"""Applying actions: the turn's flow, buying, discarding, drawing, undo and the game's end."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .card_plays import gain_into, play_action, play_remove, play_token
from .cards import CARD_TYPES, HALF_COINS, HAND_SIZE, SHOP_TYPES, changed_half_coins
from .errors import IllegalAction
from .maps import Terrain
from .outcome import ranking
from .piles import (
    Event,
    Told,
    card_list,
    check_in_hand,
    draw_cards,
    drawn_events,
    seats_with,
    without,
)
from .plays import play_blockade, play_move, play_space_cards
from .records import builder, replacer
from .setup import board_of
from .state import (
    State,
    Turn,
    evolve_state,
    evolve_turn,
    freeze_seat,
    thaw_seat,
    with_history,
)
from .tokens import TOKENS, TokenKind

# Actions that put cards or explorers into play; none is allowed once the discard step began.
PLAYS = frozenset({"move", "rubble", "camp", "blockade", "buy", "action", "token"})
_NOT_WHILE_DISCARDING = PLAYS | {"remove"}
# The fields each action may carry besides its type: anything else is refused, never stored.
FIELDS: dict[str, frozenset[str]] = {
    "move": frozenset({"card", "token", "path", "explorer", "as"}),
    "rubble": frozenset({"to", "cards", "explorer"}),
    "camp": frozenset({"to", "cards", "explorer"}),
    "blockade": frozenset({"to", "card", "token", "cards", "explorer", "as"}),
    "buy": frozenset({"card", "pay", "tokens"}),
    "action": frozenset({"card", "take", "to", "explorer"}),
    "remove": frozenset({"cards"}),
    "token": frozenset({"token", "cards", "to", "kind", "explorer", "card"}),
    "discard": frozenset({"cards"}),
    "end_turn": frozenset({"discard"}),
    "undo": frozenset(),
}
# The same, with the type: an action's keys must all be in here.
_KEYS: dict[str, frozenset[str]] = {kind: keys | {"type"} for kind, keys in FIELDS.items()}
_SHOP = frozenset(SHOP_TYPES)
# Event types that show something that was hidden: undo stops there.
REVEALING = frozenset({"draw", "shuffle", "cave_token"})


@dataclass(frozen=True, slots=True, eq=False)
class Progress:
    """The state an action led to, and the events telling what happened."""

    state: State
    # The events, or (function, arguments) building them: most callers (replays, bots) never
    # read them, so the common plays leave them unbuilt until `events` is first read.
    told: Told

    @property
    def events(self) -> list[Event]:
        told = self.told
        if told.__class__ is tuple:
            make, args = told
            told = make(*args)
            object.__setattr__(self, "told", told)  # built once: later reads see the same list
        return told

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Progress):
            return NotImplemented
        return self.state == other.state and self.events == other.events

    __hash__ = None  # type: ignore[assignment]


_progress = builder(Progress)


def to_act(state: State) -> frozenset[int]:
    """The seat whose turn it is; empty once the game is over."""
    return frozenset() if state.over else frozenset({state.turn.seat})


def is_over(state: State) -> bool:
    """True once the last round has been played."""
    return state.over


# Plain dicts of the card tables: read for every card paying, faster than the read-only views.
_HALF_COINS = dict(HALF_COINS)
_SINGLE_USE = frozenset(slug for slug, t in CARD_TYPES.items() if t.single_use)
# The turn after a buy: the fields a buy changes, in this order.
_turn_bought = replacer(Turn, ("bought", "next_kind", "single_used"))
# The state after a buy: the fields a buy changes, in this order.
_bought = replacer(State, ("seats", "turn", "supply", "market", "history"))


def _buy(
    state: State, seat: int, action: Mapping[str, Any], history: tuple[State, ...]
) -> tuple[State, Told]:
    turn = state.turn
    if turn.bought:
        raise IllegalAction("You have already bought a card this turn.")
    slug = action.get("card")
    if not isinstance(slug, str) or slug not in _SHOP:
        raise IllegalAction(f"There is no card {slug!r} for sale.")
    bought_type = CARD_TYPES[slug]
    name = bought_type.name
    if not state.supply[slug]:
        raise IllegalAction(f"No {name} is left.")
    from_reserve = slug not in state.market
    if from_reserve and None not in state.market:
        raise IllegalAction(
            f"{name} is in the reserve; it can be bought only while a slot is empty."
        )
    cards = card_list(action, "pay")
    check_in_hand(state, seat, cards)
    s = state.seats[seat]
    tokens = action.get("tokens", [])
    if not isinstance(tokens, (list, tuple)):
        raise IllegalAction("You hold no such cave token.")
    if tokens:
        if any(t not in s.tokens for t in tokens):
            raise IllegalAction("You hold no such cave token.")
        if any(TOKENS[t].kind != TokenKind.COIN for t in tokens) or len(set(tokens)) != len(tokens):
            raise IllegalAction("Only coin tokens pay for cards, each once.")
    slugs = state.cards
    changed = turn.next_kind if cards else None
    paying = [slugs[c] for c in cards]
    worth = [_HALF_COINS[p] for p in paying]
    if changed:
        # A change token sets the kind of the next card played, for money too: the first card
        # paying pays as that kind.
        worth[0] = changed_half_coins(paying[0], changed)
    halves = sum(worth)
    if tokens:
        halves += sum(2 * TOKENS[t].value for t in tokens)
    cost = bought_type.cost
    if halves < 2 * cost:
        paid = f"{halves // 2}" + ("½" if halves % 2 else "")
        raise IllegalAction(f"Your cards give {paid} coins; {name} costs {cost}.")
    # Coin and wild cards are used for their printed value: single-use ones leave the game;
    # any card only worth half a coin is discarded normally.
    used = []
    if not _SINGLE_USE.isdisjoint(paying):
        paid = zip(cards, worth, paying, strict=True)
        used = [c for c, w, p in paid if p in _SINGLE_USE and w > 1]
    kept = [c for c in cards if c not in used] if used else cards
    draft = thaw_seat(s)
    draft.hand = without(s.hand, cards)
    draft.played = (*s.played, *kept)
    draft.removed = (*s.removed, *used)
    draft.tokens = without(s.tokens, tokens)
    draft.spent_tokens = (*s.spent_tokens, *tokens)
    turn = _turn_bought(turn, True, None if changed else turn.next_kind, (*turn.single_used, *used))
    remaining = len(state.supply[slug]) - 1
    supply, market, gained = gain_into(state, draft, seat, slug)
    if from_reserve and remaining:
        # The type's remaining copies fill the empty slot.
        slots = list(market)
        slots[slots.index(None)] = slug
        market = tuple(slots)
    seats = seats_with(state.seats, seat, freeze_seat(draft))
    state = _bought(state, seats, turn, supply, market, history)
    return state, (_buy_events, (seat, slug, gained["id"], cards, slugs, tuple(tokens)))


def _buy_events(
    seat: int, slug: str, gained: int, cards: list[int], slugs: tuple[str, ...], tokens: tuple
) -> list[Event]:
    bought = {
        "type": "buy",
        "seat": seat,
        "card": slug,
        "id": gained,
        "pay": [{"id": c, "card": slugs[c]} for c in cards],
        "tokens": list(tokens),
        "visible_to": None,
    }
    return [bought]


def _discard_into(state: State, seat: int, draft: Any, cards: list[int]) -> list[Event]:
    """Discard cards from the hand of the seat's draft (the caller marks the turn discarding)."""
    _discard_cards(state, seat, draft, cards)
    return _discard_events(seat, state.cards, cards)


def _discard_cards(state: State, seat: int, draft: Any, cards: list[int]) -> None:
    check_in_hand(state, seat, cards)
    draft.hand = without(draft.hand, cards)
    draft.discard = (*draft.discard, *cards)


def _discard_events(seat: int, slugs: tuple[str, ...], cards: list[int]) -> list[Event]:
    # Cards discarded from hand were never played: others learn only how many.
    public = {"type": "discard", "seat": seat, "count": len(cards), "visible_to": None}
    private = {
        "type": "discarded",
        "seat": seat,
        "cards": [{"id": c, "card": slugs[c]} for c in cards],
        "visible_to": [seat],
    }
    return [public, private]


def _discard(state: State, seat: int, action: Mapping[str, Any]) -> tuple[State, list[Event]]:
    cards = card_list(action)
    draft = thaw_seat(state.seats[seat])
    events = _discard_into(state, seat, draft, cards)
    seats = seats_with(state.seats, seat, freeze_seat(draft))
    turn = evolve_turn(state.turn, discarding=True)
    return evolve_state(state, seats=seats, turn=turn, history=()), events


# A new turn: the seat to play and the round, every other field as a turn begins.
_turn_of = replacer(Turn, ("seat", "round"))
_TURN_START = Turn()
# The state after a turn ends: the fields that change, in this order.
_passed = replacer(State, ("seats", "shuffles", "turn", "history"))


def _end_turn(state: State, seat: int, action: Mapping[str, Any]) -> tuple[State, Told]:
    draft = thaw_seat(state.seats[seat])
    discarding = state.turn.discarding
    discarded: list[int] = []
    if action.get("discard"):
        # Ending the turn may first discard cards kept in hand: the same as a discard action.
        discarded = card_list(action, "discard")
        _discard_cards(state, seat, draft, discarded)
        discarding = True
    elif "discard" in action:
        card_list(action, "discard")  # an empty list is fine; anything else is refused
    if draft.played:
        draft.discard = (*draft.discard, *draft.played)
        draft.played = ()
    shuffles = state.shuffles
    missing = HAND_SIZE - len(draft.hand)
    drawn = None
    if missing > 0:
        shuffles, cards, shuffled = draw_cards(state, draft, missing, shuffles)
        drawn = (cards, shuffled)
    seats = seats_with(state.seats, seat, freeze_seat(draft))
    told = (seat, state.cards, discarded, drawn)
    last_in_round = seat == state.players - 1
    if state.finished and last_in_round:
        turn = evolve_turn(state.turn, seat=seat, discarding=discarding)
        state = evolve_state(
            state, seats=seats, shuffles=shuffles, over=True, history=(), turn=turn
        )
        events = _end_turn_events(*told)
        events.append({"type": "game_over", "winners": _winners(state), "visible_to": None})
        return state, events
    turn = _turn_start((seat + 1) % state.players, state.turn.round + last_in_round)
    return _passed(state, seats, shuffles, turn, ()), (_end_turn_events, told)


# Turns as they begin, by (seat, round): plain values, so every match shares them.
_TURNS: dict[tuple[int, int], Turn] = {}


def _turn_start(seat: int, number: int) -> Turn:
    turn = _TURNS.get((seat, number))
    if turn is None:
        if len(_TURNS) > 4096:
            _TURNS.clear()
        turn = _TURNS[(seat, number)] = _turn_of(_TURN_START, seat, number)
    return turn


def _end_turn_events(
    seat: int,
    slugs: tuple[str, ...],
    discarded: list[int],
    drawn: tuple[list[int], int | None] | None,
) -> list[Event]:
    events = _discard_events(seat, slugs, discarded) if discarded else []
    events.append({"type": "end_turn", "seat": seat, "visible_to": None})
    if drawn is not None:
        events += drawn_events(seat, slugs, *drawn)
    return events


def _winners(state: State) -> list[int]:
    return [seat for seat, place in enumerate(ranking(state)) if place == 1]


def _check_turn(state: State, seat: int, action: Any) -> str:
    # The common case (a plain dict and int from the seat to act, nothing pending) in a few
    # steps; anything else takes the full checks, which say what is wrong.
    if action.__class__ is dict and seat.__class__ is int and not state.over:
        turn = state.turn
        kind = action.get("type")
        if seat == turn.seat and kind.__class__ is str:
            allowed = _KEYS.get(kind)
            if (
                allowed is not None
                and allowed.issuperset(action)
                and not turn.may_remove
                and not turn.discarding
            ):
                return kind
    return _check_turn_fully(state, seat, action)


def _check_turn_fully(state: State, seat: int, action: Any) -> str:
    if state.over:
        raise IllegalAction("The game is over.")
    if (
        seat.__class__ is not int and (isinstance(seat, bool) or not isinstance(seat, int))
    ) or seat != state.turn.seat:
        raise IllegalAction(f"It is not seat {seat}'s turn.")
    if action.__class__ is not dict and not isinstance(action, Mapping):
        raise IllegalAction("An action is an object with a type.")
    kind = action.get("type")
    if not isinstance(kind, str):
        raise IllegalAction("An action is an object with a type.")
    allowed = _KEYS.get(kind)
    if allowed is None:
        raise IllegalAction(f"There is no action {kind!r}.")
    if not allowed.issuperset(action):
        for key in action:
            if key not in allowed:
                raise IllegalAction(f"A {kind.replace('_', ' ')} action has no field {key!r}.")
    turn = state.turn
    if turn.may_remove and kind not in ("remove", "undo"):
        raise IllegalAction("First choose which cards to remove (or none).")
    if turn.discarding and kind in _NOT_WHILE_DISCARDING:
        raise IllegalAction("You are discarding: no more cards can be played this turn.")
    return kind


# The last state `apply` returned that has a history, and the same state without it: the next
# action's undo snapshot, when play goes on from that state (as it does, action after action).
_last_bare: tuple[State | None, State | None] = (None, None)


def _history_after(state: State) -> tuple[State, ...]:
    """The undo history of the state an action leads from `state`: the turn's earlier states
    and this one, each without a history of its own."""
    earlier = state.history
    if earlier == ():
        return (state,)  # a turn's first snapshot: the state holds no history to drop
    last, last_bare = _last_bare
    return (*earlier, last_bare if state is last else with_history(state, ()))


def apply(state: State, seat: int, action: Mapping[str, Any]) -> Progress:
    """Apply one action of the seat to act; pure. Raises IllegalAction saying why not."""
    kind = _check_turn(state, seat, action)
    # The plays that put explorers or cards into play build their state with its undo history
    # at once; the rest below build it bare and then add the history.
    if kind == "move":
        new, events = play_move(state, board_of(state), seat, action, _history_after(state))
    elif kind == "end_turn":
        return _progress(*_end_turn(state, seat, action))
    elif kind == "buy":
        return _progress(*_buy(state, seat, action, _history_after(state)))
    elif kind == "rubble" or kind == "camp":
        terrain = Terrain.RUBBLE if kind == "rubble" else Terrain.BASECAMP
        history = _history_after(state)
        new, events = play_space_cards(state, board_of(state), seat, action, terrain, history)
    elif kind == "blockade":
        new, events = play_blockade(state, board_of(state), seat, action, _history_after(state))
    else:
        return _apply_other(state, seat, action, kind)
    if events.__class__ is list and _reveals(events):
        return _progress(with_history(new, ()), events)
    return _progress(new, events)


def _apply_other(state: State, seat: int, action: Mapping[str, Any], kind: str) -> Progress:
    global _last_bare
    if kind == "undo":
        if not state.history:
            raise IllegalAction("Nothing to undo: the turn just began or a card was revealed.")
        previous = evolve_state(state.history[-1], history=state.history[:-1])
        return _progress(previous, [{"type": "undo", "seat": seat, "visible_to": None}])
    if kind == "action":
        new, events = play_action(state, board_of(state), seat, action)
    elif kind == "remove":
        new, events = play_remove(state, seat, action)
    elif kind == "token":
        new, events = play_token(state, board_of(state), seat, action)
    elif kind == "discard":
        new, events = _discard(state, seat, action)
    else:
        raise IllegalAction(f"There is no action {kind!r}.")
    bare = new if new.history == () else with_history(new, ())
    if events.__class__ is list and _reveals(events):
        return _progress(bare, events)
    new = with_history(bare, _history_after(state))
    # The next action's snapshot of this state, when play goes on from it.
    _last_bare = (new, bare)
    return _progress(new, events)


def _reveals(events: list[Event]) -> bool:
    return any(event["type"] in REVEALING for event in events)


def validate(state: State, seat: int, action: Mapping[str, Any]) -> str | None:
    """Why the action is illegal, or None when it is legal."""
    try:
        apply(state, seat, action)
    except IllegalAction as exc:
        return str(exc)
    return None
