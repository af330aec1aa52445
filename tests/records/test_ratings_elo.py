"""The pairwise-Elo baseline: every pair in a match is a game scored by places."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.records.ratings import ELO_DEFAULT, elo_expected, elo_rate_match

QUICK = settings(max_examples=150, deadline=None)


@st.composite
def elo_matches(draw):
    seats = draw(st.integers(min_value=2, max_value=8))
    elos = draw(st.lists(st.floats(800.0, 2400.0), min_size=seats, max_size=seats))
    places = draw(st.lists(st.integers(1, seats), min_size=seats, max_size=seats))
    return elos, places


def test_two_equal_players_move_by_half_of_k():
    assert elo_rate_match([1500.0, 1500.0], [1, 2]) == [1516.0, 1484.0]


def test_expected_score_is_ten_to_one_at_400_points():
    assert elo_expected(1900.0, 1500.0) / elo_expected(1500.0, 1900.0) == pytest.approx(10.0)
    assert elo_expected(1500.0, 1500.0) == 0.5


@pytest.mark.parametrize("seats", range(2, 9))
def test_k_is_shared_among_the_opponents(seats):
    # A sole winner among equals scores 1 - 0.5 against each of n - 1 opponents, K / (n - 1) each.
    after = elo_rate_match([ELO_DEFAULT] * seats, list(range(1, seats + 1)), k=32)
    assert after[0] == pytest.approx(ELO_DEFAULT + 16.0)
    assert after[-1] == pytest.approx(ELO_DEFAULT - 16.0)


@QUICK
@given(elo_matches(), st.floats(1.0, 64.0))
def test_a_match_moves_no_points_in_or_out(match, k):
    elos, places = match
    after = elo_rate_match(elos, places, k=k)
    assert math.fsum(after) == pytest.approx(math.fsum(elos), abs=1e-9)


@QUICK
@given(elo_matches())
def test_a_sole_winner_gains_and_a_sole_last_loses(match):
    elos, _ = match
    after = elo_rate_match(elos, list(range(1, len(elos) + 1)))
    assert after[0] > elos[0]
    assert after[-1] < elos[-1]


def test_a_tie_between_equals_changes_nothing():
    assert elo_rate_match([1500.0] * 4, [1, 1, 1, 1]) == [1500.0] * 4


def test_a_tie_is_half_a_point_for_each():
    strong, weak = elo_rate_match([1700.0, 1500.0], [1, 1])
    assert strong == pytest.approx(1700.0 - 32 * (elo_expected(1700.0, 1500.0) - 0.5))
    assert strong < 1700.0 and weak > 1500.0
    assert strong - 1700.0 == pytest.approx(1500.0 - weak)


def test_tied_equals_get_equal_updates():
    after = elo_rate_match([1500.0, 1500.0, 1500.0, 1500.0], [1, 2, 2, 4])
    assert after[1] == after[2]
    assert after[0] > after[1] > after[3]


@QUICK
@given(elo_matches())
def test_elo_is_deterministic(match):
    elos, places = match
    assert elo_rate_match(elos, places) == elo_rate_match(list(elos), list(places))


def test_elo_checks_places_like_the_main_model():
    with pytest.raises(ValueError, match="expected 3 places"):
        elo_rate_match([1500.0] * 3, [1, 2])
