"""What the load loop drives (the site or the bare fan-out), and seeding it with accounts and
matches through the site's own forms."""

from __future__ import annotations

import asyncio
import re
import secrets
from typing import Any

from bench.loadtest.client import Connection, HttpError, Jar, Response, post_form
from bench.loadtest.drivers import Move
from bench.loadtest.records import LiveMatch, Player, Seat
from bench.loadtest.servers import Worker
from bench.loadtest.stats import frame_version

MATCH_PATH = re.compile(r"/matches/(\d+)/")


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
