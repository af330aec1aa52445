"""El Dorado post-game analysis: each turn of a game beside the turn the expert plays from the same
state, measured alike, its gap in rounds at the player's own pace."""

from __future__ import annotations

from random import Random

import pytest

import games.engines.el_dorado as ed
from games.bots.el_dorado import analysis
from games.bots.registry import get_bot


def _played(lineup: list[str], seed: int, slug: str = "home-stretch"):
    bots = [get_bot("el-dorado", level) for level in lineup]
    rngs = [Random(f"{seed}:{seat}") for seat in range(len(lineup))]
    start = state = ed.new_game(len(lineup), seed, {"map": slug})
    log = []
    while not ed.is_over(state):
        seat = min(ed.to_act(state))
        action = bots[seat](ed.player_view(state, seat), seat, rngs[seat])
        log.append((seat, action))
        state = ed.apply(state, seat, action).state
    return start, log


def _turn(**changes) -> analysis.Turn:
    base = dict(step=1, last=3, seat=0, round=1, gained=2.0, bought=None, value=2.0)
    base |= dict(expert_gained=2.0, expert_bought=None, expert_value=2.0, pace=2.0)
    return analysis.Turn(**(base | changes))


def test_a_turn_is_judged_by_the_gap_to_the_experts_in_rounds_at_the_players_pace():
    level = _turn()
    behind = _turn(step=4, last=6, value=1.0, expert_value=5.0)
    ahead = _turn(step=7, last=7, value=6.0, expert_value=4.0)
    assert (level.loss, level.good) == (0.0, True)
    assert (behind.loss, behind.rounds, behind.good) == (4.0, 2.0, False)
    assert (ahead.loss, ahead.good) == (0.0, True), "a turn better than the expert's loses nothing"
    assert _turn(value=1.2, expert_value=2.0).good, "within the tolerance"
    [one] = analysis.summaries([level, behind, ahead], players=1)
    assert (one.decisions, one.good, one.accuracy, one.lost) == (3, 2, 67, 2.0)
    assert analysis.turning_points([level, behind, ahead]) == [behind]


def test_turns_cover_the_log_once_each_and_change_seat_or_round_between_them():
    start, log = _played(["greedy", "random", "expert"], seed=4)
    found = list(analysis.turns(start, log))
    steps = [s for first, last, *_ in found for s in range(first, last + 1)]
    assert steps == list(range(1, len(log) + 1))
    for first, last, before, after, actions in found:
        assert len(actions) == last - first + 1
        assert all(log[s - 1][0] == before.turn.seat for s in range(first, last + 1))
        assert ed.is_over(after) or (after.turn.round, after.turn.seat) != (
            before.turn.round,
            before.turn.seat,
        )


def test_the_same_game_reads_the_same_and_random_play_loses_more_than_the_experts():
    start, log = _played(["expert", "random", "greedy"], seed=9)
    judged = analysis.analyse(start, log, seed=9)
    assert analysis.analyse(start, log, seed=9) == judged
    assert len(judged) == len(list(analysis.turns(start, log)))
    expert, random_, greedy = analysis.summaries(judged, players=3)
    assert expert.accuracy > random_.accuracy and greedy.accuracy > random_.accuracy
    assert random_.lost > expert.lost
    assert all(t.loss >= 0 and t.pace >= 1.0 for t in judged)


def test_the_experts_own_turn_from_a_state_is_measured_like_a_players():
    start, log = _played(["greedy", "greedy"], seed=2)
    first, last, before, after, actions = next(analysis.turns(start, log))
    after_expert, played = analysis.expert_turn(before, Random(1))
    assert played and after_expert.turn.seat != before.turn.seat
    gained, bought, value = analysis.measure(before, after, actions)
    assert value == pytest.approx(gained + (0 if bought is None else value - gained))
    bought_by = [a["card"] for a in actions if a["type"] == "buy"]
    assert bought == (bought_by[0] if bought_by else None)
