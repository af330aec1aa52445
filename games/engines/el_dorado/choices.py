"""Enumerating what a seat can do: legal actions for bots and reachable spaces for the UI."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from .cards import CARD_TYPES, MOVE_KINDS, SHOP_TYPES, Kind, changed_half_coins, payment
from .maps import Board, Terrain
from .movement import BLOCKADE_KIND, TERRAIN_KIND, occupied, open_blockade, reachable
from .piles import ctype
from .setup import board_of
from .state import Hex, State
from .tokens import POWER_TOKENS, TOKENS, TokenKind


def _kinds(state: State, slug_kind: Kind, as_kind: str | None) -> tuple[str, ...]:
    if state.turn.next_kind:
        return (state.turn.next_kind,)
    if slug_kind == Kind.WILD:
        return (as_kind,) if as_kind else tuple(str(k) for k in MOVE_KINDS)
    return (str(slug_kind),)


def legal_moves(
    state: State,
    seat: int,
    card: int | None,
    explorer: int = 0,
    as_kind: str | None = None,
    token: int | None = None,
) -> dict[Hex, list[Hex]]:
    """Every space one play of a hand card (or power token) can reach, with a path to each.

    A final space stands for El Dorado. Empty when the card cannot move that explorer.
    """
    if state.over or seat != state.turn.seat or state.turn.discarding or state.turn.may_remove:
        return {}
    s = state.seats[seat]
    if not 0 <= explorer < len(s.explorers) or s.explorers[explorer] is None:
        return {}
    if token is not None:
        if token not in s.tokens or TOKENS[token].kind not in POWER_TOKENS:
            return {}
        kinds: tuple[str, ...] = (str(TOKENS[token].kind),)
        power = TOKENS[token].value
    else:
        if card not in s.hand:
            return {}
        t = ctype(state, card)
        if t.kind == Kind.ACTION:
            return {}
        kinds, power = _kinds(state, t.kind, as_kind), t.power
    board = board_of(state)
    out: dict[Hex, list[Hex]] = {}
    for kind in kinds:
        found = reachable(state, board, s.explorers[explorer], kind, power, state.turn.pass_through)
        for h, path in found.items():
            out.setdefault(h, path)
    return out


def _cheapest(state: State, hand: tuple[int, ...], n: int) -> list[int] | None:
    if len(hand) < n:
        return None
    order = sorted(hand, key=lambda c: (ctype(state, c).cost, c))
    return order[:n]


def _adjacent_plays(
    state: State, board: Board, seat: int, index: int, here: Hex
) -> list[dict[str, Any]]:
    hand = state.seats[seat].hand
    blocked = occupied(state, here)
    out: list[dict[str, Any]] = []
    for to in board.neighbours(here):
        space = board.spaces[to]
        joint = open_blockade(state, board, here, to)
        extra = 0
        if joint is not None:
            kind, value = state.blockades[joint]
            need = BLOCKADE_KIND.get(kind)
            if need is None:
                pay = _cheapest(state, hand, value)
                if pay is not None:
                    out.append({"type": "blockade", "to": list(to), "cards": pay})
                extra = value
            else:
                for c in hand:
                    t = ctype(state, c)
                    if t.kind == Kind.ACTION or t.power < value:
                        continue
                    if state.turn.next_kind:
                        # A change token decides the kind of the next card played.
                        if state.turn.next_kind == need:
                            out.append({"type": "blockade", "to": list(to), "card": c})
                    elif t.kind in (need, Kind.WILD):
                        act = {"type": "blockade", "to": list(to), "card": c}
                        out.append(act | ({"as": need} if t.kind == Kind.WILD else {}))
                for token in state.seats[seat].tokens:
                    power = TOKENS[token]
                    pays = power.kind in POWER_TOKENS and power.value >= value
                    if pays and str(power.kind) == need:
                        out.append({"type": "blockade", "to": list(to), "token": token})
                continue
        if to in blocked or space.terrain not in (
            Terrain.RUBBLE,
            Terrain.BASECAMP,
        ):
            continue
        if space.terrain == Terrain.BASECAMP and joint is not None:
            continue
        verb = "rubble" if space.terrain == Terrain.RUBBLE else "camp"
        pay = _cheapest(state, hand, space.value + extra)
        if pay is not None:
            out.append({"type": verb, "to": list(to), "cards": pay})
    if index:
        for act in out:
            act["explorer"] = index
    return out


def _native_targets(state: State, board: Board, here: Hex) -> list[Hex]:
    blocked = occupied(state, here)
    return [
        to
        for to in board.neighbours(here)
        if board.spaces[to].terrain not in (Terrain.MOUNTAIN, Terrain.START) and to not in blocked
    ]


def _card_plays(state: State, board: Board, seat: int) -> list[dict[str, Any]]:
    s = state.seats[seat]
    out: list[dict[str, Any]] = []
    live = [(i, h) for i, h in enumerate(s.explorers) if h is not None]
    for c in s.hand:
        t = ctype(state, c)
        if t.kind == Kind.ACTION:
            if t.slug == "transmitter":
                out += [
                    {"type": "action", "card": c, "take": slug}
                    for slug in SHOP_TYPES
                    if state.supply[slug]
                ]
            elif t.slug == "native":
                for i, here in live:
                    for to in _native_targets(state, board, here):
                        act = {"type": "action", "card": c, "to": list(to)}
                        out.append(act | ({"explorer": i} if i else {}))
            else:
                out.append({"type": "action", "card": c})
            continue
        for i, here in live:
            for kind in _kinds(state, t.kind, None):
                for path in reachable(
                    state, board, here, kind, t.power, state.turn.pass_through
                ).values():
                    act: dict[str, Any] = {
                        "type": "move",
                        "card": c,
                        "path": [list(h) for h in path],
                    }
                    if t.kind == Kind.WILD:
                        act["as"] = kind
                    if i:
                        act["explorer"] = i
                    out.append(act)
    for i, here in live:
        out += _adjacent_plays(state, board, seat, i, here)
    return out


def _token_plays(state: State, board: Board, seat: int) -> list[dict[str, Any]]:
    s = state.seats[seat]
    out: list[dict[str, Any]] = []
    for t in s.tokens:
        kind = TOKENS[t].kind
        if kind in POWER_TOKENS:
            move_kind = str(kind)
            for i, here in enumerate(s.explorers):
                if here is None:
                    continue
                found = reachable(
                    state, board, here, move_kind, TOKENS[t].value, state.turn.pass_through
                )
                for path in found.values():
                    act = {"type": "move", "token": t, "path": [list(h) for h in path]}
                    out.append(act | ({"explorer": i} if i else {}))
        elif kind in (TokenKind.DRAW, TokenKind.PASS):
            out.append({"type": "token", "token": t})
        elif kind == TokenKind.REMOVE:
            out += [{"type": "token", "token": t, "cards": [c]} for c in s.hand]
        elif kind == TokenKind.SWAP and s.hand:
            # The token swaps at most four cards, however many the hand holds.
            out.append({"type": "token", "token": t, "cards": list(s.hand[:4])})
        elif kind == TokenKind.KEEP:
            out += [{"type": "token", "token": t, "card": c} for c in state.turn.single_used]
        elif kind == TokenKind.CHANGE:
            out += [{"type": "token", "token": t, "kind": str(k)} for k in MOVE_KINDS]
        elif kind == TokenKind.NATIVE:
            for i, here in enumerate(s.explorers):
                if here is not None:
                    for to in _native_targets(state, board, here):
                        act = {"type": "token", "token": t, "to": list(to)}
                        out.append(act | ({"explorer": i} if i else {}))
    return out


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


def _buys(state: State, seat: int) -> list[dict[str, Any]]:
    s = state.seats[seat]
    cards = [(c, state.cards[c]) for c in s.hand]
    coins = sorted(
        (t for t in s.tokens if TOKENS[t].kind == TokenKind.COIN),
        key=lambda t: (-TOKENS[t].value, t),
    )
    slots = set(state.market)
    open_slot = None in slots
    out = []
    for slug in SHOP_TYPES:
        if not state.supply[slug] or (slug not in slots and not open_slot):
            continue
        cost = CARD_TYPES[slug].cost
        # Cards alone if they can; else the richest coin tokens first, cards for the rest.
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


def legal_actions(state: State, seat: int) -> list[dict[str, Any]]:
    """The actions a seat can take now (one canonical choice of cards where many would do)."""
    if state.over or seat != state.turn.seat:
        return []
    turn = state.turn
    hand = state.seats[seat].hand
    undo = [{"type": "undo"}] if state.history else []
    if turn.may_remove:
        picks = [list(p) for n in range(turn.may_remove + 1) for p in combinations(hand, n)]
        return [{"type": "remove", "cards": p} for p in picks] + undo
    if turn.discarding:
        return [{"type": "end_turn"}] + undo
    board = board_of(state)
    out = _card_plays(state, board, seat) + _token_plays(state, board, seat)
    if not turn.bought:
        out += _buys(state, seat)
    if hand:
        out.append({"type": "discard", "cards": list(hand)})
    out.append({"type": "end_turn"})
    if hand:
        out.append({"type": "end_turn", "discard": list(hand)})
    return out + undo


__all__ = ["legal_actions", "legal_moves", "TERRAIN_KIND"]
