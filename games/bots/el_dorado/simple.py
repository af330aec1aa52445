"""The random and greedy El Dorado bots."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from random import Random
from typing import Any

from games.engines.el_dorado import CARD_TYPES
from games.engines.el_dorado.cards import pay_in_order, payment_order
from games.engines.el_dorado.maps import Terrain

from .position import (
    BLOCKADE_KIND,
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
        act: dict[str, Any] = {"type": "move", "path": [list(h) for h in self.path]}
        if self.blockade:
            act = {"type": "blockade", "to": list(self.path[0])}
        if self.token is not None:
            act["token"] = self.token
        else:
            act["card"] = self.card
        if self.wild:
            act["as"] = self.kind
        if self.explorer:
            act["explorer"] = self.explorer
        return act


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


def junk_first(hand: tuple[tuple[int, str], ...]) -> list[int]:
    """Hand card ids, the ones a bot misses least first."""

    def rank(c: tuple[int, str]) -> tuple[int, float, int]:
        slug = c[1]
        junk = JUNK_ORDER.index(slug) if slug in JUNK_ORDER else len(JUNK_ORDER)
        return (junk, BUY_SCORES.get(slug, 0), c[0])

    return [cid for cid, _ in sorted(hand, key=rank)]


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


def space_plays(
    pos: Position, dist: Mapping[Hex, float], spare: list[int], camp_bonus: float = 0.0
) -> list[tuple[float, dict[str, Any]]]:
    """Rubble and base-camp entries payable with `spare` cards, scored by gain."""
    out = []
    for i, here in enumerate(pos.explorers):
        if here is None:
            continue
        for to in pos.board.neighbours(here):
            space = pos.board.spaces[to]
            if space.terrain not in (Terrain.RUBBLE, Terrain.BASECAMP) or to in pos.blocked:
                continue
            joint = pos.board.joint_between(here, to)
            if joint is not None and joint.index in pos.open_joints:
                continue
            if len(spare) < space.value:
                continue
            gain = dist.get(here, 1e6) - dist.get(to, 1e6)
            verb = "rubble" if space.terrain == Terrain.RUBBLE else "camp"
            if verb == "camp":
                gain += camp_bonus
            act = {"type": verb, "to": list(to), "cards": spare[: space.value]}
            if i:
                act["explorer"] = i
            out.append((gain, act))
    return out


def blockade_plays(
    pos: Position, dist: Mapping[Hex, float], spare: list[int]
) -> list[tuple[float, dict[str, Any]]]:
    """Blockades next to an explorer, on the way forward, that a hand card or discards can pay."""
    out = []
    hand = dict(pos.hand)
    for i, here in enumerate(pos.explorers):
        if here is None:
            continue
        for to in pos.board.neighbours(here):
            joint = pos.board.joint_between(here, to)
            if joint is None or joint.index not in pos.open_joints:
                continue
            if dist.get(to, 1e6) >= dist.get(here, 1e6):
                continue
            kind, value = pos.open_joints[joint.index]
            act: dict[str, Any] = {"type": "blockade", "to": list(to)}
            if kind == "rubble":
                if len(spare) < value:
                    continue
                act["cards"] = spare[:value]
            else:
                need = BLOCKADE_KIND[kind]
                fits = [
                    (CARD_TYPES[slug].power, cid, slug)
                    for cid, slug in hand.items()
                    if CARD_TYPES[slug].kind in (need, "wild") and CARD_TYPES[slug].power >= value
                ]
                if not fits:
                    continue
                _, cid, slug = min(fits)
                act["card"] = cid
                if CARD_TYPES[slug].kind == "wild":
                    act["as"] = need
            if i:
                act["explorer"] = i
            out.append((float(value), act))
    return out


def native_plays(pos: Position, dist: Mapping[Hex, float]) -> list[tuple[float, dict[str, Any]]]:
    """Native moves (card in hand) to the neighbour closest to El Dorado."""
    natives = [cid for cid, slug in pos.hand if slug == "native"]
    if not natives:
        return []
    out = []
    for i, here in enumerate(pos.explorers):
        if here is None:
            continue
        for to in pos.board.neighbours(here):
            terrain = pos.board.spaces[to].terrain
            if terrain in (Terrain.MOUNTAIN, Terrain.START) or to in pos.blocked:
                continue
            after = 0.0 if to in pos.board.finals else dist.get(to, 1e6)
            gain = dist.get(here, 1e6) - after
            if gain > 1 or to in pos.board.finals:
                act = {"type": "action", "card": natives[0], "to": list(to)}
                if i:
                    act["explorer"] = i
                out.append((gain, act))
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


def greedy_bot(view: Mapping[str, Any], seat: int, rng: Random) -> dict[str, Any]:
    """Takes the biggest step towards El Dorado with each card, buys the best card it can,
    and thins its deck at base camps."""
    turn = view["turn"]
    if turn["discarding"] and not turn["may_remove"]:
        return {"type": "end_turn"}  # what the full reading below decides, without reading
    me = view["seats"][seat]
    if not me["hand"] and not me["tokens"] and not turn["may_remove"]:
        return {"type": "end_turn"}  # nothing left to play or pay with: the same, unread
    pos = read(view, seat)
    if pos.may_remove:
        return {"type": "remove", "cards": removable_junk(pos, pos.may_remove)}
    if pos.discarding:
        return {"type": "end_turn"}
    for cid, slug in pos.hand:
        if CARD_TYPES[slug].draws:
            return {"type": "action", "card": cid}
    token = token_play(pos)
    if token is not None:
        return token
    dist = distances(pos)
    every = _rows(pos, dist)
    best, best_key = None, None
    for row in every:
        # The biggest gain, the cheapest card among equals; the first of those in hand order.
        if row[0] > 0 and (best is None or (row[0], -row[1]) > best_key):
            best, best_key = row, (row[0], -row[1])
    if best is not None:
        return _move(best).action()
    spare = junk_first(pos.hand)
    thin = sum(pos.owned.values()) > THIN_DOWN_TO
    plays = [
        p
        for p in space_plays(pos, dist, spare, camp_bonus=0.5)
        if p[0] > 0
        and (p[1]["type"] == "rubble" or (thin and keeps_every_kind(pos, p[1]["cards"])))
    ]
    plays += blockade_plays(pos, dist, spare) + native_plays(pos, dist)
    if plays:
        return max(plays, key=lambda p: p[0])[1]
    sideways = [row for row in every if row[0] > -1.5]
    if sideways and rng.random() < 0.25:
        # Explorers can jam a narrow passage; an occasional step aside lets the others by.
        return _move(rng.choice(sideways)).action()
    if not pos.bought:
        pick = best_buy(pos, list(pos.hand), BUY_SCORES)
        if pick is not None:
            return {"type": "buy", "card": pick[1], "pay": pick[2]}
    return finish_turn(pos)
