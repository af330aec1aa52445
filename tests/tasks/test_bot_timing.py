"""When bots answer: at once in correspondence matches; after one pause per turn when live."""

from __future__ import annotations

import time

import pytest

from games.models import MatchAction, Pace
from games.play.services.play import submit_action
from games.play.services.state import current_state, engine_for
from tests.helpers import bot_turns, fresh, person, run

pytestmark = pytest.mark.django_db(transaction=True)

END_TURN = {"type": "end_turn"}


@pytest.fixture(autouse=True)
def no_sleeping(monkeypatch):
    def refuse(seconds):
        raise AssertionError(f"slept {seconds} s")

    monkeypatch.setattr(time, "sleep", refuse)


def _awaited(match) -> set[int]:
    match = fresh(match)
    return set(engine_for(match).to_act(current_state(match)))


def test_correspondence_bots_answer_before_the_move_that_woke_them_returns(make_match):
    # The test settings run each task at once, as a worker with nothing else to do would.
    match = make_match("el-dorado", bots=("greedy", "greedy"), pace=Pace.CORRESPONDENCE)
    submit_action(match.pk, person(match, "ana"), END_TURN, match.version)
    assert _awaited(match) == {0}
    assert MatchAction.objects.filter(match=match, seat=1).count() >= 2
    assert MatchAction.objects.filter(match=match, seat=2).exists()


def test_every_correspondence_bot_turn_is_queued_with_no_pause(make_match, queued_tasks):
    match = make_match("el-dorado", bots=("greedy", "greedy"), pace=Pace.CORRESPONDENCE)
    submit_action(match.pk, person(match, "ana"), END_TURN, match.version)
    first = bot_turns(queued_tasks)[-1]
    assert first.task.run_after is None
    moves = run(first)
    # The bot's whole turn in that one run, its next neighbour's turn queued at once too.
    assert moves == MatchAction.objects.filter(match=match, seat=1).count() >= 2
    second = bot_turns(queued_tasks)[-1]
    assert second is not first and second.task.run_after is None
    assert run(second) >= 1
    assert _awaited(match) == {0}


def test_a_live_bot_pauses_once_per_turn_not_once_per_action(make_match, queued_tasks):
    match = make_match("el-dorado", bots=("greedy", "greedy"))
    turns = 0
    for _ in range(3):  # three rounds of ana's turn and the two bots' turns
        match = fresh(match)
        submit_action(match.pk, person(match, "ana"), END_TURN, match.version)
        for _bot in range(2):
            queued = bot_turns(queued_tasks)[-1]
            assert queued.task.run_after is not None  # the thinking pause
            run(queued)
            turns += 1
        assert _awaited(match) == {0}
    bot_actions = MatchAction.objects.filter(match=match, seat__in=[1, 2]).count()
    assert len(bot_turns(queued_tasks)) == turns == 6
    assert bot_actions > turns  # several actions a turn, one pause for them all
