"""Final scores and places of Incan Gold."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .state import Phase, State


@dataclass(frozen=True, slots=True)
class Outcome:
    """Final scores, artifact counts (the tie-break) and places; ties share a place."""

    scores: tuple[int, ...]
    artifacts: tuple[int, ...]
    places: tuple[int, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats in first place (more than one for a shared win)."""
        return tuple(s for s, place in enumerate(self.places) if place == 1)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "scores": list(self.scores),
            "artifacts": list(self.artifacts),
            "places": list(self.places),
            "winners": list(self.winners),
        }


def outcome(state: State) -> Outcome | None:
    """Scores and places once the game is over, else None."""
    if state.phase is not Phase.OVER:
        return None
    scores = tuple(seat.tent + seat.artifact_value for seat in state.seats)
    counts = tuple(len(seat.artifacts) for seat in state.seats)
    keys = list(zip(scores, counts, strict=True))
    places = tuple(1 + sum(other > key for other in keys) for key in keys)
    return Outcome(scores, counts, places)
