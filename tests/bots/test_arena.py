"""The game-agnostic arena: play loop, action cap, statistics and the Incan Gold ladder."""

from __future__ import annotations

import math
from dataclasses import dataclass
from types import SimpleNamespace

import pytest

from games.bots import arena

# A toy game with El Dorado's shape: one seat at a time, several actions per turn.
# Each turn the seat steps (1 point each) until it says "end"; first to 6 points wins.


@dataclass(frozen=True)
class ToyState:
    scores: tuple[int, ...]
    turn: int
    steps: int


class ToyIllegal(ValueError):
    pass


def _toy_apply(state, seat, action):
    if seat != state.turn:
        raise ToyIllegal("not your turn")
    if action["type"] == "step" and state.steps < 3:
        scores = list(state.scores)
        scores[seat] += 1
        return SimpleNamespace(state=ToyState(tuple(scores), state.turn, state.steps + 1))
    if action["type"] == "end":
        nxt = (state.turn + 1) % len(state.scores)
        return SimpleNamespace(state=ToyState(state.scores, nxt, 0))
    raise ToyIllegal(f"bad action {action}")


def _toy_places(state):
    return {
        "scores": list(state.scores),
        "places": [1 + sum(o > s for o in state.scores) for s in state.scores],
    }


TOY = SimpleNamespace(
    IllegalAction=ToyIllegal,
    new_game=lambda players, seed, options=None: ToyState((0,) * players, 0, 0),
    is_over=lambda state: max(state.scores) >= 6,
    to_act=lambda state: frozenset({state.turn}),
    player_view=lambda state, seat: {"steps": state.steps, "scores": list(state.scores)},
    apply=_toy_apply,
    outcome=lambda state: _toy_places(state) if max(state.scores) >= 6 else None,
)


def greedy(view, seat, rng):
    return {"type": "step"} if view["steps"] < 3 else {"type": "end"}


def lazy(view, seat, rng):
    return {"type": "step"} if view["steps"] < 1 else {"type": "end"}


def idle(view, seat, rng):
    return {"type": "end"}


def cheat(view, seat, rng):
    return {"type": "jump"}


@pytest.fixture
def toy(monkeypatch):
    bots = {"greedy": greedy, "lazy": lazy, "idle": idle, "cheat": cheat}
    monkeypatch.setattr(arena, "get_engine", lambda game: TOY)
    monkeypatch.setattr(arena, "get_bot", lambda game, level: bots[level])


def test_arena_asks_for_one_action_at_a_time_across_multi_action_turns(toy):
    record = arena.play_game("toy", ["greedy", "lazy"], seed=1)
    # greedy: 3 steps + end per turn, lazy: 1 step + end; greedy reaches 6 on its second turn.
    assert record.scores == (6, 1)
    assert record.places == (1, 2)
    assert record.actions == 4 + 2 + 3
    assert not record.capped


def test_arena_stops_a_game_at_the_action_cap_and_reports_it(toy):
    result = arena.run_arena("toy", ["idle", "idle"], games=3, seed=1, max_actions=50)
    assert all(r.capped and r.actions == 50 for r in result.records)
    assert result.capped == 3
    assert "3 games hit the action cap" in arena.format_report(result)


def test_arena_names_the_bot_that_broke_the_rules(toy):
    with pytest.raises(arena.ArenaError, match="cheat bot in seat 1"):
        arena.play_game("toy", ["greedy", "cheat"], seed=1)


def test_seats_rotate_from_game_to_game(toy):
    assert arena.seating(["a", "b", "c"], 0) == ("a", "b", "c")
    assert arena.seating(["a", "b", "c"], 1) == ("b", "c", "a")
    result = arena.run_arena("toy", ["greedy", "lazy"], games=4, seed=1)
    assert [r.lineup for r in result.records] == [("greedy", "lazy"), ("lazy", "greedy")] * 2
    stats = {s.level: s for s in result.level_stats()}
    assert stats["greedy"].win_rate.mean == 1.0 and stats["lazy"].win_rate.mean == 0.0


def test_estimate_is_a_mean_with_a_95_percent_interval():
    e = arena.estimate([1.0, 2.0, 3.0, 4.0])
    assert e.mean == 2.5
    assert math.isclose(e.half_width, 1.959964 * (5 / 3) ** 0.5 / 2)
    assert e.significant
    assert not arena.estimate([1.0, -1.0, 1.0, -1.0]).significant


