"""Shared helpers for Incan Gold scenario tests: fixed decks and whole decision steps."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import pytest

import games.engines.incan_gold as ig


@dataclass
class Table:
    """A game under test with the events seen so far."""

    state: ig.State
    events: list[dict]

    def step(self, choices: Mapping[int, str]) -> list[dict]:
        """Every listed seat decides, in seat order; returns the events of this step."""
        new: list[dict] = []
        for seat in sorted(choices):
            progress = ig.apply(self.state, seat, {"type": "decide", "choice": choices[seat]})
            self.state = progress.state
            new.extend(progress.events)
        self.events.extend(new)
        return new

    def all(self, choice: str) -> list[dict]:
        """Every seat in the temple makes the same choice."""
        return self.step({s: choice for s in self.temple()})

    def temple(self) -> list[int]:
        """Seats in the temple."""
        return [s for s, seat in enumerate(self.state.seats) if seat.in_temple]

    def of(self, kind: str) -> list[dict]:
        """Events of one type seen so far."""
        return [e for e in self.events if e["type"] == kind]


def start(players: int, rounds: Iterable[Iterable[str]], seed: int = 1, **options) -> Table:
    """A game whose listed rounds begin with the given cards."""
    progress = ig.new_game_with_events(
        players, seed, {"deck": [list(r) for r in rounds], **options}
    )
    return Table(progress.state, list(progress.events))


@pytest.fixture
def table():
    """The `start` helper."""
    return start
