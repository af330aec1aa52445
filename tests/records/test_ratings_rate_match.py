"""Plackett-Luce updates for 2-8 seats, ties, and bit-for-bit determinism."""

from __future__ import annotations

import itertools
import json
import math
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.records.ratings import (
    DEFAULT,
    SIGMA0,
    TAU,
    Rating,
    _finishing_orders,
    _group_orders,
    display,
    rate_changes,
    rate_match,
)

QUICK = settings(max_examples=60, deadline=None)
ROOT = Path(__file__).resolve().parents[2]

ratings = st.builds(
    Rating,
    st.floats(min_value=0.0, max_value=50.0, allow_nan=False),
    st.floats(min_value=0.5, max_value=SIGMA0, allow_nan=False),
)


@st.composite
def matches(draw, rating_strategy=ratings):
    """A field of 2-8 ratings with places that may tie."""
    seats = draw(st.integers(min_value=2, max_value=8))
    field = draw(st.lists(rating_strategy, min_size=seats, max_size=seats))
    places = draw(st.lists(st.integers(1, seats), min_size=seats, max_size=seats))
    return field, places


def strict_places(seats: int) -> list[int]:
    return list(range(1, seats + 1))


@pytest.mark.parametrize("seats", range(2, 9))
def test_among_newcomers_the_winner_goes_up_and_the_last_goes_down(seats):
    after = rate_match([DEFAULT] * seats, strict_places(seats))
    assert after[0].mu > DEFAULT.mu
    assert after[-1].mu < DEFAULT.mu
    # Each place better than the next one gains strictly more.
    assert all(a.mu > b.mu for a, b in itertools.pairwise(after))


@QUICK
@given(matches())
def test_a_sole_winner_never_loses_and_a_sole_last_never_gains(match):
    field, _ = match
    seats = len(field)
    after = rate_match(field, strict_places(seats))
    assert after[0].mu > field[0].mu
    assert after[-1].mu < field[-1].mu


@QUICK
@given(matches(st.just(Rating(27.5, 4.0))))
def test_equal_players_gain_in_order_of_place_and_tied_ones_identically(match):
    field, places = match
    after = rate_match(field, places)
    for i in range(len(field)):
        for j in range(len(field)):
            if places[i] == places[j]:
                assert after[i] == after[j]
            elif places[i] < places[j]:
                assert after[i].mu > after[j].mu


def test_shared_win_is_rated_as_a_tie_for_first_place():
    # incan-gold.md: "Ratings treat a shared win as a tie for that place."
    shared = rate_match([DEFAULT] * 5, [1, 1, 3, 4, 5])
    sole = rate_match([DEFAULT] * 5, [1, 2, 3, 4, 5])
    assert shared[0] == shared[1]
    # The co-winners sit between a sole winner and a sole second ...
    assert sole[0].mu > shared[0].mu > sole[1].mu
    # ... and finishing third behind them is worth less than sharing the win (openskill's own tie
    # rule gives the third more here).
    assert shared[2].mu < shared[0].mu
    assert shared[2:] == sole[2:]


def test_shared_win_is_the_mean_of_both_orders_of_the_winners():
    sole = rate_match([DEFAULT] * 4, [1, 2, 3, 4])
    shared = rate_match([DEFAULT] * 4, [1, 1, 3, 4])
    assert shared[0].mu == pytest.approx((sole[0].mu + sole[1].mu) / 2, abs=1e-12)


def test_a_tie_in_the_middle_is_a_tie_for_that_place():
    after = rate_match([DEFAULT] * 5, [1, 2, 2, 4, 5])
    assert after[1] == after[2]
    assert after[0].mu > after[1].mu > after[3].mu > after[4].mu


def test_equal_players_sharing_a_place_with_a_different_one_get_identical_updates():
    # Rotating the tied group alone would place the odd player differently relative to each of
    # the three equal ones; they must still come out bit-identical.
    same, odd = Rating(20.0, 3.0), Rating(21.0, 3.0)
    after = rate_match([same, same, same, odd, DEFAULT], [1, 1, 1, 1, 5])
    assert after[0] == after[1] == after[2]
    assert after[3] != after[0]


def test_two_newcomers_who_tie_keep_their_mean():
    after = rate_match([DEFAULT, DEFAULT], [1, 1])
    assert [r.mu for r in after] == [DEFAULT.mu, DEFAULT.mu]
    assert all(r.sigma < SIGMA0 for r in after)


def test_everybody_tied_changes_no_mean_among_equals():
    after = rate_match([DEFAULT] * 8, [1] * 8)
    assert all(r == after[0] for r in after)
    assert after[0].mu == pytest.approx(DEFAULT.mu, abs=1e-12)


def test_sharing_the_win_with_a_weaker_player_costs_the_stronger_one():
    strong, weak = Rating(32.0, 3.0), Rating(20.0, 3.0)
    new_strong, new_weak = rate_match([strong, weak], [1, 1])
    assert new_strong.mu < strong.mu
    assert new_weak.mu > weak.mu


def test_beating_a_stronger_player_gains_more_than_beating_a_weaker_one():
    me = Rating(25.0, 4.0)
    upset = rate_match([me, Rating(35.0, 4.0)], [1, 2])[0]
    expected = rate_match([me, Rating(15.0, 4.0)], [1, 2])[0]
    assert upset.mu - me.mu > expected.mu - me.mu > 0


