"""The expert El Dorado bot: plans the whole turn (which cards move, which pay) over a
distance map weighted by what its own deck is good at."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from itertools import combinations
from random import Random
from typing import Any

from games.engines.el_dorado import CARD_TYPES

from .clearing import clearing_play
from .crowd import crowded_distances
from .position import (
    BLOCKADE_KIND,
    MOVE_KINDS,
    Hex,
    Path,
    Position,
    coins,
    distances,
    pay_with,
    reach,
    read,
)
from .simple import (
    Move,
    blockade_plays,
    finish_turn,
    junk_first,
    native_plays,
    removable_junk,
    space_plays,
    token_play,
)

# What each card is worth in the deck, before the end of the race discounts it.
DECK_VALUE: Mapping[str, float] = {
    "pioneer": 10,
    "captain": 7,
    "trailblazer": 7,
    "adventurer": 6,
    "millionaire": 5,
    "journalist": 4,
    "giant-machete": 4,
    "prop-plane": 4,
    "native": 4,
    "cartographer": 4,
    "scientist": 4,
    "scout": 3.5,
    "photographer": 3,
    "treasure-chest": 2.5,
    "transmitter": 2,
    "jack-of-all-trades": 2,
    "compass": 2,
    "travel-log": 2.5,
}
# Deck value against distance gained, measured in matches against greedy: moving beats buying
# more often than the card values alone suggest, the more so in the shorter one-explorer race.
BUY_WEIGHT = {1: 0.3, 2: 0.5}
ARRIVAL_BONUS = 6.0
BLOCKADE_BONUS = 1.5  # worth of taking a blockade, in spaces: it breaks ties at the end
STEEP = 1.6  # exponent on space values: steep spaces need strong cards, so cost more
KEEP_AT_LEAST = 7  # never thin the deck below this many cards
CAMP_BONUS = 1.0  # what removing starting cards at a base camp is worth, in spaces
LAG_GAP = 4.0  # distance between a player's two explorers past which the last one is lagging
LAG_WEIGHT = 1.5  # how much more the lagging explorer's steps are worth
# What walking through a space another explorer stands on costs more, in spaces: enough to go
# round a crowd where there is a way round (measured 0.3 to 0.8 rounds sooner in self-play;
# 3, 6 and 12 alike).
JAM = 3.0
SIDEWAYS = 0.25  # chance of a step aside when the turn has nothing better
# Whether to weigh clearing rubble (and entering rubble and base camps) before the rest of the
# turn (`clearing.py`); off, explorers beside a rubble blockade wait for one another.
CLEARING = True
MAX_SUBSET = 7  # hands larger than this plan with their first cards only


def deck_weights(pos: Position) -> tuple[float, float, float]:
    """How costly each kind of space is for this deck: scarce kinds weigh more."""
    power = dict.fromkeys(MOVE_KINDS, 0.0)
    for slug, n in pos.owned.items():
        t = CARD_TYPES[slug]
        if t.kind == "wild":
            for k in MOVE_KINDS:
                power[k] += n * t.power / 2
        elif t.kind in power:
            power[str(t.kind)] += n * t.power
    total = sum(power.values()) or 1.0
    return tuple(min(3.0, max(0.8, total / (3 * power[k] + 1))) for k in MOVE_KINDS)


class Planner:
    """Evaluates splits of the hand into movers and payers for one turn."""

    def __init__(
        self, pos: Position, dist: Mapping[Hex, float], weights: tuple[float, float, float]
    ) -> None:
        self.pos = pos
        self.dist = dist
        self.weights = weights
        self.cache: dict[tuple, dict[Hex, Path]] = {}
        # With two explorers the race lasts until the slower one arrives.
        self.remaining = max(
            (dist.get(h, 1e6) for h in pos.explorers if h is not None), default=0.0
        )
        # The race ends when the last explorer arrives: steps of the one furthest behind count
        # for more, once it lags clearly (the order of the explorers is fixed for the turn).
        far = [dist.get(h, 1e6) if h is not None else 0.0 for h in pos.explorers]
        self.factor = [1.0] * len(far)
        if len(far) == 2 and abs(far[0] - far[1]) > LAG_GAP:
            self.factor[far.index(max(far))] = LAG_WEIGHT

    def _reach(self, pos: Position, here: Hex, kind: str, power: int) -> dict[Hex, Path]:
        key = (here, kind, power, pos.blocked, tuple(pos.open_joints))
        if key not in self.cache:
            self.cache[key] = reach(pos, here, kind, power)
        return self.cache[key]

    def moves(self, pos: Position, cid: int, slug: str) -> list[Move]:
        """Every play of one hand card from `pos`, scored by distance gained."""
        t = CARD_TYPES[slug]
        kinds = MOVE_KINDS if t.kind == "wild" else (str(t.kind),)
        out = []
        for i, here in enumerate(pos.explorers):
            if here is None:
                continue
            start = self.dist.get(here, 1e6)
            for kind in kinds:
                for dest, path in self._reach(pos, here, kind, t.power).items():
                    done = dest in pos.board.finals
                    gain = (start - (0.0 if done else self.dist.get(dest, 1e6))) * self.factor[i]
                    if done:
                        gain += ARRIVAL_BONUS
                    gain += BLOCKADE_BONUS * self._crossed(pos, here, path)
                    out.append(Move(gain, cid, None, i, kind, path, t.kind == "wild"))
            out += self._blockade_takes(pos, i, here, cid, t)
        return out

    def _blockade_takes(self, pos: Position, i: int, here: Hex, cid: int, t: Any) -> list[Move]:
        """Taking a blockade on the way with this card, without moving (when entering is too
        much for one card): the joint then costs nothing more."""
        out = []
        for to in pos.board.neighbours(here):
            joint = pos.board.joint_between(here, to)
            if joint is None or joint.index not in pos.open_joints:
                continue
            kind, value = pos.open_joints[joint.index]
            need = BLOCKADE_KIND.get(kind)
            if need is None or t.kind not in (need, "wild") or t.power < value:
                continue
            if self.dist.get(to, 1e6) >= self.dist.get(here, 1e6):
                continue
            gain = value * self.weights[MOVE_KINDS.index(need)] + BLOCKADE_BONUS
            out.append(Move(gain, cid, None, i, need, [to], t.kind == "wild", blockade=True))
        return out

    @staticmethod
    def _crossed(pos: Position, here: Hex, path: Path) -> int:
        """Blockades a path takes (they break ties between players in El Dorado)."""
        taken = set()
        for step in path:
            joint = pos.board.joint_between(here, step)
            if joint is not None and joint.index in pos.open_joints:
                taken.add(joint.index)
            here = step
        return len(taken)

    def _after(self, pos: Position, move: Move) -> Position:
        here = pos.explorers[move.explorer]
        if move.blockade:
            joint = pos.board.joint_between(here, move.path[0])
            opened = {j: b for j, b in pos.open_joints.items() if joint is None or j != joint.index}
            hand = tuple(c for c in pos.hand if c[0] != move.card)
            return replace(pos, open_joints=opened, hand=hand)
        dest = move.path[-1]
        explorers = list(pos.explorers)
        explorers[move.explorer] = None if dest in pos.board.finals else dest
        blocked = pos.blocked - {here}
        if explorers[move.explorer] is not None:
            blocked |= {dest}
        opened = dict(pos.open_joints)
        prev = here
        for step in move.path:
            joint = pos.board.joint_between(prev, step)
            if joint is not None:
                opened.pop(joint.index, None)
            prev = step
        hand = tuple(c for c in pos.hand if c[0] != move.card)
        return replace(
            pos, explorers=tuple(explorers), blocked=blocked, open_joints=opened, hand=hand
        )

    def run(self, movers: tuple[tuple[int, str], ...]) -> tuple[float, list[Move]]:
        """Greedy sequence of moves with these cards: total gain and the moves in order."""
        pos, left, total, seq = self.pos, list(movers), 0.0, []
        while left:
            best = None
            for cid, slug in left:
                for m in self.moves(pos, cid, slug):
                    if m.gain > 0 and (best is None or m.gain > best.gain):
                        best = m
            if best is None:
                break
            total += best.gain
            seq.append(best)
            pos = self._after(pos, best)
            left = [c for c in left if c[0] != best.card]
        return total, seq

    def buy_value(self, slug: str) -> float:
        """A card's worth now: less as El Dorado nears."""
        weight = BUY_WEIGHT[len(self.pos.explorers)]
        return weight * DECK_VALUE.get(slug, 0) * min(1.0, self.remaining / 18.0)

    def best_buy(self, cards: list[tuple[int, str]]) -> tuple[float, str, list[int]] | None:
        """The most valuable affordable card and the payment."""
        best = None
        budget = coins(cards)
        for slug, left in self.pos.market:
            cost = CARD_TYPES[slug].cost
            if left <= 0 or 2 * cost > budget:
                continue
            value = self.buy_value(slug)
            if value > 0 and (best is None or value > best[0]):
                pay = pay_with(cards, cost)
                if pay is not None:
                    best = (value, slug, pay)
        return best

    def plan(self) -> tuple[list[Move], tuple[float, str, list[int]] | None]:
        """The best split of the hand: moves to make, then the card to buy."""
        return self.best()[1:]

    def best(self) -> tuple[float, list[Move], tuple[float, str, list[int]] | None]:
        """The best split of the hand: its score, the moves to make, then the card to buy."""
        movable = tuple(c for c in self.pos.hand if CARD_TYPES[c[1]].kind != "action")[:MAX_SUBSET]
        best_score, best_moves, best_buy = -1.0, [], None
        for size in range(len(movable) + 1):
            for movers in combinations(movable, size):
                gain, seq = self.run(movers)
                used = {m.card for m in seq}
                payers = [c for c in self.pos.hand if c[0] not in used]
                buy = None if self.pos.bought else self.best_buy(payers)
                score = gain + (buy[0] if buy else 0.0)
                if score > best_score + 1e-9:
                    best_score, best_moves, best_buy = score, seq, buy
        return best_score, best_moves, best_buy


