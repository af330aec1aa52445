"""The load loop: seed matches, open every seat's socket, move on a beat, time the fan-out."""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
import random
import re
import secrets
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets
from websockets.asyncio.client import ClientConnection

from bench.loadtest.client import Connection, HttpError, Jar, Response, post_form
from bench.loadtest.drivers import Move, model_for
from bench.loadtest.servers import TICKS_PER_SECOND, Worker
from bench.loadtest.stats import (
    cpu_percent,
    frame_version,
    machine_busy,
    proc_ticks,
    summarize,
)

MATCH_PATH = re.compile(r"/matches/(\d+)/")


@dataclass
class Player:
    """A signed-up account and its browser's cookies."""

    username: str
    jar: Jar


@dataclass
class Seat:
    """One seat of a match: its player and its page's socket."""

    index: int
    player: Player | None
    worker: int  # which worker its socket is on
    ws: ClientConnection | None = None
    seen: int = -1


@dataclass
class Pending:
    """A move sent and not yet seen by every other seat."""

    version: int
    sent: float
    others: frozenset[int]
    cross: frozenset[int]  # the others whose sockets are on another worker than the move
    arrivals: dict[int, float] = field(default_factory=dict)
    confirmed: bool = False


@dataclass
class LiveMatch:
    """A match being played by the load loop."""

    id: int
    ordinal: int
    seats: list[Seat]
    model: Any
    version: int = 0
    finished: bool = False
    pending: dict[int, Pending] = field(default_factory=dict)
    conns: dict[int, Connection] = field(default_factory=dict)

    def conn(self, worker: int, port: int, timeout: float) -> Connection:
        """This match's keep-alive connection to one worker."""
        if worker not in self.conns:
            self.conns[worker] = Connection(port, timeout)
        return self.conns[worker]


@dataclass
class Tally:
    """Everything counted during one measured run."""

    timeout: float
    latencies: list[float] = field(default_factory=list)
    cross_latencies: list[float] = field(default_factory=list)
    deliveries: int = 0
    undelivered: int = 0
    attempts: int = 0
    accepted: int = 0
    refused: int = 0
    probes: int = 0
    finished: int = 0
    frames: int = 0
    frame_bytes: int = 0
    unversioned: int = 0
    errors: Counter = field(default_factory=Counter)
    move_seconds: list[float] = field(default_factory=list)

    def finalize(self, match: LiveMatch, pending: Pending) -> None:
        """Close a move's books: every other seat saw it in time, or it counts undelivered."""
        match.pending.pop(pending.version, None)
        seen = {
            s: t if t <= self.timeout else math.inf
            for s, t in ((s, pending.arrivals.get(s, math.inf)) for s in pending.others)
        }
        self.deliveries += len(seen)
        self.undelivered += sum(1 for t in seen.values() if math.isinf(t))
        if seen:
            self.latencies.append(max(seen.values()))
        if pending.cross:
            self.cross_latencies.append(max(seen[s] for s in pending.cross))

    def errors_total(self) -> int:
        """Every error of any kind."""
        return sum(self.errors.values())


class Target:
    """What the load loop drives: the site or the bare baseline, on one or two workers."""

    kind = "site"

    def __init__(self, workers: list[Worker], http_timeout: float) -> None:
        self.workers = workers
        self.http_timeout = http_timeout

    @property
    def ports(self) -> list[int]:
        """The workers' ports."""
        return [w.port for w in self.workers]

    def move_worker(self, match: LiveMatch) -> int:
        """The worker every move of this match goes through."""
        return match.ordinal % len(self.workers)

    def socket_worker(self, ordinal: int, seat: int) -> int:
        """Seats of a match alternate between workers, so most moves cross over."""
        return (ordinal + seat) % len(self.workers)

    def ws_url(self, match: LiveMatch, seat: Seat) -> str:
        """The socket address of a seat's page."""
        port = self.ports[seat.worker]
        return f"ws://127.0.0.1:{port}/ws/matches/{match.id}/?v={match.version}"

    def ws_headers(self, seat: Seat) -> dict[str, str]:
        """The session cookie of the seat's player."""
        return {"Cookie": seat.player.jar.header()} if seat.player else {}

    async def send_move(self, match: LiveMatch, move: Move, version: int) -> Response:
        """POST the move as the board's HTMX form does; the answer carries the new version."""
        worker = self.move_worker(match)
        conn = match.conn(worker, self.ports[worker], self.http_timeout)
        player = match.seats[move.seat].player
        assert player is not None
        fields = {**move.fields, "version": str(version - 1)}
        return await post_form(
            conn, f"/matches/{match.id}/act/", fields, player.jar, {"HX-Request": "true"}
        )

    async def is_finished(self, match: LiveMatch) -> bool:
        """Whether the match is over: only a finished match has an export."""
        worker = self.move_worker(match)
        conn = match.conn(worker, self.ports[worker], self.http_timeout)
        host = match.seats[0].player
        try:
            response = await conn.request(
                "GET", f"/matches/{match.id}/export.json", jar=host.jar if host else None
            )
        except HttpError:
            return False
        return response.status == 200


