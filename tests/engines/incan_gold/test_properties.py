"""Properties over random legal play with 3 to 8 seats."""

from __future__ import annotations

import dataclasses
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import games.engines.incan_gold as ig
from games.engines.incan_gold.fastsim import simulate

GAMES = settings(max_examples=80, deadline=None)
# A game has at most 5 rounds x 36 cards x 8 seats decisions, plus changes of mind.
ACTION_CAP = 5 * 36 * 8 * 3

options_strategy = st.fixed_dictionaries(
    {"quick_start": st.booleans(), "artifact_values": st.sampled_from(["incan-gold", "diamant"])}
)


def play(players, seed, options, play_seed, p_return, p_change):
    """Random legal play; yields (state, seat, action, progress) for every action."""
    rng = random.Random(play_seed)
    state = ig.new_game(players, seed, options)
    count = 0
    while not ig.is_over(state):
        waiting = sorted(ig.to_act(state))
        assert waiting, "a running game must wait for someone"
        decided = [s for s, seat in enumerate(state.seats) if seat.in_temple and s not in waiting]
        seat = rng.choice(decided) if decided and rng.random() < p_change else rng.choice(waiting)
        choice = "return" if rng.random() < p_return else "continue"
        action = {"type": "decide", "choice": choice}
        assert action in ig.legal_actions(state, seat)
        progress = ig.apply(state, seat, action)
        yield state, seat, action, progress
        state = progress.state
        count += 1
        assert count < ACTION_CAP, "the game did not end"


def conserved(state: ig.State) -> bool:
    held = sum(s.tent + s.carried for s in state.seats)
    return held + state.path_gems + state.gems_to_bank == state.gems_drawn


def hide_secrets_from(state: ig.State, viewer: int | None, rng: random.Random) -> ig.State:
    """The same public situation with every secret of the viewer's opponents changed."""
    seats = []
    for index, seat in enumerate(state.seats):
        if index != viewer:
            flipped = {None: None, ig.Choice.RETURN: ig.Choice.CONTINUE}.get(
                seat.decision, ig.Choice.RETURN
            )
            seat = dataclasses.replace(seat, tent=seat.tent + rng.randint(1, 50), decision=flipped)
        seats.append(seat)
    deck = list(state.deck)
    rng.shuffle(deck)
    return dataclasses.replace(state, seats=tuple(seats), deck=tuple(deck), seed=state.seed + 1)


@GAMES
@given(
    players=st.integers(3, 8),
    seed=st.integers(0, 2**63),
    options=options_strategy,
    play_seed=st.integers(0, 2**32),
    p_return=st.floats(0.05, 0.7),
    p_change=st.floats(0.0, 0.3),
)
def test_random_games_end_conserve_gems_and_leak_nothing(
    players, seed, options, play_seed, p_return, p_change
):
    rng = random.Random(play_seed + 1)
    actions = []
    state = None
    for before, seat, action, progress in play(
        players, seed, options, play_seed, p_return, p_change
    ):
        actions.append((seat, action))
        state = progress.state
        assert conserved(state)
        assert all(s.carried == 0 for s in state.seats if not s.in_temple)
        assert ig.to_act(state) <= {s for s, x in enumerate(state.seats) if x.in_temple}
        for event in progress.events:
            if event["type"] == "decision":
                assert event["visible_to"] == [event["seat"]]
            else:
                assert event["visible_to"] is None
        if not ig.is_over(state):
            viewer = rng.choice([None, *range(players)])
            twin = hide_secrets_from(state, viewer, rng)
            assert ig.player_view(state, viewer) == ig.player_view(twin, viewer)
        if before == state:
            # Only repeating a standing decision leaves the state as it was.
            assert before.seats[seat].decision == ig.Choice(action["choice"])
    assert ig.is_over(state)
    result = ig.outcome(state)
    assert result.scores == tuple(s.tent + s.artifact_value for s in state.seats)
    assert min(result.places) == 1
    assert sum(len(s.artifacts) for s in state.seats) <= 5
    # Replaying the action list from the seed reproduces the state exactly.
    replay = ig.new_game(players, seed, options)
    for seat, action in actions:
        replay = ig.apply(replay, seat, action).state
    assert replay == state


@GAMES
@given(
    players=st.integers(3, 8),
    seed=st.integers(-(2**40), 2**63),
    options=options_strategy,
    play_seed=st.integers(0, 2**32),
)
def test_json_round_trip_is_exact_at_every_step(players, seed, options, play_seed):
    for _, _, _, progress in play(players, seed, options, play_seed, 0.3, 0.1):
        data = ig.to_json(progress.state)
        text = json.dumps(data)
        back = ig.from_json(json.loads(text))
        assert back == progress.state
        assert json.dumps(ig.to_json(back)) == text
        for event in progress.events:
            assert json.loads(json.dumps(event)) == event
        for viewer in (None, 0):
            view = ig.player_view(progress.state, viewer)
            assert json.loads(json.dumps(view)) == view


def policy(decision_seed: int, p_return: float):
    def decide(round_no: int, turn: int, seat: int) -> bool:
        return random.Random(f"{decision_seed}:{round_no}:{turn}:{seat}").random() < p_return

    return decide


@settings(max_examples=150, deadline=None)
@given(
    players=st.integers(3, 8),
    seed=st.integers(0, 2**63),
    options=options_strategy,
    decision_seed=st.integers(0, 2**32),
    p_return=st.floats(0.0, 0.8),
)
def test_lean_simulation_scores_every_game_like_the_full_engine(
    players, seed, options, decision_seed, p_return
):
    decide = policy(decision_seed, p_return)
    state = ig.new_game(players, seed, options)
    while not ig.is_over(state):
        for seat in sorted(ig.to_act(state)):
            choice = "return" if decide(state.round, state.turn, seat) else "continue"
            state = ig.apply(state, seat, {"type": "decide", "choice": choice}).state
    lean = simulate(players, seed, decide, **options)
    assert lean.tents == tuple(s.tent for s in state.seats)
    assert lean.artifacts == tuple(tuple(a.value for a in s.artifacts) for s in state.seats)
    assert lean.scores == ig.outcome(state).scores


@GAMES
@given(
    players=st.integers(3, 8),
    seed=st.integers(0, 2**63),
    options=options_strategy,
    play_seed=st.integers(0, 2**32),
    p_return=st.floats(0.05, 0.7),
)
def test_the_round_history_tells_what_the_events_told(players, seed, options, play_seed, p_return):
    progress = ig.new_game_with_events(players, seed, options)
    events = list(progress.events)
    state = progress.state
    for _, _, _, progress in play(players, seed, options, play_seed, p_return, 0.1):
        events.extend(progress.events)
        state = progress.state
    rounds: list[tuple[list[str], list[int | None]]] = []
    hazards: list[str | None] = []
    for event in events:
        if event["type"] == "round_start":
            rounds.append(([], [None] * players))
            hazards.append(None)
        elif event["type"] == "hazard":
            hazards[-1] = event["kind"]
        elif event["type"] == "flip":
            rounds[-1][0].append(event["card"])
        elif event["type"] == "return":
            for seat in event["seats"]:
                rounds[-1][1][seat] = len(rounds[-1][0])
    assert [(list(r.path), list(r.home)) for r in state.history] == rounds
    assert [r.hazard for r in state.history] == hazards
    for past in state.history:
        inside = [s for s, home in enumerate(past.home) if home is None]
        # Seats still inside at the end were caught by a second hazard: the round's last card.
        assert not inside or past.path[-1] in past.path[:-1]
