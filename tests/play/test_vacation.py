"""A vacation stops a player's correspondence clocks, for so many days a calendar year: the
time-out passes over them and looks again when their paused clock runs out; live clocks run on."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

from accounts import vacation
from accounts.models import Vacation
from games.models import Match, Pace
from games.play import lobby_queries as lobby
from games.play.services.clock import run_out, tick, time_out
from games.play.services.lobby import MatchSpec, create_match, join_match
from games.play.services.play import submit_action
from games.tasks import queue_paused_deadlines
from tests.helpers import CONTINUE, deadlines, fresh, person, run

DAY = timedelta(days=1)
HOUR = timedelta(hours=1)


def _match(user_factory, pace: str = Pace.CORRESPONDENCE) -> Match:
    """Incan Gold for ana, bo and cy, started: everyone decides at once, each on their clock."""
    ana = user_factory("ana")
    seconds = 86400 if pace == Pace.CORRESPONDENCE else 120
    spec = MatchSpec(game="incan-gold", players=3, pace=pace, move_seconds=seconds)
    match = create_match(ana, spec)
    for name in ("bo", "cy"):
        join_match(match.pk, user_factory(name))
    return fresh(match)


def _turn_began(match: Match, when: datetime) -> Match:
    Match.objects.filter(pk=match.pk).update(turn_started=when)
    return fresh(match)


# The clock's arithmetic ----------------------------------------------------------------------

T = datetime(2026, 3, 1, 12, tzinfo=UTC)


def test_a_clock_with_no_pause_runs_out_on_time():
    assert vacation.clock_runs_out(T, DAY, []) == T + DAY


def test_a_pause_within_the_time_moves_the_end_by_its_length():
    assert vacation.clock_runs_out(T, DAY, [(T + HOUR, T + 3 * DAY)]) == T + 3 * DAY + 23 * HOUR


def test_a_pause_begun_before_the_clock_counts_only_from_the_clocks_start():
    assert vacation.clock_runs_out(T, DAY, [(T - 2 * DAY, T + DAY)]) == T + 2 * DAY


def test_a_pause_after_the_time_ran_out_changes_nothing():
    assert vacation.clock_runs_out(T, DAY, [(T + DAY, T + 5 * DAY)]) == T + DAY
    assert vacation.clock_runs_out(T, DAY, [(T - 5 * DAY, T - DAY)]) == T + DAY


def test_every_pause_counts():
    pauses = [(T + HOUR, T + 2 * HOUR), (T + 3 * HOUR, T + DAY)]
    # Running: 1 h, then 1 h, then the 22 h left from the end of the second pause.
    assert vacation.clock_runs_out(T, DAY, pauses) == T + 2 * DAY - 2 * HOUR


# The allowance ----------------------------------------------------------------------------


@pytest.mark.django_db
def test_days_taken_come_off_the_years_allowance_and_days_not_begun_come_back(user_factory):
    ana = user_factory("ana")
    assert vacation.days_left(ana, T) == 30
    vacation.start(ana, 10, now=T)
    assert vacation.days_left(ana, T) == 20
    ana.refresh_from_db()
    assert ana.vacation_until == T + 10 * DAY
    with pytest.raises(vacation.VacationRefused, match="already"):
        vacation.start(ana, 1, now=T + DAY)
    ended = vacation.end(ana, now=T + 2 * DAY + 12 * HOUR)
    assert (ended.days, ended.ends) == (3, T + 2 * DAY + 12 * HOUR)  # a day begun is a day taken
    assert vacation.days_left(ana, T + 3 * DAY) == 27
    assert vacation.current(ana, T + 3 * DAY) is None
    assert vacation.end(ana, now=T + 3 * DAY) is None


@pytest.mark.django_db
def test_a_vacation_longer_than_the_days_left_is_refused(user_factory, settings):
    settings.VACATION_DAYS_PER_YEAR = 12
    ana = user_factory("ana")
    vacation.start(ana, 5, now=T)
    vacation.end(ana, now=T + 4 * DAY + HOUR)
    with pytest.raises(vacation.VacationRefused, match="You have 7 vacation days left"):
        vacation.start(ana, 8, now=T + 6 * DAY)
    vacation.start(ana, 7, now=T + 6 * DAY)
    assert vacation.days_left(ana, T + 6 * DAY) == 0
    with pytest.raises(vacation.VacationRefused):
        vacation.start(ana, 0, now=T + 20 * DAY)
    assert Vacation.objects.filter(user=ana).count() == 2


@pytest.mark.django_db
def test_each_calendar_year_has_its_own_allowance_in_the_players_time_zone(user_factory):
    ana = user_factory("ana", time_zone="Asia/Tokyo")
    vacation.start(ana, 30, now=T)
    assert vacation.days_left(ana, T + 60 * DAY) == 0
    # 20:00 on New Year's Eve in London is already the new year in Tokyo.
    new_year = datetime(2026, 12, 31, 20, tzinfo=UTC)
    assert vacation.days_left(ana, new_year) == 30
    assert vacation.start(ana, 30, now=new_year).year == 2027


# Time-outs -----------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_the_deadline_passes_over_a_player_on_vacation_and_looks_again_when_their_clock_runs_out(
    user_factory, queued_tasks
):
    match = _match(user_factory)
    began = timezone.now() - match.move_time - timedelta(seconds=1)
    match = _turn_began(match, began)
    vacation.start(person(match, "bo"), 3, now=began + HOUR)
    [queued] = deadlines(queued_tasks)
    assert run(queued) == 2  # ana and cy; bo's clock stood still after its first hour
    assert [s.timeouts for s in fresh(match).seats.all()] == [1, 0, 1]
    due = began + 3 * DAY + HOUR + 23 * HOUR
    recheck = deadlines(queued_tasks)[-1]
    assert recheck.args == [match.pk, match.turn_version]
    assert recheck.task.run_after == due
    assert time_out(match.pk, now=due - timedelta(seconds=1)) == 0
    assert run_out(match.pk, now=due + timedelta(seconds=1)).moves == 1
    assert [s.timeouts for s in fresh(match).seats.all()] == [1, 1, 1]


@pytest.mark.django_db(transaction=True)
def test_tick_leaves_a_player_on_vacation_alone_until_their_clock_runs_out(
    user_factory, queued_tasks
):
    match = _match(user_factory)
    for name in ("bo", "cy"):
        submit_action(match.pk, person(match, name), CONTINUE, None)
    began = timezone.now() - 2 * DAY
    match = _turn_began(match, began)
    vacation.start(person(match, "ana"), 5, now=began + 2 * HOUR)
    assert tick()["timeouts"] == 0
    assert fresh(match).seats.get(position=0).timeouts == 0
    due = began + 5 * DAY + 2 * HOUR + 22 * HOUR
    assert tick(now=due + timedelta(seconds=1))["timeouts"] == 1
    assert fresh(match).seats.get(position=0).timeouts == 1


@pytest.mark.django_db(transaction=True)
def test_a_live_clock_runs_on_during_a_vacation(user_factory, queued_tasks):
    match = _match(user_factory, pace=Pace.LIVE)
    began = timezone.now() - match.move_time - timedelta(seconds=1)
    match = _turn_began(match, began)
    vacation.start(person(match, "bo"), 3, now=began)
    [queued] = deadlines(queued_tasks)
    assert run(queued) == 3
    # Nothing to look at again on that turn: what is queued now is the next turn's deadline.
    turns = [match.turn_version, fresh(match).turn_version]
    assert [d.args[1] for d in deadlines(queued_tasks)] == turns


@pytest.mark.django_db(transaction=True)
def test_a_vacation_ended_early_queues_the_sooner_deadline(user_factory, queued_tasks):
    match = _match(user_factory)
    bo = person(match, "bo")
    began = timezone.now() - 6 * HOUR
    match = _turn_began(match, began)
    vacation.start(bo, 3, now=began + HOUR)
    ended = timezone.now()
    vacation.end(bo, now=ended)
    queue_paused_deadlines(bo.pk)
    queued = deadlines(queued_tasks)[-1]
    assert queued.args == [match.pk, match.turn_version]
    # One hour ran before the vacation; the other 23 run from its end.
    assert queued.task.run_after == ended + 23 * HOUR


@pytest.mark.django_db(transaction=True)
def test_the_time_left_shown_to_the_player_leaves_out_their_vacation(user_factory, queued_tasks):
    match = _match(user_factory)
    began = timezone.now() - 2 * HOUR
    match = _turn_began(match, began)
    bo = person(match, "bo")
    vacation.start(bo, 2, now=began + HOUR)
    [mine] = lobby.my_matches(bo)
    assert mine.deadline == began + 2 * DAY + HOUR + 23 * HOUR
    [theirs] = lobby.my_matches(person(match, "ana"))
    assert theirs.deadline == match.deadline
