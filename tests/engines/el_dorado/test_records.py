"""Fast record copies build the same frozen records as their constructors, and undo snapshots
come out the same whichever state an action is applied to."""

from __future__ import annotations

import dataclasses
import random

import pytest

import games.engines.el_dorado as ed
from games.bots.el_dorado import greedy_bot
from games.engines.el_dorado.records import builder, evolver, replacer, thawer
from games.engines.el_dorado.state import Seat, State, Turn


@dataclasses.dataclass(frozen=True, slots=True)
class Pair:
    left: int
    right: tuple[int, ...] = ()


@dataclasses.dataclass(frozen=True)
class Checked:
    value: int

    def __post_init__(self) -> None:
        if self.value < 0:
            raise ValueError("negative")


def test_copies_are_frozen_instances_equal_to_the_constructors_result():
    copy = evolver(Pair)(Pair(1, (2,)), right=(3,))
    assert type(copy) is Pair and copy == Pair(1, (3,))
    assert builder(Pair)(4, (5,)) == Pair(4, (5,))
    assert replacer(Pair, ("left",))(Pair(1, (2,)), 7) == Pair(7, (2,))
    with pytest.raises(dataclasses.FrozenInstanceError):
        copy.left = 9


def test_a_draft_freezes_into_one_new_record_and_leaves_the_original_alone():
    thaw, freeze = thawer(Seat)
    seat = Seat(hand=(1, 2), explorers=((0, 0),))
    draft = thaw(seat)
    draft.hand = (2,)
    frozen = freeze(draft)
    assert type(frozen) is Seat and frozen == Seat(hand=(2,), explorers=((0, 0),))
    assert seat.hand == (1, 2)


def test_records_with_a_post_init_still_go_through_their_constructor():
    with pytest.raises(ValueError, match="negative"):
        evolver(Checked)(Checked(1), value=-1)
    assert builder(Checked)(3) == Checked(3)


def test_unknown_fields_are_refused():
    with pytest.raises(TypeError):
        evolver(Turn)(Turn(), no_such_field=1)
    with pytest.raises(TypeError):
        replacer(Turn, ("no_such_field",))


def _states(seed: int, actions: int) -> list[tuple[State, dict]]:
    state = ed.new_game(4, seed)
    rng = random.Random(seed)
    out = []
    for _ in range(actions):
        seat = state.turn.seat
        action = greedy_bot(ed.player_view(state, seat), seat, rng)
        out.append((state, action))
        state = ed.apply(state, seat, action).state
    return out


def test_applying_to_any_earlier_state_gives_the_same_result_as_in_sequence():
    played = _states(5, 60)
    in_sequence = [ed.apply(s, s.turn.seat, a).state for s, a in played]
    for (state, action), expected in reversed(list(zip(played, in_sequence, strict=True))):
        again = ed.apply(state, state.turn.seat, action).state
        assert ed.to_json(again) == ed.to_json(expected)
        assert all(not h.history for h in again.history)


def test_undo_returns_the_state_before_the_action():
    undone = 0
    for state, action in _states(8, 80):
        new = ed.apply(state, state.turn.seat, action).state
        if new.history:
            back = ed.apply(new, new.turn.seat, {"type": "undo"}).state
            assert ed.to_json(back) == ed.to_json(state)
            undone += 1
    assert undone > 10
