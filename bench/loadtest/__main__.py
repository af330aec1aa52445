"""`python -m bench.loadtest` (what `make loadtest` runs): live fan-out and page throughput.

For each configuration (one daphne worker on SQLite; two on PostgreSQL + Redis) and each M,
it seeds M live matches per game through the site, opens every seat's socket, plays one move
per match every 0.5 s and times how long until every other seat's page holds the new version;
the bare Channels fan-out runs the same loop in the same run, so results read as ratios.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import secrets
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.loadtest import load, pages
from bench.loadtest.servers import (
    BARE_APP,
    ROOT,
    SITE_APP,
    PostgresDatabase,
    Worker,
    base_env,
    migrate,
    redis_answers,
    stop_all,
)
from bench.loadtest.stats import (
    GOAL_P95_MS,
    GOAL_PAGE_RATIO,
    GOAL_RATIO,
    json_number,
    largest_holding,
    push_goal_met,
    ratio,
    show_ms,
)

GAMES = ("incan-gold", "el-dorado")
GOAL_M_SINGLE = 50
GOAL_M_PRODUCTION = 100


def _log(text: str) -> None:
    print(text, flush=True)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line."""
    p = argparse.ArgumentParser(prog="python -m bench.loadtest", description=__doc__)
    p.add_argument("--m", default="10,50,100", help="match counts per game, e.g. 10,50,100")
    p.add_argument("--seconds", type=float, default=15, help="measured seconds per run")
    p.add_argument("--interval", type=float, default=0.5, help="seconds between a match's moves")
    p.add_argument("--timeout", type=float, default=5, help="seconds before an update counts lost")
    p.add_argument("--players", type=int, default=4, help="seats per match")
    p.add_argument("--users", type=int, default=8, help="accounts signed up per configuration")
    p.add_argument("--games", default=",".join(GAMES), help="games to play")
    p.add_argument("--return-rate", type=float, default=0.05, help="Incan Gold: share of returns")
    p.add_argument("--skip-single", action="store_true", help="skip one worker on SQLite")
    p.add_argument("--skip-production", action="store_true", help="skip PostgreSQL + Redis")
    p.add_argument("--skip-pages", action="store_true", help="skip the page throughput runs")
    p.add_argument("--page-seconds", type=float, default=3, help="seconds of GETs per page")
    p.add_argument("--page-concurrency", type=int, default=8, help="concurrent page clients")
    p.add_argument(
        "--find-max",
        type=int,
        default=0,
        metavar="STEPS",
        help="bisect the largest M one worker holds in up to STEPS extra runs per game",
    )
    p.add_argument(
        "--run-all",
        action="store_true",
        help="run every M, even after a smaller M lost half its updates",
    )
    p.add_argument("--setup-limit", type=float, default=120, help="seconds to seed and connect")
    p.add_argument("--http-timeout", type=float, default=10, help="seconds per HTTP request")
    p.add_argument("--time-limit", type=float, default=900, help="seconds for the whole run")
    p.add_argument("--postgres", default="postgres://postgres@127.0.0.1:5432/postgres")
    p.add_argument("--redis", default="redis://127.0.0.1:6379/13")
    p.add_argument("--json", default=str(ROOT / "var" / "loadtest.json"), help="results file")
    p.add_argument("--keep", action="store_true", help="keep the temporary VAR_DIR and logs")
    p.add_argument("--seed", type=int, default=1, help="seed of the move choices")
    args = p.parse_args(argv)
    args.m_values = sorted({int(x) for x in args.m.split(",") if x.strip()})
    args.game_list = [g.strip() for g in args.games.split(",") if g.strip()]
    for game in args.game_list:
        if game not in GAMES:
            p.error(f"unknown game {game!r} (choose from {', '.join(GAMES)})")
    return args


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
    players: list[load.Player] | None = None
    pools: dict[str, list[load.LiveMatch]] = field(default_factory=dict)


class OutOfTime(Exception):
    """The whole run's time limit is used up."""


