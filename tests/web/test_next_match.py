""" "Next match where it's my move": from any board to the player's move due soonest."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from accounts import vacation
from games.models import Match, Pace
from games.play.services.lobby import MatchSpec, create_match
from tests.helpers import fresh


def _awaiting(host, hours_ago: float) -> Match:
    """A correspondence match against bots waiting for the host, its day begun `hours_ago`."""
    spec = MatchSpec(
        game="incan-gold",
        players=3,
        bots=("random", "random"),
        pace=Pace.CORRESPONDENCE,
        move_seconds=86400,
    )
    match = create_match(host, spec)
    began = timezone.now() - timedelta(hours=hours_ago)
    Match.objects.filter(pk=match.pk).update(turn_started=began)
    return fresh(match)


def test_it_goes_to_the_move_due_soonest_leaving_out_the_board_it_came_from(client, user_factory):
    ana = user_factory("ana")
    later = _awaiting(ana, hours_ago=1)
    soonest = _awaiting(ana, hours_ago=20)
    middle = _awaiting(ana, hours_ago=10)
    client.force_login(ana)
    assert client.get("/matches/next/")["Location"] == f"/matches/{soonest.pk}/"
    assert client.get(f"/matches/next/?from={soonest.pk}")["Location"] == f"/matches/{middle.pk}/"
    assert client.get(f"/matches/next/?from={middle.pk}")["Location"] == f"/matches/{soonest.pk}/"
    assert client.get("/matches/next/?from=nonsense")["Location"] == f"/matches/{soonest.pk}/"
    assert later.pk not in (soonest.pk, middle.pk)


def test_time_on_vacation_does_not_count_toward_which_move_is_due_first(client, user_factory):
    ana = user_factory("ana")
    almost_out = _awaiting(ana, hours_ago=23.98)  # about a minute left
    live = create_match(
        ana, MatchSpec(game="incan-gold", players=3, bots=("random", "random"), move_seconds=120)
    )
    client.force_login(ana)
    assert client.get("/matches/next/")["Location"] == f"/matches/{almost_out.pk}/"
    # On vacation, the correspondence clock stands still; the live one runs on and comes first.
    vacation.start(ana, 1)
    assert client.get("/matches/next/")["Location"] == f"/matches/{live.pk}/"
    vacation.end(ana)
    assert client.get("/matches/next/")["Location"] == f"/matches/{almost_out.pk}/"


def test_with_no_other_move_waiting_it_goes_back_to_the_dashboard_saying_so(client, user_factory):
    ana = user_factory("ana")
    only = _awaiting(ana, hours_ago=1)
    client.force_login(ana)
    response = client.get(f"/matches/next/?from={only.pk}", follow=True)
    assert response.redirect_chain == [("/", 302)]
    assert "No other match is waiting for your move." in response.content.decode()


def test_a_match_waiting_on_others_is_not_next(client, user_factory):
    ana = user_factory("ana")
    create_match(ana, MatchSpec(game="el-dorado", players=4))  # open: nobody's move
    client.force_login(ana)
    assert client.get("/matches/next/")["Location"] == "/"


def test_every_board_offers_the_button_to_a_signed_in_viewer(client, user_factory):
    ana = user_factory("ana")
    match = _awaiting(ana, hours_ago=1)
    client.force_login(ana)
    body = client.get(match.get_absolute_url()).content.decode()
    assert f'href="/matches/next/?from={match.pk}"' in body
    assert "Next match where it's my move" in body
    client.logout()
    assert "/matches/next/" not in client.get(match.get_absolute_url()).content.decode()


def test_the_button_is_in_the_page_not_in_the_pushed_part(client, user_factory):
    ana = user_factory("ana")
    match = _awaiting(ana, hours_ago=1)
    client.force_login(ana)
    assert "/matches/next/" not in client.get(f"/matches/{match.pk}/live/").content.decode()


def test_it_needs_a_login(client, db):
    assert client.get("/matches/next/")["Location"].startswith("/login/")
