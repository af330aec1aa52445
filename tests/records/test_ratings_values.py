"""The rating value, its JSON form, the shown number and the provisional mark."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.records.ratings import (
    DEFAULT,
    DISPLAY_BASE,
    MU0,
    PROVISIONAL_SIGMA,
    SCALE,
    SIGMA0,
    Rating,
    RatingChange,
    conservative,
    display,
    is_provisional,
    rate_match,
    win_chances,
)

QUICK = settings(max_examples=150, deadline=None)
mus = st.floats(min_value=-20.0, max_value=80.0, allow_nan=False)
sigmas = st.floats(min_value=0.01, max_value=12.0, allow_nan=False)
ratings = st.builds(Rating, mus, sigmas)


def test_default_is_openskills_newcomer_prior():
    assert DEFAULT == Rating() == Rating(25.0, 25.0 / 3.0)


@pytest.mark.parametrize(
    ("mu", "sigma"),
    [(math.nan, 1.0), (math.inf, 1.0), (25.0, 0.0), (25.0, -1.0), (25.0, math.nan)],
)
def test_a_rating_needs_a_finite_mean_and_a_positive_spread(mu, sigma):
    with pytest.raises(ValueError, match="finite mu and a positive sigma"):
        Rating(mu, sigma)


@QUICK
@given(ratings)
def test_json_round_trip_gives_back_the_identical_floats(rating):
    text = json.dumps(rating.to_json())
    back = Rating.from_json(json.loads(text))
    assert back == rating
    assert (back.mu.hex(), back.sigma.hex()) == (rating.mu.hex(), rating.sigma.hex())


def test_json_round_trip_after_real_updates_is_exact():
    state = [DEFAULT] * 5
    for places in [(1, 2, 3, 4, 5), (2, 2, 1, 5, 4), (5, 4, 3, 2, 1)]:
        state = rate_match(state, places)
        restored = [Rating.from_json(json.loads(json.dumps(r.to_json()))) for r in state]
        assert restored == state


@pytest.mark.parametrize(
    "data",
    [{}, {"mu": 25.0}, {"mu": "25", "sigma": 8.0}, {"mu": True, "sigma": 8.0}, [25.0, 8.0], None],
)
def test_malformed_json_is_a_value_error(data):
    with pytest.raises(ValueError):
        Rating.from_json(data)


def test_json_accepts_whole_numbers_as_floats():
    assert Rating.from_json({"mu": 25, "sigma": 8}) == Rating(25.0, 8.0)


def test_conservative_rating_is_mu_minus_three_sigma():
    assert conservative(Rating(30.0, 2.0)) == 24.0


def test_a_newcomer_shows_1500_minus_three_sigma_of_doubt():
    assert display(DEFAULT) == round(DISPLAY_BASE - SCALE * 3 * SIGMA0)
    assert display(DEFAULT) == 763


def test_a_certain_average_player_shows_1500():
    assert display(Rating(MU0, 1e-9)) == DISPLAY_BASE


def test_400_points_between_certain_players_mean_ten_to_one_odds():
    weak = Rating(MU0, 1e-9)
    strong = Rating(MU0 + 400 / SCALE, 1e-9)
    assert display(strong) - display(weak) == 400
    chance_strong, chance_weak = win_chances([strong, weak])
    assert chance_strong / chance_weak == pytest.approx(10.0, rel=1e-6)


@QUICK
@given(mus, sigmas, st.floats(min_value=0.01, max_value=10.0))
def test_display_rises_with_skill_and_falls_with_doubt(mu, sigma, step):
    rating = Rating(mu, sigma)
    assert display(Rating(mu + step, sigma)) >= display(rating)
    assert display(Rating(mu, sigma + step)) <= display(rating)


@QUICK
@given(ratings)
def test_display_is_a_whole_number_near_the_exact_mapping(rating):
    shown = display(rating)
    assert isinstance(shown, int)
    assert abs(shown - (DISPLAY_BASE + SCALE * (rating.mu - 3 * rating.sigma - MU0))) <= 0.5


def test_provisional_until_sigma_drops_below_the_threshold():
    assert is_provisional(DEFAULT)
    assert is_provisional(Rating(40.0, PROVISIONAL_SIGMA))
    assert not is_provisional(Rating(10.0, PROVISIONAL_SIGMA - 1e-9))


@pytest.mark.parametrize(("seats", "low", "high"), [(2, 8, 16), (4, 12, 22)])
def test_a_newcomer_stops_being_provisional_after_some_dozen_games(seats, low, high):
    # A regular newcomer among equals, finishing in every place in turn.
    me, others = DEFAULT, [DEFAULT] * (seats - 1)
    games = 0
    while is_provisional(me):
        places = [1 + (games + seat) % seats for seat in range(seats)]
        me, *others = rate_match([me, *others], places)
        games += 1
        assert games <= high
    assert games >= low


def test_rating_change_reports_how_the_shown_number_moved():
    before = [DEFAULT, DEFAULT, DEFAULT]
    after = rate_match(before, [1, 2, 3])
    changes = [RatingChange(b, a) for b, a in zip(before, after, strict=True)]
    assert [c.delta_display for c in changes] == [display(a) - 763 for a in after]
    assert changes[0].delta_display > 0 > changes[2].delta_display


@QUICK
@given(st.lists(ratings, min_size=2, max_size=8))
def test_win_chances_are_a_distribution_ordered_by_mu(field):
    chances = win_chances(field)
    assert math.fsum(chances) == pytest.approx(1.0)
    assert all(0.0 < c < 1.0 for c in chances)
    by_mu = sorted(range(len(field)), key=lambda s: field[s].mu)
    assert [chances[s] for s in by_mu] == sorted(chances)


def test_equal_ratings_have_equal_win_chances():
    assert win_chances([DEFAULT] * 4) == [0.25] * 4


@pytest.mark.parametrize("seats", [1, 9])
def test_win_chances_need_two_to_eight_seats(seats):
    with pytest.raises(ValueError, match="2 to 8 seats"):
        win_chances([DEFAULT] * seats)
