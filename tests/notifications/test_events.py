"""Who is told of what: turns in correspondence matches, starts, finishes, deadlines; each
event once."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Match, Pace
from games.notifications.models import Kind, Notification
from games.notifications.service import notify, unread_count
from games.notifications.sweep import sweep, warn_if_due
from games.play.services.play import submit_action
from tests.helpers import CONTINUE, RETURN, fresh, person, play_out

pytestmark = pytest.mark.django_db


def kinds_of(user) -> list[str]:
    return sorted(Notification.objects.filter(user=user).values_list("kind", flat=True))


def test_a_correspondence_start_tells_the_others_it_started_and_each_person_their_turn(
    corr_match,
):
    match = corr_match()  # cy's join starts it
    ana, bo, cy = (person(match, name) for name in ("ana", "bo", "cy"))
    assert kinds_of(ana) == kinds_of(bo) == [Kind.STARTED, Kind.YOUR_TURN]
    assert kinds_of(cy) == [Kind.YOUR_TURN]


def test_a_move_reads_the_movers_turn_and_the_next_turn_is_told_again(corr_match):
    match = corr_match()
    ana, bo, cy = (person(match, name) for name in ("ana", "bo", "cy"))
    submit_action(match.pk, ana, CONTINUE, match.version)
    turns = Notification.objects.filter(kind=Kind.YOUR_TURN)
    assert turns.get(user=ana).read is not None
    assert turns.get(user=bo).read is None  # still bo's turn: the same turn, not told again
    assert turns.count() == 3
    match = fresh(match)
    submit_action(match.pk, bo, CONTINUE, match.version)
    match = fresh(match)
    submit_action(match.pk, cy, CONTINUE, match.version)  # the card is revealed: a new turn
    match = fresh(match)
    waiting = {s.user for s in match.seats.all() if s.to_move}
    assert turns.filter(read__isnull=True).count() == len(waiting)
    assert {n.user for n in turns.filter(read__isnull=True)} == waiting
    assert turns.filter(key=f"turn:{match.pk}:{match.turn_version}").count() == len(waiting)


def test_live_matches_tell_no_turns(corr_match):
    match = corr_match(pace=Pace.LIVE)
    assert not Notification.objects.filter(kind=Kind.YOUR_TURN).exists()
    assert Notification.objects.filter(kind=Kind.STARTED, user=person(match, "ana")).exists()


def test_the_same_event_is_told_once(user_factory):
    ana = user_factory("ana")
    first = notify(ana.pk, Kind.STARTED, "started:1", game="incan-gold")
    again = notify(ana.pk, Kind.STARTED, "started:1", game="incan-gold")
    assert first is not None and again is None
    assert Notification.objects.filter(user=ana).count() == 1
    assert unread_count(ana.pk) == 1


def test_a_kind_turned_off_everywhere_is_not_made(user_factory):
    from games.notifications.models import NotificationPrefs

    ana = user_factory("ana")
    NotificationPrefs.objects.create(
        user=ana, channels={Kind.STARTED: {"app": False, "email": False}}
    )
    assert notify(ana.pk, Kind.STARTED, "started:1") is None
    assert not Notification.objects.exists()


def test_a_finish_tells_each_person_their_place_and_rating_change(corr_match):
    match = play_out(corr_match())
    assert match.is_finished
    for seat in match.seats.filter(user__isnull=False):
        note = Notification.objects.get(user=seat.user, kind=Kind.FINISHED)
        change = seat.rating_changes.get()
        assert note.data["place"] == seat.place
        assert note.data["players"] == 3
        assert note.data["rating_change"] == change.display_after - change.display_before
        assert note.key == f"finished:{match.pk}"
    # Nothing says it is anyone's turn once the match is over.
    assert not Notification.objects.filter(kind=Kind.YOUR_TURN, read__isnull=True).exists()


def test_the_deadline_warning_comes_at_four_fifths_of_the_time_once(corr_match):
    match = corr_match()
    submit_action(match.pk, person(match, "ana"), RETURN, match.version)
    match = fresh(match)
    submit_action(match.pk, person(match, "cy"), RETURN, match.version)  # bo is left to move
    match = fresh(match)
    start = match.turn_started
    assert warn_if_due(match.pk, now=start + timedelta(hours=19)) == 0
    assert warn_if_due(match.pk, now=start + timedelta(hours=19, minutes=13)) == 1
    assert warn_if_due(match.pk, match.turn_version, now=start + timedelta(hours=20)) == 0
    warned = Notification.objects.get(kind=Kind.DEADLINE)
    assert warned.user == person(match, "bo")
    assert warned.key == f"deadline:{match.pk}:{match.turn_version}"
    # The safety net finds nothing more to tell.
    assert sweep(now=start + timedelta(hours=23))["warned"] == 0


def test_a_warning_for_a_turn_already_played_is_not_sent(corr_match):
    match = corr_match()
    old_turn = match.turn_version
    for name in ("ana", "bo", "cy"):
        submit_action(match.pk, person(match, name), CONTINUE, fresh(match).version)
    assert fresh(match).turn_version != old_turn
    later = timezone.now() + timedelta(hours=20)
    assert warn_if_due(match.pk, old_turn, now=later) == 0
    assert not Notification.objects.filter(kind=Kind.DEADLINE).exists()


def test_live_matches_get_no_deadline_warning(corr_match):
    match = corr_match(pace=Pace.LIVE)
    assert warn_if_due(match.pk, now=timezone.now() + timedelta(days=2)) == 0
    assert Match.objects.get(pk=match.pk).is_active
