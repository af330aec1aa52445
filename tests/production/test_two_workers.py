"""Two daphne workers and a task worker on one PostgreSQL database and one Redis, as deployed.

They get a database and a Redis db number of their own, made and removed here, and prove that
a burst of requests leaves no pile of database connections behind and that a move made
through one worker reaches a player whose socket is on the other.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import random
import re
import secrets
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode, urlsplit, urlunsplit

import pytest

pytestmark = [
    pytest.mark.production,
    pytest.mark.skipif(
        not (os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL")),
        reason="DATABASE_URL and REDIS_URL are not both set",
    ),
]

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "a long enough test password 7"
BURST = 150
POOL = 4  # connections per web worker at most (the default DATABASE_POOL_SIZE)
TASK_WORKER_POOL = 2  # the task worker runs one task at a time
CONNECTIONS_AFTER_BURST = 10
PUSH_SECONDS = 10

SEED = """
import json
from accounts.models import User
from games.play.services.lobby import MatchSpec, create_match, join_match
people = [User.objects.create_user(username=n, password=PASSWORD) for n in ("ana", "bo", "cy")]
match = create_match(people[0], MatchSpec(game="incan-gold", players=3))
for person in people[1:]:
    join_match(match.pk, person)
match.refresh_from_db()
print("SEEDED " + json.dumps({"match": match.pk, "version": match.version}))
"""


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _two_ports() -> tuple[int, int]:
    first = _free_port()
    second = _free_port()
    while second == first:
        second = _free_port()
    return first, second


def _with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


def _admin_connection():
    import psycopg

    # The maintenance database: the workers' own one is made and dropped from here.
    return psycopg.connect(_with_database(os.environ["DATABASE_URL"], "postgres"), autocommit=True)


def _claim_redis_db() -> tuple[str, int]:
    import redis

    base = os.environ["REDIS_URL"]
    numbers = list(range(1, 16))
    random.shuffle(numbers)
    for number in numbers:
        url = _with_database(base, str(number))
        client = redis.Redis.from_url(url)
        try:
            # An empty db, marked at once so a parallel run picks another one.
            if client.dbsize() == 0 and client.set("twoworkers:claim", "1", nx=True, ex=900):
                return url, number
        finally:
            client.close()
    pytest.skip("no free Redis db number for the two-worker test")


@dataclass
class Browser:
    """A signed-in person's cookies, sent by hand (the site's cookies are Secure, this is HTTP)."""

    cookies: dict[str, str] = field(default_factory=dict)

    def header(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items())

    def keep(self, response: http.client.HTTPResponse) -> None:
        for raw in response.headers.get_all("Set-Cookie") or []:
            jar = SimpleCookie()
            jar.load(raw)
            for key, morsel in jar.items():
                self.cookies[key] = morsel.value


def _request(
    port: int,
    method: str,
    path: str,
    browser: Browser | None = None,
    form: dict[str, str] | None = None,
) -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Origin": f"http://127.0.0.1:{port}"}
    if browser is not None and browser.cookies:
        headers["Cookie"] = browser.header()
    body = None
    if form is not None:
        body = urlencode(form)
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        text = response.read().decode(errors="replace")
        if browser is not None:
            browser.keep(response)
        return response.status, text
    finally:
        connection.close()


def _sign_in(port: int, username: str) -> Browser:
    browser = Browser()
    status, page = _request(port, "GET", "/login/", browser)
    assert status == 200, page[:500]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    status, page = _request(
        port,
        "POST",
        "/login/",
        browser,
        {"username": username, "password": PASSWORD, "csrfmiddlewaretoken": token},
    )
    assert status == 302 and "sessionid" in browser.cookies, (status, page[:500])
    return browser


@dataclass
class Stack:
    database: str
    ports: tuple[int, int]
    match: int
    version: int
    processes: dict[str, subprocess.Popen]
    logs: Path

    def log_tails(self) -> str:
        parts = []
        for path in sorted(self.logs.glob("*.log")):
            parts.append(f"--- {path.name}\n" + path.read_text(errors="replace")[-3000:])
        return "\n".join(parts)

    def connections(self) -> int:
        with _admin_connection() as admin:
            row = admin.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = %s", [self.database]
            ).fetchone()
        return row[0]


def _run(command: list[str], env: dict[str, str], timeout: float) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *command],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert result.returncode == 0, f"manage.py {command[0]} failed:\n{result.stderr[-3000:]}"
    return result.stdout


def _wait_healthy(port: int, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            break
        with contextlib.suppress(OSError):
            if _request(port, "GET", "/healthz")[0] == 200:
                return
        time.sleep(0.2)
    raise AssertionError(f"worker on port {port} did not start:\n{log.read_text()[-3000:]}")


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


@pytest.fixture(scope="module")
def stack(tmp_path_factory) -> Iterator[Stack]:
    """Migrate a fresh database, seed a match of three people, start the three processes."""
    import redis

    work = tmp_path_factory.mktemp("twoworkers")
    name = f"expedition_twoworkers_{secrets.token_hex(4)}"
    redis_url, _ = _claim_redis_db()
    with _admin_connection() as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    processes: dict[str, subprocess.Popen] = {}
    logs: list = []
    try:
        env = {
            **{k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "PYTEST"))},
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DATABASE_URL": _with_database(os.environ["DATABASE_URL"], name),
            "REDIS_URL": redis_url,
            "DEBUG": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "SECURE_SSL_REDIRECT": "0",
            "STATIC_ROOT": str(work / "static"),
            "VAR_DIR": str(work / "var"),
            "BOT_LIVE_DELAY": "0",
            "DATABASE_POOL_SIZE": str(POOL),
            "LOG_LEVEL": "WARNING",
        }
        _run(["migrate", "--noinput", "-v0"], env, timeout=180)
        _run(["collectstatic", "--noinput", "-v0"], env, timeout=120)
        seeded = _run(["shell", "-c", f"PASSWORD = {PASSWORD!r}\n{SEED}"], env, timeout=60)
        info = json.loads(seeded.split("SEEDED ", 1)[1].splitlines()[0])
        commands = {
            f"daphne-{port}": [
                "-m",
                "daphne",
                "-b",
                "127.0.0.1",
                "-p",
                str(port),
                "config.asgi:application",
            ]
            for port in _two_ports()
        }
        available = _run(["help", "--commands"], env, timeout=60).split()
        # The task worker runs beside the web workers wherever the site has one.
        if "db_worker" in available:
            commands["db_worker"] = ["manage.py", "db_worker"]
        for label, command in commands.items():
            log = open(work / f"{label}.log", "w")  # noqa: SIM115
            logs.append(log)
            pool = TASK_WORKER_POOL if label == "db_worker" else POOL
            processes[label] = subprocess.Popen(
                [sys.executable, *command],
                cwd=ROOT,
                env={**env, "DATABASE_POOL_SIZE": str(pool)},
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        ports = tuple(int(label.split("-")[1]) for label in commands if label.startswith("daph"))
        for port in ports:
            _wait_healthy(port, processes[f"daphne-{port}"], work / f"daphne-{port}.log")
        yield Stack(name, ports, info["match"], info["version"], processes, work)
    finally:
        for process in processes.values():
            _stop(process)
        for log in logs:
            log.close()
        with _admin_connection() as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        client = redis.Redis.from_url(redis_url)
        client.flushdb()
        client.close()


def test_every_process_of_the_stack_is_up(stack):
    for label, process in stack.processes.items():
        assert process.poll() is None, f"{label} exited:\n{stack.log_tails()}"


def test_a_burst_over_both_workers_leaves_few_database_connections(stack):
    ana = _sign_in(stack.ports[0], "ana")
    paths = ["/", "/play/", "/healthz", f"/matches/{stack.match}/"]
    results: list[int] = []
    peak = [0]
    done = threading.Event()
    start = threading.Barrier(BURST)

    def one(index: int) -> None:
        start.wait(timeout=30)
        port = stack.ports[index % 2]
        try:
            status, _ = _request(port, "GET", paths[index % len(paths)], ana)
        except OSError as exc:
            status = repr(exc)
        results.append(status)

    def sample() -> None:
        while not done.is_set():
            with contextlib.suppress(Exception):
                peak[0] = max(peak[0], stack.connections())
            time.sleep(0.05)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    threads = [threading.Thread(target=one, args=(i,), daemon=True) for i in range(BURST)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    done.set()
    sampler.join(timeout=5)
    assert len(results) == BURST, "some requests never finished"
    failed = [status for status in results if status != 200]
    assert not failed, f"{len(failed)} requests failed: {failed[:5]}\n{stack.log_tails()}"
    time.sleep(1)
    after = max(stack.connections() for _ in range(5))
    print(f"PostgreSQL connections: peak {peak[0]} during the burst, {after} a second after")
    # Each process's pool caps its connections, during the burst as after it.
    cap = POOL * 2 + (TASK_WORKER_POOL if "db_worker" in stack.processes else 0)
    assert peak[0] <= cap, f"{peak[0]} connections during the burst"
    assert after <= CONNECTIONS_AFTER_BURST, f"{after} connections kept after the burst"


def test_a_move_through_one_worker_reaches_a_socket_on_the_other(stack):
    from websockets.sync.client import connect

    port_a, port_b = stack.ports
    ana = _sign_in(port_a, "ana")
    bo = _sign_in(port_b, "bo")
    status, page = _request(port_b, "GET", f"/matches/{stack.match}/", bo)
    assert status == 200, page[:500]
    version = int(re.search(r'data-version="(\d+)"', page).group(1))
    expected = f'data-version="{version + 1}"'
    with connect(
        f"ws://127.0.0.1:{port_b}/ws/matches/{stack.match}/",
        additional_headers={"Cookie": bo.header()},
        origin=f"http://127.0.0.1:{port_b}",
        proxy=None,
        open_timeout=10,
    ) as socket:
        # The socket has joined its group once accepted; a little slack for the subscription.
        time.sleep(0.5)
        sent = time.monotonic()
        status, _ = _request(
            port_a,
            "POST",
            f"/matches/{stack.match}/act/",
            ana,
            {
                "action": json.dumps({"type": "decide", "choice": "continue"}),
                "version": str(version),
                "csrfmiddlewaretoken": ana.cookies["csrftoken"],
            },
        )
        assert status == 302
        frames = []
        while time.monotonic() - sent < PUSH_SECONDS:
            try:
                frame = socket.recv(timeout=PUSH_SECONDS - (time.monotonic() - sent))
            except TimeoutError:
                break
            frames.append(frame if isinstance(frame, str) else frame.decode())
            if expected in frames[-1]:
                break
        assert frames and expected in frames[-1], (
            f"no frame with {expected} within {PUSH_SECONDS}s; got {[f[:200] for f in frames]}"
            f"\n{stack.log_tails()}"
        )
        print(f"push across workers: {time.monotonic() - sent:.3f}s")
