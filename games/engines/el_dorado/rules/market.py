"""The market: buying one card a turn with coins (every card pays ½ coin, coin and wild cards
their power), the reserve (bought only while a market slot is empty, the type then filling
that slot), and gaining cards from the supply."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..cards import CARD_TYPES, SHOP_TYPES, changed_half_coins, half_coins, payment
from ..errors import IllegalAction
from ..fields import card_list
from ..piles import Event, check_in_hand, shown, with_seat, without
from ..state import Seat, State, replace
from ..tokens import TOKENS, TokenKind


def pays(state: State, card: int, first: bool = True) -> int:
    """What a hand card pays toward a buy now, in half coins: its own worth, or as the kind a
    change token set when it is the first card paying."""
    slug = state.cards[card]
    if first and state.turn.next_kind:
        return changed_half_coins(slug, state.turn.next_kind)
    return half_coins(slug)


def from_reserve(state: State, slug: str) -> bool:
    """True when a type for sale is in the reserve rather than in a market slot."""
    return slug not in state.market


def open_to_buy(state: State, slug: str) -> bool:
    """True when a copy of the type is left and may be bought now: from a market slot, or
    from the reserve while a slot is empty."""
    return bool(state.supply.get(slug)) and (not from_reserve(state, slug) or None in state.market)


def offers(
    state: State,
) -> tuple[list[tuple[str | None, int, bool]], list[tuple[str, int, bool]]]:
    """What is for sale, as (type, copies left, open to buy now): each market slot (an empty
    one as None), then each type of the reserve with copies left. `open_to_buy` for all at
    once: a reserve type only while a slot is empty."""
    supply, market = state.supply, state.market
    slot_empty = None in market
    slots = [
        (slug, len(supply[slug]), bool(supply[slug])) if slug else (None, 0, False)
        for slug in market
    ]
    reserve = [
        (slug, len(supply[slug]), slot_empty)
        for slug in SHOP_TYPES
        if supply[slug] and slug not in market
    ]
    return slots, reserve


def gain(state: State, seat: Seat, index: int, slug: str) -> tuple[State, Seat, Event]:
    """Move the top copy of a type from the supply to the seat's discard pile: the state with
    the new supply and market (an emptied type leaves its slot empty), the seat and the event."""
    ids = state.supply[slug]
    supply = {**state.supply, slug: ids[1:]}
    market = state.market if ids[1:] else tuple(None if m == slug else m for m in state.market)
    seat = replace(seat, discard=(*seat.discard, ids[0]), acquired=(*seat.acquired, ids[0]))
    event = {"type": "gain", "seat": index, "card": slug, "id": ids[0], "visible_to": None}
    return replace(state, supply=supply, market=market), seat, event


def _coin_tokens(seat: Seat, action: Mapping[str, Any]) -> list[int]:
    tokens = action.get("tokens", [])
    if not isinstance(tokens, (list, tuple)):
        raise IllegalAction("You hold no such cave token.", "no_such_token")
    if any(t not in seat.tokens for t in tokens):
        raise IllegalAction("You hold no such cave token.", "no_such_token")
    if any(TOKENS[t].kind != TokenKind.COIN for t in tokens) or len(set(tokens)) != len(tokens):
        raise IllegalAction("Only coin tokens pay for cards, each once.", "coin_tokens_only")
    return list(tokens)


def apply_buy(state: State, seat: int, action: Mapping[str, Any]) -> tuple[State, list[Event]]:
    """Buy one card with cards from hand and coin tokens."""
    turn = state.turn
    if turn.bought:
        raise IllegalAction("You have already bought a card this turn.", "already_bought")
    slug = action.get("card")
    if not isinstance(slug, str) or slug not in SHOP_TYPES:
        raise IllegalAction(f"There is no card {slug!r} for sale.", "not_for_sale")
    bought = CARD_TYPES[slug]
    if not state.supply[slug]:
        raise IllegalAction(f"No {bought.name} is left.", "none_left", card=slug)
    reserve = from_reserve(state, slug)
    if reserve and None not in state.market:
        raise IllegalAction(
            f"{bought.name} is in the reserve; it can be bought only while a slot is empty.",
            "reserve_closed",
            card=slug,
        )
    cards = card_list(action, "pay")
    check_in_hand(state, seat, cards)
    s = state.seats[seat]
    tokens = _coin_tokens(s, action)
    worth = [pays(state, c, first=i == 0) for i, c in enumerate(cards)]
    halves = sum(worth) + sum(2 * TOKENS[t].value for t in tokens)
    if halves < 2 * bought.cost:
        paid = f"{halves // 2}" + ("½" if halves % 2 else "")
        raise IllegalAction(
            f"Your cards give {paid} coins; {bought.name} costs {bought.cost}.",
            "cannot_afford",
            card=slug,
            paid=paid,
            cost=bought.cost,
        )
    # Coin and wild cards are used for their printed value: single-use ones leave the game;
    # any card only worth half a coin is discarded normally.
    used = [
        c
        for c, w in zip(cards, worth, strict=True)
        if CARD_TYPES[state.cards[c]].single_use and w > 1
    ]
    s = replace(
        s,
        hand=without(s.hand, cards),
        played=(*s.played, *(c for c in cards if c not in used)),
        removed=(*s.removed, *used),
        tokens=without(s.tokens, tokens),
        spent_tokens=(*s.spent_tokens, *tokens),
    )
    next_kind = None if cards else turn.next_kind  # the first card paying used a change token
    turn = replace(turn, bought=True, next_kind=next_kind, single_used=(*turn.single_used, *used))
    left = len(state.supply[slug]) - 1
    state, s, gained = gain(state, s, seat, slug)
    if reserve and left:
        # The type's remaining copies fill the empty slot.
        slots = list(state.market)
        slots[slots.index(None)] = slug
        state = replace(state, market=tuple(slots))
    event = {
        "type": "buy",
        "seat": seat,
        "card": slug,
        "id": gained["id"],
        "pay": shown(state, cards),
        "tokens": tokens,
        "visible_to": None,
    }
    return with_seat(state, seat, s, turn=turn), [event]


def _changed_payment(cards: list[tuple[int, str]], cost: float, kind: str) -> list[int] | None:
    """Few cards paying `cost` when a change token makes the first card paying count as `kind`
    (`changed_half_coins`)."""
    best = None
    for first in cards:
        halves = changed_half_coins(first[1], kind)
        need = (2 * cost - halves) / 2
        rest = [] if need <= 0 else payment([c for c in cards if c != first], need)
        if rest is not None and (best is None or len(rest) + 1 < len(best)):
            best = [first[0], *rest]
    return best


def buys(state: State, seat: int) -> list[dict[str, Any]]:
    """One buy of every type open to buy that the seat can afford: cards alone if they can,
    else the richest coin tokens first and cards for the rest."""
    s = state.seats[seat]
    cards = [(c, state.cards[c]) for c in s.hand]
    coins = sorted(
        (t for t in s.tokens if TOKENS[t].kind == TokenKind.COIN),
        key=lambda t: (-TOKENS[t].value, t),
    )
    out = []
    for slug in SHOP_TYPES:
        if not open_to_buy(state, slug):
            continue
        cost = CARD_TYPES[slug].cost
        for n in range(len(coins) + 1):
            tokens = coins[:n]
            rest = cost - sum(TOKENS[t].value for t in tokens)
            if rest <= 0:
                pay: list[int] | None = []
            elif state.turn.next_kind:
                pay = _changed_payment(cards, rest, state.turn.next_kind)
            else:
                pay = payment(cards, rest)
            if pay is not None and (pay or tokens):
                act: dict[str, Any] = {"type": "buy", "card": slug, "pay": pay}
                out.append(act | ({"tokens": tokens} if tokens else {}))
                break
    return out
