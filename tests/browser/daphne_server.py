"""A real daphne server in a subprocess (HTTP and WebSockets), on its own SQLite file, with a
task worker beside it (bot turns, deadlines) that relays each change to the server."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class DaphneServer:
    def __init__(self, var_dir: Path, env: Mapping[str, str] | None = None) -> None:
        self.var_dir = var_dir
        self.port = _free_port()
        self.url = f"http://localhost:{self.port}"
        self.env = {
            **{k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}},
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DEBUG": "1",
            "VAR_DIR": str(var_dir),
            "BOT_LIVE_DELAY": "0.2",
            # Links in mail lead back to this server.
            "SITE_URL": self.url,
            **(env or {}),
        }
        self.process: subprocess.Popen | None = None
        self.worker: subprocess.Popen | None = None

    @property
    def database(self) -> Path:
        return self.var_dir / "db.sqlite3"

    def start(self) -> None:
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
            cwd=ROOT,
            env=self.env,
            check=True,
            timeout=120,
        )
        self.log = open(self.var_dir / "daphne.log", "w")  # noqa: SIM115
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "daphne",
                "-b",
                "127.0.0.1",
                "-p",
                str(self.port),
                "config.asgi:application",
            ],
            cwd=ROOT,
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        self.worker_log = open(self.var_dir / "worker.log", "w")  # noqa: SIM115
        self.worker = subprocess.Popen(
            [
                sys.executable,
                "manage.py",
                "db_worker",
                "--interval",
                "0.05",
                "--no-startup-delay",
                "--no-reload",
            ],
            cwd=ROOT,
            env={**self.env, "LIVE_RELAY_URL": f"http://127.0.0.1:{self.port}/internal/live/"},
            stdout=self.worker_log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError("daphne did not start: " + (self.var_dir / "daphne.log").read_text())

    def stop(self) -> None:
        if self.worker is not None:
            _end(self.worker)
            self.worker = None
            self.worker_log.close()
        if self.process is not None:
            _end(self.process)
            self.process = None
            self.log.close()


def _end(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
