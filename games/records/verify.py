"""Check that every cached snapshot and result equals a fresh replay of the match's log."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from games.models import Match, Status
from games.play.services.state import engine_for, fold, logged_actions


@dataclass(frozen=True)
class Difference:
    match_id: int
    problem: str


def _plain(value: Any) -> Any:
    # What the database gives back: JSON turns tuples into lists.
    return json.loads(json.dumps(value))


def verify_match(match: Match) -> list[Difference]:
    """Replay one match from its seed and compare with what is stored."""
    if match.status == Status.OPEN:
        return []
    engine = engine_for(match)
    try:
        folded = fold(match, logged_actions(match))
    except ValueError as exc:
        return [Difference(match.pk, f"the log does not replay: {exc}")]
    problems = []
    if match.snapshot is not None and match.snapshot != _plain(engine.to_json(folded.state)):
        problems.append(Difference(match.pk, "the cached snapshot differs from the replay"))
    stored_events = list(match.opening_events) + [
        event for row in match.actions.order_by("seq") for event in row.events
    ]
    if stored_events != _plain([event for _, event in folded.events]):
        problems.append(Difference(match.pk, "the stored log events differ from the replay"))
    awaited = engine.to_act(folded.state) if match.status == Status.ACTIVE else frozenset()
    stored = {seat.position for seat in match.seats.all() if seat.to_move}
    if stored != set(awaited):
        problems.append(Difference(match.pk, "the seats marked to move differ from the replay"))
    if match.status == Status.FINISHED:
        result = engine.outcome(folded.state)
        if result is None:
            problems.append(Difference(match.pk, "finished, but the replay is not over"))
        else:
            scores = result.to_dict()["scores"]
            for seat in match.seats.all():
                if seat.score != scores[seat.position]:
                    problems.append(
                        Difference(match.pk, f"seat {seat.position + 1}'s score differs")
                    )
    return problems


def verify_all() -> tuple[int, list[Difference]]:
    """Verify every match; return how many were checked and every difference found."""
    checked, problems = 0, []
    for match in Match.objects.exclude(status=Status.OPEN).iterator():
        checked += 1
        problems.extend(verify_match(match))
    return checked, problems
