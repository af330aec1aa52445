"""Incan Gold benchmarks: whole games per second, `apply` latency, expert decision time."""

from __future__ import annotations

import random
import statistics
import time

import games.engines.incan_gold as ig
from games.bots.incan_gold import expert_bot
from games.engines.incan_gold.fastsim import simulate

PLAYERS = 5
LEAVE = 0.2


def _full_game(seed: int, rng: random.Random, timings: list[float] | None = None) -> None:
    state = ig.new_game(PLAYERS, seed)
    stay = {"type": "decide", "choice": "continue"}
    leave = {"type": "decide", "choice": "return"}
    while state.phase is not ig.Phase.OVER:
        for seat in sorted(ig.to_act(state)):
            action = leave if rng.random() < LEAVE else stay
            if timings is None:
                state = ig.apply(state, seat, action).state
            else:
                start = time.perf_counter()
                state = ig.apply(state, seat, action).state
                timings.append(time.perf_counter() - start)


def full_engine_games_per_second(seconds: float = 3.0) -> float:
    """Whole 5-player games through `new_game` + `apply`, each seat leaving with p = 0.2."""
    rng = random.Random(1)
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        _full_game(games, rng)
        games += 1
    return games / (time.perf_counter() - start)


def lean_games_per_second(seconds: float = 3.0) -> float:
    """Whole 5-player games through the lean simulation, same decision rule."""
    rnd = random.Random(1).random

    def decide(round_no: int, turn: int, seat: int) -> bool:
        return rnd() < LEAVE

    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for seed in range(games, games + 200):
            simulate(PLAYERS, seed, decide)
        games += 200
    return games / (time.perf_counter() - start)


def median_apply_microseconds(games: int = 300) -> float:
    """Median time of one `apply` call over the same kind of games."""
    timings: list[float] = []
    rng = random.Random(2)
    for seed in range(games):
        _full_game(seed, rng, timings)
    return statistics.median(timings) * 1e6


def expert_decision_milliseconds(games: int = 20) -> tuple[float, float, int]:
    """Median and worst time of an expert decision against itself, and the decision count."""
    timings: list[float] = []
    for seed in range(games):
        state = ig.new_game(PLAYERS, seed)
        rngs = [random.Random(f"{seed}:{s}") for s in range(PLAYERS)]
        while not ig.is_over(state):
            seat = min(ig.to_act(state))
            view = ig.player_view(state, seat)
            start = time.perf_counter()
            action = expert_bot(view, seat, rngs[seat])
            timings.append(time.perf_counter() - start)
            state = ig.apply(state, seat, action).state
    return statistics.median(timings) * 1e3, max(timings) * 1e3, len(timings)


def main() -> None:
    """Print the Incan Gold benchmark figures."""
    full = full_engine_games_per_second()
    print(f"full engine: {full:,.0f} games/s (5 players, leave p={LEAVE}, one core)", flush=True)
    lean = lean_games_per_second()
    print(f"lean simulation: {lean:,.0f} games/s (goal 8,000)", flush=True)
    print(f"median apply: {median_apply_microseconds():.1f} µs", flush=True)
    median, worst, count = expert_decision_milliseconds()
    print(
        f"expert decision: median {median:.2f} ms, worst {worst:.1f} ms over {count} decisions "
        "(goal < 300 ms)",
        flush=True,
    )


if __name__ == "__main__":
    main()
