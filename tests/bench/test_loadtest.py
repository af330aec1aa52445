"""The load generator's pure parts: frame versions, percentiles, goals and the move models."""

from __future__ import annotations

import json
import math
import random

import pytest

from bench.loadtest.drivers import ElDoradoModel, IncanGoldModel
from bench.loadtest.stats import (
    frame_version,
    largest_holding,
    machine_busy,
    percentile,
    proc_ticks,
    push_goal_met,
    ratio,
)


def test_a_frame_holds_the_version_it_brings():
    assert frame_version('<div id="match-live" data-version="12" hx-swap-oob="true">') == 12


def test_data_base_is_not_a_version():
    frame = '<div data-base="6" data-version="7"></div><p data-base="6">'
    assert frame_version(frame) == 7
    assert frame_version('<div data-base="6">') is None


def test_several_parts_count_as_the_highest_version():
    frame = b'<b data-version="3"></b><i data-version="5"></i><u data-version="4"></u>'
    assert frame_version(frame) == 5


def test_lookalike_attributes_and_markerless_frames_carry_no_version():
    assert frame_version('<div data-version-old="3" x-data-version="4">') is None
    assert frame_version("") is None
    assert frame_version('{"type": "pong"}') is None


def test_percentiles_are_observed_values_by_nearest_rank():
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == 50
    assert percentile(values, 95) == 95
    assert percentile(values, 99) == 99
    assert percentile(values, 100) == 100
    assert percentile([0.3, 0.1, 0.2], 50) == 0.2
    assert percentile([], 95) is None


def test_an_undelivered_move_keeps_the_tail_infinite():
    values = [0.01] * 96 + [math.inf] * 4
    assert percentile(values, 95) == 0.01
    assert math.isinf(percentile(values, 99))
    with pytest.raises(ValueError):
        percentile(values, 101)


def test_cpu_ticks_are_read_past_a_command_name_with_spaces():
    line = "4242 (python (daphne) x) S 1 2 3 4 5 6 7 8 9 10 120 30 0 0 20 0 9 0 100 200"
    assert proc_ticks(line) == 150


def test_machine_busy_counts_idle_and_iowait_as_free():
    before = "cpu  100 0 100 700 100 0 0 0 0 0"
    after = "cpu  150 0 150 800 100 0 0 0 0 0"
    assert machine_busy(before, after) == 50.0


def test_the_goal_needs_a_fast_tail_a_small_ratio_everything_delivered_and_the_pace():
    assert push_goal_met(40.0, 10.0, 0, 100.0, 100.0)
    assert not push_goal_met(60.0, 10.0, 0, 100.0, 100.0)  # 6x the bare fan-out
    assert not push_goal_met(300.0, 100.0, 0, 100.0, 100.0)  # over 250 ms
    assert not push_goal_met(40.0, 10.0, 1, 100.0, 100.0)  # one update lost
    assert not push_goal_met(40.0, 10.0, 0, 80.0, 100.0)  # fell behind the beat
    assert not push_goal_met(math.inf, 10.0, 0, 100.0, 100.0)
    assert not push_goal_met(None, 10.0, 0, 0.0, 100.0)
    assert ratio(50.0, 10.0) == 5.0


def test_the_headline_stops_at_the_first_m_that_did_not_hold():
    assert largest_holding({10: True, 50: True, 100: False}) == 50
    assert largest_holding({10: True, 50: False, 100: True}) == 10
    assert largest_holding({10: False}) is None


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_incan_gold_model_plays_whole_games_without_wasted_moves(seed):
    from games.engines import incan_gold as engine

    state = engine.new_game(4, seed)
    model = IncanGoldModel(4, random.Random(seed), return_rate=0.2)
    wasted = probes = 0
    for _ in range(5000):
        if engine.is_over(state):
            break
        move = model.next_move()
        action = json.loads(move.fields["action"])
        waiting = engine.to_act(state)
        try:
            state = engine.apply(state, move.seat, action).state
        except ValueError:
            assert move.probe, "only a probe of a seat in camp may be refused"
            probes += 1
            model.refused(move)
            continue
        wasted += move.seat not in waiting  # a change of mind: the model had lost track
        model.accepted(move)
    assert engine.is_over(state)
    assert wasted == 0
    assert probes < 60


def test_the_incan_gold_model_recovers_from_a_wrong_start():
    from games.engines import incan_gold as engine

    state = engine.new_game(4, 9)
    for seat, choice in ((0, "return"), (1, "continue"), (2, "continue"), (3, "continue")):
        state = engine.apply(state, seat, {"type": "decide", "choice": choice}).state
    model = IncanGoldModel(4, random.Random(0), return_rate=0.0)  # believes seat 0 is in
    taken = 0
    for _ in range(200):
        if engine.is_over(state):
            break
        move = model.next_move()
        try:
            state = engine.apply(state, move.seat, json.loads(move.fields["action"])).state
        except ValueError:
            model.refused(move)
            continue
        model.accepted(move)
        taken += 1
    assert taken > 100


def test_el_dorado_turns_pass_round_the_table_and_a_refusal_moves_on():
    model = ElDoradoModel(3, random.Random(0))
    seats = []
    for _ in range(4):
        move = model.next_move()
        assert json.loads(move.fields["do"]) == {"type": "end_turn"}
        seats.append(move.seat)
        model.accepted(move)
    assert seats == [0, 1, 2, 0]
    model.refused(model.next_move())
    assert model.next_move().seat == 2