class BareTarget(Target):
    """The bare fan-out: no accounts, matches are just numbers, every move is taken."""

    kind = "bare"

    def ws_url(self, match: LiveMatch, seat: Seat) -> str:
        """The bare socket address."""
        return f"ws://127.0.0.1:{self.ports[seat.worker]}/ws/matches/{match.id}/"

    async def send_move(self, match: LiveMatch, move: Move, version: int) -> Response:
        """POST the version to push."""
        worker = self.move_worker(match)
        conn = match.conn(worker, self.ports[worker], self.http_timeout)
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        body = f"version={version}".encode()
        return await conn.request("POST", f"/move/{match.id}/", headers=headers, body=body)

    async def is_finished(self, match: LiveMatch) -> bool:
        """A bare match never ends."""
        return False


# ---- accounts and matches ---------------------------------------------------------------


async def sign_up(port: int, username: str, password: str, timeout: float = 60) -> Player:
    """Create an account through the sign-up form; the site signs it straight in."""
    conn = Connection(port, timeout)
    jar = Jar()
    try:
        page = await conn.request("GET", "/signup/", jar=jar)
        if page.status != 200 or not jar.csrf:
            raise RuntimeError(f"sign-up page answered {page.status} without a CSRF cookie")
        fields = {"username": username, "email": "", "password1": password, "password2": password}
        response = await post_form(conn, "/signup/", fields, jar)
    finally:
        await conn.close()
    if response.status != 302 or "sessionid" not in jar.cookies:
        snippet = re.sub(r"\s+", " ", response.text)[:400]
        raise RuntimeError(f"sign-up of {username} failed ({response.status}): {snippet}")
    return Player(username, jar)


async def sign_up_many(ports: list[int], count: int, prefix: str) -> list[Player]:
    """`count` accounts, signed up on the workers in turn (password hashing is slow)."""
    password = secrets.token_urlsafe(18)
    per_worker = [asyncio.Semaphore(2) for _ in ports]

    async def one(i: int) -> Player:
        async with per_worker[i % len(ports)]:
            return await sign_up(ports[i % len(ports)], f"{prefix}{i:03d}", password)

    return list(await asyncio.gather(*(one(i) for i in range(count))))


def new_match_fields(game: str, players: int) -> dict[str, str]:
    """The lobby's new-match form for a live, rated match with no bots."""
    fields = {
        "game": game,
        f"{game}-game": game,
        f"{game}-players": str(players),
        # The longest live pace, so no seat runs out of time during a run.
        f"{game}-time_control": "live:600",
        f"{game}-rated": "on",
    }
    if game == "incan-gold":
        fields.update(
            {f"{game}-opt_artifact_values": "incan-gold", f"{game}-opt_quick_start": "on"}
        )
    elif game == "el-dorado":
        fields.update({f"{game}-opt_map": "hills-of-gold"})
    return fields


async def seed_match(
    target: Target, game: str, ordinal: int, players: list[Player], model: Any
) -> LiveMatch:
    """Create a match as its host, land on its page, and fill it by joining: it starts full."""
    worker = ordinal % len(target.workers)
    conn = Connection(target.ports[worker], target.http_timeout)
    host = players[0]
    try:
        created = await post_form(
            conn, "/matches/new/", new_match_fields(game, len(players)), host.jar
        )
        found = MATCH_PATH.search(created.header("location") or "")
        if created.status != 302 or not found:
            raise RuntimeError(f"creating a {game} match answered {created.status}")
        match_id = int(found.group(1))
        page = await conn.request("GET", f"/matches/{match_id}/", jar=host.jar)
        version = frame_version(page.body)
        if page.status != 200 or version is None:
            raise RuntimeError(f"match {match_id} page answered {page.status} without a version")
        for player in players[1:]:
            joined = await post_form(
                conn, f"/matches/{match_id}/join/", {}, player.jar, {"HX-Request": "true"}
            )
            after = frame_version(joined.body)
            if joined.status != 200 or after is None or after <= version:
                raise RuntimeError(f"{player.username} could not join match {match_id}")
            version = after
    finally:
        await conn.close()
    seats = [Seat(i, p, target.socket_worker(ordinal, i)) for i, p in enumerate(players)]
    return LiveMatch(match_id, ordinal, seats, model, version=version)


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
