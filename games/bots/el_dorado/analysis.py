"""A finished El Dorado game read back turn by turn: what each player's turn gained, the turn
the expert would have played from the same view, and what the difference costs in rounds.

Both turns are measured alike, by the expert's own yardstick at the start of the turn: the
spaces its explorers came nearer El Dorado on the expert's distance map (weighted by what the
seat's deck is good at), a bonus for arriving, plus what a card bought is worth to the deck in
spaces (`Planner.buy_value`). A gap in spaces becomes rounds at the player's own pace in that
match: the spaces its turns gained on average. Plain Python over the engine: the site runs it on
its task queue."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from random import Random
from typing import Any

import games.engines.el_dorado as ed

from .expert import ARRIVAL_BONUS, STEEP, Planner, deck_weights, expert_bot
from .position import distances, read

# A turn within this many spaces of the expert's counts as a good one: the yardstick is an
# estimate, and moving one space less to buy a card is a matter of taste.
TOLERANCE = 1.0
MAX_TURN_ACTIONS = 60  # an expert turn is a handful of actions; past this it is cut short


@dataclass(frozen=True, slots=True)
class Turn:
    """One player's turn, judged against the expert's."""

    step: int  # the replay step of the turn's first action
    last: int  # the replay step of its last action
    seat: int
    round: int
    gained: float  # spaces nearer El Dorado (arrival counted as the bonus on top)
    bought: str | None
    value: float  # gained, plus the card bought's worth in spaces
    expert_gained: float
    expert_bought: str | None
    expert_value: float
    pace: float = 1.0  # the player's spaces per turn over the match

    @property
    def loss(self) -> float:
        """Spaces the turn gave up against the expert's (never below zero)."""
        return max(0.0, self.expert_value - self.value)

    @property
    def rounds(self) -> float:
        """The loss in rounds, at the player's own pace."""
        return self.loss / self.pace

    @property
    def good(self) -> bool:
        return self.loss <= TOLERANCE

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Turn:
        return cls(**data)


def turns(
    state: ed.State, actions: Sequence[tuple[int, Mapping[str, Any]]]
) -> Iterator[tuple[int, int, ed.State, ed.State, list[Mapping[str, Any]]]]:
    """Each turn of a game played from `state` through its logged (seat, action) pairs: its
    first and last replay steps, the states before and after it, and its actions."""
    start, first, done = state, 1, []
    for step, (seat, action) in enumerate(actions, start=1):
        if not done:
            start, first = state, step
        state = ed.apply(state, seat, action).state
        done.append(action)
        if ed.is_over(state) or _turn_key(state) != _turn_key(start):
            yield first, step, start, state, done
            done = []


def _turn_key(state: ed.State) -> tuple[int, int]:
    return state.turn.round, state.turn.seat


def expert_turn(state: ed.State, rng: Random) -> tuple[ed.State, list[dict[str, Any]]]:
    """The turn the expert plays from `state` (the seat to act), and its actions."""
    seat, key = state.turn.seat, _turn_key(state)
    played: list[dict[str, Any]] = []
    while not ed.is_over(state) and _turn_key(state) == key and len(played) < MAX_TURN_ACTIONS:
        action = expert_bot(ed.player_view(state, seat), seat, rng)
        state = ed.apply(state, seat, action).state
        played.append(action)
    return state, played


def measure(
    before: ed.State, after: ed.State, actions: Sequence[Mapping[str, Any]]
) -> tuple[float, str | None, float]:
    """A turn by the expert's yardstick at its start: spaces gained, the card bought (or taken
    with a transmitter), and the two together."""
    seat = before.turn.seat
    pos = read(ed.player_view(before, seat), seat)
    weights = deck_weights(pos)
    dist = distances(pos, weights, STEEP)
    planner = Planner(pos, dist, weights)
    gained = 0.0
    for here, there in zip(pos.explorers, after.seats[seat].explorers, strict=True):
        if here is None:
            continue
        start = dist.get(here, 0.0)
        gained += start + ARRIVAL_BONUS if there is None else start - dist.get(there, start)
    bought = next((_gained_card(a) for a in actions if _gained_card(a)), None)
    worth = planner.buy_value(bought) if bought else 0.0
    return round(gained, 2), bought, round(gained + worth, 2)


def _gained_card(action: Mapping[str, Any]) -> str | None:
    if action.get("type") == "buy":
        return action.get("card")
    if action.get("type") == "action" and action.get("take"):
        return action["take"]
    return None


def analyse(
    state: ed.State,
    actions: Sequence[tuple[int, Mapping[str, Any]]],
    *,
    seed: int,
    progress: Callable[[int, int], None] | None = None,
) -> list[Turn]:
    """Every turn of the game, each judged against the turn the expert plays from the same
    state. The expert's random choices are seeded by `seed`, the step and the seat: the same
    game always reads the same."""
    found = list(turns(state, actions))
    judged: list[Turn] = []
    for first, last, before, after, done in found:
        seat = before.turn.seat
        gained, bought, value = measure(before, after, done)
        rng = Random(f"{seed}:{first}:{seat}")
        expert_after, expert_done = expert_turn(before, rng)
        e_gained, e_bought, e_value = measure(before, expert_after, expert_done)
        judged.append(
            Turn(
                first,
                last,
                seat,
                before.turn.round,
                gained,
                bought,
                value,
                e_gained,
                e_bought,
                e_value,
            )
        )
        if progress is not None:
            progress(len(judged), len(found))
    return _with_paces(judged)


def _with_paces(judged: list[Turn]) -> list[Turn]:
    """Each turn with its player's pace: the spaces their turns gained on average (one at
    least, so that a stuck player's losses stay finite)."""
    paces = {}
    for seat in {t.seat for t in judged}:
        own = [t.gained for t in judged if t.seat == seat]
        paces[seat] = max(1.0, sum(own) / len(own))
    return [replace(t, pace=round(paces[t.seat], 2)) for t in judged]


@dataclass(frozen=True, slots=True)
class Summary:
    """How well one seat played its turns: good ones of all, and the rounds its others cost."""

    seat: int
    decisions: int
    good: int
    lost: float  # rounds

    @property
    def accuracy(self) -> int:
        return round(100 * self.good / self.decisions) if self.decisions else 100


def summaries(judged: Sequence[Turn], players: int) -> list[Summary]:
    """Each seat's accuracy and the rounds given up."""
    out = []
    for seat in range(players):
        own = [t for t in judged if t.seat == seat]
        out.append(
            Summary(seat, len(own), sum(t.good for t in own), round(sum(t.rounds for t in own), 1))
        )
    return out


def turning_points(judged: Sequence[Turn], most: int = 3, least: float = 0.5) -> list[Turn]:
    """The costliest turns of the game (at least `least` rounds), in the order played."""
    costly = sorted((t for t in judged if t.rounds >= least), key=lambda t: -t.rounds)[:most]
    return sorted(costly, key=lambda t: (t.step, t.seat))
