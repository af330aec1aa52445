"""Caves (an option): an explorer that stops beside a cave it was not beside takes the top
token of its stack. Power tokens play like a card of their kind (see movement, blockades and
the market); the others are used for their effect, each once."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import MOVE_KINDS
from ..errors import IllegalAction
from ..fields import card_list
from ..maps import Board
from ..piles import Event, check_in_hand, draw, shown, with_seat, without
from ..state import State, replace
from ..tokens import POWER_TOKENS, TOKENS, TokenKind
from .action_cards import native_moves, native_step
from .movement import token_moves


def find_tokens(before: State, after: State, board: Board, seat: int) -> tuple[State, list[Event]]:
    """After a play of `seat`: the explorer it moved takes the top token of every cave it now
    stands beside and did not stand beside before."""
    if not after.caves:
        return after, []
    s = after.seats[seat]
    stacks = list(after.caves)
    found: list[int] = []
    for was, now in zip(before.seats[seat].explorers, s.explorers, strict=True):
        if now is None or now == was:
            continue
        for i, cave in enumerate(board.caves):
            near = board.adjacent(cave)
            if now in near and was not in near and stacks[i]:
                found.append(stacks[i][0])
                stacks[i] = stacks[i][1:]
    if not found:
        return after, []
    s = replace(s, tokens=(*s.tokens, *found))
    events = [
        {
            "type": "cave_token",
            "seat": seat,
            "token": token,
            "kind": TOKENS[token].slug,
            "visible_to": None,
        }
        for token in found
    ]
    return with_seat(after, seat, s, caves=tuple(stacks)), events


def apply_token(
    state: State, board: Board, seat: int, action: Mapping[str, Any]
) -> tuple[State, list[Event]]:
    """Use a cave token for its effect (power tokens go with a move, blockade or buy)."""
    token = action.get("token")
    s = state.seats[seat]
    if token not in s.tokens:
        raise IllegalAction("You hold no such cave token.", "no_such_token")
    kind = TOKENS[token].kind
    if kind in POWER_TOKENS:
        raise IllegalAction(
            "A power token is played with a move, blockade or buy action.", "power_token_use"
        )
    events: list[Event] = []
    changes: dict[str, Any] = {}
    turn = state.turn
    if kind == TokenKind.DRAW:
        s, changes["shuffles"], events = draw(state, seat, s, 1)
    elif kind in (TokenKind.REMOVE, TokenKind.SWAP):
        cards = card_list(action)
        check_in_hand(state, seat, cards)
        if kind == TokenKind.REMOVE and len(cards) != 1:
            raise IllegalAction(
                "The remove token removes exactly 1 card from your hand.", "remove_token_count"
            )
        if kind == TokenKind.SWAP and not 1 <= len(cards) <= 4:
            raise IllegalAction(
                "The swap token swaps 1 to 4 cards from your hand.", "swap_token_count"
            )
        if kind == TokenKind.REMOVE:
            s = replace(s, hand=without(s.hand, cards), removed=(*s.removed, *cards))
        else:
            s = replace(s, hand=without(s.hand, cards), played=(*s.played, *cards))
        events.append(
            {"type": str(kind), "seat": seat, "cards": shown(state, cards), "visible_to": None}
        )
        if kind == TokenKind.SWAP:
            s, changes["shuffles"], drawn = draw(state, seat, s, len(cards))
            events += drawn
    elif kind == TokenKind.KEEP:
        if not turn.single_used:
            raise IllegalAction(
                "The keep token keeps a single-use card used this turn; none was.", "keep_nothing"
            )
        card = action.get("card", turn.single_used[-1])
        if card not in turn.single_used:
            raise IllegalAction(
                f"Card {card!r} is no single-use card used this turn.", "keep_not_single_use"
            )
        # Kept: it goes to the discard pile with the turn's other cards, like a normal card.
        s = replace(s, removed=without(s.removed, [card]), played=(*s.played, card))
        turn = replace(turn, single_used=without(turn.single_used, [card]))
        kept = {"type": "keep", "seat": seat, "card": state.cards[card], "id": card}
        events.append({**kept, "visible_to": None})
    elif kind == TokenKind.PASS:
        turn = replace(turn, pass_through=True)
    elif kind == TokenKind.NATIVE:
        s, changes, events = native_step(state, board, s, seat, action)
    elif kind == TokenKind.CHANGE:
        to_kind = action.get("kind")
        if to_kind not in MOVE_KINDS:
            raise IllegalAction(
                "The change token needs a kind: machete, paddle or coin.", "change_needs_kind"
            )
        turn = replace(turn, next_kind=str(to_kind))
    s = replace(s, tokens=without(s.tokens, [token]), spent_tokens=(*s.spent_tokens, token))
    used = {"type": "token", "seat": seat, "token": token, "kind": TOKENS[token].slug}
    state = with_seat(state, seat, s, turn=turn, **changes)
    return state, [{**used, "visible_to": None}, *events]


def token_plays(state: State, board: Board, seat: int) -> list[dict[str, Any]]:
    """The plays of every cave token the seat holds."""
    s = state.seats[seat]
    out: list[dict[str, Any]] = []
    for t in s.tokens:
        kind = TOKENS[t].kind
        base = {"type": "token", "token": t}
        if kind in POWER_TOKENS:
            out += token_moves(state, board, seat, t)
        elif kind in (TokenKind.DRAW, TokenKind.PASS):
            out.append(base)
        elif kind == TokenKind.REMOVE:
            out += [{**base, "cards": [c]} for c in s.hand]
        elif kind == TokenKind.SWAP and s.hand:
            # The token swaps at most four cards, however many the hand holds.
            out.append({**base, "cards": list(s.hand[:4])})
        elif kind == TokenKind.KEEP:
            out += [{**base, "card": c} for c in state.turn.single_used]
        elif kind == TokenKind.CHANGE:
            out += [{**base, "kind": str(k)} for k in MOVE_KINDS]
        elif kind == TokenKind.NATIVE:
            out += native_moves(state, board, seat, base)
    return out
