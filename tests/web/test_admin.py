"""The admin shows matches, seats and logs read-only, and nothing secret while a match runs."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import Match
from games.play.services.lobby import MatchSpec, create_match
from games.play.services.play import resign

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def staff(user_factory) -> Client:
    admin_user = user_factory("root")
    admin_user.is_staff = admin_user.is_superuser = True
    admin_user.save()
    client = Client()
    client.force_login(admin_user)
    return client


def _bot_match(user_factory) -> Match:
    host = user_factory("ana")
    return create_match(host, MatchSpec(game="incan-gold", players=3, bots=("random", "random")))


def test_a_running_match_shows_its_seats_but_no_seed_state_or_log(staff, user_factory):
    match = _bot_match(user_factory)
    assert match.status == 1
    page = staff.get(f"/admin/games/match/{match.pk}/change/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Random bot" in html or "random" in html
    assert str(match.seed) not in html
    assert "Snapshot" not in html
    assert match.invite_token not in html
    assert f"/matches/{match.pk}/replay/" not in html


def test_a_finished_match_shows_its_seed_and_its_whole_log(staff, user_factory):
    match = _bot_match(user_factory)
    resign(match.pk, match.seats.get(position=0).user)  # the bots play it to the end
    match.refresh_from_db()
    assert match.is_finished
    html = staff.get(f"/admin/games/match/{match.pk}/change/").content.decode()
    assert str(match.seed) in html
    count = match.actions.count()
    assert f"{count} actions" in html and count > 0
    assert f"/matches/{match.pk}/replay/" in html


def test_nothing_can_be_added_changed_or_deleted(staff, user_factory):
    match = _bot_match(user_factory)
    assert staff.get("/admin/games/match/add/").status_code == 403
    before = Match.objects.get(pk=match.pk).version
    assert staff.post(f"/admin/games/match/{match.pk}/change/", {"rated": ""}).status_code == 403
    assert staff.post(f"/admin/games/match/{match.pk}/delete/", {"post": "yes"}).status_code == 403
    assert Match.objects.get(pk=match.pk).version == before
    assert staff.get("/admin/games/match/").status_code == 200
    for model in ("seat", "matchaction"):
        assert staff.get(f"/admin/games/{model}/").status_code == 404


def test_the_rating_lists_open(staff):
    assert staff.get("/admin/games/playerrating/").status_code == 200
    assert staff.get("/admin/games/ratingchange/").status_code == 200
