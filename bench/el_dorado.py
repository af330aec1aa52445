"""El Dorado benchmarks: greedy games per second, `apply` latency, replay, expert decisions."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

import games.engines.el_dorado as ed
from games.bots.el_dorado import expert_bot, greedy_bot

PLAYERS = 4
ACTION_CAP = 20_000


def _game(seed: int, bot=greedy_bot):
    state = ed.new_game(PLAYERS, seed)
    rng = random.Random(seed)
    log: list[tuple[int, dict[str, Any]]] = []
    while not ed.is_over(state) and len(log) < ACTION_CAP:
        seat = min(ed.to_act(state))
        action = bot(ed.player_view(state, seat), seat, rng)
        state = ed.apply(state, seat, action).state
        log.append((seat, action))
    return state, log


def greedy_games_per_second(runs: int = 5, seconds: float = 1.0) -> list[float]:
    """Whole 4-player greedy games per second in each of `runs` runs, bots deciding from views
    included (no timers inside). Runs differ on a shared machine: noise only ever slows one."""
    rates = []
    games = 0
    for _ in range(runs):
        done = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            _game(games)
            games += 1
            done += 1
        rates.append(done / (time.perf_counter() - start))
    return rates


def phase_microseconds(games: int = 10) -> tuple[float, float, float, list[float]]:
    """Mean time per action of the view, the greedy bot and `apply`, over whole greedy games,
    and every `apply` time (a run of its own: the timers would slow the games-per-second loop)."""
    totals = [0.0, 0.0, 0.0]
    applies: list[float] = []
    actions = 0
    clock = time.perf_counter
    for seed in range(games):
        state = ed.new_game(PLAYERS, seed)
        rng = random.Random(seed)
        while not ed.is_over(state) and actions < ACTION_CAP * games:
            seat = min(ed.to_act(state))
            a = clock()
            view = ed.player_view(state, seat)
            b = clock()
            action = greedy_bot(view, seat, rng)
            c = clock()
            state = ed.apply(state, seat, action).state
            d = clock()
            totals[0] += b - a
            totals[1] += c - b
            totals[2] += d - c
            applies.append(d - c)
            actions += 1
    view_us, bot_us, apply_us = (t / actions * 1e6 for t in totals)
    return view_us, bot_us, apply_us, applies


def replay_milliseconds(repeats: int = 20) -> tuple[float, int]:
    """Median time to rebuild a finished 4-player match from its seed and action log."""
    state, log = _game(12345)
    assert ed.is_over(state)
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        again = ed.replay(PLAYERS, 12345, None, log)
        samples.append(time.perf_counter() - start)
    assert ed.to_json(again) == ed.to_json(state)
    return statistics.median(samples) * 1000, len(log)


def expert_decision_milliseconds(decisions: int = 400) -> tuple[float, float]:
    """Median and 95th percentile of one expert decision over 4-player expert games."""
    samples: list[float] = []
    seed = 0
    while len(samples) < decisions:
        state = ed.new_game(PLAYERS, 900 + seed)
        rng = random.Random(seed)
        while not ed.is_over(state) and len(samples) < decisions:
            seat = min(ed.to_act(state))
            view = ed.player_view(state, seat)
            start = time.perf_counter()
            action = expert_bot(view, seat, rng)
            samples.append(time.perf_counter() - start)
            state = ed.apply(state, seat, action).state
        seed += 1
    samples.sort()
    return statistics.median(samples) * 1000, samples[int(len(samples) * 0.95)] * 1000


def main() -> None:
    """Print every El Dorado benchmark."""
    rates = greedy_games_per_second()
    print(
        f"4-player greedy games per second (goal >= 100): best {max(rates):.1f}, "
        f"median {statistics.median(rates):.1f} of {len(rates)} one-second runs"
    )
    view_us, bot_us, apply_us, applies = phase_microseconds()
    print(f"median apply: {statistics.median(applies) * 1e6:.0f} us over {len(applies)} calls")
    print(f"per action: view {view_us:.1f} us, greedy bot {bot_us:.1f} us, apply {apply_us:.1f} us")
    ms, actions = replay_milliseconds()
    print(f"replay of a finished 4-player match ({actions} actions, goal < 20 ms): {ms:.1f} ms")
    # Replaying is the engine alone (no views, no bot decisions): its own games-per-second bound.
    print(f"engine alone, 4-player games per second (from the replay): {1000 / ms:.0f}")
    median, p95 = expert_decision_milliseconds()
    print(f"expert decision: median {median:.2f} ms, p95 {p95:.2f} ms")


if __name__ == "__main__":
    main()
