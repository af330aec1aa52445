"""Serve the site with one task worker beside it: what `make run` starts after migrating.

    python scripts/run.py [--port 8000]

daphne serves http://127.0.0.1:PORT/ and `manage.py db_worker` plays bot turns and move
deadlines, relaying each change to the web server (its sockets live in its own memory).
Ctrl-C stops both; so does either one exiting. Each runs in a session of its own, so the
terminal's Ctrl-C reaches only this launcher, which then asks each of them once to stop (a
worker first finishes the task it is running) and waits for them.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Seconds an idle worker waits before looking for due tasks again: a bot's reply to a move
# comes within this (plus the live "thinking" pause).
WORKER_INTERVAL = 0.1
GRACE_SECONDS = 15


class Stop(Exception):
    """Ctrl-C or a termination signal reached the launcher."""


def _raise_stop(signum: int, frame: object) -> None:
    raise Stop


def commands(port: int) -> dict[str, tuple[list[str], dict[str, str]]]:
    """The web server and the worker: each one's command line and environment."""
    python = sys.executable
    web = [python, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"]
    worker = [
        python,
        "manage.py",
        "db_worker",
        "--interval",
        str(WORKER_INTERVAL),
        "--no-startup-delay",
        # The web server does not reload on code changes either: restart both together.
        "--no-reload",
    ]
    relay = {"LIVE_RELAY_URL": f"http://127.0.0.1:{port}/internal/live/"}
    return {"web": (web, dict(os.environ)), "worker": (worker, {**os.environ, **relay})}


def stop(processes: dict[str, subprocess.Popen]) -> None:
    """Ask each running process once to stop, wait a while, then kill what is left."""
    for process in processes.values():
        if process.poll() is None:
            process.terminate()
    deadline = time.monotonic() + GRACE_SECONDS
    for name, process in processes.items():
        try:
            process.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            print(f"{name} did not stop in {GRACE_SECONDS} s; killing it", file=sys.stderr)
            process.kill()
            process.wait()


def main(argv: list[str] | None = None) -> int:
    """Start both, wait until one exits or a signal comes, stop both; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", 8000)))
    args = parser.parse_args(argv)
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), _raise_stop)
    processes: dict[str, subprocess.Popen] = {}
    status = 0
    try:
        for name, (command, env) in commands(args.port).items():
            processes[name] = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)
        while True:
            exited = [(n, p.returncode) for n, p in processes.items() if p.poll() is not None]
            if exited:
                name, status = exited[0]
                print(f"{name} exited with status {status}; stopping the rest", file=sys.stderr)
                break
            time.sleep(0.2)
    except Stop:
        pass
    finally:
        # A second Ctrl-C while stopping must not cut the wait short halfway.
        for name in ("SIGINT", "SIGTERM", "SIGHUP"):
            if hasattr(signal, name):
                signal.signal(getattr(signal, name), signal.SIG_IGN)
        stop(processes)
    return status


if __name__ == "__main__":
    sys.exit(main())
