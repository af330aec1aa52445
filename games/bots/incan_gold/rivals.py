"""What the expert reads into the other seats still in the temple.

Each rival is one of three kinds: a coin-tosser, a cautious player (the cautious rule at a nerve
near 1) or a bold one (the same rule at a higher nerve, as an expert that hopes to be left alone
plays). Every decision of this round that a rival stayed through is evidence: the path, read
backwards, gives what it carried and what the next card risked at each of them, and how likely
each kind was to stay there. The rollouts then draw each rival's kind from what that evidence
leaves.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from random import Random
from typing import Any

from games.engines.incan_gold.cards import Kind, kind_of

from .knowledge import HAZARDS, TREASURE_VALUE, Situation
from .simple import JITTER as CAUTIOUS_JITTER
from .simple import LOOKAHEAD

# Before the round shows anything: how likely a seat is to be each kind.
PRIOR_RANDOM = 0.2
PRIOR_BOLD = 0.35
# The nerves of a cautious and of a bold rival (the cautious bot's own jitter; a bold rival
# stays through risks several times what the cautious rule accepts).
CAUTIOUS_NERVES = (1.0 - CAUTIOUS_JITTER, 1.0 + CAUTIOUS_JITTER)
BOLD_NERVES = (1.3, 4.0)
# No kind is ever ruled out outright: the rule read backwards is only an approximation.
FLOOR = 0.02


@dataclass(frozen=True, slots=True)
class Kinds:
    """One rival's chances of being a coin-tosser, cautious or bold."""

    random: float
    cautious: float
    bold: float

    def draw(self, rng: Random) -> tuple[float, float] | None:
        """A kind for one rollout: None for a coin-tosser, else the range its nerve comes from."""
        x = rng.random()
        if x < self.random:
            return None
        if x < self.random + self.cautious:
            return CAUTIOUS_NERVES
        return BOLD_NERVES


def stay_chance(need: float, nerves: tuple[float, float]) -> float:
    """Chance that a nerve drawn evenly from `nerves` is at least `need` (the rule stays)."""
    low, high = nerves
    return min(max((high - need) / (high - low), 0.0), 1.0)


def nerve_needed(carried: float, bust: float, gain: float, prize: float, players: int) -> float:
    """The least nerve with which the cautious rule stays (see `cautious_wants_out`)."""
    risk = bust * (carried + prize / players)
    if risk <= 0:
        return 0.0
    reward = (1.0 - bust) * gain * LOOKAHEAD
    return risk / reward if reward > 0 else float("inf")


def read_rivals(view: Mapping[str, Any], situation: Situation) -> dict[int, Kinds]:
    """Each rival still in the temple, with its kind's chances given the decisions it passed."""
    rivals = [s for s in situation.temple if s != situation.me]
    likelihood = {s: [1.0, 1.0, 1.0] for s in rivals}
    for state in _past_decisions(view, situation):
        carried, bust, gain, prize, players = state
        for s in rivals:
            need = nerve_needed(carried[s], bust, gain, prize, players)
            odds = likelihood[s]
            odds[0] *= 0.5
            odds[1] *= max(stay_chance(need, CAUTIOUS_NERVES), FLOOR)
            odds[2] *= max(stay_chance(need, BOLD_NERVES), FLOOR)
    prior = (PRIOR_RANDOM, 1.0 - PRIOR_RANDOM - PRIOR_BOLD, PRIOR_BOLD)
    out = {}
    for s, odds in likelihood.items():
        weights = [p * o for p, o in zip(prior, odds, strict=True)]
        total = sum(weights)
        out[s] = Kinds(*(w / total for w in weights))
    return out


def _past_decisions(
    view: Mapping[str, Any], situation: Situation
) -> list[tuple[dict[int, float], float, float, float, int]]:
    """The decisions of this round before the current one, newest first, as the cautious rule
    saw them: what each seat still inside carried, the bust chance, the mean share of the next
    card, the prize on the path and the players inside. Seats that left since are not known, so
    shares are taken at today's number of players inside (it can only have been larger)."""
    path = [card["card"] for card in view["path"]]
    quick = view["options"].get("quick_start", True)
    first = 2 if path and quick and path[0] in HAZARDS else 1
    players = len(situation.temple)
    carried = {s: float(situation.carried[s]) for s in situation.temple}
    unseen = list(situation.unseen)
    gems = float(situation.path_gems)
    out = []
    for length in range(len(path) - 1, first - 1, -1):
        card = path[length]
        value = TREASURE_VALUE.get(card)
        if value is not None:
            for s in carried:
                carried[s] = max(carried[s] - value // players, 0.0)
            gems = max(gems - value % players, 0.0)
        unseen.append(card)
        before = path[:length]
        hazards = {c for c in before if c in HAZARDS}
        risky = sum(1 for c in unseen if c in hazards)
        bust = risky / len(unseen)
        gain = sum(TREASURE_VALUE.get(c, 0) // players for c in unseen) / len(unseen)
        artifacts = [c for c in before if kind_of(c) is Kind.ARTIFACT]
        prize = gems + situation.artifact_worth(artifacts)
        out.append((dict(carried), bust, gain, prize, players))
    return out
