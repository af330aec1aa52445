"""Incan Gold expert margins: win rates at every table size and mix, PASS when the expert's win
rate minus cautious's (and minus random's) has its 95% interval above zero."""

from __future__ import annotations

import time

from games.bots.arena import Estimate, run_arena

# (line-up, games): one expert at 3 to 8 seats, two or three experts, and all experts but one
# cautious at every size from 3 to 8. Three seats needs the most games of the one-expert tables:
# the expert's lead there is near 0.1 in win rate, and 800 games put the interval near ±0.065.
# The small tables of several experts have margins near 0.05, so they play enough games (a
# thousand four-seat games of rollouts take about five minutes on two processes) for their
# intervals to say which way they lean; from five seats the crowded temple is played by the
# spread of nerves, margins of 0.1 to 0.2 in seconds.
LINEUPS: tuple[tuple[str, int], ...] = (
    ("expert,cautious,random", 800),
    ("expert,cautious,cautious,random", 120),
    ("expert,cautious,cautious,random,random", 80),
    ("expert,cautious,cautious,cautious,random,random", 60),
    ("expert,cautious,cautious,cautious,random,random,random", 50),
    ("expert,cautious,cautious,cautious,cautious,random,random,random", 40),
    ("expert,expert,cautious,random", 1000),
    ("expert,expert,expert,cautious,cautious,random", 300),
    ("expert,expert,cautious", 800),
    ("expert,expert,expert,cautious", 400),
    ("expert,expert,expert,expert,cautious", 400),
    ("expert,expert,expert,expert,expert,cautious", 300),
    ("expert,expert,expert,expert,expert,expert,cautious", 200),
    ("expert,expert,expert,expert,expert,expert,expert,cautious", 200),
)
SEED = 7


def _margin(name: str, diff: Estimate) -> str:
    verdict = "PASS" if diff.mean > diff.half_width else "FAIL"
    return f"{name} {diff.mean:+.3f} ± {diff.half_width:.3f} {verdict}"


def main() -> None:
    """Play every lineup and print the win rates and whether each margin holds."""
    for lineup, games in LINEUPS:
        start = time.perf_counter()
        levels = lineup.split(",")
        result = run_arena("incan-gold", levels, games, SEED, workers=2)
        rates = ", ".join(
            f"{s.level} {s.win_rate.mean:.3f} ± {s.win_rate.half_width:.3f}"
            for s in result.level_stats()
        )
        margins = [_margin("expert - cautious", result.compare("expert", "cautious").win_rate)]
        if "random" in levels:
            margins.append(_margin("expert - random", result.compare("expert", "random").win_rate))
        print(
            f"{len(levels)} seats {lineup} ({games} games, {time.perf_counter() - start:.0f} s): "
            f"{rates}; {'; '.join(margins)}",
            flush=True,
        )


if __name__ == "__main__":
    main()
