"""The contract every engine in the registry keeps, checked the same way for each.

`new_game`, `to_act`, `legal_actions`, `apply`, `player_view`, `outcome` (and `to_json` /
`from_json` for the stored snapshot, `describe_choice` for the buttons) are what the site is
built on: random legal play must never break them, a stored state must read back as itself,
replaying the log must give the state reached, a view must be plain JSON that never carries
the seed before the end and looks the same whatever its viewer may not see, and every legal
action has a label."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.registry import GAMES, get_engine
from games.help.narration import narrator

ACTIONS = 300  # enough for several rounds of either game


def _play(key: str, players: int, seed: int, moves: int = ACTIONS, check=None, every=25):
    """Random legal play from a new game; `check(state)` at the start and every `every`
    moves. The state reached and the log of (seat, action) that reached it."""
    engine = get_engine(key)
    rng = random.Random(seed)
    state = engine.new_game(players, seed)
    if check is not None:
        check(state)
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
        if check is not None and len(log) % every == 0:
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


def _incan_gold_twin(state, viewer: int | None, rng: random.Random):
    """The state with everything `viewer` may not see changed: the deck's order, the seed, and
    every other seat's tent and secret choice."""
    from games.engines.incan_gold import Choice

    deck = list(state.deck)
    rng.shuffle(deck)
    seats = []
    for index, seat in enumerate(state.seats):
        if index != viewer:
            flipped = {Choice.CONTINUE: Choice.RETURN, Choice.RETURN: Choice.CONTINUE}
            decision = flipped.get(seat.decision, seat.decision)
            seat = replace(seat, tent=seat.tent + rng.randint(1, 30), decision=decision)
        seats.append(seat)
    return replace(state, deck=tuple(deck), seed=state.seed + 1, seats=tuple(seats))


def _el_dorado_twin(state, viewer: int | None, rng: random.Random):
    """The state with everything `viewer` may not see changed: the order of every draw pile
    and cave stack, the seed, and which cards another seat holds in hand, in its draw pile
    and under the top of its discard pile (the sizes stay)."""
    seats = []
    for index, seat in enumerate(state.seats):
        draw = list(seat.draw)
        if index == viewer:
            rng.shuffle(draw)
            seats.append(replace(seat, draw=tuple(draw)))
            continue
        hidden = [*seat.hand, *draw, *seat.discard[:-1]]
        rng.shuffle(hidden)
        hand, rest = hidden[: len(seat.hand)], hidden[len(seat.hand) :]
        draw, under = rest[: len(draw)], rest[len(draw) :]
        seats.append(
            replace(
                seat,
                hand=tuple(hand),
                draw=tuple(draw),
                discard=(*under, *seat.discard[-1:]),
            )
        )
    caves = [tuple(rng.sample(stack, len(stack))) for stack in state.caves]
    return replace(state, seats=tuple(seats), caves=tuple(caves), seed=state.seed + 1)


# What each game hides (the rules pages): a state changed in only those ways must look the
# same to the viewer. A new engine needs its own entry.
TWINS = {"incan-gold": _incan_gold_twin, "el-dorado": _el_dorado_twin}


@pytest.mark.parametrize("key", sorted(GAMES))
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_view_hides_what_its_viewer_may_not_see(key, seed):
    engine = get_engine(key)
    twin = TWINS[key]
    players = engine.MIN_PLAYERS + 1
    rng = random.Random(seed)
    compared = 0

    def check(state) -> None:
        nonlocal compared
        if engine.is_over(state):
            return
        for viewer in (None, *range(players)):
            changed = twin(state, viewer, rng)
            assert engine.to_json(changed) != engine.to_json(state)  # the twin does differ
            assert engine.player_view(changed, viewer) == engine.player_view(state, viewer)
            compared += 1

    _play(key, players, seed, moves=120, check=check, every=4)
    assert compared


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_legal_action_has_a_button_label(key):
    engine = get_engine(key)
    # The buttons are named by the site's words for the game where it has them.
    describe = getattr(narrator(engine), "describe_choice", None) or engine.describe_choice
    rng = random.Random(5)
    state = engine.new_game(engine.MIN_PLAYERS, 5)
    for _ in range(200):
        if engine.is_over(state):
            break
        seat = min(engine.to_act(state))
        legal = engine.legal_actions(state, seat)
        for action in legal:
            label = describe(state, action)
            assert isinstance(label, str) and label.strip()
        state = engine.apply(state, seat, rng.choice(legal)).state


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
