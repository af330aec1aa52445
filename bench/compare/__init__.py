"""Benchmarks side by side: a base tree (a commit or a folder) against this one, in one run.

`python -m bench.compare 15f3652` (or `make bench BASE=15f3652`). Each tree is measured by
`probe.py`, from this tree, in a subprocess of its own whose working directory and first
`sys.path` entry are that tree, so the tree's own code is what runs. The two sides take turns
for several rounds (base first in odd rounds, current first in even ones) so that the noise of
a shared machine falls on both. Every round replays the same positions (fixed seeds, seeded
bots), so a time is each position's lowest over the rounds; games per second is the best run.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from statistics import fmean
from typing import Any

PROBE = Path(__file__).with_name("probe.py")
CURRENT = Path(__file__).resolve().parents[2]
TOLERANCE = 0.05  # a time may be this much above the base's and still pass: machine noise
GREEDY_FLOOR = 0.5  # greedy games per second may drop to half the base's, no further

# What one round measures in each tree; TINY is for the test that keeps this working.
SIZES: dict[str, Any] = {
    # Whole greedy games played untimed first, the same in both trees (see probe.warm_up).
    "warm_games": 30,
    "greedy_runs": 3,
    "greedy_seconds": 1.0,
    "ed_greedy": 600,
    "ed_expert": 300,
    "ig_expert": 120,
    "ig_seats": 4,
    "ed_seats": 4,
    "site_matches": 1,
    "site_seed": 20240,
    # Moves timed per match after the warm-up: all of an Incan Gold game (about 100), the
    # first 120 of an El Dorado one (about 260), to keep a round under a minute.
    "site_moves": 120,
    "site_warmup": 3,
}
TINY: dict[str, Any] = {
    **SIZES,
    "warm_games": 1,
    "greedy_runs": 1,
    "greedy_seconds": 0.05,
    "ed_greedy": 5,
    "ed_expert": 3,
    "ig_expert": 3,
    "ig_seats": 3,
    "ed_seats": 2,
    "site_moves": 3,
    "site_warmup": 1,
}
ROUNDS = 4

LINE_RULE = (
    "player_view lines: the source lines (def line to last line, docstring and comments "
    "included) of the engine's player_view and of every function of the same engine package "
    "it names, followed transitively; a class of the package it names counts its own "
    "__new__/__init__/__post_init__/__call__, a module-level dict/list/tuple it names counts "
    "the package functions in it; methods called on objects and annotations are not "
    "followed; each function counts once. In brackets: lines that are not blank, comments "
    "or docstrings, and how many functions."
)


@dataclass(frozen=True)
class Row:
    figure: str
    base: float
    current: float
    unit: str
    bound: str  # "min": current >= GREEDY_FLOOR x base; "max": current <= 1 + TOLERANCE; "" info
    note: str = ""

    @property
    def ratio(self) -> float:
        return self.current / self.base if self.base else math.inf

    @property
    def verdict(self) -> str:
        if self.bound == "min":
            return "PASS" if self.ratio >= GREEDY_FLOOR else "FAIL"
        if self.bound == "max":
            return "PASS" if self.ratio <= 1 + TOLERANCE else "FAIL"
        return ""

    @property
    def bound_text(self) -> str:
        if self.bound == "min":
            return f">= {GREEDY_FLOOR:.2f}x"
        if self.bound == "max":
            return f"<= 1.00x (+{TOLERANCE:.0%})"
        return "-"


def _git(cwd: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True)
    return done.stdout.strip()


@contextmanager
def base_tree(base: str, current: Path = CURRENT) -> Iterator[tuple[Path, str]]:
    """The base as a folder: an existing one as it is, a commit checked out into a temporary
    worktree (removed afterwards). Yields the folder and a label."""
    folder = Path(base).expanduser()
    if folder.is_dir():
        yield folder.resolve(), str(folder.resolve())
        return
    try:
        commit = _git(current, "rev-parse", "--verify", "--quiet", f"{base}^{{commit}}")
    except subprocess.CalledProcessError:
        message = f"BASE={base!r} is neither a folder nor a commit of this repository"
        raise SystemExit(message) from None
    holder = Path(tempfile.mkdtemp(prefix="bench-base-"))
    tree = holder / "tree"
    _git(current, "worktree", "add", "--detach", "--quiet", str(tree), commit)
    try:
        yield tree, f"{base} ({commit[:10]}, checked out in {tree})"
    finally:
        subprocess.run(
            ["git", "worktree", "remove", "--force", str(tree)], cwd=current, capture_output=True
        )
        shutil.rmtree(holder, ignore_errors=True)
        subprocess.run(["git", "worktree", "prune"], cwd=current, capture_output=True)


def probe(tree: Path, sizes: dict[str, Any]) -> dict[str, Any]:
    """Run this tree's probe against `tree` in a fresh interpreter and read its figures."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONSTARTUP")}
    env["PYTHONHASHSEED"] = "0"  # the same set and dict orders on both sides
    done = subprocess.run(
        [sys.executable, str(PROBE), json.dumps(sizes)],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the probe failed in {tree}:\n{done.stderr[-4000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def run(
    base: Path,
    current: Path = CURRENT,
    rounds: int = ROUNDS,
    sizes: dict[str, Any] | None = None,
    log=print,
) -> dict[str, list[dict[str, Any]]]:
    """Every round's figures for each side, the sides taking turns."""
    sizes = SIZES if sizes is None else sizes
    found: dict[str, list[dict[str, Any]]] = {"base": [], "current": []}
    trees = {"base": base, "current": current}
    for number in range(rounds):
        order = ("base", "current") if number % 2 == 0 else ("current", "base")
        took = []
        for side in order:
            start = time.perf_counter()
            found[side].append(probe(trees[side], {**sizes, "lines": number == 0}))
            took.append(f"{side} {time.perf_counter() - start:.1f} s")
        log(f"round {number + 1}/{rounds}: {', '.join(took)}", flush=True)
    return found


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def _floor(rounds: list[dict[str, Any]], samples) -> list[float]:
    """Each position's lowest time over the rounds. Rounds replay the same positions (fixed
    seeds, seeded bots), so a burst of load on the machine has to hit one position in every
    round to count."""
    return [min(times) for times in zip(*(samples(r) for r in rounds), strict=False)]


def rows(found: dict[str, list[dict[str, Any]]]) -> list[Row]:
    """The table: for each side, the best greedy run, and the mean and p95 of each
    position's best time over the rounds."""
    base, current = found["base"], found["current"]
    out = [
        Row(
            "El Dorado 4p greedy games/s (best run)",
            max(max(r["greedy_rates"]) for r in base),
            max(max(r["greedy_rates"]) for r in current),
            "games/s",
            "min",
        )
    ]
    for name in base[0]["decisions"]:

        def both(r, name=name):
            d = r["decisions"][name]
            return [v + c for v, c in zip(d["view_us"], d["decide_us"], strict=True)]

        def alone(r, name=name):
            return r["decisions"][name]["decide_us"]

        for label, pick, bound in (("view+decide", both, "max"), ("decide only", alone, "max")):
            was, now = _floor(base, pick), _floor(current, pick)
            note = f"{len(was)} decisions" if len(was) == len(now) else f"{len(was)}/{len(now)}"
            out.append(Row(f"{name} {label} mean", fmean(was), fmean(now), "us", bound, note))
            out.append(Row(f"{name} {label} p95", _p95(was), _p95(now), "us", bound))
    for game in ("incan-gold", "el-dorado"):
        players = base[0]["site"][game]["players"]
        for label, key, bound in (
            ("move+renders", "ms", "max"),
            ("move POST alone", "post_ms", ""),
        ):
            was = _floor(base, lambda r, g=game, k=key: r["site"][g][k])
            now = _floor(current, lambda r, g=game, k=key: r["site"][g][k])
            moves = "/".join(str(n) for n in sorted({len(was), len(now)}))
            note = f"{moves} moves, {players} seats + a spectator" if key == "ms" else ""
            out.append(Row(f"site {game} {label} mean", fmean(was), fmean(now), "ms", bound, note))
    for game, lines in base[0].get("lines", {}).items():
        now = current[0]["lines"][game]
        out.append(
            Row(
                f"{game} player_view lines",
                lines["lines"],
                now["lines"],
                "lines",
                "",
                f"[{lines['code_lines']} / {lines['functions']} fn -> "
                f"{now['code_lines']} / {now['functions']} fn]",
            )
        )
    return out


def _number(value: float) -> str:
    if value >= 100:
        return f"{value:,.0f}"
    return f"{value:.2f}" if value < 10 else f"{value:.1f}"


def table(table_rows: list[Row]) -> str:
    """The rows as a plain-text table."""
    head = ("figure", "base", "current", "unit", "ratio", "bound", "holds", "note")
    body = [
        (
            r.figure,
            _number(r.base),
            _number(r.current),
            r.unit,
            f"{r.ratio:.3f}",
            r.bound_text,
            r.verdict,
            r.note,
        )
        for r in table_rows
    ]
    widths = [max(len(line[i]) for line in (head, *body)) for i in range(len(head))]
    right = {1, 2, 4}

    def line(cells) -> str:
        return "  ".join(
            c.rjust(w) if i in right else c.ljust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    return "\n".join([line(head), line(["-" * w for w in widths]), *map(line, body)])


def main(argv: list[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m bench.compare", description=__doc__)
    parser.add_argument("base", help="a commit of this repository, or a folder holding a tree")
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="turns per side")
    parser.add_argument("--tiny", action="store_true", help="tiny sizes (a check, not figures)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    with base_tree(args.base) as (base, label):
        head = _git(CURRENT, "rev-parse", "--short", "HEAD")
        print(f"base:    {label}", flush=True)
        print(f"current: {CURRENT} ({head})", flush=True)
        sizes = TINY if args.tiny else SIZES
        found = run(base, CURRENT, args.rounds, sizes)
    table_rows = rows(found)
    print()
    print(table(table_rows))
    print()
    print(
        f"{args.rounds} alternating rounds per side: the best greedy run; for times, each "
        "position's (decision's, move's) lowest over the rounds, then their mean and p95. "
        f"Ratio = current / base. Times pass up to {TOLERANCE:.0%} above the base (noise); "
        f"greedy games/s passes down to {GREEDY_FLOOR:.0%} of the base. Rows without a bound "
        "are for reading only."
    )
    print(
        "Decisions: each bot plays every seat of games from fixed seeds (El Dorado 4 seats, "
        f"Incan Gold 5), after the same {sizes['warm_games']} untimed greedy El Dorado games "
        "in both trees; view+decide includes player_view(state, seat), as a bot pays it; "
        "decide only is the bot's own time."
    )
    print(
        "Site: each tree's config.settings with DEBUG off, a fresh SQLite file, in-memory "
        "channel layer and cache; one match per game created through /matches/new/ and "
        "/join/ (seed fixed through the ORM), a move POSTed to /act/ then /live/ fetched by "
        f"every seat and a spectator, for up to {sizes['site_moves']} moves after "
        f"{sizes['site_warmup']} untimed ones."
    )
    print(LINE_RULE)
    print(f"Took {time.perf_counter() - started:.0f} s.")
    return 1 if any(r.verdict == "FAIL" for r in table_rows) else 0
