"""El Dorado bot decisions recorded once: replaying the recorded games, the greedy and expert
bots decide as they did then, at every step and in positions they never make themselves (after
a pass or change token). A change that should keep every decision must keep this passing.

To record afresh (only when decisions are meant to change):
    python -m tests.bots.test_el_dorado_decisions
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

FIXTURE = Path(__file__).with_name("el_dorado_decisions.json")

# (players, seed, options): 2 to 4 players, caves on and off, named and random maps.
GAMES = [
    (3, 1001, {"map": "random", "caves": False}),
    (4, 1002, {"map": "serpentine", "caves": False}),
    (2, 1003, {"map": "hills-of-gold", "caves": True}),
    (2, 1022, {"map": "swamplands", "caves": True}),
    (4, 1029, {"map": "winding-path", "caves": True}),
    (3, 1004, {"map": "random", "caves": True}),
    (4, 1008, {"map": "serpentine", "caves": False}),
    (2, 1009, {"map": "swamplands", "caves": True}),
    (3, 1010, {"map": "random", "caves": True}),
    (4, 1017, {"map": "winding-path", "caves": True}),
]
BOTS = {"greedy": greedy_bot, "expert": expert_bot}
MAX_STEPS = 600


def digest(action: dict[str, Any]) -> str:
    return hashlib.sha1(json.dumps(action, sort_keys=True).encode()).hexdigest()[:12]


def decide(state: ed.State, seat: int, k: int) -> dict[str, dict[str, Any]]:
    """What each bot does from a fresh view, with its own fixed random numbers."""
    return {
        name: bot(ed.player_view(state, seat), seat, random.Random(k)) for name, bot in BOTS.items()
    }


def _token_plays(state: ed.State, seat: int, k: int) -> list[dict[str, Any]]:
    """The pass and change tokens the seat could play now (bots never play them)."""
    turn = state.turn
    if turn.discarding or turn.may_remove or turn.pass_through or turn.next_kind:
        return []
    out = []
    for tid in state.seats[seat].tokens:
        kind = str(ed.TOKENS[tid].kind)
        if kind == "pass":
            out.append({"type": "token", "token": tid})
        elif kind == "change":
            out.append(
                {"type": "token", "token": tid, "kind": ("machete", "paddle", "coin")[k % 3]}
            )
    return out


def record(players: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """One game driven by greedy, expert and random seats: the actions applied, and at each
    step both bots' decisions (digests); after a token play, up to three steps on the side."""
    state = ed.new_game(players, seed, options)
    drivers = [("greedy", "expert", "random")[(seed + s) % 3] for s in range(players)]
    log, decisions, sides = [], [], []
    for i in range(MAX_STEPS):
        if ed.is_over(state):
            break
        seat = min(ed.to_act(state))
        k = seed * 100000 + i
        chosen = decide(state, seat, k)
        decisions.append([digest(chosen["greedy"]), digest(chosen["expert"])])
        for token in _token_plays(state, seat, k):
            side = ed.apply(state, seat, token).state
            steps = []
            for step in range(3):
                if ed.is_over(side) or min(ed.to_act(side)) != seat:
                    break
                there = decide(side, seat, k * 10 + 1 + step)
                steps.append([digest(there["greedy"]), digest(there["expert"])])
                try:
                    side = ed.apply(side, seat, there["expert"]).state
                except ed.IllegalAction:
                    break  # the bots ignore a change token's kind: known
            sides.append({"at": i, "token": token, "steps": steps})
        driver = drivers[seat]
        if driver == "random":
            action = random_bot(ed.player_view(state, seat), seat, random.Random(k + 7))
        else:
            action = chosen[driver]
        state = ed.apply(state, seat, action).state
        log.append([seat, action])
    return {"log": log, "decisions": decisions, "sides": sides}


def _fixture() -> list[dict[str, Any]]:
    return json.loads(FIXTURE.read_text())


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_recorded_decisions_come_out_the_same(game):
    players, seed, options = GAMES[game]
    recorded = _fixture()[game]
    sides = {}
    for side in recorded["sides"]:
        sides.setdefault(side["at"], []).append(side)
    state = ed.new_game(players, seed, options)
    for i, ((seat, action), expected) in enumerate(
        zip(recorded["log"], recorded["decisions"], strict=True)
    ):
        k = seed * 100000 + i
        chosen = decide(state, seat, k)
        got = [digest(chosen["greedy"]), digest(chosen["expert"])]
        assert got == expected, (i, seat, chosen)
        for side in sides.get(i, []):
            there = ed.apply(state, seat, side["token"]).state
            for step, expected_step in enumerate(side["steps"]):
                decided = decide(there, seat, k * 10 + 1 + step)
                assert [digest(decided["greedy"]), digest(decided["expert"])] == expected_step, (
                    i,
                    side["token"],
                    step,
                    decided,
                )
                if step + 1 < len(side["steps"]):
                    there = ed.apply(there, seat, decided["expert"]).state
        state = ed.apply(state, seat, action).state


def test_the_record_covers_token_positions_and_every_decision_type():
    games = _fixture()
    assert len(games) == len(GAMES)
    tokens = {str(ed.TOKENS[s["token"]["token"]].kind) for g in games for s in g["sides"]}
    assert tokens == {"pass", "change"}
    types = {action["type"] for g in games for _, action in g["log"]}
    assert {"move", "buy", "rubble", "camp", "blockade", "action", "end_turn"} <= types


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps([record(*spec) for spec in GAMES], separators=(",", ":")) + "\n")
