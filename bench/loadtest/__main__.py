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
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.loadtest import load, pages
from bench.loadtest.records import Player
from bench.loadtest.report import (
    Config,
    brief,
    cpus,
    goal_line,
    jsonable,
    judge,
    log,
    table,
)
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
    largest_holding,
)
from bench.loadtest.targets import BareTarget, Target, seed_match, sign_up, sign_up_many

GAMES = ("incan-gold", "el-dorado")
GOAL_M_SINGLE = 50
GOAL_M_PRODUCTION = 100


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

    async def _players(self, config: Config, ports: list[int]) -> list[Player]:
        if config.players is None:
            t0 = time.monotonic()
            config.players = await sign_up_many(
                ports, self.args.users, f"lt{self.token}{config.key[0]}"
            )
            log(f"    signed up {len(config.players)} players in {time.monotonic() - t0:.1f} s")
        return config.players

    async def measure(self, config: Config, game: str, m: int) -> dict[str, Any]:
        """One run of `game` (or 'bare') at M matches on fresh workers."""
        self.check_time(f"{game} at M={m}")
        kind = "bare" if game == "bare" else "site"
        log(f"  {config.label}: {game}, M={m}")
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
                return await load.run(BareTarget(workers, self.args.http_timeout), spec, [], log)
            players = await self._players(config, ports)
            target = Target(workers, self.args.http_timeout)
            return await load.run(target, spec, players, log, config.pools.setdefault(game, []))

        try:
            row = await self._with_workers(config, kind, body)
        except (RuntimeError, OSError) as exc:
            log(f"    failed: {exc}")
            row = {"game": game, "m": m, "workers": config.workers, "failed": str(exc)[:500]}
        log("    " + brief(row, self.args.timeout))
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
                    log(f"  {config.label}: {game}, M={m}: not run, {skipped[game]}")
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
        log(f"  {config.label}: page throughput")
        a = self.args

        async def site(workers: list[Worker]) -> list[dict[str, Any]]:
            ports = [w.port for w in workers]
            players = await self._players(config, ports)
            visitor = await sign_up(
                ports[0], f"lt{self.token}{config.key[0]}v", secrets.token_urlsafe(18)
            )
            target = Target(workers, a.http_timeout)
            out = []
            seats = [visitor, *players[1 : a.players]]
            for ordinal, game in enumerate(self.args.game_list):
                match = await seed_match(target, game, ordinal, seats, None)
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
            log(f"    failed: {exc}")
            config.notes.append(f"page runs failed: {exc}")
            return
        for row in rows:
            row["ratio"] = round(row["rps"] / baseline["rps"], 2) if baseline["rps"] else None
            row["goal_met"] = row["ratio"] is not None and row["ratio"] >= GOAL_PAGE_RATIO
            row["failed_requests"] = row.pop("failed")
        config.pages = [baseline, *rows]
        for row in config.pages:
            log(
                f"    {row['page']:<22} {row['rps']:>7.1f} req/s  p50 {row['p50_ms']} ms"
                f"  {row['kb']} KB  ratio {row.get('ratio', '-')}"
            )

    async def run_config(self, config: Config) -> None:
        """Every phase of one configuration."""
        log(f"== {config.label} ==")
        migrate(config.site_env)
        await self.run_grid(config, self.args.m_values)
        if config.key == "single" and self.args.find_max:
            await self.find_max(config)
        if not self.args.skip_pages:
            await self.page_runs(config)


def summary(runner: Runner, configs: dict[str, Config]) -> dict[str, Any]:
    """Print every table, the goals and the headline; return the JSON document."""
    args = runner.args
    single = configs.get("single")
    production = configs.get("production")
    for config in configs.values():
        log("")
        log(table(config, args.timeout))
    log("")
    lines = [
        f"goals: p95 <= {GOAL_P95_MS:.0f} ms and <= {GOAL_RATIO:.0f}x the bare p95, nothing"
        f" undelivered (within {args.timeout:g} s), pace kept; pages >= {GOAL_PAGE_RATIO}x bare",
        goal_line(single, GOAL_M_SINGLE, "1 worker + SQLite", args.timeout),
        goal_line(production, GOAL_M_PRODUCTION, "2 workers + PostgreSQL + Redis", args.timeout),
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
            log(line)
    return {
        "finished": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": {
            "python": platform.python_version(),
            "cpus": cpus(),
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
                "runs": [jsonable(r) for r in c.rows],
                "pages": c.pages,
                "notes": c.notes,
            }
            for c in configs.values()
        ],
    }


async def amain(args: argparse.Namespace, configs: dict[str, Config]) -> dict[str, Any]:
    """Run the configurations asked for, filling `configs` as they go; the JSON document."""
    runner = Runner(args)
    loop = asyncio.get_running_loop()
    task = asyncio.current_task()
    assert task is not None
    loop.add_signal_handler(signal.SIGTERM, task.cancel)
    busy = load.machine_busy_now()
    log(f"machine before the run: {busy:.0f} % of {cpus()} cores busy")
    if busy > 20:
        log(
            "  warning: something else is using the CPU; every figure (the bare baseline too)"
            " comes out slower than on an idle machine, see the 'others' column"
        )
    runner.idle_check = busy
    temp = Path(tempfile.mkdtemp(prefix="expedition-loadtest-"))
    log(f"work directory (databases, worker logs): {temp}")
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
                log(f"  {exc}")
        if args.skip_production:
            log("== 2 workers, PostgreSQL + Redis: skipped (--skip-production) ==")
        else:
            database = PostgresDatabase(args.postgres)
            why = database.check()
            why = f"PostgreSQL at {args.postgres}: {why}" if why else ""
            if not why and (trouble := redis_answers(args.redis)):
                why = f"Redis at {args.redis}: {trouble}"
            if why:
                log(f"== 2 workers, PostgreSQL + Redis: skipped, no answer from {why} ==")
            else:
                await _production(runner, args, configs, database, temp)
    finally:
        stop_all()
        if args.keep:
            log(f"kept {temp}")
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
        log(f"== {config.label} ==")
        await runner.run_grid(config, args.m_values)
        if not args.skip_pages:
            await runner.page_runs(config)
    except OutOfTime as exc:
        config.notes.append(str(exc))
        log(f"  {exc}")
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
        log("\ninterrupted: workers stopped; partial results follow")
        document = summary(Runner(args), configs)
        code = 130
    document["elapsed_s"] = round(time.monotonic() - started, 1)
    path = Path(args.json)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document, indent=2) + "\n")
    log(f"results written to {path} ({document['elapsed_s']:.0f} s in all)")
    return code


if __name__ == "__main__":
    sys.exit(main())
