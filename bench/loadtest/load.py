"""The load loop: seed matches, open every seat's socket, move on a beat, time the fan-out."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import websockets

from bench.loadtest.client import HttpError
from bench.loadtest.drivers import model_for
from bench.loadtest.records import LiveMatch, Pending, Player, Seat, Tally
from bench.loadtest.servers import TICKS_PER_SECOND
from bench.loadtest.stats import (
    cpu_percent,
    frame_version,
    machine_busy,
    proc_ticks,
    summarize,
)
from bench.loadtest.targets import Target, seed_match

# ---- one measured run -------------------------------------------------------------------


@dataclass
class RunSpec:
    """What one run asks for."""

    game: str
    matches: int
    players: int
    seconds: float
    interval: float
    timeout: float
    return_rate: float
    setup_limit: float
    seed: int


async def _bounded(coros: list[Awaitable[Any]], limit: int, deadline: float, what: str) -> list:
    semaphore = asyncio.Semaphore(limit)

    async def one(coro: Awaitable[Any]) -> Any:
        async with semaphore:
            return await coro

    left = deadline - time.monotonic()
    try:
        return await asyncio.wait_for(asyncio.gather(*(one(c) for c in coros)), max(left, 1))
    except TimeoutError:
        raise RuntimeError(f"{what} did not finish within the setup limit") from None


async def run(
    target: Target,
    spec: RunSpec,
    players: list[Player],
    log: Callable[[str], None],
    pool: list[LiveMatch] | None = None,
) -> dict[str, Any]:
    """Seed the matches, open the sockets, play for `spec.seconds`, and report the figures.

    Site matches come from `pool` (the database outlives a worker restart): only the matches
    missing, or replacing finished ones, are seeded, and the pool keeps the new ones.
    """
    rng = random.Random(spec.seed)
    setup_started = time.monotonic()
    deadline = setup_started + spec.setup_limit

    def model() -> Any:
        return model_for(spec.game, spec.players, random.Random(rng.random()), spec.return_rate)

    seeds: list = []
    if target.kind == "bare":
        base = rng.randrange(1, 1_000_000) * 1000
        matches = [
            LiveMatch(
                base + i,
                i,
                [Seat(s, None, target.socket_worker(i, s)) for s in range(spec.players)],
                model(),
            )
            for i in range(spec.matches)
        ]
    else:
        pool = [] if pool is None else pool
        missing = spec.matches - sum(1 for m in pool if not m.finished)
        seeds = [
            seed_match(
                target,
                spec.game,
                i,
                [players[(i + k) % len(players)] for k in range(spec.players)],
                model(),
            )
            for i in range(len(pool), len(pool) + max(0, missing))
        ]
        pool.extend(await _bounded(seeds, 2 * len(target.workers), deadline, "seeding matches"))
        matches = [m for m in pool if not m.finished][: spec.matches]
        for match in matches:
            match.conns = {}
            for seat in match.seats:
                seat.ws, seat.seen = None, -1
    seeded = time.monotonic()

    tally = Tally(spec.timeout)
    closing = False

    def on_frame(match: LiveMatch, seat: Seat, data: str | bytes) -> None:
        now = time.perf_counter()
        tally.frames += 1
        tally.frame_bytes += len(data)
        version = frame_version(data)
        if version is None:
            tally.unversioned += 1
            return
        seat.seen = max(seat.seen, version)
        for pending in list(match.pending.values()):
            if (
                pending.version <= version
                and seat.index in pending.others
                and seat.index not in pending.arrivals
            ):
                pending.arrivals[seat.index] = now - pending.sent
                if pending.confirmed and len(pending.arrivals) == len(pending.others):
                    tally.finalize(match, pending)

    async def listen(match: LiveMatch, seat: Seat) -> None:
        assert seat.ws is not None
        try:
            async for data in seat.ws:
                on_frame(match, seat, data)
        except websockets.ConnectionClosed:
            pass
        if not closing:
            tally.errors[f"socket closed ({seat.ws.close_code})"] += 1

    async def open_socket(match: LiveMatch, seat: Seat) -> None:
        port = target.ports[seat.worker]
        seat.ws = await websockets.connect(
            target.ws_url(match, seat),
            origin=f"http://127.0.0.1:{port}",
            additional_headers=target.ws_headers(seat),
            max_size=None,
            ping_interval=None,
            open_timeout=20,
            close_timeout=2,
        )

    sockets = [open_socket(m, s) for m in matches for s in m.seats]
    try:
        await _bounded(sockets, 50, deadline, "opening sockets")
        listeners = [asyncio.create_task(listen(m, s)) for m in matches for s in m.seats]
        connected = time.monotonic()
        log(
            f"    {len(seeds) if target.kind == 'site' else 0} matches seeded in"
            f" {seeded - setup_started:.1f} s, {len(listeners)} sockets open in"
            f" {connected - seeded:.1f} s"
        )
        await asyncio.sleep(0.3)  # frames answering the connects settle before the clock runs
        for match in matches:
            # A move of the last run left unanswered may have been taken: the socket's
            # catch-up frame on connect says which version the match is at now.
            match.version = max([match.version, *(s.seen for s in match.seats)])

        loop = asyncio.get_running_loop()
        cpu_before = [w.ticks() for w in target.workers]
        self_before = proc_ticks(Path("/proc/self/stat").read_text())
        machine_before = _cpu_line()
        started = loop.time()
        end = started + spec.seconds

        async def play(match: LiveMatch) -> None:
            beat = started + rng.uniform(0, spec.interval)
            while not match.finished and beat < end:
                await asyncio.sleep(max(0.0, beat - loop.time()))
                await one_move(match)
                beat += spec.interval
                beat = max(beat, loop.time())  # behind the beat: go on, never burst to catch up

        async def one_move(match: LiveMatch) -> None:
            move = match.model.next_move()
            version = match.version + 1
            others = frozenset(s.index for s in match.seats if s.index != move.seat)
            worker = target.move_worker(match)
            cross = frozenset(s for s in others if match.seats[s].worker != worker)
            pending = Pending(version, time.perf_counter(), others, cross)
            match.pending[version] = pending
            tally.attempts += 1
            try:
                response = await target.send_move(match, move, version)
            except HttpError as exc:
                match.pending.pop(version, None)
                tally.errors[_short(str(exc))] += 1
                return
            tally.move_seconds.append(time.perf_counter() - pending.sent)
            if response.status != 200:
                match.pending.pop(version, None)
                tally.errors[f"HTTP {response.status} on a move"] += 1
                return
            got = frame_version(response.body)
            if got is not None and got >= version:
                match.version = got
                pending.confirmed = True
                tally.accepted += 1
                match.model.accepted(move)
                if len(pending.arrivals) == len(pending.others):
                    tally.finalize(match, pending)
                return
            match.pending.pop(version, None)
            if got is not None:
                match.version = got
            if move.probe:
                tally.probes += 1
                match.model.refused(move)
                return
            tally.refused += 1
            if await target.is_finished(match):
                match.finished = True
                tally.finished += 1
            else:
                match.model.refused(move)

        async def sweep() -> None:
            while True:
                await asyncio.sleep(0.1)
                now = time.perf_counter()
                for match in matches:
                    for pending in list(match.pending.values()):
                        if pending.confirmed and now - pending.sent > spec.timeout:
                            tally.finalize(match, pending)

        sweeper = asyncio.create_task(sweep())
        players_tasks = [asyncio.create_task(play(m)) for m in matches]
        # A move still waiting for its answer at the end gets the HTTP timeout, then is dropped.
        await asyncio.wait(players_tasks, timeout=spec.seconds + target.http_timeout + 1)
        played = loop.time() - started
        cpu_after = [w.ticks() for w in target.workers]
        self_after = proc_ticks(Path("/proc/self/stat").read_text())
        machine = machine_busy(machine_before, _cpu_line())
        for task in players_tasks:
            task.cancel()
        drain_end = time.perf_counter() + spec.timeout + 0.5
        while any(m.pending for m in matches) and time.perf_counter() < drain_end:
            await asyncio.sleep(0.1)
        sweeper.cancel()
        for match in matches:
            for pending in list(match.pending.values()):
                if pending.confirmed:
                    tally.finalize(match, pending)
                else:
                    tally.errors["move unanswered at the end"] += 1
    finally:
        closing = True
        await _close_all(matches)

    report = _report(spec, target, tally, played, cpu_before, cpu_after, self_before, self_after)
    ours = sum(report["worker_cpu_pct"]) + report["client_cpu_pct"]
    return report | {
        "machine_cpu_pct": machine,
        # Cores' worth of CPU (in % of one core) used by everything else on the machine, the
        # database and Redis included: a busy neighbour slows the bare baseline and the site alike.
        "other_cpu_pct": round(max(0.0, machine * (os.cpu_count() or 1) - ours), 1),
        "setup_s": round(seeded - setup_started, 1),
    }


def _cpu_line() -> str:
    return Path("/proc/stat").read_text().split("\n", 1)[0]


def machine_busy_now(seconds: float = 1.0) -> float:
    """Percent of all cores busy over the next `seconds` (before anything of ours runs)."""
    before = _cpu_line()
    time.sleep(seconds)
    return machine_busy(before, _cpu_line())


def _short(text: str) -> str:
    return re.sub(r"/matches/\d+/", "/matches/N/", text)[:120]


async def _close_all(matches: list[LiveMatch]) -> None:
    async def close(seat: Seat) -> None:
        if seat.ws is not None:
            with contextlib.suppress(TimeoutError, OSError, websockets.WebSocketException):
                await asyncio.wait_for(seat.ws.close(), 3)

    await asyncio.gather(*(close(s) for m in matches for s in m.seats), return_exceptions=True)
    for match in matches:
        for conn in match.conns.values():
            await conn.close()


def _report(
    spec: RunSpec,
    target: Target,
    tally: Tally,
    played: float,
    cpu_before: list[int],
    cpu_after: list[int],
    self_before: int,
    self_after: int,
) -> dict[str, Any]:
    summary = summarize(tally.latencies)
    cross = summarize(tally.cross_latencies)
    move_answer = summarize(tally.move_seconds)
    return {
        "game": spec.game,
        "m": spec.matches,
        "workers": len(target.workers),
        "p50_ms": summary.p50,
        "p95_ms": summary.p95,
        "p99_ms": summary.p99,
        "cross_p95_ms": cross.p95 if tally.cross_latencies else None,
        "moves_measured": summary.count,
        "deliveries": tally.deliveries,
        "undelivered": tally.undelivered,
        "errors": tally.errors_total(),
        "error_kinds": dict(tally.errors.most_common(8)),
        "attempts": tally.attempts,
        "accepted": tally.accepted,
        "refused": tally.refused,
        "probes_refused": tally.probes,
        "finished_matches": tally.finished,
        "seconds": round(played, 1),
        "moves_per_s": round(tally.accepted / played, 1) if played else 0.0,
        "attempts_per_s": round(tally.attempts / played, 1) if played else 0.0,
        "target_per_s": round(spec.matches / spec.interval, 1),
        "move_answer_p95_ms": move_answer.p95,
        "worker_cpu_pct": [
            cpu_percent(b, a, played, TICKS_PER_SECOND)
            for b, a in zip(cpu_before, cpu_after, strict=True)
        ],
        "client_cpu_pct": cpu_percent(self_before, self_after, played, TICKS_PER_SECOND),
        "frames": tally.frames,
        "mean_frame_kb": round(tally.frame_bytes / tally.frames / 1024, 1) if tally.frames else 0,
        "unversioned_frames": tally.unversioned,
    }