def _removals(pos: Position) -> dict[str, Any]:
    room = max(0, sum(pos.owned.values()) - KEEP_AT_LEAST)
    return {"type": "remove", "cards": removable_junk(pos, min(pos.may_remove, room))}


def expert_bot(view: Mapping[str, Any], seat: int, rng: Random) -> dict[str, Any]:
    """Plans the turn: the split of cards between moving and buying that gains the most."""
    pos = read(view, seat)
    if pos.may_remove:
        return _removals(pos)
    if pos.discarding:
        return {"type": "end_turn"}
    for cid, slug in pos.hand:
        if CARD_TYPES[slug].draws:
            return {"type": "action", "card": cid}
        if slug == "transmitter":
            wanted = max(_takeable(view), key=lambda s: DECK_VALUE.get(s, 0), default=None)
            if wanted is not None:
                return {"type": "action", "card": cid, "take": wanted}
    token = token_play(pos)
    if token is not None:
        return token
    weights = deck_weights(pos)

    def remap(p: Position) -> Mapping[Hex, float]:
        if JAM:
            return crowded_distances(p, weights, STEEP, p.blocked - set(p.explorers), JAM)
        return distances(p, weights, STEEP)

    dist = remap(pos)
    planner = Planner(pos, dist, weights)
    score, moves, buy = planner.best()
    thin = sum(pos.owned.values()) > KEEP_AT_LEAST
    if CLEARING:
        clear = clearing_play(
            pos,
            dist,
            score,
            lambda p, d: Planner(p, d, weights).best()[0],
            remap,
            thin=thin,
            camp_bonus=CAMP_BONUS,
        )
        if clear is not None:
            return clear
    if moves:
        return moves[0].action()
    reserved = set(buy[2]) if buy else set()
    spare = [c for c in junk_first(pos.hand) if c not in reserved]
    plays = [
        p
        for p in space_plays(pos, dist, spare, camp_bonus=CAMP_BONUS)
        if p[0] > 0 and (p[1]["type"] == "rubble" or thin)
    ]
    if buy is not None:
        # A rubble or base camp in the way can be worth more than the card the hand would buy:
        # an explorer that saves every hand for the shop may never pass it.
        every = junk_first(pos.hand)
        plays += [
            p
            for p in space_plays(pos, dist, every, camp_bonus=CAMP_BONUS)
            if p[0] > buy[0] and (p[1]["type"] == "rubble" or thin)
        ]
    plays += [p for p in blockade_plays(pos, dist, spare) if not reserved & _paid(p[1])]
    plays += native_plays(pos, dist)
    if plays:
        return max(plays, key=lambda p: p[0])[1]
    if buy is not None:
        return {"type": "buy", "card": buy[1], "pay": buy[2]}
    sideways = [
        m
        for cid, slug in pos.hand
        if CARD_TYPES[slug].kind != "action"
        for m in planner.moves(pos, cid, slug)
        if not m.blockade and m.gain > -1.5
    ]
    if sideways and rng.random() < SIDEWAYS:
        # Explorers can jam a narrow passage; an occasional step aside lets the others by.
        return rng.choice(sideways).action()
    return finish_turn(pos)


def _paid(action: Mapping[str, Any]) -> set[int]:
    return set(action.get("cards", ())) | ({action["card"]} if "card" in action else set())


def _takeable(view: Mapping[str, Any]) -> list[str]:
    cards = [m["card"] for m in view["market"] if m["card"] and m["left"]]
    return cards + [r["card"] for r in view["reserve"] if r["left"]]
