"""A finished Incan Gold game read back decision by decision: what each player chose at each
reveal, and what the expert expected each choice to bring home (`expert.decision_values`).
Plain Python over the engine, so that it can run anywhere: the site runs it on its task queue."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from random import Random
from typing import Any

import games.engines.incan_gold as ig

from .expert import decision_values

# A choice within this many gems of the expert's best counts as a good one: the estimates are
# averages over rollouts and a hair's difference is noise.
TOLERANCE = 0.5


@dataclass(frozen=True, slots=True)
class Decision:
    """One player's choice at one reveal, judged."""

    step: int  # the replay step of the reveal (the logged action that made it)
    seat: int
    round: int
    carried: int
    choice: str  # "continue" or "return"
    returning: float
    staying: float

    @property
    def best(self) -> str:
        return "continue" if self.staying > self.returning else "return"

    @property
    def loss(self) -> float:
        """Gems the choice gave up against the better one, by the expert's estimate."""
        chosen = self.staying if self.choice == "continue" else self.returning
        return max(self.staying, self.returning) - chosen

    @property
    def good(self) -> bool:
        return self.loss <= TOLERANCE

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Decision:
        return cls(**data)


def reveals(
    state: Any, actions: Iterable[tuple[int, Mapping[str, Any]]]
) -> Iterator[tuple[int, Any, Mapping[str, Any]]]:
    """Each reveal of a game played from `state` through its logged (seat, action) pairs: the
    step that made it, the state when that turn's decisions began, and the reveal event."""
    start = state
    for step, (seat, action) in enumerate(actions, start=1):
        progress = ig.apply(state, seat, action)
        state = progress.state
        reveal = next((e for e in progress.events if e["type"] == "reveal"), None)
        if reveal is not None:
            yield step, start, reveal
            start = state


def analyse(
    state: Any,
    actions: Sequence[tuple[int, Mapping[str, Any]]],
    *,
    seed: int,
    rollouts: int,
    progress: Callable[[int, int], None] | None = None,
) -> list[Decision]:
    """Every decision of the game, judged by the expert from what the player could see. The
    rollouts of each decision have a random generator of their own, seeded by `seed`, the step
    and the seat: the same game always reads the same."""
    found = list(reveals(state, actions))
    total = sum(len(r["returning"]) + len(r["continuing"]) for _, _, r in found)
    decisions: list[Decision] = []
    for step, start, reveal in found:
        chose = {s: "return" for s in reveal["returning"]}
        chose.update({s: "continue" for s in reveal["continuing"]})
        for seat in sorted(chose):
            view = ig.player_view(start, seat)
            values = decision_values(view, seat, Random(f"{seed}:{step}:{seat}"), rollouts)
            decisions.append(
                Decision(
                    step=step,
                    seat=seat,
                    round=start.round,
                    carried=start.seats[seat].carried,
                    choice=chose[seat],
                    returning=round(values.returning, 2),
                    staying=round(values.staying, 2),
                )
            )
            if progress is not None:
                progress(len(decisions), total)
    return decisions


@dataclass(frozen=True, slots=True)
class Summary:
    """How well one seat chose: good choices of all, and the gems its mistakes cost."""

    seat: int
    decisions: int
    good: int
    lost: float

    @property
    def accuracy(self) -> int:
        """Good choices, in percent."""
        return round(100 * self.good / self.decisions) if self.decisions else 100


def summaries(decisions: Sequence[Decision], players: int) -> list[Summary]:
    """Each seat's accuracy."""
    out = []
    for seat in range(players):
        own = [d for d in decisions if d.seat == seat]
        out.append(
            Summary(
                seat=seat,
                decisions=len(own),
                good=sum(d.good for d in own),
                lost=round(sum(d.loss for d in own), 1),
            )
        )
    return out


def turning_points(decisions: Sequence[Decision], most: int = 3, least: float = 2.0):
    """The costliest choices of the game (at least `least` gems lost), in the order played."""
    costly = sorted((d for d in decisions if d.loss >= least), key=lambda d: -d.loss)[:most]
    return sorted(costly, key=lambda d: (d.step, d.seat))
