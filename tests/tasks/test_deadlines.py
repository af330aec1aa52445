"""A move deadline is a task queued for that moment: it plays the time-out only if the match is
still on that turn and past its time."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Match, MatchAction, Status
from games.play.services.play import submit_action
from games.tasks import move_deadline
from tests.helpers import CONTINUE, bot_turns, deadlines, fresh, person, run

pytestmark = pytest.mark.django_db(transaction=True)

PEOPLE = ("ana", "bo", "cy")


def _overdue(match: Match) -> Match:
    """The match with its current turn begun longer ago than its time per move."""
    started = timezone.now() - match.move_time - timedelta(seconds=1)
    Match.objects.filter(pk=match.pk).update(turn_started=started)
    return fresh(match)


def test_a_persons_new_turn_queues_its_deadline_for_the_moment_it_runs_out(
    make_match, queued_tasks
):
    match = make_match(people=PEOPLE)
    [queued] = deadlines(queued_tasks)
    assert queued.args == [match.pk, match.turn_version]
    assert queued.task.run_after == match.deadline


def test_a_turn_only_bots_play_queues_no_deadline(make_match, queued_tasks):
    match = make_match("el-dorado", bots=("greedy",))
    queued = len(deadlines(queued_tasks))
    submit_action(match.pk, person(match, "ana"), {"type": "end_turn"}, match.version)
    assert len(deadlines(queued_tasks)) == queued  # the bot's turn has no clock


def test_a_deadline_at_its_time_plays_the_time_out(make_match, queued_tasks):
    match = make_match(people=PEOPLE)
    [queued] = deadlines(queued_tasks)
    _overdue(match)
    assert run(queued) == 3
    assert MatchAction.objects.filter(match=match).count() == 3
    assert [s.timeouts for s in fresh(match).seats.all()] == [1, 1, 1]


def test_a_deadline_before_its_time_does_nothing(make_match, queued_tasks):
    match = make_match(people=PEOPLE)
    assert run(deadlines(queued_tasks)[0]) == 0
    assert not MatchAction.objects.filter(match=match).exists()


def test_a_deadline_does_nothing_once_the_match_moved_on_to_another_turn(make_match, queued_tasks):
    match = make_match(people=PEOPLE)
    old = deadlines(queued_tasks)[0]
    for name in PEOPLE:
        submit_action(match.pk, person(match, name), CONTINUE, None)
    match = fresh(match)
    assert match.turn_version != old.args[1]
    _overdue(match)  # the new turn is late too, but that is the new deadline's business
    assert run(old) == 0
    assert not MatchAction.objects.filter(match=match, seq__gt=3).exists()
    assert move_deadline.call(match.pk, match.turn_version) == 3


def test_a_deadline_run_twice_times_out_once(make_match, queued_tasks):
    match = make_match(people=PEOPLE)
    queued = deadlines(queued_tasks)[0]
    _overdue(match)
    assert run(queued) == 3
    assert run(queued) == 0
    assert MatchAction.objects.filter(match=match).count() == 3


def test_a_seat_retired_by_its_last_time_out_is_played_on_by_the_site(make_match, queued_tasks):
    match = make_match(people=PEOPLE)
    for name in ("bo", "cy"):
        submit_action(match.pk, person(match, name), CONTINUE, None)
    match.seats.filter(position=0).update(timeouts=2)
    queued = deadlines(queued_tasks)[0]
    _overdue(match)
    assert run(queued) == 1  # ana's last decision: the card is revealed
    match = fresh(match)
    assert match.status == Status.ACTIVE
    assert match.seats.get(position=0).resigned
    # The next card asks ana's seat again, now the site's to play: a bot turn is queued.
    assert bot_turns(queued_tasks)[-1].args == [match.pk, match.version]
