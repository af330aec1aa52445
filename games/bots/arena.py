"""Bot tournaments for any game in the engine registry.

A game is played by asking, one action at a time, a bot for the lowest seat the engine is
waiting for, so games with simultaneous decisions (Incan Gold) and multi-action turns
(El Dorado) run through the same loop. Seats rotate from game to game and every game has its
own seed, so results do not depend on the number of worker processes.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Any

from games.bots.registry import get_bot
from games.engines.registry import get_engine

DEFAULT_MAX_ACTIONS = 20_000
Z95 = 1.959964


class ArenaError(RuntimeError):
    """A game could not be played (a bot broke the rules, or the engine stalled)."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished (or capped) game: who sat where and how it ended."""

    seed: int
    lineup: tuple[str, ...]
    scores: tuple[float, ...] | None
    places: tuple[int, ...] | None
    actions: int
    capped: bool
    rounds: int | None = None  # El Dorado: the round in which the game ended (first arrival)


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean with the half-width of its 95% confidence interval."""

    mean: float
    half_width: float
    n: int

    @property
    def significant(self) -> bool:
        """Whether the interval excludes zero (for differences)."""
        return abs(self.mean) > self.half_width


def estimate(values: Sequence[float]) -> Estimate:
    """Mean and normal-approximation 95% interval of independent observations."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, 0)
    mean = statistics.fmean(values)
    spread = statistics.stdev(values) if n > 1 else math.inf
    return Estimate(mean, Z95 * spread / math.sqrt(n), n)


def game_seed(seed: int, index: int) -> int:
    """The seed of the index-th game of a tournament."""
    return seed * 2**32 + index


def seating(levels: Sequence[str], index: int) -> tuple[str, ...]:
    """The lineup rotated by the game index, so every level sits in every seat."""
    shift = index % len(levels)
    return tuple(levels[shift:]) + tuple(levels[:shift])


def _read_outcome(result: Any) -> tuple[tuple[float, ...] | None, tuple[int, ...]]:
    data = result.to_dict() if hasattr(result, "to_dict") else dict(result)
    scores = data.get("scores")
    return (None if scores is None else tuple(scores)), tuple(data["places"])


def play_game(
    game: str,
    lineup: Sequence[str],
    seed: int,
    options: Mapping[str, Any] | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
) -> GameRecord:
    """Play one game with the given bot level in each seat."""
    engine = get_engine(game)
    bots = [get_bot(game, level) for level in lineup]
    rngs = [random.Random(f"{seed}:bot:{seat}") for seat in range(len(lineup))]
    illegal = getattr(engine, "IllegalAction", ValueError)
    state = engine.new_game(len(lineup), seed, options)
    actions = 0
    while not engine.is_over(state):
        if actions >= max_actions:
            return GameRecord(seed, tuple(lineup), None, None, actions, True)
        waiting = engine.to_act(state)
        if not waiting:
            raise ArenaError(f"{game} seed {seed}: the game is not over but nobody is to act")
        seat = min(waiting)
        action = bots[seat](engine.player_view(state, seat), seat, rngs[seat])
        try:
            state = engine.apply(state, seat, action).state
        except illegal as exc:
            raise ArenaError(
                f"{game} seed {seed}: {lineup[seat]} bot in seat {seat} played {action!r}: {exc}"
            ) from exc
        actions += 1
    scores, places = _read_outcome(engine.outcome(state))
    rounds = _ROUNDS[game](state) if game in _ROUNDS else None
    return GameRecord(seed, tuple(lineup), scores, places, actions, False, rounds)


# The round a finished game ended in, for the games whose length is what a bot plays for: an El
# Dorado game ends with the round in which an explorer first reaches El Dorado.
_ROUNDS = {"el-dorado": lambda state: state.turn.round}


def _play_indexed(job: tuple[str, tuple[str, ...], int, int, Any, int]) -> GameRecord:
    game, levels, seed, index, options, max_actions = job
    return play_game(game, seating(levels, index), game_seed(seed, index), options, max_actions)


@dataclass(frozen=True, slots=True)
class LevelStats:
    """Per-game averages for one bot level (several seats of a level count once per game)."""

    level: str
    seats: int
    win_rate: Estimate
    score: Estimate


@dataclass(frozen=True, slots=True)
class Comparison:
    """Per-game differences between two levels: a minus b."""

    a: str
    b: str
    win_rate: Estimate
    score: Estimate


