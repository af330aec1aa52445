"""Recorded bot matches: the engine and the bots must reproduce them exactly.

Each entry of the fixture holds a whole match: its action log, the final state, and digests of
every event list (as each viewer sees it), every view the seat to act decided from, and the
reasons given for a few illegal variations of each action. The engine must rebuild all of it
from the log; where the entry says so, the bots must also choose that very log again.
Rewrite the fixture only when a rule or bot change is meant to alter play:
`PYTHONPATH=. python tests/engines/el_dorado/test_regression.py` from the repository root
(every match then pins the bots: list them all in BOTS_PINNED).
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

import games.engines.el_dorado as ed
from games.bots.el_dorado import expert_bot, greedy_bot, random_bot

FIXTURE = Path(__file__).with_name("regression_games.json")
BOTS = {"random": random_bot, "greedy": greedy_bot, "expert": expert_bot}
ACTION_CAP = 3000

# (players, seed, options, bot per seat, undo rate): every bot, both explorer counts, caves,
# random maps, and undo steps mixed into play.
MATCHES: list[tuple[int, int, dict[str, Any], list[str], float]] = [
    (4, 0, {}, ["greedy"] * 4, 0.0),
    (4, 12345, {}, ["greedy"] * 4, 0.0),
    (2, 3, {"map": "random", "caves": True}, ["expert", "greedy"], 0.0),
    (3, 8, {"caves": True}, ["expert", "random", "greedy"], 0.1),
    (2, 21, {"map": "random", "map_length": 5}, ["greedy", "expert"], 0.2),
    (4, 5, {"caves": True}, ["random", "greedy", "random", "greedy"], 0.1),
    (2, 44, {"map": "random", "caves": True}, ["greedy", "expert"], 0.1),
]

# Matches whose logs the current bots must choose again (all of them since the last rewrite).
BOTS_PINNED = list(range(len(MATCHES)))


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()


def _variants(action: dict[str, Any]) -> list[dict[str, Any]]:
    """Illegal (or differently legal) neighbours of an action, to pin the engine's answers."""
    out = [{**action, "explorer": 1}]
    if "path" in action:
        out.append({**action, "path": action["path"][::-1]})
        out.append({**action, "path": action["path"][:-1] or [[0, 0]]})
    if "card" in action and isinstance(action["card"], int):
        out.append({**action, "card": action["card"] + 1})
    if "cards" in action:
        out.append({**action, "cards": action["cards"][1:]})
    return out


def play(players: int, seed: int, options: dict, bots: list[str], undo: float) -> list[list[Any]]:
    """The action log of one match, bots deciding from JSON views (undo mixed in at random)."""
    state = ed.new_game(players, seed, options)
    rng = random.Random(seed)
    chaos = random.Random(-seed - 1)
    log: list[list[Any]] = []
    while not ed.is_over(state) and len(log) < ACTION_CAP:
        seat = min(ed.to_act(state))
        view = ed.player_view(state, seat)
        if state.previous is not None and chaos.random() < undo:
            action: dict[str, Any] = {"type": "undo"}
        else:
            action = BOTS[bots[seat]](json.loads(json.dumps(view)), seat, rng)
        state = ed.apply(state, seat, action).state
        log.append([seat, action])
    return log


def record(players: int, seed: int, options: dict, log: list[list[Any]]) -> dict[str, Any]:
    """Everything observable along a logged match, as the engine gives it."""
    state = ed.new_game(players, seed, options)
    events = hashlib.sha256()
    views = hashlib.sha256()
    errors = hashlib.sha256()
    for seat, action in log:
        views.update(json.dumps(ed.player_view(state, seat), sort_keys=True).encode())
        for variant in _variants(action):
            errors.update(repr(ed.validate(state, seat, variant)).encode())
        progress = ed.apply(state, seat, action)
        events.update(json.dumps(progress.events, sort_keys=True).encode())
        for viewer in (None, *range(players)):
            visible = ed.events_for(progress.events, viewer)
            events.update(json.dumps(visible, sort_keys=True).encode())
        state = progress.state
    result = ed.outcome(state)
    return {
        "final": ed.to_json(state),
        "final_views": _digest([ed.player_view(state, v) for v in (None, *range(players))]),
        "events": events.hexdigest(),
        "views": views.hexdigest(),
        "errors": errors.hexdigest(),
        "outcome": _digest(result.to_dict() if result else None),
    }


def _recorded() -> list[dict[str, Any]]:
    return json.loads(FIXTURE.read_text())


@pytest.mark.parametrize("index", range(len(MATCHES)))
def test_the_engine_rebuilds_every_recorded_match_from_its_log(index):
    players, seed, options, bots, undo = MATCHES[index]
    recorded = _recorded()[index]
    assert recorded["match"] == [players, seed, options, bots, undo]
    again = record(players, seed, options, recorded["log"])
    assert again["final"] == recorded["final"]
    assert again["final"]["over"]
    for key in ("events", "views", "errors", "final_views", "outcome"):
        assert again[key] == recorded[key], key


@pytest.mark.parametrize("index", range(len(MATCHES)))
def test_replaying_the_recorded_log_gives_the_recorded_final_state(index):
    players, seed, options, _, _ = MATCHES[index]
    recorded = _recorded()[index]
    log = [(seat, action) for seat, action in recorded["log"]]
    assert ed.to_json(ed.replay(players, seed, options, log)) == recorded["final"]


@pytest.mark.parametrize("index", BOTS_PINNED)
def test_the_bots_choose_every_recorded_action_again(index):
    players, seed, options, bots, undo = MATCHES[index]
    recorded = _recorded()[index]
    assert recorded["bots_pinned"]
    assert play(players, seed, options, bots, undo) == recorded["log"]


def main() -> None:
    """Rewrite the fixture from the current engine and bots."""
    games = []
    for players, seed, options, bots, undo in MATCHES:
        log = play(players, seed, options, bots, undo)
        entry = {"match": [players, seed, options, bots, undo], "bots_pinned": True, "log": log}
        games.append({**entry, **record(players, seed, options, log)})
    FIXTURE.write_text(json.dumps(games, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
