"""Fixed-seed arena margins of the El Dorado expert: it beats greedy head to head at two, three
and four seats (its win rate minus greedy's has its 95% interval above zero), and four experts
reach El Dorado sooner than four greedy bots. Larger runs of every map are in `make bench`
(bench/el_dorado_margins.py)."""

from __future__ import annotations

import pytest

from games.bots.arena import estimate, run_arena

# Measured (make bench, seed 7): expert - greedy +0.83 ± 0.06 (2 seats, 300 games), +0.44 ± 0.10
# (3 seats, 200), +0.56 ± 0.09 (4 seats, 200).
HEAD_TO_HEAD = [
    ("expert,greedy", 60, 3),
    ("expert,greedy,greedy", 60, 3),
    ("expert,greedy,greedy,greedy", 60, 3),
]
# Maps where four experts arrive at least 1.5 rounds before four greedy bots, the interval
# included (make bench, 120 games each: winding path 2.01 ± 0.50, serpentine 4.31 ± 0.59,
# witch's cauldron 2.38 ± 0.48). On hills of gold (1.24 ± 0.47), home stretch (0.37 ± 0.43)
# and swamplands (2.48 ± 1.08) the margin does not hold yet.
SOONER = [("serpentine", 60, 3), ("witchs-cauldron", 60, 3)]
# Maps where four experts arrive significantly sooner, by less than 1.5 rounds at this size.
SIGNIFICANTLY_SOONER = [("winding-path", 60, 3), ("hills-of-gold", 80, 3)]


@pytest.mark.parametrize(("lineup", "games", "seed"), HEAD_TO_HEAD)
def test_expert_beats_greedy_head_to_head(lineup, games, seed):
    result = run_arena("el-dorado", lineup.split(","), games, seed)
    assert result.capped == 0
    margin = result.compare("expert", "greedy").win_rate
    assert margin.mean > margin.half_width, margin


def _sooner(slug: str, games: int, seed: int) -> tuple[float, float, dict]:
    """How many rounds sooner four experts' first explorer arrives than four greedy bots',
    with the half-width of its 95% interval."""
    rounds = {}
    for level in ("expert", "greedy"):
        result = run_arena("el-dorado", [level] * 4, games, seed, options={"map": slug})
        assert result.capped == 0
        rounds[level] = estimate([float(g.rounds) for g in result.finished])
    sooner = rounds["greedy"].mean - rounds["expert"].mean
    half = (rounds["greedy"].half_width ** 2 + rounds["expert"].half_width ** 2) ** 0.5
    return sooner, half, rounds


@pytest.mark.parametrize(("slug", "games", "seed"), SOONER)
def test_four_experts_reach_el_dorado_over_a_round_and_a_half_sooner(slug, games, seed):
    sooner, half, rounds = _sooner(slug, games, seed)
    assert sooner - half > 1.5, (slug, rounds)


@pytest.mark.parametrize(("slug", "games", "seed"), SIGNIFICANTLY_SOONER)
def test_four_experts_reach_el_dorado_significantly_sooner(slug, games, seed):
    sooner, half, rounds = _sooner(slug, games, seed)
    assert sooner > half, (slug, rounds)
