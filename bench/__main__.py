"""Runs every benchmark: `python -m bench` (what `make bench` calls)."""

from __future__ import annotations

import importlib
import sys

SUITES = ["bench.incan_gold", "bench.el_dorado", "bench.ratings"]


def main(argv: list[str]) -> None:
    wanted = [s for s in SUITES if not argv or s.rsplit(".", 1)[-1] in argv]
    for name in wanted:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError:
            continue
        print(f"== {name.rsplit('.', 1)[-1]} ==", flush=True)
        module.main()


if __name__ == "__main__":
    main(sys.argv[1:])
