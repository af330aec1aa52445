"""Going on vacation from the settings page, ending it early, and what opponents see of it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from accounts import vacation
from accounts.models import Vacation
from games.models import Match, Pace
from games.play.services.lobby import MatchSpec, create_match, join_match
from tests.helpers import deadlines, fresh, person


def _match(user_factory, pace: str = Pace.CORRESPONDENCE) -> Match:
    """Incan Gold for ana, bo and cy, started: everyone's move is awaited."""
    ana = user_factory("ana")
    seconds = 86400 if pace == Pace.CORRESPONDENCE else 120
    spec = MatchSpec(game="incan-gold", players=3, pace=pace, move_seconds=seconds)
    match = create_match(ana, spec)
    for name in ("bo", "cy"):
        join_match(match.pk, user_factory(name))
    return fresh(match)


def _clock_notes(body: str) -> str:
    return body.split('id="clock-notes"')[1].split("</ul>")[0] if 'id="clock-notes"' in body else ""


def test_the_settings_page_tells_the_days_left(auth_client):
    body = auth_client.get("/settings/").content.decode()
    assert "You have 30 of 30 vacation days left this year." in body
    assert 'action="/settings/vacation/"' in body


def test_a_player_goes_on_vacation_from_the_settings_page(auth_client):
    response = auth_client.post("/settings/vacation/", {"days": "5"})
    assert response.status_code == 302 and response["Location"] == "/settings/"
    user = auth_client.user
    user.refresh_from_db()
    assert abs(user.vacation_until - (timezone.now() + timedelta(days=5))) < timedelta(minutes=1)
    body = auth_client.get("/settings/").content.decode()
    assert "You are on vacation until" in body
    assert 'name="end"' in body


def test_more_days_than_are_left_are_refused(auth_client, settings):
    settings.VACATION_DAYS_PER_YEAR = 4
    response = auth_client.post("/settings/vacation/", {"days": "5"})
    assert response.status_code == 422
    assert "You have 4 vacation days left this year." in response.content.decode()
    assert not Vacation.objects.exists()


def test_a_player_with_no_days_left_is_offered_no_vacation(auth_client, settings):
    settings.VACATION_DAYS_PER_YEAR = 1
    vacation.start(auth_client.user, 1, now=timezone.now() - timedelta(days=3))
    body = auth_client.get("/settings/").content.decode()
    assert "You have 0 of 1 vacation days left this year." in body
    assert 'name="days"' not in body


@pytest.mark.django_db(transaction=True)
def test_ending_a_vacation_early_gives_back_the_days_and_restarts_the_clocks(
    client, user_factory, queued_tasks
):
    match = _match(user_factory)
    bo = person(match, "bo")
    vacation.start(bo, 10)
    queued = len(deadlines(queued_tasks))
    client.force_login(bo)
    response = client.post("/settings/vacation/", {"end": "1"})
    assert response.status_code == 302
    bo.refresh_from_db()
    assert bo.away_until is None
    assert vacation.days_left(bo) == 29
    # The check of bo's turn is queued anew: the turn's deadline, moved by the moments away.
    assert len(deadlines(queued_tasks)) == queued + 1
    late = deadlines(queued_tasks)[-1].task.run_after - fresh(match).deadline
    assert timedelta(0) < late < timedelta(seconds=5)


def test_the_vacation_form_needs_a_login_and_a_post(client, db):
    assert client.post("/settings/vacation/", {"days": "3"})["Location"].startswith("/login/")


def test_the_vacation_form_is_posted_only(auth_client):
    assert auth_client.get("/settings/vacation/").status_code == 405


def test_opponents_see_a_player_on_vacation_on_the_board_with_their_clock_paused(
    client, user_factory
):
    match = _match(user_factory)
    vacation.start(person(match, "bo"), 3)
    client.force_login(person(match, "ana"))
    notes = _clock_notes(client.get(match.get_absolute_url()).content.decode())
    assert "bo" in notes and "on vacation until" in notes
    assert "Their clock is paused; their move is due by" in notes


def test_the_player_on_vacation_sees_when_their_own_move_is_due(client, user_factory):
    match = _match(user_factory)
    bo = person(match, "bo")
    vacation.start(bo, 3)
    client.force_login(bo)
    notes = _clock_notes(client.get(match.get_absolute_url()).content.decode())
    assert "on vacation until" not in notes  # their own name is not listed
    assert "Your move is due by" in notes


def test_a_live_board_names_the_player_away_but_pauses_no_clock(client, user_factory):
    match = _match(user_factory, pace=Pace.LIVE)
    vacation.start(person(match, "bo"), 3)
    client.force_login(person(match, "ana"))
    notes = _clock_notes(client.get(match.get_absolute_url()).content.decode())
    assert "on vacation until" in notes
    assert "paused" not in notes


def test_a_board_with_nobody_away_has_no_clock_notes(client, user_factory):
    match = _match(user_factory)
    client.force_login(person(match, "ana"))
    assert 'id="clock-notes"' not in client.get(match.get_absolute_url()).content.decode()


def test_the_dashboard_shows_an_opponent_on_vacation_and_the_player_their_own(client, user_factory):
    match = _match(user_factory)
    bo = person(match, "bo")
    vacation.start(bo, 3)
    client.force_login(person(match, "ana"))
    body = client.get("/").content.decode()
    row = body.split(f'href="/matches/{match.pk}/"')[1].split("</li>")[0]
    assert "bo" in row and "on vacation until" in row
    client.force_login(bo)
    body = client.get("/").content.decode()
    assert "You are on vacation until" in body
    row = body.split(f'href="/matches/{match.pk}/"')[1].split("</li>")[0]
    assert "on vacation until" not in row


def test_the_board_says_when_the_move_is_due_once_its_player_goes_on_vacation(client, user_factory):
    from django.utils import dateformat

    from games.play.services.clock import turn_due
    from games.play.services.play import submit_action
    from tests.helpers import CONTINUE

    match = _match(user_factory)
    for name in ("ana", "cy"):
        submit_action(match.pk, person(match, name), CONTINUE, fresh(match).version)
    match = fresh(match)  # only bo's move is awaited now
    shown = dateformat.format(timezone.localtime(match.deadline), "D j M, H:i")
    client.force_login(person(match, "ana"))
    assert f"Move by {shown}" in client.get(match.get_absolute_url()).content.decode()

    bo = Client()
    bo.force_login(person(match, "bo"))
    assert bo.post("/settings/vacation/", {"days": "3"}).status_code == 302
    after = fresh(match)
    assert after.version == match.version + 1  # every board is pushed the new due time
    due = turn_due(after, after.seats_in_order())
    assert timedelta(days=3) - timedelta(minutes=1) < due - match.deadline <= timedelta(days=3)
    page = client.get(match.get_absolute_url()).content.decode()
    assert f"Move by {shown}" not in page
    assert "Move by " + dateformat.format(timezone.localtime(due), "D j M, H:i") in page

    assert bo.post("/settings/vacation/", {"end": "1"}).status_code == 302
    back = fresh(match)
    assert back.version == after.version + 1
    assert turn_due(back, back.seats_in_order()) - match.deadline < timedelta(minutes=1)
