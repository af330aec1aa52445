"""Daphne workers in subprocesses on free ports, a throwaway PostgreSQL database, CPU readings."""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from bench.loadtest.stats import proc_ticks

ROOT = Path(__file__).resolve().parents[2]
TICKS_PER_SECOND = os.sysconf("SC_CLK_TCK")
SITE_APP = "config.asgi:application"
BARE_APP = "bench.loadtest.bare.asgi:application"
_RUNNING: set[Worker] = set()


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _die_with_parent() -> None:
    # Linux: a worker is killed when this process dies, even by SIGKILL, so none outlives it
    # (SIGKILL: a worker asked to stop with SIGTERM may wait on its open sockets for ever).
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def base_env(**extra: str) -> dict[str, str]:
    """The environment of a worker: ours minus any database/Redis choice, plus `extra`."""
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    # As in production: DEBUG off (no query log, cached templates, hashed static files), over
    # plain HTTP on loopback.
    env.update(
        {
            "DEBUG": "0",
            "SECRET_KEY": "loadtest-not-secret-" + "x" * 40,
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "SECURE_SSL_REDIRECT": "0",
            "SECURE_HSTS_SECONDS": "0",
            "SECURE_HSTS_PRELOAD": "0",
            "LOG_LEVEL": "WARNING",
            "PYTHONUNBUFFERED": "1",
            # A handful of accounts play every match: the per-player abuse limits are off.
            "MATCHES_PER_WINDOW": "0",
            "OPEN_MATCHES_PER_USER": "0",
            "SOCKETS_PER_USER": "100000",
        }
    )
    env.update(extra)
    return env


def migrate(env: dict[str, str], timeout: float = 180) -> None:
    """Create the site's tables in the database `env` names, and gather its static files."""
    for command in (["migrate", "--noinput", "-v0"], ["collectstatic", "--noinput", "-v0"]):
        subprocess.run(
            [sys.executable, "manage.py", *command],
            cwd=ROOT,
            env=env,
            check=True,
            timeout=timeout,
        )


class Worker:
    """One daphne process serving an ASGI app on its own port."""

    def __init__(self, name: str, app: str, env: dict[str, str], log_dir: Path) -> None:
        self.name = name
        self.app = app
        self.env = env
        self.log_path = log_dir / f"{name}.log"
        self.port = 0
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float = 60) -> None:
        """Start daphne and wait until /healthz answers 200."""
        self.port = free_port()
        self._log = open(self.log_path, "a")  # noqa: SIM115 (closed in stop)
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "daphne",
                "-v",
                "0",
                "-b",
                "127.0.0.1",
                "-p",
                str(self.port),
                self.app,
            ],
            cwd=ROOT,
            env=self.env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,  # Ctrl-C reaches us only; we stop workers in order
            preexec_fn=_die_with_parent,
        )
        _RUNNING.add(self)
        deadline = time.monotonic() + timeout
        url = f"http://127.0.0.1:{self.port}/healthz"
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            try:
                with urllib.request.urlopen(url, timeout=5) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        self.stop()
        tail = self.log_path.read_text(errors="replace")[-3000:]
        raise RuntimeError(f"{self.name} did not start on port {self.port}:\n{tail}")

    def ticks(self) -> int:
        """CPU ticks (user + system, all threads) the worker has used so far; 0 once gone."""
        if self.process is None:
            return 0
        try:
            return proc_ticks(Path(f"/proc/{self.process.pid}/stat").read_text())
        except (OSError, ValueError, IndexError):
            return 0

    def stop(self) -> None:
        """Stop the worker: SIGTERM, then SIGKILL after 5 s."""
        process, self.process = self.process, None
        _RUNNING.discard(self)
        if process is None:
            return
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=5)
        self._log.close()


def stop_all() -> None:
    """Stop every worker still running (at exit, on Ctrl-C, on SIGTERM)."""
    for worker in list(_RUNNING):
        worker.stop()


atexit.register(stop_all)


def redis_answers(url: str) -> str:
    """'' if Redis answers PING at url, else why not."""
    try:
        import redis

        client = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)
        client.ping()
        client.close()
    except Exception as exc:  # any failure means: skip the production configuration
        return f"{type(exc).__name__}: {exc}"
    return ""


class PostgresDatabase:
    """A fresh database on a trusted local PostgreSQL, dropped again afterwards."""

    def __init__(self, admin_url: str) -> None:
        self.admin_url = admin_url
        self.name = f"expedition_loadtest_{os.getpid()}_{secrets.token_hex(3)}"
        self.created = False

    @property
    def url(self) -> str:
        """The database's URL for DATABASE_URL."""
        return self.admin_url.rsplit("/", 1)[0] + "/" + self.name

    def check(self) -> str:
        """'' if the server answers, else why not."""
        try:
            import psycopg

            with psycopg.connect(self.admin_url, connect_timeout=3) as conn:
                conn.execute("SELECT 1")
        except Exception as exc:  # any failure means: skip the production configuration
            return f"{type(exc).__name__}: {exc}".strip()
        return ""

    def create(self) -> None:
        """CREATE DATABASE."""
        import psycopg

        with psycopg.connect(self.admin_url, autocommit=True, connect_timeout=3) as conn:
            conn.execute(f'CREATE DATABASE "{self.name}"')
        self.created = True
        atexit.register(self.drop)

    def renumber_matches(self) -> None:
        """Start match ids far from small numbers.

        Redis pub/sub channels are shared by every database number, so another program's
        `match.7` group on the same Redis would otherwise reach our sockets.
        """
        import psycopg

        start = 10_000_000 + secrets.randbelow(80_000_000)
        with psycopg.connect(self.url, autocommit=True, connect_timeout=3) as conn:
            conn.execute("SELECT setval(pg_get_serial_sequence('games_match', 'id'), %s)", (start,))

    def drop(self) -> None:
        """DROP DATABASE (forcing out any connection a killed worker left)."""
        if not self.created:
            return
        import psycopg

        try:
            with psycopg.connect(self.admin_url, autocommit=True, connect_timeout=3) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
            self.created = False
        except Exception as exc:  # reported, never raised: we are cleaning up
            print(f"could not drop database {self.name}: {exc}", file=sys.stderr)