def test_shared_wins_are_split_between_the_winners():
    record = arena.GameRecord(1, ("a", "b", "c"), (5, 5, 1), (1, 1, 3), 10, False)
    result = arena.ArenaResult("toy", ("a", "b", "c"), 1, (record,))
    assert result.per_game("a") == ([0.5], [5.0])
    assert result.per_game("c") == ([0.0], [1.0])


def test_unknown_bot_level_is_a_value_error():
    with pytest.raises(ValueError, match="no bot 'genius'"):
        arena.run_arena("incan-gold", ["genius", "random", "random"], games=1, seed=1)


def test_incan_gold_games_are_reproducible_and_independent_of_workers():
    one = arena.run_arena("incan-gold", ["cautious", "random", "random"], games=6, seed=5)
    two = arena.run_arena(
        "incan-gold", ["cautious", "random", "random"], games=6, seed=5, workers=2
    )
    assert one.records == two.records
    assert all(len(r.places) == 3 and not r.capped for r in one.records)


def test_command_line_prints_win_rates_and_mean_scores():
    args = arena.build_parser().parse_args(
        ["incan-gold", "--bots", "cautious,random,random", "--games", "8", "--seed", "2"]
    )
    report = arena.run_from_args(args)
    assert "win rate (95% CI)" in report and "mean score (95% CI)" in report
    assert "cautious" in report and "random" in report
    assert "cautious - random" in report


def test_expert_beats_cautious_beats_random():
    result = arena.run_arena(
        "incan-gold", ["expert", "cautious", "cautious", "random"], games=120, seed=1
    )
    expert_vs_cautious = result.compare("expert", "cautious")
    cautious_vs_random = result.compare("cautious", "random")
    # Each difference must clear its own 95% interval: significant, not just positive.
    assert expert_vs_cautious.win_rate.mean > expert_vs_cautious.win_rate.half_width
    assert expert_vs_cautious.score.mean > expert_vs_cautious.score.half_width
    # Beside an expert that wins most games, the cautious seats' lead over random shows in
    # score; in wins it shows at a table of their own.
    assert cautious_vs_random.score.mean > cautious_vs_random.score.half_width
    alone = arena.run_arena("incan-gold", ["cautious", "random", "random"], games=120, seed=1)
    cautious_alone = alone.compare("cautious", "random")
    assert cautious_alone.win_rate.mean > cautious_alone.win_rate.half_width


def test_management_command_is_a_thin_shell_over_the_arena():
    pytest.importorskip("django")
    from io import StringIO

    from django.core.management import call_command
    from django.core.management.base import CommandError

    from games.management.commands.arena import Command

    out = StringIO()
    argv = ["incan-gold", "--bots", "cautious,random,random", "--games", "4", "--seed", "3"]
    call_command(Command(), *argv, stdout=out)
    expected = arena.run_from_args(arena.build_parser().parse_args(argv))
    assert out.getvalue().strip() == expected.strip()
    with pytest.raises(CommandError, match="no bot 'genius'"):
        call_command(Command(), "incan-gold", "--bots", "genius,random,random", "--games", "1")


def test_options_are_name_value_pairs_read_as_json_when_they_can_be():
    assert arena.parse_options(["map=hills-of-gold", "caves=true", "n=3"]) == {
        "map": "hills-of-gold",
        "caves": True,
        "n": 3,
    }
    assert arena.parse_options([]) is None
    with pytest.raises(ValueError, match="NAME=VALUE"):
        arena.parse_options(["map"])


def test_el_dorado_reports_the_round_the_first_explorer_arrives():
    args = arena.build_parser().parse_args(
        ["el-dorado", "--bots", "greedy,greedy", "--games", "2", "--option", "map=home-stretch"]
    )
    report = arena.run_from_args(args)
    result = arena.run_arena(
        "el-dorado", ["greedy", "greedy"], 2, 1, options={"map": "home-stretch"}
    )
    rounds = [r.rounds for r in result.records]
    assert all(isinstance(r, int) and r > 1 for r in rounds)
    mean = sum(rounds) / len(rounds)
    assert f"rounds until the first explorer reaches El Dorado: {mean:.2f}" in report
