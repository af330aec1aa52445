"""Playing action cards and cave tokens, removing cards, and gaining cards from the supply."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import MOVE_KINDS, Kind
from .errors import IllegalAction
from .maps import Board
from .movement import (
    check_enterable,
    open_blockade,
    others,
)
from .piles import (
    Event,
    Told,
    card_list,
    card_ref,
    check_in_hand,
    ctype,
    draw,
    draw_into,
    hex_ref,
    seats_with,
    set_seat,
    without,
)
from .play_steps import arrive, explorer_at, spend, take_blockades
from .state import (
    State,
    evolve_seat,
    evolve_state,
    evolve_turn,
    freeze_seat,
    thaw_seat,
)
from .tokens import POWER_TOKENS, TOKENS, TokenKind

Result = tuple[State, Told]


def _native_into(
    state: State, board: Board, draft: Any, seat: int, action: Mapping[str, Any]
) -> tuple[tuple[int | None, ...], tuple[int, ...], tuple[tuple[int, ...], ...], list[Event]]:
    """A Native's move of one explorer onto a neighbouring space, into the seat's draft: the new
    blockade owners, `finished` and `caves`, and the events."""
    explorer, here = explorer_at(state, seat, action)
    to = hex_ref(action.get("to"))
    check_enterable(state, board, here, to, others(state, here), False)
    joint = open_blockade(state, board, here, to)
    owners, events = take_blockades(state, draft, seat, explorer, () if joint is None else (joint,))
    after = None if to in board.finals else to
    moved = {
        "type": "native",
        "seat": seat,
        "explorer": explorer,
        "from": list(here),
        "to": list(to),
    }
    finished, caves, arrived = arrive(state, board, draft, seat, explorer, here, after)
    return owners, finished, caves, [{**moved, "visible_to": None}, *events, *arrived]


def _native(state: State, board: Board, seat: int, action: Mapping[str, Any]) -> Result:
    draft = thaw_seat(state.seats[seat])
    owners, finished, caves, events = _native_into(state, board, draft, seat, action)
    state = evolve_state(
        state,
        seats=seats_with(state.seats, seat, freeze_seat(draft)),
        blockade_owner=owners,
        finished=finished,
        caves=caves,
    )
    return state, events


def play_action(state: State, board: Board, seat: int, action: Mapping[str, Any]) -> Result:
    """Play an action card for its effect."""
    card = card_ref(action)
    check_in_hand(state, seat, [card])
    t = ctype(state, card)
    if t.kind != Kind.ACTION:
        raise IllegalAction(f"{t.name} is not an action card.")
    draft = thaw_seat(state.seats[seat])
    events: list[Event] = []
    changes: dict[str, Any] = {}
    if t.slug == "transmitter":
        take = action.get("take")
        if not isinstance(take, str) or not state.supply.get(take):
            raise IllegalAction(f"The Transmitter cannot take {take!r}: none is left to take.")
    elif t.slug == "native":
        owners, finished, caves, events = _native_into(state, board, draft, seat, action)
        changes = {"blockade_owner": owners, "finished": finished, "caves": caves}
    turn = spend(state, draft, state.turn, card, None)
    played = {"type": "action", "seat": seat, "card": t.slug, "visible_to": None}
    if t.slug == "transmitter":
        supply, market, gained = gain_into(state, draft, seat, take)
        played["take"] = take
        changes = {"supply": supply, "market": market}
        events = [gained]
    elif t.draws:
        shuffles, drawn = draw_into(state, seat, draft, t.draws, state.shuffles)
        events += drawn
        changes["shuffles"] = shuffles
        if t.removes:
            turn = evolve_turn(turn, may_remove=t.removes)
    seats = seats_with(state.seats, seat, freeze_seat(draft))
    state = evolve_state(state, seats=seats, turn=turn, history=(), **changes)
    return state, [played, *events]


def gain_into(
    state: State, draft: Any, seat: int, slug: str
) -> tuple[dict[str, tuple[int, ...]], tuple[str | None, ...], Event]:
    """`gain` into a seat's draft: the new supply and market, and the event."""
    ids = state.supply[slug]
    supply = dict(state.supply)
    left = supply[slug] = ids[1:]
    market = tuple(state.market)
    if not left:
        market = tuple(None if m == slug else m for m in market)
    draft.discard = (*draft.discard, ids[0])
    draft.acquired = (*draft.acquired, ids[0])
    return (
        supply,
        market,
        {"type": "gain", "seat": seat, "card": slug, "id": ids[0], "visible_to": None},
    )


