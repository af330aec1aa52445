"""Applying actions: the turn's flow, buying, discarding, drawing, undo and the game's end."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .cards import SHOP_TYPES, card_type, changed_half_coins, half_coins
from .errors import IllegalAction
from .maps import Terrain
from .outcome import ranking
from .piles import Event, card_list, check_in_hand, ctype, refill, set_seat, without
from .plays import (
    gain,
    play_action,
    play_blockade,
    play_move,
    play_remove,
    play_space_cards,
    play_token,
)
from .setup import board_of
from .state import State, Turn, evolve_seat, evolve_state, evolve_turn
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
# Event types that show something that was hidden: undo stops there.
REVEALING = frozenset({"draw", "shuffle", "cave_token"})


@dataclass(frozen=True, slots=True)
class Progress:
    state: State
    events: list[dict[str, Any]]


def to_act(state: State) -> frozenset[int]:
    """The seat whose turn it is; empty once the game is over."""
    return frozenset() if state.over else frozenset({state.turn.seat})


def is_over(state: State) -> bool:
    """True once the last round has been played."""
    return state.over


def _buy(state: State, seat: int, action: Mapping[str, Any]) -> tuple[State, list[Event]]:
    if state.turn.bought:
        raise IllegalAction("You have already bought a card this turn.")
    slug = action.get("card")
    if not isinstance(slug, str) or slug not in SHOP_TYPES:
        raise IllegalAction(f"There is no card {slug!r} for sale.")
    name = card_type(slug).name
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
    if not isinstance(tokens, list | tuple) or any(t not in s.tokens for t in tokens):
        raise IllegalAction("You hold no such cave token.")
    if any(TOKENS[t].kind != TokenKind.COIN for t in tokens) or len(set(tokens)) != len(tokens):
        raise IllegalAction("Only coin tokens pay for cards, each once.")
    changed = state.turn.next_kind if cards else None
    worth = {c: half_coins(state.cards[c]) for c in cards}
    if changed:
        # A change token sets the kind of the next card played, for money too: the first card
        # paying pays as that kind.
        worth[cards[0]] = changed_half_coins(state.cards[cards[0]], changed)
    halves = sum(worth.values()) + sum(2 * TOKENS[t].value for t in tokens)
    cost = card_type(slug).cost
    if halves < 2 * cost:
        paid = f"{halves // 2}" + ("½" if halves % 2 else "")
        raise IllegalAction(f"Your cards give {paid} coins; {name} costs {cost}.")
    # Coin and wild cards are used for their printed value: single-use ones leave the game;
    # any card only worth half a coin is discarded normally.
    used = [c for c in cards if ctype(state, c).single_use and worth[c] > 1]
    kept = [c for c in cards if c not in used]
    s = evolve_seat(
        s,
        hand=without(s.hand, cards),
        played=(*s.played, *kept),
        removed=(*s.removed, *used),
        tokens=without(s.tokens, tokens),
        spent_tokens=(*s.spent_tokens, *tokens),
    )
    turn = evolve_turn(
        state.turn,
        bought=True,
        single_used=(*state.turn.single_used, *used),
        next_kind=None if changed else state.turn.next_kind,
    )
    state = set_seat(state, seat, s, turn=turn)
    remaining = len(state.supply[slug]) - 1
    state, gained = gain(state, seat, slug)
    if from_reserve and remaining:
        # The type's remaining copies fill the empty slot.
        market = list(state.market)
        market[market.index(None)] = slug
        state = evolve_state(state, market=tuple(market))
    bought = {
        "type": "buy",
        "seat": seat,
        "card": slug,
        "id": gained["id"],
        "pay": [{"id": c, "card": state.cards[c]} for c in cards],
        "tokens": list(tokens),
        "visible_to": None,
    }
    return state, [bought]


def _discard(state: State, seat: int, action: Mapping[str, Any]) -> tuple[State, list[Event]]:
    cards = card_list(action)
    check_in_hand(state, seat, cards)
    s = state.seats[seat]
    s = evolve_seat(s, hand=without(s.hand, cards), discard=(*s.discard, *cards))
    state = set_seat(state, seat, s, turn=evolve_turn(state.turn, discarding=True))
    # Cards discarded from hand were never played: others learn only how many.
    public = {"type": "discard", "seat": seat, "count": len(cards), "visible_to": None}
    private = {
        "type": "discarded",
        "seat": seat,
        "cards": [{"id": c, "card": state.cards[c]} for c in cards],
        "visible_to": [seat],
    }
    return state, [public, private]


def _end_turn(state: State, seat: int, action: Mapping[str, Any]) -> tuple[State, list[Event]]:
    discarded: list[Event] = []
    if action.get("discard"):
        # Ending the turn may first discard cards kept in hand: the same as a discard action.
        state, discarded = _discard(state, seat, {"cards": card_list(action, "discard")})
    elif "discard" in action:
        card_list(action, "discard")  # an empty list is fine; anything else is refused
    s = state.seats[seat]
    if s.played:
        s = evolve_seat(s, discard=(*s.discard, *s.played), played=())
        state = set_seat(state, seat, s)
    state, events = refill(state, seat)
    events[:0] = [*discarded, {"type": "end_turn", "seat": seat, "visible_to": None}]
    last_in_round = seat == state.players - 1
    if state.finished and last_in_round:
        events.append({"type": "game_over", "winners": _winners(state), "visible_to": None})
        turn = evolve_turn(state.turn, seat=seat)
        return evolve_state(state, over=True, history=(), turn=turn), events
    turn = Turn(seat=(seat + 1) % state.players, round=state.turn.round + last_in_round)
    return evolve_state(state, turn=turn, history=()), events


def _winners(state: State) -> list[int]:
    return [seat for seat, place in enumerate(ranking(state)) if place == 1]


def _check_turn(state: State, seat: int, action: Any) -> str:
    if state.over:
        raise IllegalAction("The game is over.")
    if isinstance(seat, bool) or not isinstance(seat, int) or seat != state.turn.seat:
        raise IllegalAction(f"It is not seat {seat}'s turn.")
    if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
        raise IllegalAction("An action is an object with a type.")
    kind = action["type"]
    allowed = FIELDS.get(kind)
    if allowed is None:
        raise IllegalAction(f"There is no action {kind!r}.")
    for key in action:
        if key != "type" and key not in allowed:
            raise IllegalAction(f"A {kind.replace('_', ' ')} action has no field {key!r}.")
    if state.turn.may_remove and kind not in ("remove", "undo"):
        raise IllegalAction("First choose which cards to remove (or none).")
    if state.turn.discarding and kind in _NOT_WHILE_DISCARDING:
        raise IllegalAction("You are discarding: no more cards can be played this turn.")
    return kind


def apply(state: State, seat: int, action: Mapping[str, Any]) -> Progress:
    """Apply one action of the seat to act; pure. Raises IllegalAction saying why not."""
    kind = _check_turn(state, seat, action)
    if kind == "undo":
        if not state.history:
            raise IllegalAction("Nothing to undo: the turn just began or a card was revealed.")
        previous = evolve_state(state.history[-1], history=state.history[:-1])
        return Progress(previous, [{"type": "undo", "seat": seat, "visible_to": None}])
    if kind == "end_turn":
        return Progress(*_end_turn(state, seat, action))
    board = board_of(state)
    if kind == "move":
        new, events = play_move(state, board, seat, action)
    elif kind == "rubble":
        new, events = play_space_cards(state, board, seat, action, Terrain.RUBBLE)
    elif kind == "camp":
        new, events = play_space_cards(state, board, seat, action, Terrain.BASECAMP)
    elif kind == "blockade":
        new, events = play_blockade(state, board, seat, action)
    elif kind == "buy":
        new, events = _buy(state, seat, action)
    elif kind == "action":
        new, events = play_action(state, board, seat, action)
    elif kind == "remove":
        new, events = play_remove(state, seat, action)
    elif kind == "token":
        new, events = play_token(state, board, seat, action)
    elif kind == "discard":
        new, events = _discard(state, seat, action)
    else:
        raise IllegalAction(f"There is no action {kind!r}.")
    for event in events:
        if event["type"] in REVEALING:
            return Progress(evolve_state(new, history=()), events)
    history = (*state.history, evolve_state(state, history=()))
    return Progress(evolve_state(new, history=history), events)


def validate(state: State, seat: int, action: Mapping[str, Any]) -> str | None:
    """Why the action is illegal, or None when it is legal."""
    try:
        apply(state, seat, action)
    except IllegalAction as exc:
        return str(exc)
    return None
