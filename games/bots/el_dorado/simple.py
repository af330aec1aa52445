"""What the El Dorado bots share (moves with their gains, junk to give up, buys, ending a
turn) and the random bot."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from random import Random
from typing import Any

from games.engines.el_dorado import CARD_TYPES
from games.engines.el_dorado.cards import pay_in_order, payment_order

from .nearby import (
    blockade_plays,
    space_plays,
)
from .nearby import (
    native_plays as native_plays,  # what the expert bot imports from here
)
from .position import (
    MOVE_KINDS,
    Hex,
    Path,
    Position,
    distances,
    pay_with,
    reach,
    read,
)

# How much the greedy bot wants each card in its deck (0: never buys it).
BUY_SCORES: Mapping[str, float] = {
    "pioneer": 9,
    "captain": 6,
    "trailblazer": 6,
    "adventurer": 5,
    "millionaire": 5,
    "giant-machete": 4,
    "journalist": 4,
    "prop-plane": 4,
    "native": 4,
    "scout": 3,
    "photographer": 3,
    "treasure-chest": 3,
    "cartographer": 3,
    "scientist": 3,
    "transmitter": 2,
    "jack-of-all-trades": 2,
    "compass": 2,
    "travel-log": 2,
}
# Cards a bot gives up first (rubble, base camps, removals): the starting deck.
JUNK_ORDER = ("explorer", "sailor", "traveller")
# Below this many cards a bot stops removing cards at base camps.
THIN_DOWN_TO = 7


@dataclass(frozen=True, slots=True)
class Move:
    gain: float
    card: int | None
    token: int | None
    explorer: int
    kind: str
    path: Path
    wild: bool
    blockade: bool = False  # the card only takes the blockade toward path[0]; no one moves

    def action(self) -> dict[str, Any]:
        """The engine action for this move."""
        if self.blockade:
            act: dict[str, Any] = {"type": "blockade", "to": list(self.path[0])}
        else:
            act = {"type": "move", "path": [list(h) for h in self.path]}
        return _finish_action(act, self.card, self.token, self.explorer, self.kind, self.wild)


def _finish_action(
    act: dict[str, Any], card: int | None, token: int | None, explorer: int, kind: str, wild: bool
) -> dict[str, Any]:
    if token is not None:
        act["token"] = token
    else:
        act["card"] = card
    if wild:
        act["as"] = kind
    if explorer:
        act["explorer"] = explorer
    return act


def row_action(row: Row) -> dict[str, Any]:
    """What `Move.action` gives for the row's move, without building the Move."""
    _, _, card, token, explorer, kind, path, wild = row
    act = {"type": "move", "path": list(map(list, path))}
    return _finish_action(act, card, token, explorer, kind, wild)


# A move before it becomes a Move: (gain, card cost, card, token, explorer, kind, path, wild).
# Bots weigh dozens of moves per decision and build the dataclass only for the one they play.
Row = tuple[float, int, int | None, int | None, int, str, Path, bool]


def _card_rows(
    pos: Position,
    dist: Mapping[Hex, float],
    card: int,
    slug: str,
    memo: dict[tuple[Hex, str, int], dict[Hex, Path]] | None,
) -> list[Row]:
    t = CARD_TYPES[slug]
    if t.kind == "action":
        return []
    kinds = MOVE_KINDS if t.kind == "wild" else (str(t.kind),)
    wild = t.kind == "wild"
    finals = pos.board.finals
    out = []
    for i, here in enumerate(pos.explorers):
        if here is None:
            continue
        start = dist.get(here, 1e6)
        for kind in kinds:
            for dest, path in _reach(pos, here, kind, t.power, memo).items():
                gain = start - (0.0 if dest in finals else dist.get(dest, 1e6))
                out.append((gain, t.cost, card, None, i, kind, path, wild))
    return out


def _reach(
    pos: Position,
    here: Hex,
    kind: str,
    power: int,
    memo: dict[tuple[Hex, str, int], dict[Hex, Path]] | None,
) -> dict[Hex, Path]:
    if memo is None:
        return reach(pos, here, kind, power)
    key = (here, kind, power)
    found = memo.get(key)
    if found is None:
        found = memo[key] = reach(pos, here, kind, power)
    return found


def _rows(pos: Position, dist: Mapping[Hex, float]) -> list[Row]:
    """Moves of every hand card and power token, in hand order then token order."""
    out = []
    memo: dict[tuple[Hex, str, int], dict[Hex, Path]] = {}
    for cid, slug in pos.hand:
        out += _card_rows(pos, dist, cid, slug, memo)
    for tid, kind in pos.tokens:
        name, _, value = kind.partition("-")
        if name in MOVE_KINDS:
            for i, here in enumerate(pos.explorers):
                if here is None:
                    continue
                for dest, path in _reach(pos, here, name, int(value), memo).items():
                    gain = dist.get(here, 1e6) - (
                        0.0 if dest in pos.board.finals else dist.get(dest, 1e6)
                    )
                    # A token's cost: a Traveller's, what the greedy bot ranks it as.
                    out.append((gain, 0, None, tid, i, name, path, False))
    return out


def _move(row: Row) -> Move:
    gain, _, card, token, explorer, kind, path, wild = row
    return Move(gain, card, token, explorer, kind, path, wild)


def card_moves(pos: Position, dist: Mapping[Hex, float], card: int, slug: str) -> list[Move]:
    """Every move one hand card can make, scored by distance gained."""
    return [_move(row) for row in _card_rows(pos, dist, card, slug, None)]


