"""The expert Incan Gold bot: Monte Carlo rollouts over the unseen cards.

For "continue" it deals the unseen cards in random orders and plays the rest of the round with
every other seat following the cautious rule or, as likely as the round so far allows, tossing
a coin; "return" is valued exactly from the path and the seats expected to return with it. Its
own later decisions follow the cautious rule at several nerves on the same deals, and the best
of them stands for "continue". It keeps the choice with the larger expected gain.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from random import Random
from typing import Any

from games.engines.incan_gold.cards import HAZARD_KINDS, TREASURES

from .knowledge import Situation
from .simple import CONTINUE, RETURN, cautious_decision, cautious_wants_out

ROLLOUTS = 400
# Rollouts run in batches; once the gap between the two choices is this many standard errors
# wide, more rollouts would not change the decision.
BATCH = 100
CLEAR_GAP = 3.0
# Its own later decisions in a rollout: the cautious rule at each of these nerves, keeping the
# best. One fixed nerve was either too bold (it busts in the rollouts, so continuing looks bad
# and it went home too early) or, at 1, returned together with the modelled cautious seats.
FUTURE_NERVES = (0.5, 0.7, 1.0, 1.5, 2.0, 3.0, 5.0)
# Experts in the temple see the same public facts, so without some noise in their nerve they
# all return on the same turn and split the path (measured: 0.3 costs too much alone, 0.15 not).
JITTER = 0.15
# How likely a seat is to toss coins before the round shows anything; each decision it stays
# through halves that, so the random bots that leave early are not modelled as cautious.
RANDOM_PRIOR = 0.25

_TREASURE_VALUE = {code: int(code[1:]) for code in TREASURES}
_HAZARDS = frozenset(HAZARD_KINDS)


def expert_bot(
    view: Mapping[str, Any], seat: int, rng: Random, rollouts: int = ROLLOUTS
) -> dict[str, Any]:
    """Return when that is worth more than the simulated rest of the round."""
    if not view["legal_actions"]:
        raise ValueError("expert_bot was asked to act while out of the temple")
    situation = Situation.from_view(view, seat)
    if _nothing_at_stake(situation):
        # No card can end the round and nothing waits on the path: staying costs nothing.
        return dict(CONTINUE)
    nerve = rng.uniform(1.0 - JITTER, 1.0 + JITTER)
    _, gap = _staying_gap(view, situation, rng, rollouts, nerve, stop_when_clear=True)
    return dict(RETURN if gap < 0 else CONTINUE)


@dataclass(frozen=True, slots=True)
class Values:
    """What the expert expects each choice to bring home this round, in gems (artifacts at
    their worth): returning now, and staying with the best of its later plans."""

    returning: float
    staying: float

    @property
    def best(self) -> str:
        return "continue" if self.staying > self.returning else "return"


def decision_values(
    view: Mapping[str, Any], seat: int, rng: Random, rollouts: int = ROLLOUTS
) -> Values:
    """The expert's estimate of both choices for `seat`, on every rollout asked for (no early
    stop and no nerve of its own: a judgement of the position, for the post-game analysis)."""
    situation = Situation.from_view(view, seat)
    if _nothing_at_stake(situation):
        home = float(return_value(situation, []))
        return Values(returning=home, staying=home)
    home, gap = _staying_gap(view, situation, rng, rollouts, 1.0, stop_when_clear=False)
    return Values(returning=home, staying=home + gap)


def _nothing_at_stake(situation: Situation) -> bool:
    prize = situation.path_gems + situation.artifact_worth(situation.path_artifacts)
    return not situation.hazards_on_path and prize == 0


def _staying_gap(
    view: Mapping[str, Any],
    situation: Situation,
    rng: Random,
    rollouts: int,
    nerve: float,
    *,
    stop_when_clear: bool,
) -> tuple[float, float]:
    """Over rollouts of the rest of the round: the mean of what returning now brings home, and
    the mean of what staying brings beyond it with the best of the later plans (FUTURE_NERVES)."""
    seat = situation.me
    rivals = [s for s in situation.temple if s != seat]
    leaving = {s for s in rivals if cautious_decision(situation, s)}
    chance_random = random_odds(decisions_survived(view))
    styles = len(FUTURE_NERVES)
    total = [0.0] * styles
    squares = [0.0] * styles
    homes = 0.0
    done = 0
    while done < rollouts:
        for _ in range(min(BATCH, rollouts - done)):
            randoms = {s for s in rivals if rng.random() < chance_random}
            others = [s for s in rivals if (rng.random() < 0.5 if s in randoms else s in leaving)]
            home = nerve * return_value(situation, others)
            homes += home
            order = list(situation.unseen)
            rng.shuffle(order)
            for i, future in enumerate(FUTURE_NERVES):
                gap = _rollout(situation, others, randoms, order, future, rng) - home
                total[i] += gap
                squares[i] += gap * gap
            done += 1
        best = max(range(styles), key=total.__getitem__)
        mean = total[best] / done
        spread = max(squares[best] / done - mean * mean, 0.0) ** 0.5
        if stop_when_clear and abs(mean) > CLEAR_GAP * spread / done**0.5:
            break
    return homes / done, max(total) / done


def decisions_survived(view: Mapping[str, Any]) -> int:
    """How many decisions of this round the seats still in the temple have all passed."""
    path = view["path"]
    quick = view["options"].get("quick_start", True)
    # A hazard as the first card is flipped past without a decision.
    skipped = 1 if path and quick and path[0]["kind"] == "hazard" else 0
    return max(len(path) - 1 - skipped, 0)


def random_odds(decisions: int) -> float:
    """Chance that a seat which stayed through `decisions` coin-flip-able choices is random."""
    weight = RANDOM_PRIOR * 0.5**decisions
    return weight / (weight + 1.0 - RANDOM_PRIOR)


def return_value(situation: Situation, others: list[int]) -> float:
    """What returning now brings home if exactly `others` return as well."""
    k = len(others) + 1
    gain = situation.carried[situation.me] + situation.path_gems // k
    if k == 1:
        gain += situation.artifact_worth(situation.path_artifacts)
    return gain


def _rollout(
    situation: Situation,
    others: list[int],
    randoms: set[int],
    order: list[str],
    future: float,
    rng: Random,
) -> float:
    me = situation.me
    deck = list(order)
    carried = list(situation.carried)
    path_gems = situation.path_gems
    artifacts = list(situation.path_artifacts)
    taken = situation.artifacts_taken
    hazards = set(situation.hazards_on_path)
    temple = [s for s in situation.temple if s not in others]
    if others:
        k = len(others)
        path_gems -= (path_gems // k) * k
        if k == 1 and artifacts:
            taken += len(artifacts)
            artifacts = []
    treasures = [_TREASURE_VALUE[c] for c in deck if c in _TREASURE_VALUE]
    risky = sum(1 for c in deck if c in hazards)
    random = rng.random
    while deck:
        card = deck.pop()
        n = len(temple)
        value = _TREASURE_VALUE.get(card)
        if value is not None:
            share = value // n
            for s in temple:
                carried[s] += share
            path_gems += value - share * n
            treasures.remove(value)
        elif card in _HAZARDS:
            if card in hazards:
                return 0.0
            hazards.add(card)
            risky += deck.count(card)
        else:
            artifacts.append(card)
        if not deck:
            break
        bust = risky / len(deck)
        gain = sum(v // n for v in treasures) / len(deck)
        worth = situation.artifact_worth(artifacts, taken)
        prize = path_gems + worth
        back = [
            s
            for s in temple
            if (
                random() < 0.5
                if s in randoms
                else cautious_wants_out(
                    carried[s], bust, gain, prize, n, future if s == me else 1.0
                )
            )
        ]
        if back:
            k = len(back)
            share = path_gems // k
            path_gems -= share * k
            if me in back:
                return carried[me] + share + (worth if k == 1 else 0)
            if k == 1:
                taken += len(artifacts)
                artifacts = []
            temple = [s for s in temple if s not in back]
    # Unreachable with a full deck (a pair of some hazard always remains), kept for safety.
    return float(carried[me])