@QUICK
@given(matches(), st.floats(min_value=0.5, max_value=SIGMA0))
def test_with_equal_sigmas_the_means_move_as_a_zero_sum(match, sigma):
    field, places = match
    field = [Rating(r.mu, sigma) for r in field]
    after = rate_match(field, places)
    moved = math.fsum(a.mu - b.mu for a, b in zip(after, field, strict=True))
    assert moved == pytest.approx(0.0, abs=1e-9)


@QUICK
@given(matches())
def test_sigma_never_grows_beyond_the_drift_added_per_match(match):
    field, places = match
    for before, after in zip(field, rate_match(field, places), strict=True):
        assert after.sigma <= math.hypot(before.sigma, TAU) * (1 + 1e-12)


@QUICK
@given(matches(st.builds(Rating, st.floats(10.0, 40.0), st.floats(5.0, SIGMA0))))
def test_uncertain_players_become_more_certain(match):
    field, places = match
    assert all(a.sigma < b.sigma for a, b in zip(rate_match(field, places), field, strict=True))


@QUICK
@given(matches(), st.randoms(use_true_random=False))
def test_seat_numbers_do_not_matter_bit_for_bit(match, rng):
    field, places = match
    after = rate_match(field, places)
    perm = list(range(len(field)))
    rng.shuffle(perm)
    shuffled = rate_match([field[p] for p in perm], [places[p] for p in perm])
    assert shuffled == [after[p] for p in perm]


def test_rate_changes_pairs_before_and_after():
    field = [DEFAULT, Rating(30.0, 2.0), Rating(20.0, 5.0)]
    changes = rate_changes(field, [2, 1, 3])
    assert [c.before for c in changes] == field
    assert [c.after for c in changes] == rate_match(field, [2, 1, 3])
    assert [c.delta_display for c in changes] == [
        display(c.after) - display(c.before) for c in changes
    ]


@pytest.mark.parametrize(
    ("seats", "places", "message"),
    [
        (1, [1], "2 to 8 seats"),
        (9, [1] * 9, "2 to 8 seats"),
        (3, [1, 2], "expected 3 places"),
        (3, [0, 1, 2], "from 1 to 3"),
        (3, [1, 2, 4], "from 1 to 3"),
        (3, [1, 2, 2.0], "from 1 to 3"),
        (3, [1, True, 3], "from 1 to 3"),
    ],
)
def test_malformed_matches_are_a_value_error(seats, places, message):
    with pytest.raises(ValueError, match=message):
        rate_match([DEFAULT] * seats, places)


def fold_history(seed: int, matches_count: int, players: int = 12) -> list[Rating]:
    """Rate a long random history of 2-8 seat matches, as the site replays finished matches."""
    rng = random.Random(seed)
    table = [DEFAULT] * players
    for _ in range(matches_count):
        seats = rng.sample(range(players), rng.randint(2, 8))
        places = [rng.randint(1, len(seats)) for _ in seats]
        for seat, new in zip(seats, rate_match([table[s] for s in seats], places), strict=True):
            table[seat] = new
    return table


def test_replaying_a_long_history_reproduces_every_float():
    first = fold_history(7, 300)
    assert fold_history(7, 300) == first
    assert len({r.mu for r in first}) == len(first)


def test_storing_and_reloading_between_matches_changes_nothing():
    rng = random.Random(3)
    live = stored = [DEFAULT] * 6
    for _ in range(100):
        places = [rng.randint(1, 6) for _ in range(6)]
        live = rate_match(live, places)
        text = json.dumps([r.to_json() for r in stored])
        stored = rate_match([Rating.from_json(d) for d in json.loads(text)], places)
    assert stored == live


def test_a_fresh_process_with_another_hash_seed_reproduces_the_history():
    code = (
        "import json\n"
        "from tests.records.test_ratings_rate_match import fold_history\n"
        "print(json.dumps([r.to_json() for r in fold_history(11, 150)]))\n"
    )
    env = {"PYTHONHASHSEED": "12345", "PATH": ""}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert [Rating.from_json(d) for d in json.loads(done.stdout)] == fold_history(11, 150)


@pytest.mark.parametrize("size", range(1, 9))
def test_tie_orders_are_balanced_by_position_and_by_pair(size):
    group = list(range(size))
    orders = _group_orders(group)
    assert len(set(orders)) == len(orders) == min(2 * size, math.factorial(size))
    assert all(sorted(order) == group for order in orders)
    for seat in group:
        positions = Counter(order.index(seat) for order in orders)
        assert set(positions.values()) == {len(orders) // size}
    for a, b in itertools.combinations(group, 2):
        ahead = sum(order.index(a) < order.index(b) for order in orders)
        assert 2 * ahead == len(orders)


def partitions(seats: int, largest: int | None = None):
    """Every way of splitting `seats` into tie groups (sizes in non-increasing order)."""
    if seats == 0:
        yield []
        return
    for size in range(min(seats, largest or seats), 0, -1):
        for rest in partitions(seats - size, size):
            yield [size, *rest]


def test_no_tie_pattern_of_eight_seats_needs_more_than_72_strict_ratings():
    counts = []
    for sizes in partitions(8):
        starts = list(itertools.accumulate([0, *sizes]))
        groups = [list(range(a, b)) for a, b in itertools.pairwise(starts)]
        counts.append(sum(1 for _ in _finishing_orders(groups)))
    assert max(counts) == 72
