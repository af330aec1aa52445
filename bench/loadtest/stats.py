"""Pure helpers of the load generator: frame versions, percentiles, summaries and goals."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

# The only marker the load generator trusts in a pushed frame or a move's answer: the version
# of the page it brings. `data-base` (the version a partial push applies to) is ignored.
_VERSION = re.compile(rb'(?<![\w-])data-version="(\d+)"')

GOAL_P95_MS = 250.0
GOAL_RATIO = 5.0
GOAL_PAGE_RATIO = 0.5
# A configuration "holds" M only if it keeps the offered pace: a server answering moves
# slowly would otherwise be measured under a lighter load than asked for.
GOAL_PACE = 0.9


def frame_version(frame: str | bytes) -> int | None:
    """The highest `data-version="N"` in a frame or page, or None when it carries none."""
    data = frame.encode("utf-8", "replace") if isinstance(frame, str) else frame
    versions = [int(m) for m in _VERSION.findall(data)]
    return max(versions) if versions else None


def percentile(values: Sequence[float], q: float) -> float | None:
    """The q-th percentile by nearest rank (an observed value; inf stays inf), None if empty."""
    if not values:
        return None
    if not 0 <= q <= 100:
        raise ValueError("q must be between 0 and 100")
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def ms(value: float | None) -> float | None:
    """Seconds as milliseconds rounded to 0.1, keeping None and inf (undelivered) as they are."""
    if value is None or math.isinf(value):
        return value
    return round(value * 1000, 1)


def show_ms(value: float | None, timeout: float) -> str:
    """A millisecond figure for the table: '-' for none, '>T' for undelivered."""
    if value is None:
        return "-"
    if math.isinf(value):
        return f">{timeout * 1000:.0f}"
    return f"{value:.0f}" if value >= 10 else f"{value:.1f}"


def json_number(value: float | None) -> float | None:
    """A figure JSON can hold: inf (undelivered) becomes None."""
    if value is None or math.isinf(value) or math.isnan(value):
        return None
    return value


def cpu_percent(ticks_before: int, ticks_after: int, wall: float, ticks_per_second: int) -> float:
    """CPU use over a wall-clock span from /proc tick counts, in percent of one core."""
    if wall <= 0:
        return 0.0
    return round(100 * (ticks_after - ticks_before) / ticks_per_second / wall, 1)


def proc_ticks(stat_line: str) -> int:
    """utime + stime from a /proc/<pid>/stat line (the command name may hold spaces)."""
    fields = stat_line[stat_line.rindex(")") + 2 :].split()
    # After the name: state is field 3, so utime (14) and stime (15) sit at offsets 11 and 12.
    return int(fields[11]) + int(fields[12])


def machine_busy(before: str, after: str) -> float:
    """Percent of all cores busy between two `cpu` lines of /proc/stat."""
    a = [int(x) for x in before.split()[1:]]
    b = [int(x) for x in after.split()[1:]]
    total = sum(b) - sum(a)
    idle = (b[3] + b[4]) - (a[3] + a[4])  # idle + iowait
    return round(100 * (total - idle) / total, 1) if total > 0 else 0.0


@dataclass(frozen=True)
class Summary:
    """Latency figures of one run, in milliseconds (inf: some seat never got the move)."""

    p50: float | None
    p95: float | None
    p99: float | None
    count: int


def summarize(latencies: Sequence[float]) -> Summary:
    """p50/p95/p99 of per-move latencies given in seconds."""
    return Summary(
        p50=ms(percentile(latencies, 50)),
        p95=ms(percentile(latencies, 95)),
        p99=ms(percentile(latencies, 99)),
        count=len(latencies),
    )


def ratio(site: float | None, bare: float | None) -> float | None:
    """site / bare, None when either is missing; inf when the site never delivered."""
    if site is None or bare is None:
        return None
    if math.isinf(site):
        return math.inf
    return round(site / max(bare, 0.1), 1)


def push_goal_met(
    p95: float | None,
    bare_p95: float | None,
    undelivered: int,
    attempts_per_second: float,
    target_per_second: float,
) -> bool:
    """p95 within 250 ms and 5x the bare fan-out, nothing undelivered, the pace kept."""
    if p95 is None or math.isinf(p95) or undelivered:
        return False
    if attempts_per_second < GOAL_PACE * target_per_second:
        return False
    r = ratio(p95, bare_p95)
    return p95 <= GOAL_P95_MS and r is not None and r <= GOAL_RATIO


def largest_holding(results: dict[int, bool]) -> int | None:
    """The largest M that held, counting only M values below which every tried M held too."""
    best = None
    for m in sorted(results):
        if not results[m]:
            break
        best = m
    return best