@dataclass(frozen=True, slots=True)
class ArenaResult:
    """Every game record of a tournament and its summary statistics."""

    game: str
    levels: tuple[str, ...]
    seed: int
    records: tuple[GameRecord, ...]

    @property
    def finished(self) -> list[GameRecord]:
        """Games that ended normally."""
        return [r for r in self.records if not r.capped]

    @property
    def capped(self) -> int:
        """Games stopped at the action cap."""
        return sum(r.capped for r in self.records)

    def per_game(self, level: str) -> tuple[list[float], list[float]]:
        """For each finished game, the level's mean win share and mean score."""
        wins, scores = [], []
        for record in self.finished:
            assert record.places is not None
            winners = record.places.count(1)
            seats = [s for s, name in enumerate(record.lineup) if name == level]
            wins.append(sum(record.places[s] == 1 for s in seats) / winners / len(seats))
            if record.scores is not None:
                scores.append(sum(record.scores[s] for s in seats) / len(seats))
        return wins, scores

    def level_stats(self) -> list[LevelStats]:
        """Win rate and mean score per distinct level, in lineup order."""
        out = []
        for level in dict.fromkeys(self.levels):
            wins, scores = self.per_game(level)
            out.append(
                LevelStats(level, self.levels.count(level), estimate(wins), estimate(scores))
            )
        return out

    def compare(self, a: str, b: str) -> Comparison:
        """Paired per-game differences of win share and score between levels a and b."""
        wins_a, scores_a = self.per_game(a)
        wins_b, scores_b = self.per_game(b)
        wins = [x - y for x, y in zip(wins_a, wins_b, strict=True)]
        scores = [x - y for x, y in zip(scores_a, scores_b, strict=True)]
        return Comparison(a, b, estimate(wins), estimate(scores))


def run_arena(
    game: str,
    levels: Sequence[str],
    games: int,
    seed: int,
    workers: int = 1,
    options: Mapping[str, Any] | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
) -> ArenaResult:
    """Play `games` games of a lineup of bot levels, seats rotating, on `workers` processes."""
    if games < 1:
        raise ValueError("play at least one game")
    if not levels:
        raise ValueError("name at least one bot")
    for level in levels:
        get_bot(game, level)
    opts = None if options is None else dict(options)
    jobs = [(game, tuple(levels), seed, i, opts, max_actions) for i in range(games)]
    if workers <= 1:
        records = [_play_indexed(job) for job in jobs]
    else:
        with get_context("fork").Pool(workers) as pool:
            records = pool.map(_play_indexed, jobs, chunksize=max(1, games // (workers * 8)))
    return ArenaResult(game, tuple(levels), seed, tuple(records))


def format_report(result: ArenaResult) -> str:
    """A plain-text table of win rates and mean scores with 95% confidence intervals."""
    lines = [
        f"{result.game}: {len(result.records)} games, seed {result.seed}, "
        f"lineup {','.join(result.levels)} (seats rotate every game)",
    ]
    if result.capped:
        lines.append(f"{result.capped} games hit the action cap and are left out")
    rounds = [r.rounds for r in result.finished if r.rounds is not None]
    if rounds:
        arrival = estimate(rounds)
        lines.append(
            f"rounds until the first explorer reaches El Dorado: "
            f"{arrival.mean:.2f} ± {arrival.half_width:.2f}"
        )
    lines.append(f"{'bot':<12}{'seats':>6}  {'win rate (95% CI)':<22}{'mean score (95% CI)':<22}")
    stats = result.level_stats()
    for s in stats:
        lines.append(
            f"{s.level:<12}{s.seats:>6}  "
            f"{s.win_rate.mean:>6.3f} ± {s.win_rate.half_width:<12.3f}"
            f"{s.score.mean:>7.2f} ± {s.score.half_width:<10.2f}"
        )
    ranked = sorted(stats, key=lambda s: s.score.mean, reverse=True)
    if len(ranked) > 1:
        lines.append("paired per-game differences (95% CI):")
    for better, worse in zip(ranked, ranked[1:], strict=False):
        c = result.compare(better.level, worse.level)
        verdict = (
            "significant" if c.score.significant and c.win_rate.significant else "not significant"
        )
        lines.append(
            f"  {c.a} - {c.b}: win rate {c.win_rate.mean:+.3f} ± {c.win_rate.half_width:.3f}, "
            f"score {c.score.mean:+.2f} ± {c.score.half_width:.2f} ({verdict})"
        )
    return "\n".join(lines)


def build_parser(parser: argparse.ArgumentParser | None = None) -> argparse.ArgumentParser:
    """The command-line arguments shared by `python -m games.bots.arena` and `manage.py arena`."""
    parser = parser or argparse.ArgumentParser(description="Play bot tournaments.")
    parser.add_argument("game", help="game key, e.g. incan-gold")
    parser.add_argument("--bots", required=True, help="comma-separated bot levels, one per seat")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="processes to play on")
    parser.add_argument("--max-actions", type=int, default=DEFAULT_MAX_ACTIONS)
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a match option, e.g. map=hills-of-gold or caves=true (repeatable)",
    )
    return parser


def parse_options(pairs: Sequence[str]) -> dict[str, Any] | None:
    """Match options from NAME=VALUE pairs; a value reads as JSON when it can (true, 3)."""
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep or not name:
            raise ValueError(f"an option is NAME=VALUE, not {pair!r}")
        try:
            options[name] = json.loads(raw)
        except json.JSONDecodeError:
            options[name] = raw
    return options or None


def run_from_args(args: argparse.Namespace | Mapping[str, Any]) -> str:
    """Run a tournament from parsed arguments and return the report."""
    values = vars(args) if isinstance(args, argparse.Namespace) else dict(args)
    levels = [b.strip() for b in values["bots"].split(",") if b.strip()]
    result = run_arena(
        values["game"],
        levels,
        values["games"],
        values["seed"],
        workers=values["workers"],
        options=parse_options(values.get("option") or []),
        max_actions=values["max_actions"],
    )
    return format_report(result)


if __name__ == "__main__":
    print(run_from_args(build_parser().parse_args()))
