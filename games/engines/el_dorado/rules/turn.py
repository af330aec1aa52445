"""A turn's frame: whose turn it is and what may be done now, discarding (after which nothing
more is played), ending the turn (the play area to the discard pile, the hand drawn up to four,
the next seat; the round that someone finished in is the last), and undo within the turn."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import HAND_SIZE
from ..errors import IllegalAction
from ..fields import card_list
from ..outcome import ranking
from ..piles import Event, check_in_hand, draw, shown, with_seat, without
from ..state import Seat, State, Turn, replace

# Actions that put cards or explorers into play; none is allowed once the discard step began.
PLAYS = frozenset({"move", "rubble", "camp", "blockade", "buy", "action", "token"})
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


def to_act(state: State) -> frozenset[int]:
    """The seat whose turn it is; empty once the game is over."""
    return frozenset() if state.over else frozenset({state.turn.seat})


def is_over(state: State) -> bool:
    """True once the last round has been played."""
    return state.over


def check_turn(state: State, seat: int, action: Any) -> str:
    """The action's type, once it is this seat's turn and the action's shape and the turn's
    step allow it; raise saying why not."""
    if state.over:
        raise IllegalAction("The game is over.", "game_over")
    if isinstance(seat, bool) or not isinstance(seat, int) or seat != state.turn.seat:
        raise IllegalAction(f"It is not seat {seat}'s turn.", "not_your_turn")
    kind = action.get("type") if isinstance(action, Mapping) else None
    if not isinstance(kind, str):
        raise IllegalAction("An action is an object with a type.", "malformed_action")
    allowed = FIELDS.get(kind)
    if allowed is None:
        raise IllegalAction(f"There is no action {kind!r}.", "malformed_action")
    for key in action:
        if key != "type" and key not in allowed:
            raise IllegalAction(
                f"A {kind.replace('_', ' ')} action has no field {key!r}.", "malformed_action"
            )
    turn = state.turn
    if turn.may_remove and kind not in ("remove", "undo"):
        raise IllegalAction("First choose which cards to remove (or none).", "choose_removals")
    if turn.discarding and (kind in PLAYS or kind == "remove"):
        raise IllegalAction(
            "You are discarding: no more cards can be played this turn.", "discarding"
        )
    return kind


def _discard_events(state: State, seat: int, cards: list[int]) -> list[Event]:
    # Cards discarded from hand were never played: others learn only how many.
    return [
        {"type": "discard", "seat": seat, "count": len(cards), "visible_to": None},
        {"type": "discarded", "seat": seat, "cards": shown(state, cards), "visible_to": [seat]},
    ]


def _discarded(state: State, seat: int, s: Seat, cards: list[int]) -> Seat:
    check_in_hand(state, seat, cards)
    return replace(s, hand=without(s.hand, cards), discard=(*s.discard, *cards))


def apply_discard(state: State, seat: int, action: Mapping[str, Any]) -> tuple[State, list[Event]]:
    """Discard cards from hand: the discard step begins, and no more cards are played."""
    cards = card_list(action)
    s = _discarded(state, seat, state.seats[seat], cards)
    state = with_seat(state, seat, s, turn=replace(state.turn, discarding=True))
    return state, _discard_events(state, seat, cards)


def apply_end_turn(state: State, seat: int, action: Mapping[str, Any]) -> tuple[State, list[Event]]:
    """End the turn (first discarding the hand cards `discard` names): the played cards go to
    the discard pile, the hand is drawn up to four, and the next seat plays; the round in which
    a seat brought every explorer to El Dorado is the last."""
    s = state.seats[seat]
    discarding = state.turn.discarding
    events: list[Event] = []
    discarded = card_list(action, "discard")  # an empty list is fine; anything else is refused
    if discarded:
        s = _discarded(state, seat, s, discarded)
        discarding = True
        events += _discard_events(state, seat, discarded)
    events.append({"type": "end_turn", "seat": seat, "visible_to": None})
    if s.played:
        s = replace(s, discard=(*s.discard, *s.played), played=())
    shuffles = state.shuffles
    if len(s.hand) < HAND_SIZE:
        s, shuffles, drawn = draw(state, seat, s, HAND_SIZE - len(s.hand))
        events += drawn
    last_in_round = seat == state.players - 1
    if state.finished and last_in_round:
        turn = replace(state.turn, discarding=discarding)
        state = with_seat(state, seat, s, shuffles=shuffles, over=True, turn=turn, previous=None)
        winners = [i for i, place in enumerate(ranking(state)) if place == 1]
        events.append({"type": "game_over", "winners": winners, "visible_to": None})
        return state, events
    turn = Turn(seat=(seat + 1) % state.players, round=state.turn.round + last_in_round)
    # A new turn: nothing of the last one can be undone.
    return with_seat(state, seat, s, shuffles=shuffles, turn=turn, previous=None), events


def apply_undo(state: State, seat: int) -> tuple[State, list[Event]]:
    """Step back to the state before the turn's last action, unless a card or cave token was
    revealed since the turn began."""
    if state.previous is None:
        raise IllegalAction(
            "Nothing to undo: the turn just began or a card was revealed.", "nothing_to_undo"
        )
    return state.previous, [{"type": "undo", "seat": seat, "visible_to": None}]


def turn_endings(state: State, seat: int) -> list[dict[str, Any]]:
    """Discarding the whole hand, ending the turn, and ending it discarding the whole hand."""
    hand = state.seats[seat].hand
    out: list[dict[str, Any]] = []
    if hand and not state.turn.discarding:
        out.append({"type": "discard", "cards": list(hand)})
    out.append({"type": "end_turn"})
    if hand and not state.turn.discarding:
        out.append({"type": "end_turn", "discard": list(hand)})
    return out
