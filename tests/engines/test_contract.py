"""The contract every engine in the registry keeps, checked the same way for each.

`new_game`, `to_act`, `legal_actions`, `apply`, `player_view`, `outcome` (and `to_json` /
`from_json` for the stored snapshot) are what the site is built on: random legal play must
never break them, a stored state must read back as itself, replaying the log must give the
state reached, and a view must be plain JSON that never carries the seed before the end."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.registry import GAMES, get_engine

ACTIONS = 300  # enough for several rounds of either game


def _play(key: str, players: int, seed: int, moves: int = ACTIONS, check=None):
    """Random legal play from a new game; `check(state)` now and then. The state reached
    and the log of (seat, action) that reached it."""
    engine = get_engine(key)
    rng = random.Random(seed)
    state = engine.new_game(players, seed)
    log: list[tuple[int, dict]] = []
    while len(log) < moves and not engine.is_over(state):
        waiting = engine.to_act(state)
        assert waiting and waiting <= set(range(players))
        seat = rng.choice(sorted(waiting))
        legal = engine.legal_actions(state, seat)
        assert legal, f"seat {seat} is awaited but has nothing to do"
        action = rng.choice(legal)
        progress = engine.apply(state, seat, action)
        assert all(isinstance(event, dict) and "type" in event for event in progress.events)
        log.append((seat, action))
        state = progress.state
        if check is not None and len(log) % 25 == 0:
            check(state)
    return state, log


@pytest.mark.parametrize("key", sorted(GAMES))
@settings(max_examples=8, deadline=None)
# Long seeds: a short one could turn up in a view by chance, as any number could.
@given(seed=st.integers(10**15, 2**62), extra=st.integers(0, 2))
def test_random_legal_play_keeps_the_contract(key, seed, extra):
    engine = get_engine(key)
    players = min(engine.MIN_PLAYERS + extra, engine.MAX_PLAYERS)

    def check(state) -> None:
        stored = engine.to_json(state)
        assert engine.to_json(engine.from_json(json.loads(json.dumps(stored)))) == stored
        for viewer in (None, *range(players)):
            text = json.dumps(engine.player_view(state, viewer))  # plain JSON, nothing else
            if not engine.is_over(state):
                assert str(seed) not in text
                assert '"seed"' not in text

    state, log = _play(key, players, seed, check=check)
    replayed = engine.new_game(players, seed)
    for seat, action in log:
        replayed = engine.apply(replayed, seat, action).state
    assert engine.to_json(replayed) == engine.to_json(state)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_game_played_to_its_end_has_an_outcome_for_every_seat(key):
    engine = get_engine(key)
    players = engine.MIN_PLAYERS + 1
    for seed in range(20):
        state, _ = _play(key, players, seed, moves=20_000)
        if engine.is_over(state):
            break
    else:
        pytest.skip(f"random play did not finish {key} within the move budget")
    result = engine.outcome(state).to_dict()
    assert len(result["scores"]) == len(result["places"]) == players
    assert min(result["places"]) == 1
    assert engine.to_act(state) == frozenset()


@pytest.mark.parametrize("key", sorted(GAMES))
def test_importing_an_engine_imports_no_django(key):
    path = GAMES[key]
    code = (
        f"import sys, {path}\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
