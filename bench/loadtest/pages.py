"""Requests per second of a page under a bounded number of concurrent keep-alive clients."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter
from typing import Any

from bench.loadtest.client import Connection, HttpError, Jar
from bench.loadtest.stats import ms, percentile


async def hammer(
    ports: list[int],
    path: str,
    jar: Jar | None,
    seconds: float,
    concurrency: int,
    timeout: float = 10.0,
) -> dict[str, Any]:
    """GET `path` from `concurrency` clients spread over the workers for `seconds`."""
    latencies: list[float] = []
    failures: Counter = Counter()
    sizes: list[int] = []
    # One warm-up request per worker, so template loading is not counted.
    for port in ports:
        conn = Connection(port, timeout)
        with contextlib.suppress(HttpError):
            await conn.request("GET", path, jar=jar)
        await conn.close()
    # Clients send copies of the cookies: a response setting one must not race the others.
    cookies = dict(jar.cookies) if jar else {}
    start = time.perf_counter()
    end = start + seconds

    async def client(i: int) -> None:
        conn = Connection(ports[i % len(ports)], timeout)
        own = Jar(dict(cookies))
        try:
            while time.perf_counter() < end:
                t0 = time.perf_counter()
                try:
                    response = await conn.request("GET", path, jar=own)
                except HttpError as exc:
                    failures[str(exc)[:80]] += 1
                    continue
                if response.status == 200:
                    latencies.append(time.perf_counter() - t0)
                    sizes.append(len(response.body))
                else:
                    failures[f"HTTP {response.status}"] += 1
        finally:
            await conn.close()

    await asyncio.wait_for(
        asyncio.gather(*(client(i) for i in range(concurrency))), seconds + timeout + 2
    )
    wall = time.perf_counter() - start
    return {
        "path": path,
        "rps": round(len(latencies) / wall, 1),
        "ok": len(latencies),
        "failed": sum(failures.values()),
        "failure_kinds": dict(failures.most_common(5)),
        "p50_ms": ms(percentile(latencies, 50)),
        "p95_ms": ms(percentile(latencies, 95)),
        "kb": round(sum(sizes) / len(sizes) / 1024, 1) if sizes else 0,
        "concurrency": concurrency,
        "seconds": round(wall, 1),
    }
