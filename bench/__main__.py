"""Runs every benchmark: `python -m bench` (what `make bench` calls)."""

from __future__ import annotations

import importlib
import sys
import time

SUITES = [
    "bench.incan_gold",
    "bench.incan_gold_margins",
    "bench.el_dorado",
    "bench.el_dorado_margins",
    "bench.ratings",
]


def machine_gauge() -> float:
    """Nanoseconds per step of a fixed pure-Python loop (best of five): the same benchmark can
    differ threefold between machines, or on one shared machine from hour to hour."""
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        total = 0
        for i in range(1_000_000):
            total += i & 7
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main(argv: list[str]) -> None:
    wanted = [s for s in SUITES if not argv or s.rsplit(".", 1)[-1] in argv]
    print(f"machine gauge: {machine_gauge():.1f} ns per loop step (lower is faster)", flush=True)
    for name in wanted:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError:
            continue
        print(f"== {name.rsplit('.', 1)[-1]} ==", flush=True)
        module.main()


if __name__ == "__main__":
    main(sys.argv[1:])
