"""Who won: explorers in El Dorado rank by blockades taken, then by their highest blockade."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .state import State


@dataclass(frozen=True, slots=True)
class Outcome:
    """Places (ties share one), blockade counts, highest blockade, who reached El Dorado.

    The game keeps no points; a seat's score is the number of seats placed below it.
    """

    scores: tuple[int, ...]
    blockades: tuple[int, ...]  # blockades taken
    highest: tuple[int, ...]  # value of the highest blockade taken (0 if none)
    reached: tuple[bool, ...]
    places: tuple[int, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats in first place (more than one for a shared win)."""
        return tuple(s for s, place in enumerate(self.places) if place == 1)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "scores": list(self.scores),
            "blockades": list(self.blockades),
            "highest": list(self.highest),
            "reached": list(self.reached),
            "places": list(self.places),
            "winners": list(self.winners),
        }


def _key(state: State, seat: int) -> tuple[int, int, int]:
    s = state.seats[seat]
    values = [state.blockades[j][1] for j in s.blockades]
    return (seat in state.finished, len(values), max(values, default=0))


def ranking(state: State) -> tuple[int, ...]:
    """Places for every seat: El Dorado first, then blockades, then the highest blockade.

    Players who did not reach El Dorado share the place after everyone who did.
    """
    keys = []
    for seat in range(state.players):
        done, count, high = _key(state, seat)
        keys.append((1, count, high) if done else (0, 0, 0))
    return tuple(1 + sum(other > mine for other in keys) for mine in keys)


def outcome(state: State) -> Outcome | None:
    """Final places once the game is over, else None."""
    if not state.over:
        return None
    keys = [_key(state, seat) for seat in range(state.players)]
    places = ranking(state)
    return Outcome(
        scores=tuple(sum(other > mine for other in places) for mine in places),
        blockades=tuple(k[1] for k in keys),
        highest=tuple(k[2] for k in keys),
        reached=tuple(k[0] for k in keys),
        places=places,
    )