def all_moves(pos: Position, dist: Mapping[Hex, float]) -> list[Move]:
    """Moves of every hand card and power token."""
    return [_move(row) for row in _rows(pos, dist)]


def _junk_rank(slug: str) -> tuple[int, float]:
    junk = JUNK_ORDER.index(slug) if slug in JUNK_ORDER else len(JUNK_ORDER)
    return (junk, BUY_SCORES.get(slug, 0))


def places(ranks: Mapping[str, Any]) -> dict[str, int]:
    """Each slug's place in the order of its rank (equal ranks, equal places): a sort key
    that compares as fast as an int."""
    order = sorted(set(ranks.values()))
    return {slug: order.index(rank) for slug, rank in ranks.items()}


_JUNK_PLACES = places({slug: _junk_rank(slug) for slug in CARD_TYPES})


def junk_first(hand: tuple[tuple[int, str], ...]) -> list[int]:
    """Hand card ids, the ones a bot misses least first (starting cards, then the lowest
    scored; by id among equals)."""
    ranked = sorted([(_JUNK_PLACES[slug], cid) for cid, slug in hand])
    return [cid for _, cid in ranked]


def _move_kinds(slug: str) -> tuple[str, ...]:
    kind = CARD_TYPES[slug].kind
    if kind == "wild":
        return MOVE_KINDS
    return (str(kind),) if str(kind) in MOVE_KINDS else ()


def keeps_every_kind(pos: Position, cards: list[int]) -> bool:
    """Whether the deck still holds a card of every move kind it holds now without `cards`:
    a deck thinned of its last paddle card never crosses water again."""
    counts = dict.fromkeys(MOVE_KINDS, 0)
    for slug, n in pos.owned.items():
        for kind in _move_kinds(slug):
            counts[kind] += n
    after = dict(counts)
    hand = dict(pos.hand)
    for cid in cards:
        for kind in _move_kinds(hand[cid]):
            after[kind] -= 1
    return all(after[k] > 0 for k in MOVE_KINDS if counts[k] > 0)


def removable_junk(pos: Position, limit: int) -> list[int]:
    """Up to `limit` starting cards in hand worth removing from the game, never the last of a
    move kind."""
    hand = dict(pos.hand)
    out: list[int] = []
    for cid in junk_first(pos.hand):
        if len(out) >= limit:
            break
        if hand[cid] in JUNK_ORDER and keeps_every_kind(pos, [*out, cid]):
            out.append(cid)
    return out


def best_buy(pos: Position, cards: list[tuple[int, str]], scores: Mapping[str, float]):
    """The best-scored card the given cards can pay for, with the payment."""
    best = None
    order = None
    for slug, left in pos.market:
        if left <= 0 or scores.get(slug, 0) <= 0:
            continue
        if order is None:
            order = payment_order(list(cards))
        pay = pay_in_order(order, CARD_TYPES[slug].cost)
        if pay is not None and (best is None or scores[slug] > best[0]):
            best = (scores[slug], slug, pay)
    return best


def token_play(pos: Position) -> dict[str, Any] | None:
    """Cave tokens worth using at once: draw a card, or remove a starting card from a big deck."""
    for tid, kind in pos.tokens:
        if kind == "draw":
            return {"type": "token", "token": tid}
        if kind == "remove" and sum(pos.owned.values()) > THIN_DOWN_TO:
            junk = removable_junk(pos, 1)
            if junk:
                return {"type": "token", "token": tid, "cards": junk}
    return None


def finish_turn(pos: Position) -> dict[str, Any]:
    """End the turn, discarding what is left in hand first."""
    if pos.hand:
        return {"type": "end_turn", "discard": [cid for cid, _ in pos.hand]}
    return {"type": "end_turn"}


def random_bot(view: Mapping[str, Any], seat: int, rng: Random) -> dict[str, Any]:
    """Plays legal actions at random, leaning towards moves that get closer to El Dorado."""
    pos = read(view, seat)
    if pos.may_remove:
        return {"type": "remove", "cards": []}
    if pos.discarding:
        return {"type": "end_turn"}
    dist = distances(pos)
    every = all_moves(pos, dist)
    forward = [m.action() for m in every if m.gain > 0]
    spare = [cid for cid, _ in pos.hand]
    rng.shuffle(spare)
    plays = space_plays(pos, dist, spare) + blockade_plays(pos, dist, spare)
    forward += [act for gain, act in plays if gain > 0]
    if forward and rng.random() < 0.8:
        return rng.choice(forward)
    if every and rng.random() < 0.1:
        # Now and then any step at all, so two explorers never jam a passage for good.
        return rng.choice(every).action()
    if not pos.bought and rng.random() < 0.5:
        options = [
            (slug, pay_with(list(pos.hand), CARD_TYPES[slug].cost)) for slug, left in pos.market
        ]
        options = [(slug, pay) for slug, pay in options if pay is not None]
        if options:
            # Leaning to the dearest card it can pay for: stronger cards finish the race.
            options.sort(key=lambda o: CARD_TYPES[o[0]].cost)
            slug, pay = options[-1] if rng.random() < 0.5 else rng.choice(options)
            return {"type": "buy", "card": slug, "pay": pay}
    drawers = [cid for cid, slug in pos.hand if CARD_TYPES[slug].draws]
    if drawers and rng.random() < 0.5:
        return {"type": "action", "card": rng.choice(drawers)}
    # Kept cards would clog the hand: discard them all and draw afresh.
    return finish_turn(pos)
