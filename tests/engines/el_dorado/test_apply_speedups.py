"""The shortcuts `apply` takes give what the plain computations give."""

from __future__ import annotations

import copy
import random

import pytest

import games.engines.el_dorado as ed
from games.bots.el_dorado import greedy_bot
from games.engines.el_dorado.piles import without
from games.engines.el_dorado.rules import _turn_start
from games.engines.el_dorado.setup import rng, shuffle
from games.engines.el_dorado.state import Turn


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 8, 9, 16, 17, 31, 33, 64, 100])
def test_shuffle_matches_random_shuffle(size: int) -> None:
    for seed in (-5, 0, 1, 12345, 2**40):
        for counter in (0, 1, 17):
            plain = list(range(size))
            rng(seed, "shuffle", counter).shuffle(plain)
            fast = list(range(size))
            shuffle(fast, seed, "shuffle", counter)
            assert fast == plain


def test_without_matches_filtering() -> None:
    pile = (5, 3, 9, 3, 7)
    for gone in ([], [3], [9], [4], (5,), [3, 7], [5, 3, 9, 3, 7]):
        assert without(pile, gone) == tuple(c for c in pile if c not in gone)


def test_turn_start_is_a_fresh_turn() -> None:
    for seat in range(4):
        for number in (1, 2, 30):
            assert _turn_start(seat, number) == Turn(seat=seat, round=number)
    assert _turn_start(2, 5) is _turn_start(2, 5)


def test_events_built_on_read_are_kept_and_independent_of_the_action() -> None:
    state = ed.new_game(4, 7)
    rng_ = random.Random(7)
    seen: list[tuple[ed.Progress, list[dict]]] = []
    for _ in range(300):
        if ed.is_over(state):
            break
        seat = min(ed.to_act(state))
        action = greedy_bot(ed.player_view(state, seat), seat, rng_)
        kept = copy.deepcopy(action)
        progress = ed.apply(state, seat, action)
        # Reading the events later, after the caller changed its action, tells the same.
        for value in action.values():
            if isinstance(value, list):
                value.clear()
        again = ed.apply(state, seat, kept)
        first = progress.events
        assert progress.events is first
        assert first == again.events
        assert progress == again
        seen.append((progress, copy.deepcopy(first)))
        state = progress.state
    # Events read long after are unchanged by the play that followed.
    for progress, events in seen:
        assert progress.events == events


def test_undo_history_holds_the_turns_earlier_states() -> None:
    state = ed.new_game(4, 3)
    rng_ = random.Random(3)
    for _ in range(400):
        if ed.is_over(state):
            break
        seat = min(ed.to_act(state))
        action = greedy_bot(ed.player_view(state, seat), seat, rng_)
        new = ed.apply(state, seat, action).state
        if new.history:
            assert all(h.history == () for h in new.history)
            assert new.history[-1] == ed.from_json({**ed.to_json(state), "history": []})
            undone = ed.apply(new, seat, {"type": "undo"}).state
            assert ed.to_json(undone) == ed.to_json(state)
        state = new
