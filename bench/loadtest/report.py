"""A server set-up and what its runs found, as the progress log, the tables and the JSON
rows tell it."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.loadtest.records import LiveMatch, Player
from bench.loadtest.stats import json_number, push_goal_met, ratio, show_ms


def log(text: str) -> None:
    """One line of the progress log."""
    print(text, flush=True)


@dataclass
class Config:
    """One server set-up the runs are made on."""

    key: str
    label: str
    workers: int
    site_env: dict[str, str]
    bare_env: dict[str, str]
    log_dir: Path
    rows: list[dict[str, Any]] = field(default_factory=list)
    pages: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    players: list[Player] | None = None
    pools: dict[str, list[LiveMatch]] = field(default_factory=dict)


def judge(row: dict[str, Any], bare: dict[str, Any]) -> None:
    """Add the bare p95, the ratio and whether the goal is met to a site row."""
    row["bare_p95_ms"] = bare.get("p95_ms")
    row["ratio"] = ratio(row.get("p95_ms"), row["bare_p95_ms"])
    row["goal_met"] = "failed" not in row and push_goal_met(
        row.get("p95_ms"),
        row["bare_p95_ms"],
        row.get("undelivered", 0),
        row.get("attempts_per_s", 0.0),
        row.get("target_per_s", 0.0),
    )


def brief(row: dict[str, Any], timeout: float) -> str:
    """One line about a run, for the progress log."""
    if "failed" in row:
        return f"{row['game']} M={row['m']}: FAILED"
    return (
        f"p50 {show_ms(row['p50_ms'], timeout)} / p95 {show_ms(row['p95_ms'], timeout)}"
        f" / p99 {show_ms(row['p99_ms'], timeout)} ms, undelivered"
        f" {row['undelivered']}/{row['deliveries']}, errors {row['errors']},"
        f" {row['moves_per_s']} moves/s (target {row['target_per_s']}),"
        f" worker CPU {'+'.join(f'{c:.0f}' for c in row['worker_cpu_pct'])} %"
        f" (machine {row['machine_cpu_pct']:.0f} % of all cores, others"
        f" {row['other_cpu_pct']:.0f} % of a core), client {row['client_cpu_pct']:.0f} %,"
        f" {row['frames']} frames of {row['mean_frame_kb']} KB"
    )


COLUMNS = (
    ("game", 10),
    ("M", 4),
    ("wk", 2),
    ("p50", 6),
    ("p95", 6),
    ("p99", 6),
    ("x-p95", 6),
    ("undeliv/total", 13),
    ("err", 4),
    ("moves/s", 11),
    ("cpu %", 7),
    ("others", 6),
    ("bare p95", 8),
    ("ratio", 6),
    ("goal", 4),
)


def table(config: Config, timeout: float) -> str:
    """The readable table of one configuration's runs."""
    head = "  ".join(f"{name:>{width}}" for name, width in COLUMNS)
    lines = [config.label, head, "-" * len(head)]
    # Rows in M order (a bisection adds runs at smaller M last), the bare one first.
    for row in sorted(config.rows, key=lambda r: (r["m"], r["game"] != "bare")):
        if "failed" in row or "skipped" in row:
            why = f"failed: {row['failed']}" if "failed" in row else f"not run: {row['skipped']}"
            lines.append(f"{row['game']:>10}  {row['m']:>4}  {row['workers']:>2}  {why[:90]}")
            continue
        bare = row["game"] == "bare"
        r = row.get("ratio")
        cells = (
            row["game"],
            row["m"],
            row["workers"],
            show_ms(row["p50_ms"], timeout),
            show_ms(row["p95_ms"], timeout),
            show_ms(row["p99_ms"], timeout),
            show_ms(row["cross_p95_ms"], timeout) if row["workers"] > 1 else "-",
            f"{row['undelivered']}/{row['deliveries']}",
            row["errors"],
            f"{row['moves_per_s']:.0f}/{row['target_per_s']:.0f}",
            "+".join(f"{c:.0f}" for c in row["worker_cpu_pct"]),
            f"{row['other_cpu_pct']:.0f}",
            "-" if bare else show_ms(row.get("bare_p95_ms"), timeout),
            "-" if bare or r is None else ("inf" if r == float("inf") else f"{r:.1f}x"),
            "-" if bare else ("yes" if row.get("goal_met") else "no"),
        )
        lines.append("  ".join(f"{c!s:>{w}}" for c, (_, w) in zip(cells, COLUMNS, strict=True)))
    for row in config.rows:
        if row.get("error_kinds"):
            lines.append(f"  errors in {row['game']} M={row['m']}: {row['error_kinds']}")
    if config.pages:
        lines.append("")
        lines.append(f"{'page':>22}  {'req/s':>8}  {'p50 ms':>7}  {'KB':>6}  {'ratio':>6}  goal")
        for row in config.pages:
            goal = "-" if "goal_met" not in row else ("yes" if row["goal_met"] else "no")
            shown = "-" if row.get("ratio") is None else f"{row['ratio']:.2f}x"
            lines.append(
                f"{row['page']:>22}  {row['rps']:>8.1f}  {row['p50_ms']!s:>7}  {row['kb']:>6}"
                f"  {shown:>6}  {goal}"
            )
    lines.extend(f"  note: {n}" for n in config.notes)
    return "\n".join(lines)


def goal_line(config: Config | None, m: int, label: str, timeout: float) -> str | None:
    if config is None:
        return None
    rows = [r for r in config.rows if r["m"] == m and r["game"] != "bare"]
    if not rows:
        return f"goal at M={m} on {label}: not measured (M={m} not in --m)"
    parts = []
    for r in rows:
        if "failed" in r:
            parts.append(f"{r['game']} failed")
        elif "skipped" in r:
            parts.append(f"{r['game']} not run ({r['skipped']})")
        else:
            times = "" if r["ratio"] in (None, float("inf")) else f", {r['ratio']}x bare"
            parts.append(
                f"{r['game']} p95 {show_ms(r['p95_ms'], timeout)} ms{times},"
                f" {r['undelivered']}/{r['deliveries']} undelivered"
            )
    met = all(r.get("goal_met") for r in rows)
    return f"goal at M={m} on {label}: {'MET' if met else 'NOT MET'} ({'; '.join(parts)})"


def cpus() -> int:
    """How many cores the machine has."""
    return os.cpu_count() or 0


def jsonable(row: dict[str, Any]) -> dict[str, Any]:
    """A run's row with its floats made JSON-safe."""
    return {k: json_number(v) if isinstance(v, float) else v for k, v in row.items()}
