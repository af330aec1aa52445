"""A live bot "thinks" once per turn, as a pause before its task runs: never a sleep per action.

The tasks are queued and kept (the dummy backend), and run here one at a time like a worker."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import MatchAction, Pace
from games.play.services.play import submit_action
from games.play.services.state import current_state, engine_for
from tests.helpers import CONTINUE, bot_turns, deadlines, fresh, person, run

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def no_sleeping(monkeypatch):
    def refuse(seconds):
        raise AssertionError(f"slept {seconds} s")

    monkeypatch.setattr(time, "sleep", refuse)


def _assert_paused(result, settings) -> None:
    expected = timezone.now() + timedelta(seconds=settings.BOT_LIVE_DELAY)
    assert result.task.run_after is not None
    assert abs(result.task.run_after - expected) < timedelta(seconds=2)


def test_a_live_bot_turn_is_queued_to_run_after_the_thinking_pause(
    make_match, queued_tasks, settings
):
    match = make_match(bots=("random",), people=("ana", "bo"))
    [queued] = bot_turns(queued_tasks)
    assert queued.args == [match.pk, match.version]
    _assert_paused(queued, settings)


def test_a_correspondence_bot_turn_is_queued_to_run_at_once(make_match, queued_tasks):
    match = make_match(bots=("random",), people=("ana", "bo"), pace=Pace.CORRESPONDENCE)
    [queued] = bot_turns(queued_tasks)
    assert queued.args == [match.pk, match.version]
    assert queued.task.run_after is None


def test_incan_gold_bots_all_decide_in_one_task(make_match, queued_tasks):
    match = make_match(bots=("random", "cautious"))
    [queued] = bot_turns(queued_tasks)
    assert run(queued) == 2
    assert engine_for(match).to_act(current_state(fresh(match))) == {0}
    assert len(bot_turns(queued_tasks)) == 1  # nothing more for the bots until ana decides


def test_a_live_el_dorado_bot_plays_its_whole_turn_in_one_task(make_match, queued_tasks, settings):
    match = make_match("el-dorado", bots=("greedy", "greedy"))
    submit_action(match.pk, person(match, "ana"), {"type": "end_turn"}, match.version)
    first = bot_turns(queued_tasks)[-1]
    _assert_paused(first, settings)
    moves = run(first)
    assert moves == MatchAction.objects.filter(match=match, seat=1).count() >= 2
    match = fresh(match)
    assert engine_for(match).to_act(current_state(match)) == {2}
    # The next bot's turn is a task of its own, after its own pause.
    second = bot_turns(queued_tasks)[-1]
    assert second.args == [match.pk, match.version]
    _assert_paused(second, settings)
    assert run(second) >= 1
    match = fresh(match)
    assert engine_for(match).to_act(current_state(match)) == {0}
    assert len(bot_turns(queued_tasks)) == 2
    assert deadlines(queued_tasks)[-1].args == [match.pk, match.version]


def test_a_seat_asked_again_after_a_reveal_waits_for_its_next_turn(make_match, queued_tasks):
    # Ana goes home; the bots left in the temple decide once per card, each card a task.
    match = make_match(bots=("random", "random"))
    run(bot_turns(queued_tasks)[-1])
    submit_action(match.pk, person(match, "ana"), {"type": "decide", "choice": "return"}, None)
    for _ in range(60):
        match = fresh(match)
        waiting = engine_for(match).to_act(current_state(match))
        if 0 in waiting or not waiting:
            break
        queued = bot_turns(queued_tasks)[-1]
        assert queued.args == [match.pk, match.version]
        before = MatchAction.objects.filter(match=match).count()
        assert 1 <= run(queued) <= len(waiting)
        rows = MatchAction.objects.filter(match=match).order_by("seq")[before:]
        assert len({row.seat for row in rows}) == len(rows)  # one decision per seat per task
    else:
        pytest.fail("the round did not end")


def test_a_move_while_a_bot_thinks_queues_the_turn_anew(make_match, queued_tasks):
    match = make_match(bots=("random",), people=("ana", "bo"))
    stale = bot_turns(queued_tasks)[-1]
    submit_action(match.pk, person(match, "ana"), CONTINUE, match.version)
    current = bot_turns(queued_tasks)[-1]
    assert current.args == [match.pk, fresh(match).version]
    assert run(stale) == 0
    assert run(current) == 1
