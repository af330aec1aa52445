"""The card or power token that powers a play, and spending it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..cards import CARD_TYPES, MOVE_KINDS, Kind
from ..errors import IllegalAction
from ..fields import card_ref
from ..piles import check_in_hand, without
from ..state import Seat, State, Turn, replace
from ..tokens import POWER_TOKENS, TOKENS


def power_source(
    state: State, seat: int, action: Mapping[str, Any], default_kind: Callable[[], str | None]
) -> tuple[str, int, str, int | None, int | None, str | None]:
    """(kind, power, name, card id, token id, claim) of the card or power token played; the
    claim (what the play counts as, for messages) is None for "<name> is a <kind> card".
    `default_kind` gives the kind a wild card plays as when the action names none."""
    if "token" in action:
        token_id = action["token"]
        if token_id not in state.seats[seat].tokens:
            raise IllegalAction("You hold no such cave token.", "no_such_token")
        token = TOKENS[token_id]
        if token.kind not in POWER_TOKENS:
            raise IllegalAction(f"The {token.label()} has no power to play.", "token_has_no_power")
        # A change token changes the next card played; a power token is not a card.
        kind = str(token.kind)
        name = f"The {token.label()}"
        return kind, token.value, name, None, token_id, f"{name} plays as {kind}"
    card = card_ref(action)
    check_in_hand(state, seat, [card])
    t = CARD_TYPES[state.cards[card]]
    chosen = action.get("as")
    claim = None
    if t.kind == Kind.WILD:
        kind = chosen or default_kind()
        if kind not in MOVE_KINDS:
            raise IllegalAction(
                f"{t.name} is wild: choose machete, paddle or coin.", "wild_needs_kind", card=t.slug
            )
        claim = f"{t.name} plays as {kind}"
    elif t.kind == Kind.ACTION:
        raise IllegalAction(
            f"{t.name} is an action card; play it with an action, not a move.",
            "action_card_not_move",
            card=t.slug,
        )
    else:
        kind = str(t.kind)
        if chosen not in (None, kind):
            raise IllegalAction(
                f"{t.name} is a {kind} card; only wild cards choose a kind.",
                "kind_fixed",
                card=t.slug,
            )
    if state.turn.next_kind:
        kind = state.turn.next_kind
        claim = f"{t.name} plays as {kind} (change token)"
    return kind, t.power, t.name, card, None, claim


def spend(
    state: State, seat: Seat, turn: Turn, card: int | None, token: int | None
) -> tuple[Seat, Turn]:
    """Put a played card in the play area (out of the game if it is single-use; a change token
    at work is used up by it); spend a token."""
    if token is not None:
        seat = replace(
            seat, tokens=without(seat.tokens, (token,)), spent_tokens=(*seat.spent_tokens, token)
        )
    if card is None:
        return seat, turn
    hand = without(seat.hand, (card,))
    if CARD_TYPES[state.cards[card]].single_use:
        seat = replace(seat, hand=hand, removed=(*seat.removed, card))
        turn = replace(turn, next_kind=None, single_used=(*turn.single_used, card))
    else:
        seat = replace(seat, hand=hand, played=(*seat.played, card))
        if turn.next_kind is not None:
            turn = replace(turn, next_kind=None)
    return seat, turn
