"""What the expert reads into the other seats still in the temple.

Each rival is one of three kinds: a coin-tosser, a cautious player (the cautious rule at a nerve
near 1) or a bold one (the same rule at a higher nerve, as an expert that hopes to be left alone
plays). Every decision a rival made this game is evidence, earlier rounds included: the view
records each round's cards and when each seat went home, so walking a round forwards gives what
every seat carried, what the next card risked and who went home at each decision, and how likely
each kind was to choose as the rival did. The rollouts then draw each rival's kind from what that
evidence leaves.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from random import Random
from typing import Any

from games.engines.incan_gold.cards import ARTIFACTS, Kind, kind_of, round_deck

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
# No kind is ever ruled out outright: the cautious rule is only an approximation of a player.
FLOOR = 0.02
# A bold seat may go home early: an expert ranked after another one in a round's precedence
# (`expert.precedence`) does at a close call. So going home at some risk is weak evidence
# against boldness, never strong; going home with next to nothing at risk marks a coin-tosser.
# (Only earlier rounds show it: a rival still inside has not gone home this round.)
BOLD_GOING_HOME = 0.3
# The risks at which an expert yields: measured, its returns fall between about half and one
# and a quarter of what the cautious rule takes (quartiles), a coin-tosser's mostly below 0.3.
YIELD_NERVES = (0.2, 1.0)


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


@dataclass(frozen=True, slots=True)
class Moment:
    """One decision as the cautious rule saw it: what each seat inside carried, the bust chance,
    the mean share of the next card, the prize on the path, the players inside, and who went
    home."""

    carried: dict[int, float]
    bust: float
    gain: float
    prize: float
    players: int
    leaving: frozenset[int]


def read_rivals(view: Mapping[str, Any], situation: Situation) -> dict[int, Kinds]:
    """Each rival still in the temple, with its kind's chances given every decision it made."""
    rivals = [s for s in situation.temple if s != situation.me]
    prior = (PRIOR_RANDOM, 1.0 - PRIOR_RANDOM - PRIOR_BOLD, PRIOR_BOLD)
    odds = {s: list(prior) for s in rivals}
    for moment in moments(view, situation):
        for s in rivals:
            if s not in moment.carried:
                continue
            need = nerve_needed(
                moment.carried[s], moment.bust, moment.gain, moment.prize, moment.players
            )
            cautious = stay_chance(need, CAUTIOUS_NERVES)
            bold = stay_chance(need, BOLD_NERVES)
            if s in moment.leaving:
                yielding = BOLD_GOING_HOME * (1.0 - stay_chance(need, YIELD_NERVES))
                cautious, bold = 1.0 - cautious, max(1.0 - bold, yielding)
            weights = odds[s]
            weights[0] *= 0.5
            weights[1] *= max(cautious, FLOOR)
            weights[2] *= max(bold, FLOOR)
            total = sum(weights)
            odds[s] = [w / total for w in weights]
    return {s: Kinds(*weights) for s, weights in odds.items()}


def moments(view: Mapping[str, Any], situation: Situation) -> list[Moment]:
    """Every decision of the game before the current one, oldest first."""
    quick = view["options"].get("quick_start", True)
    out: list[Moment] = []
    history = view["history"]
    drawn: set[str] = set()
    taken = 0
    for number, past in enumerate(history):
        removed = [p["hazard"] for p in history[:number] if p["hazard"] is not None]
        deck = round_deck(removed, [a for a in ARTIFACTS[: past["round"]] if a not in drawn])
        path = past["path"]
        # Nobody decides after the second hazard that ended a round.
        last = len(path) - (past["hazard"] is not None)
        taken = _walk(situation, deck, path, past["home"], last, quick, taken, out)
        drawn.update(c for c in path if kind_of(c) is Kind.ARTIFACT)
    turned = view["turned"]
    deck = list(situation.unseen) + turned
    homes = [seat["home"] for seat in view["seats"]]
    _walk(situation, deck, turned, homes, len(turned) - 1, quick, taken, out)
    return out


def _walk(
    situation: Situation,
    deck: list[str],
    path: list[str],
    homes: list[int | None],
    last: int,
    quick: bool,
    taken: int,
    out: list[Moment],
) -> int:
    """Add the decisions of one round, after each of its first `last` cards, to `out`; returns
    the artifacts taken home by the end of it."""
    unseen = list(deck)
    carried = dict.fromkeys(range(len(homes)), 0.0)
    gems = 0
    artifacts: list[str] = []
    first = 2 if quick and path and path[0] in HAZARDS else 1
    for length, card in enumerate(path[:last], start=1):
        inside = [s for s, home in enumerate(homes) if home is None or home >= length]
        unseen.remove(card)
        value = TREASURE_VALUE.get(card)
        if value is not None:
            for s in inside:
                carried[s] += value // len(inside)
            gems += value % len(inside)
        elif kind_of(card) is Kind.ARTIFACT:
            artifacts.append(card)
        if length < first or not unseen:
            continue
        n = len(inside)
        hazards = {c for c in path[:length] if c in HAZARDS}
        bust = sum(1 for c in unseen if c in hazards) / len(unseen)
        gain = sum(TREASURE_VALUE.get(c, 0) // n for c in unseen) / len(unseen)
        prize = gems + situation.artifact_worth(artifacts, taken)
        leaving = frozenset(s for s in inside if homes[s] == length)
        carrying = {s: carried[s] for s in inside}
        out.append(Moment(carrying, bust, gain, prize, n, leaving))
        if leaving:
            gems %= len(leaving)
            if len(leaving) == 1:
                taken += len(artifacts)
                artifacts = []
            for s in leaving:
                carried[s] = 0.0
    return taken
