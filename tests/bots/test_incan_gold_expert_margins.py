"""Fixed-seed arena margins of the Incan Gold expert: its win rate minus cautious's and minus
random's, each with its 95% interval above zero. Larger runs of every line-up are in
`make bench` (bench/incan_gold_margins.py)."""

from __future__ import annotations

import pytest

from games.bots import arena

# (line-up, games, seed): one expert against cautious and random seats at three and five to
# eight seats (four seats is test_arena's ladder), and the crowded tables of several experts,
# which the spread of nerves plays in seconds. The lead at three seats is the smallest, hence
# the count, played on two processes. The small tables of several experts need hundreds of
# games of rollouts each to show their margins; `make bench` plays them.
MARGINS = [
    ("expert,cautious,random", 1000, 3),
    ("expert,cautious,cautious,random,random", 100, 3),
    ("expert,cautious,cautious,cautious,random,random", 60, 3),
    ("expert,cautious,cautious,cautious,random,random,random", 60, 3),
    ("expert,cautious,cautious,cautious,cautious,random,random,random", 60, 3),
    ("expert,expert,expert,cautious,cautious,random", 200, 3),
    ("expert,expert,expert,expert,expert,cautious", 100, 3),
    ("expert,expert,expert,expert,expert,expert,cautious", 100, 3),
    ("expert,expert,expert,expert,expert,expert,expert,cautious", 100, 3),
]


@pytest.mark.parametrize(("lineup", "games", "seed"), MARGINS)
def test_expert_wins_significantly_more_often(lineup: str, games: int, seed: int) -> None:
    levels = lineup.split(",")
    # Results do not depend on the number of processes (every game has its own seed).
    result = arena.run_arena("incan-gold", levels, games=games, seed=seed, workers=2)
    assert result.capped == 0
    for rival in ("cautious", "random"):
        if rival in levels:
            margin = result.compare("expert", rival).win_rate
            assert margin.mean > margin.half_width, (rival, margin)
