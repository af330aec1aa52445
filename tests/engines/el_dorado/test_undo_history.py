"""Undo within a turn: every action that reveals nothing keeps the turn's earlier states, and
stepping back gives them again exactly, whichever earlier state an action is applied to."""

from __future__ import annotations

import random
from collections import Counter

import games.engines.el_dorado as ed
from games.bots.el_dorado import greedy_bot
from games.engines.el_dorado.state import State


def _states(seed: int, actions: int) -> list[tuple[State, dict]]:
    state = ed.new_game(4, seed)
    rng = random.Random(seed)
    out = []
    while len(out) < actions and not ed.is_over(state):
        seat = state.turn.seat
        action = greedy_bot(ed.player_view(state, seat), seat, rng)
        out.append((state, action))
        state = ed.apply(state, seat, action).state
    return out


def test_undo_history_holds_the_turns_earlier_states() -> None:
    checked = 0
    for state, action in _states(3, 300):
        new = ed.apply(state, state.turn.seat, action).state
        if new.history:
            assert all(h.history == () for h in new.history)
            assert new.history[-1] == ed.from_json({**ed.to_json(state), "history": []})
            undone = ed.apply(new, state.turn.seat, {"type": "undo"}).state
            assert ed.to_json(undone) == ed.to_json(state)
            checked += 1
    assert checked > 10


def test_applying_to_any_earlier_state_gives_the_same_result_as_in_sequence():
    played = _states(5, 60)
    in_sequence = [ed.apply(s, s.turn.seat, a).state for s, a in played]
    for (state, action), expected in reversed(list(zip(played, in_sequence, strict=True))):
        again = ed.apply(state, state.turn.seat, action).state
        assert ed.to_json(again) == ed.to_json(expected)
        assert all(not h.history for h in again.history)


def test_views_count_the_owners_draw_pile_by_card_never_in_order():
    state = ed.new_game(4, 8)
    rng = random.Random(8)
    checked = 0
    while not ed.is_over(state) and checked < 150:
        seat = min(ed.to_act(state))
        view = ed.player_view(state, seat)
        shown = view["seats"][seat]["draw_counts"]
        expected = Counter(state.cards[c] for c in state.seats[seat].draw)
        assert shown == dict(expected) and list(shown) == sorted(shown)
        assert all("draw_counts" not in s for i, s in enumerate(view["seats"]) if i != seat)
        state = ed.apply(state, seat, greedy_bot(view, seat, rng)).state
        checked += 1
