"""What the load loop keeps about players, seats, matches, moves in flight and one run."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection

from bench.loadtest.client import Connection, Jar


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
