"""The real worker: `manage.py db_worker` beside daphne on one SQLite file plays a bot's reply
within a fraction of a second, and `scripts/run.py` (what `make run` starts) runs both and
stops both."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.browser.daphne_server import ROOT, DaphneServer, _free_port

# In the server's database, through the services: a correspondence El Dorado match against a
# bot; the person ends her turn and the time until the bot's first action is printed (its
# whole turn follows, each action relayed to the server), then it waits for the bot's turn end.
REPLY_SCRIPT = """
import time
from accounts.models import User
from games.models import Match, MatchAction, Pace
from games.play.services.lobby import MatchSpec, create_match
from games.play.services.play import submit_action

ana = User.objects.create_user("ana", "ana@example.com", "x-long-password-1")
spec = MatchSpec(game="el-dorado", players=2, bots=("greedy",), pace=Pace.CORRESPONDENCE,
                 move_seconds=86400, options={"map": "home-stretch"})
match = create_match(ana, spec)
started = time.monotonic()
submit_action(match.pk, ana, {"type": "end_turn"}, Match.objects.get(pk=match.pk).version)
deadline = started + 20
while not MatchAction.objects.filter(match=match, seat=1).exists():
    assert time.monotonic() < deadline, "the worker did not play the bot"
    time.sleep(0.01)
print("reply", time.monotonic() - started)
while not MatchAction.objects.filter(match=match, seat=1, action__type="end_turn").exists():
    assert time.monotonic() < deadline, "the worker did not end the bot's turn"
    time.sleep(0.01)
"""


def _environ(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(item.decode().split("=", 1) for item in raw if b"=" in item)


def _children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _cmdline(pid: int) -> str:
    return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()


def _alive(pid: int) -> bool:
    try:
        return "Z" not in Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False


def test_the_worker_plays_a_bots_reply_within_a_fraction_of_a_second(tmp_path):
    server = DaphneServer(tmp_path)
    server.start()
    try:
        assert server.worker is not None and server.worker.poll() is None
        relay = _environ(server.worker.pid).get("LIVE_RELAY_URL")
        assert relay == f"http://127.0.0.1:{server.port}/internal/live/"
        result = subprocess.run(
            [sys.executable, "manage.py", "shell", "-c", REPLY_SCRIPT],
            cwd=ROOT,
            env=server.env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert result.returncode == 0, result.stderr + (tmp_path / "worker.log").read_text()
        reply = float(result.stdout.split("reply", 1)[1])
        assert reply < 1.0
    finally:
        server.stop()
    assert server.worker is None


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
def test_the_launcher_starts_server_and_worker_and_ctrl_c_stops_both(tmp_path):
    env = DaphneServer(tmp_path).env
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=120,
    )
    port = _free_port()
    log = open(tmp_path / "run.log", "w")  # noqa: SIM115
    launcher = subprocess.Popen(
        [sys.executable, "scripts/run.py", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as r:
                    assert r.status == 200
                    break
            except OSError:
                assert time.monotonic() < deadline, (tmp_path / "run.log").read_text()
                time.sleep(0.2)
        children = _children(launcher.pid)
        commands = {pid: _cmdline(pid) for pid in children}
        assert len(children) == 2, commands
        [worker] = [pid for pid, command in commands.items() if "db_worker" in command]
        assert "--interval 0.1" in commands[worker]
        relay = _environ(worker).get("LIVE_RELAY_URL")
        assert relay == f"http://127.0.0.1:{port}/internal/live/"
        launcher.send_signal(signal.SIGINT)
        assert launcher.wait(timeout=30) == 0
        assert not any(_alive(pid) for pid in children)
    finally:
        if launcher.poll() is None:
            launcher.kill()
            launcher.wait()
        for pid in _children(launcher.pid):
            os.kill(pid, signal.SIGKILL)
        log.close()