def gain(state: State, seat: int, slug: str) -> tuple[State, Event]:
    """Move one copy of a type from the supply to the seat's discard pile (market slot kept)."""
    draft = thaw_seat(state.seats[seat])
    supply, market, event = gain_into(state, draft, seat, slug)
    return set_seat(state, seat, freeze_seat(draft), supply=supply, market=market), event


def play_remove(state: State, seat: int, action: Mapping[str, Any]) -> Result:
    """Remove the cards a Scientist or Travel Log allows (possibly none)."""
    limit = state.turn.may_remove
    if not limit:
        raise IllegalAction("Nothing lets you remove cards now.")
    cards = card_list(action)
    check_in_hand(state, seat, cards)
    if len(cards) > limit:
        raise IllegalAction(f"You may remove at most {limit} cards now, not {len(cards)}.")
    s = state.seats[seat]
    s = evolve_seat(s, hand=without(s.hand, cards), removed=(*s.removed, *cards))
    state = set_seat(state, seat, s, turn=evolve_turn(state.turn, may_remove=0))
    event = {
        "type": "remove",
        "seat": seat,
        "cards": [{"id": c, "card": state.cards[c]} for c in cards],
        "visible_to": None,
    }
    return state, [event]


def play_token(state: State, board: Board, seat: int, action: Mapping[str, Any]) -> Result:
    """Use a cave token for its effect (power tokens go with a move, blockade or buy)."""
    token = action.get("token")
    s = state.seats[seat]
    if token not in s.tokens:
        raise IllegalAction("You hold no such cave token.")
    kind = TOKENS[token].kind
    if kind in POWER_TOKENS:
        raise IllegalAction("A power token is played with a move, blockade or buy action.")
    events: list[Event] = []
    turn = state.turn
    if kind == TokenKind.DRAW:
        state, events = draw(state, seat, 1)
    elif kind in (TokenKind.REMOVE, TokenKind.SWAP):
        cards = card_list(action)
        check_in_hand(state, seat, cards)
        if kind == TokenKind.REMOVE and len(cards) != 1:
            raise IllegalAction("The remove token removes exactly 1 card from your hand.")
        if kind == TokenKind.SWAP and not 1 <= len(cards) <= 4:
            raise IllegalAction("The swap token swaps 1 to 4 cards from your hand.")
        if kind == TokenKind.REMOVE:
            s = evolve_seat(s, hand=without(s.hand, cards), removed=(*s.removed, *cards))
        else:
            s = evolve_seat(s, hand=without(s.hand, cards), played=(*s.played, *cards))
        state = set_seat(state, seat, s)
        events.append(
            {
                "type": str(kind),
                "seat": seat,
                "cards": [{"id": c, "card": state.cards[c]} for c in cards],
                "visible_to": None,
            }
        )
        if kind == TokenKind.SWAP:
            state, drawn = draw(state, seat, len(cards))
            events += drawn
    elif kind == TokenKind.KEEP:
        if not turn.single_used:
            raise IllegalAction("The keep token keeps a single-use card used this turn; none was.")
        card = action.get("card", turn.single_used[-1])
        if card not in turn.single_used:
            raise IllegalAction(f"Card {card!r} is no single-use card used this turn.")
        # Kept: it goes to the discard pile with the turn's other cards, like a normal card.
        s = evolve_seat(s, removed=without(s.removed, [card]), played=(*s.played, card))
        kept = evolve_turn(turn, single_used=without(turn.single_used, [card]))
        state = set_seat(state, seat, s, turn=kept)
        kept_card = {"type": "keep", "seat": seat, "card": state.cards[card], "id": card}
        events.append({**kept_card, "visible_to": None})
    elif kind == TokenKind.PASS:
        state = evolve_state(state, turn=evolve_turn(turn, pass_through=True))
    elif kind == TokenKind.NATIVE:
        state, events = _native(state, board, seat, action)
    elif kind == TokenKind.CHANGE:
        to_kind = action.get("kind")
        if to_kind not in MOVE_KINDS:
            raise IllegalAction("The change token needs a kind: machete, paddle or coin.")
        state = evolve_state(state, turn=evolve_turn(turn, next_kind=str(to_kind)))
    s = state.seats[seat]
    s = evolve_seat(s, tokens=without(s.tokens, [token]), spent_tokens=(*s.spent_tokens, token))
    used = {"type": "token", "seat": seat, "token": token, "kind": TOKENS[token].slug}
    state = set_seat(state, seat, s)
    return state, [{**used, "visible_to": None}, *events]