class Runner:
    """Runs the phases of every configuration within the time limit."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.started = time.monotonic()
        self.token = secrets.token_hex(3)
        self.idle_check: float | None = None

    def check_time(self, what: str) -> None:
        """Refuse to start a phase once the time limit is spent."""
        if time.monotonic() - self.started > self.args.time_limit:
            raise OutOfTime(f"time limit of {self.args.time_limit:.0f} s reached before {what}")

    def _workers(self, config: Config, kind: str) -> list[Worker]:
        app, env = (BARE_APP, config.bare_env) if kind == "bare" else (SITE_APP, config.site_env)
        return [Worker(f"{kind}-{i}", app, env, config.log_dir) for i in range(config.workers)]

    async def _with_workers(self, config: Config, kind: str, body: Callable) -> Any:
        workers = self._workers(config, kind)
        try:
            for worker in workers:
                worker.start()
            return await body(workers)
        finally:
            for worker in workers:
                worker.stop()

    async def _players(self, config: Config, ports: list[int]) -> list[load.Player]:
        if config.players is None:
            t0 = time.monotonic()
            config.players = await load.sign_up_many(
                ports, self.args.users, f"lt{self.token}{config.key[0]}"
            )
            _log(f"    signed up {len(config.players)} players in {time.monotonic() - t0:.1f} s")
        return config.players

    async def measure(self, config: Config, game: str, m: int) -> dict[str, Any]:
        """One run of `game` (or 'bare') at M matches on fresh workers."""
        self.check_time(f"{game} at M={m}")
        kind = "bare" if game == "bare" else "site"
        _log(f"  {config.label}: {game}, M={m}")
        spec = load.RunSpec(
            game=game,
            matches=m,
            players=self.args.players,
            seconds=self.args.seconds,
            interval=self.args.interval,
            timeout=self.args.timeout,
            return_rate=self.args.return_rate,
            setup_limit=self.args.setup_limit,
            seed=self.args.seed * 1000 + m,
        )

        async def body(workers: list[Worker]) -> dict[str, Any]:
            ports = [w.port for w in workers]
            if kind == "bare":
                return await load.run(
                    load.BareTarget(workers, self.args.http_timeout), spec, [], _log
                )
            players = await self._players(config, ports)
            target = load.Target(workers, self.args.http_timeout)
            return await load.run(target, spec, players, _log, config.pools.setdefault(game, []))

        try:
            row = await self._with_workers(config, kind, body)
        except (RuntimeError, OSError) as exc:
            _log(f"    failed: {exc}")
            row = {"game": game, "m": m, "workers": config.workers, "failed": str(exc)[:500]}
        _log("    " + brief(row, self.args.timeout))
        return row

    async def run_grid(self, config: Config, m_values: list[int]) -> None:
        """Bare and every game at each M, each site row read against the bare one."""
        for m in m_values:
            skipped = {g: self.overloaded(config, g, m) for g in self.args.game_list}
            games = [g for g in self.args.game_list if not skipped[g]]
            bare = await self.measure(config, "bare", m) if games else {}
            if bare:
                config.rows.append(bare)
            for game in self.args.game_list:
                if skipped[game]:
                    row = {"game": game, "m": m, "workers": config.workers}
                    row["skipped"] = skipped[game]
                    row["goal_met"] = False
                    _log(f"  {config.label}: {game}, M={m}: not run, {skipped[game]}")
                else:
                    row = await self.measure(config, game, m)
                    judge(row, bare)
                config.rows.append(row)

    def overloaded(self, config: Config, game: str, m: int) -> str:
        """Why a run at M is pointless (a smaller M already lost half its updates), or ''."""
        if self.args.run_all:
            return ""
        for row in config.rows:
            if row["game"] != game or row["m"] >= m or "skipped" in row:
                continue
            if "failed" in row:
                return f"M={row['m']} failed already"
            if row["deliveries"] and row["undelivered"] >= 0.5 * row["deliveries"]:
                return (
                    f"M={row['m']} already lost {row['undelivered']} of"
                    f" {row['deliveries']} updates; --run-all runs it anyway"
                )
        return ""

    def holds(self, config: Config) -> dict[int, bool]:
        """Per M tried: whether every game met the goal there."""
        out: dict[int, bool] = {}
        for m in sorted({r["m"] for r in config.rows}):
            rows = [r for r in config.rows if r["m"] == m and r["game"] != "bare"]
            games = {r["game"] for r in rows}
            out[m] = games >= set(self.args.game_list) and all(r.get("goal_met") for r in rows)
        return out

    async def find_max(self, config: Config) -> None:
        """Bisect between the largest M that held and the smallest that did not."""
        for _ in range(self.args.find_max):
            holds = self.holds(config)
            low = largest_holding(holds) or 0
            above = [m for m in holds if m > low and not holds[m]]
            if not above:
                return
            high = min(above)
            mid = (low + high) // 2
            if mid <= low or high - low <= max(2, low // 10):
                return
            await self.run_grid(config, [mid])

    async def page_runs(self, config: Config) -> None:
        """Board pages (both games) and the lobby against the bare template page."""
        self.check_time("the page runs")
        _log(f"  {config.label}: page throughput")
        a = self.args

        async def site(workers: list[Worker]) -> list[dict[str, Any]]:
            ports = [w.port for w in workers]
            players = await self._players(config, ports)
            visitor = await load.sign_up(
                ports[0], f"lt{self.token}{config.key[0]}v", secrets.token_urlsafe(18)
            )
            target = load.Target(workers, a.http_timeout)
            out = []
            seats = [visitor, *players[1 : a.players]]
            for ordinal, game in enumerate(self.args.game_list):
                match = await load.seed_match(target, game, ordinal, seats, None)
                out.append(
                    {"page": f"{game} board"}
                    | await pages.hammer(
                        ports,
                        f"/matches/{match.id}/",
                        visitor.jar,
                        a.page_seconds,
                        a.page_concurrency,
                    )
                )
            out.append(
                {"page": "lobby /play/"}
                | await pages.hammer(
                    ports, "/play/", visitor.jar, a.page_seconds, a.page_concurrency
                )
            )
            return out

        async def bare(workers: list[Worker]) -> dict[str, Any]:
            ports = [w.port for w in workers]
            return {"page": "bare template"} | await pages.hammer(
                ports, "/page/", None, a.page_seconds, a.page_concurrency
            )

        try:
            baseline = await self._with_workers(config, "bare", bare)
            rows = await self._with_workers(config, "site", site)
        except (RuntimeError, OSError) as exc:
            _log(f"    failed: {exc}")
            config.notes.append(f"page runs failed: {exc}")
            return
        for row in rows:
            row["ratio"] = round(row["rps"] / baseline["rps"], 2) if baseline["rps"] else None
            row["goal_met"] = row["ratio"] is not None and row["ratio"] >= GOAL_PAGE_RATIO
            row["failed_requests"] = row.pop("failed")
        config.pages = [baseline, *rows]
        for row in config.pages:
            _log(
                f"    {row['page']:<22} {row['rps']:>7.1f} req/s  p50 {row['p50_ms']} ms"
                f"  {row['kb']} KB  ratio {row.get('ratio', '-')}"
            )

    async def run_config(self, config: Config) -> None:
        """Every phase of one configuration."""
        _log(f"== {config.label} ==")
        migrate(config.site_env)
        await self.run_grid(config, self.args.m_values)
        if config.key == "single" and self.args.find_max:
            await self.find_max(config)
        if not self.args.skip_pages:
            await self.page_runs(config)


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


def _goal_line(config: Config | None, m: int, label: str, timeout: float) -> str | None:
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


def summary(runner: Runner, configs: dict[str, Config]) -> dict[str, Any]:
    """Print every table, the goals and the headline; return the JSON document."""
    args = runner.args
    single = configs.get("single")
    production = configs.get("production")
    for config in configs.values():
        _log("")
        _log(table(config, args.timeout))
    _log("")
    lines = [
        f"goals: p95 <= {GOAL_P95_MS:.0f} ms and <= {GOAL_RATIO:.0f}x the bare p95, nothing"
        f" undelivered (within {args.timeout:g} s), pace kept; pages >= {GOAL_PAGE_RATIO}x bare",
        _goal_line(single, GOAL_M_SINGLE, "1 worker + SQLite", args.timeout),
        _goal_line(production, GOAL_M_PRODUCTION, "2 workers + PostgreSQL + Redis", args.timeout),
    ]
    for config in configs.values():
        if config.pages:
            page_rows = [r for r in config.pages if "goal_met" in r]
            met = all(r["goal_met"] for r in page_rows)
            shown = ", ".join(f"{r['page']} {r['ratio']}x" for r in page_rows)
            lines.append(f"pages on {config.label}: {'MET' if met else 'NOT MET'} ({shown})")
    headline = None
    if single is not None and single.rows:
        holds = runner.holds(single)
        headline = largest_holding(holds)
        tried = ", ".join(str(m) for m in sorted(holds))
        text = str(headline) if headline is not None else "none of the tried values"
        lines.append(f">>> largest M one worker holds: {text} (tried M = {tried})")
    for line in lines:
        if line:
            _log(line)
    return {
        "finished": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": {
            "python": platform.python_version(),
            "cpus": _cpus(),
            "node": platform.node(),
            "busy_before_pct": runner.idle_check,
        },
        "args": {k: v for k, v in vars(args).items() if k not in {"m_values", "game_list"}},
        "headline_largest_m_one_worker": headline,
        "configurations": [
            {
                "key": c.key,
                "label": c.label,
                "workers": c.workers,
                "runs": [_jsonable(r) for r in c.rows],
                "pages": c.pages,
                "notes": c.notes,
            }
            for c in configs.values()
        ],
    }


def _cpus() -> int:
    import os

    return os.cpu_count() or 0


def _jsonable(row: dict[str, Any]) -> dict[str, Any]:
    return {k: json_number(v) if isinstance(v, float) else v for k, v in row.items()}


async def amain(args: argparse.Namespace, configs: dict[str, Config]) -> dict[str, Any]:
    """Run the configurations asked for, filling `configs` as they go; the JSON document."""
    runner = Runner(args)
    loop = asyncio.get_running_loop()
    task = asyncio.current_task()
    assert task is not None
    loop.add_signal_handler(signal.SIGTERM, task.cancel)
    busy = load.machine_busy_now()
    _log(f"machine before the run: {busy:.0f} % of {_cpus()} cores busy")
    if busy > 20:
        _log(
            "  warning: something else is using the CPU; every figure (the bare baseline too)"
            " comes out slower than on an idle machine, see the 'others' column"
        )
    runner.idle_check = busy
    temp = Path(tempfile.mkdtemp(prefix="expedition-loadtest-"))
    _log(f"work directory (databases, worker logs): {temp}")
    try:
        if not args.skip_single:
            var = temp / "single"
            var.mkdir()
            config = Config(
                "single",
                "1 worker, SQLite, in-memory layer",
                1,
                base_env(
                    DJANGO_SETTINGS_MODULE="config.settings",
                    VAR_DIR=str(var),
                    STATIC_ROOT=str(var / "static"),
                ),
                base_env(DJANGO_SETTINGS_MODULE="bench.loadtest.bare.settings"),
                var,
            )
            configs["single"] = config
            try:
                await runner.run_config(config)
            except OutOfTime as exc:
                config.notes.append(str(exc))
                _log(f"  {exc}")
        if args.skip_production:
            _log("== 2 workers, PostgreSQL + Redis: skipped (--skip-production) ==")
        else:
            database = PostgresDatabase(args.postgres)
            why = database.check()
            why = f"PostgreSQL at {args.postgres}: {why}" if why else ""
            if not why and (trouble := redis_answers(args.redis)):
                why = f"Redis at {args.redis}: {trouble}"
            if why:
                _log(f"== 2 workers, PostgreSQL + Redis: skipped, no answer from {why} ==")
            else:
                await _production(runner, args, configs, database, temp)
    finally:
        stop_all()
        if args.keep:
            _log(f"kept {temp}")
        else:
            shutil.rmtree(temp, ignore_errors=True)
    return summary(runner, configs)


async def _production(
    runner: Runner,
    args: argparse.Namespace,
    configs: dict[str, Config],
    database: PostgresDatabase,
    temp: Path,
) -> None:
    var = temp / "production"
    var.mkdir()
    redis = {"REDIS_URL": args.redis}
    config = Config(
        "production",
        "2 workers, PostgreSQL + Redis pub/sub",
        2,
        base_env(
            DJANGO_SETTINGS_MODULE="config.settings",
            VAR_DIR=str(var),
            STATIC_ROOT=str(var / "static"),
            DATABASE_URL=database.url,
            **redis,
        ),
        base_env(
            DJANGO_SETTINGS_MODULE="bench.loadtest.bare.settings",
            BARE_GROUP_PREFIX=f"loadtest-{runner.token}",
            **redis,
        ),
        var,
    )
    configs["production"] = config

    try:
        database.create()
        migrate(config.site_env)
        database.renumber_matches()
        _log(f"== {config.label} ==")
        await runner.run_grid(config, args.m_values)
        if not args.skip_pages:
            await runner.page_runs(config)
    except OutOfTime as exc:
        config.notes.append(str(exc))
        _log(f"  {exc}")
    finally:
        stop_all()
        database.drop()


def main(argv: list[str] | None = None) -> int:
    """Run, print, write the JSON; 130 when interrupted."""
    args = parse_args(argv)
    configs: dict[str, Config] = {}
    started = time.monotonic()
    code = 0
    try:
        document = asyncio.run(amain(args, configs))
    except (KeyboardInterrupt, asyncio.CancelledError):
        stop_all()
        _log("\ninterrupted: workers stopped; partial results follow")
        document = summary(Runner(args), configs)
        code = 130
    document["elapsed_s"] = round(time.monotonic() - started, 1)
    path = Path(args.json)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document, indent=2) + "\n")
    _log(f"results written to {path} ({document['elapsed_s']:.0f} s in all)")
    return code


if __name__ == "__main__":
    sys.exit(main())
