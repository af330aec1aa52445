"""El Dorado expert margins: in four-seat self-play the experts' first explorer reaches El Dorado
at least 1.5 rounds sooner than greedy bots' on every official map (PASS when the difference's
95% interval lies wholly beyond 1.5 rounds), and the expert beats greedy head to head at two,
three and four seats (PASS when its win rate minus greedy's has its 95% interval above zero)."""

from __future__ import annotations

import time

from games.bots.arena import estimate, run_arena
from games.engines.el_dorado.maps import MAP_SLUGS

# Per map and line-up: about 40 s a map on one core, intervals near ± 0.3 rounds.
SELF_PLAY_GAMES = 240
HEAD_TO_HEAD: tuple[tuple[str, int], ...] = (
    ("expert,greedy", 300),
    ("expert,greedy,greedy", 200),
    ("expert,greedy,greedy,greedy", 200),
)
SOONER = 1.5  # rounds
SEED = 7


def _rounds(lineup: list[str], slug: str) -> list[float]:
    result = run_arena("el-dorado", lineup, SELF_PLAY_GAMES, SEED, options={"map": slug})
    return [float(g.rounds) for g in result.finished if g.rounds is not None]


def main() -> None:
    """Play every map in self-play and every head-to-head line-up; print whether each holds."""
    for slug in MAP_SLUGS:
        start = time.perf_counter()
        expert = _rounds(["expert"] * 4, slug)
        greedy = _rounds(["greedy"] * 4, slug)
        e, g = estimate(expert), estimate(greedy)
        sooner = g.mean - e.mean
        half = (e.half_width**2 + g.half_width**2) ** 0.5
        verdict = "PASS" if sooner - half > SOONER else "FAIL"
        print(
            f"{slug}: first arrival, 4 experts {e.mean:.2f} ± {e.half_width:.2f} rounds, "
            f"4 greedy {g.mean:.2f} ± {g.half_width:.2f}; sooner by {sooner:.2f} ± {half:.2f} "
            f"(needs > {SOONER}) {verdict} ({time.perf_counter() - start:.0f} s)",
            flush=True,
        )
    for lineup, games in HEAD_TO_HEAD:
        start = time.perf_counter()
        levels = lineup.split(",")
        result = run_arena("el-dorado", levels, games, SEED)
        diff = result.compare("expert", "greedy").win_rate
        verdict = "PASS" if diff.mean > diff.half_width else "FAIL"
        rates = ", ".join(
            f"{s.level} {s.win_rate.mean:.3f} ± {s.win_rate.half_width:.3f}"
            for s in result.level_stats()
        )
        print(
            f"{len(levels)} seats {lineup} ({games} games, {time.perf_counter() - start:.0f} s): "
            f"{rates}; expert - greedy {diff.mean:+.3f} ± {diff.half_width:.3f} {verdict}",
            flush=True,
        )


if __name__ == "__main__":
    main()
