"""The records: `replace` builds what `dataclasses.replace` builds, and a state with earlier
states to undo to reads back from its JSON as itself."""

from __future__ import annotations

import dataclasses
import random

import pytest

import games.engines.el_dorado as ed
from games.engines.el_dorado.state import Seat, State, Turn, replace


def _played(seed: int, actions: int) -> State:
    state = ed.new_game(3, seed)
    rng = random.Random(seed)
    for _ in range(actions):
        seat = state.turn.seat
        moves = [a for a in ed.legal_actions(state, seat) if a["type"] != "undo"]
        state = ed.apply(state, seat, rng.choice(moves)).state
    return state


@pytest.mark.parametrize(
    ("record", "changes"),
    [
        (Seat(), {"hand": (1, 2), "explorers": ((0, 1),)}),
        (Turn(), {"seat": 2, "bought": True, "single_used": (4,)}),
        (ed.new_game(2, 1), {"over": True, "shuffles": 3}),
    ],
)
def test_replace_builds_what_dataclasses_replace_builds(record, changes):
    mine, theirs = replace(record, **changes), dataclasses.replace(record, **changes)
    assert mine == theirs and type(mine) is type(theirs)
    assert replace(record) == record
    with pytest.raises(TypeError):
        replace(record, no_such_field=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        mine.__setattr__(next(iter(changes)), None)


def test_a_state_with_earlier_states_reads_back_from_its_json_as_itself():
    found = 0
    for seed in range(6):
        state = _played(seed, 25)
        stored = ed.to_json(state)
        assert ed.from_json(stored) == state
        depth, step = 0, state.previous
        while step is not None:
            depth, step = depth + 1, step.previous
        assert len(stored["history"]) == depth
        assert all(entry["history"] == [] for entry in stored["history"])
        found += depth > 0
    assert found
