"""Seats, bots, starting and resigning: refused clearly, nothing changed.

Every probe checks the answer (status and a message a player can act on) and that the match,
its seats and its action log are as they were.
"""

from __future__ import annotations

import json

import pytest
from django.test import Client

from games.models import Match, Status
from games.play.services.lobby import MatchSpec, create_match
from tests.web.bad_input.probes import CONTINUE, HUGE, as_user, post_htmx, snapshot

pytestmark = pytest.mark.django_db(transaction=True)


def test_joining_twice_is_refused(web, open_match):
    match, people = open_match
    before = snapshot(match)
    response = post_htmx(as_user(web, people["bo"]), f"/matches/{match.pk}/join/")
    assert "You already have a seat in this match." in response.content.decode()
    assert snapshot(match) == before


def test_joining_a_full_running_match_is_refused(web, ig, user_factory):
    match, _ = ig
    before = snapshot(match)
    response = post_htmx(as_user(web, user_factory("eve")), f"/matches/{match.pk}/join/")
    assert "This match has already started." in response.content.decode()
    assert snapshot(match) == before


@pytest.mark.parametrize("path", ["", "live/"])
def test_a_cancelled_match_page_is_not_a_server_error(web, cancelled, path):
    match, _ = cancelled
    assert web.get(f"/matches/{match.pk}/{path}").status_code == 200


def test_a_move_in_a_cancelled_match_is_refused_clearly(web, cancelled):
    match, ana = cancelled
    before = snapshot(match)
    response = post_htmx(
        as_user(web, ana), f"/matches/{match.pk}/act/", {"action": json.dumps(CONTINUE)}
    )
    assert snapshot(match) == before
    assert response.status_code == 200
    assert "This match is over." in response.content.decode()


def test_joining_a_cancelled_match_says_it_was_cancelled(web, cancelled, user_factory):
    match, _ = cancelled
    before = snapshot(match)
    response = post_htmx(as_user(web, user_factory("eve")), f"/matches/{match.pk}/join/")
    assert snapshot(match) == before
    body = response.content.decode()
    assert "already started" not in body and "cancel" in body.lower()


def test_joining_a_private_match_without_the_link_is_a_404(web, user_factory):
    match = create_match(user_factory("ana"), MatchSpec(game="incan-gold", players=3, private=True))
    before = snapshot(match)
    assert as_user(web, user_factory("eve")).post(f"/matches/{match.pk}/join/").status_code == 404
    assert snapshot(match) == before


def test_leaving_without_a_seat_is_refused(web, open_match, user_factory):
    match, _ = open_match
    before = snapshot(match)
    response = post_htmx(as_user(web, user_factory("eve")), f"/matches/{match.pk}/leave/")
    assert "You have no seat in this match." in response.content.decode()
    assert snapshot(match) == before


@pytest.mark.parametrize("who", ["player-of-finished", "spectator-of-running"])
def test_leaving_where_resigning_is_impossible_does_not_advise_resigning(
    web, ig, user_factory, who
):
    match, people = ig
    if who == "player-of-finished":
        # Finished as the services finish a match: a new version, so a new page.
        Match.objects.filter(pk=match.pk).update(status=Status.FINISHED, version=match.version + 1)
        user = people["ana"]
    else:
        user = user_factory("eve")
    before = snapshot(match)
    response = post_htmx(as_user(web, user), f"/matches/{match.pk}/leave/")
    assert snapshot(match) == before
    assert "resign" not in response.content.decode().lower()


@pytest.mark.parametrize(
    ("level", "message"),
    [
        ("", "There is no &#x27;&#x27; bot"),
        ("grandmaster", "There is no &#x27;grandmaster&#x27; bot"),
        ("<script>", "There is no &#x27;&lt;script&gt;&#x27; bot"),
    ],
)
def test_adding_an_unknown_bot_is_refused(web, open_match, level, message):
    match, people = open_match
    before = snapshot(match)
    response = post_htmx(
        as_user(web, people["ana"]), f"/matches/{match.pk}/bots/", {"level": level}
    )
    assert message in response.content.decode()
    assert snapshot(match) == before


def test_only_the_host_adds_bots(web, open_match):
    match, people = open_match
    before = snapshot(match)
    response = post_htmx(
        as_user(web, people["bo"]), f"/matches/{match.pk}/bots/", {"level": "random"}
    )
    assert "Only the host can do that." in response.content.decode()
    assert snapshot(match) == before


def test_adding_a_bot_to_a_running_match_is_refused(web, ig):
    match, people = ig
    before = snapshot(match)
    response = post_htmx(
        as_user(web, people["ana"]), f"/matches/{match.pk}/bots/", {"level": "random"}
    )
    assert "This match has already started." in response.content.decode()
    assert snapshot(match) == before


@pytest.mark.parametrize("position", ["0", "1", "3", "99", HUGE])
def test_removing_a_bot_that_is_not_there_is_refused(web, open_match, position):
    match, people = open_match
    before = snapshot(match)
    response = post_htmx(
        as_user(web, people["ana"]), f"/matches/{match.pk}/bots/{position}/remove/"
    )
    assert response.status_code == 200
    assert "There is no bot in that seat." in response.content.decode()
    assert snapshot(match) == before


def test_removing_a_bot_with_a_negative_or_text_position_is_a_404(web, open_match):
    match, people = open_match
    client = as_user(web, people["ana"])
    assert client.post(f"/matches/{match.pk}/bots/-1/remove/").status_code == 404
    assert client.post(f"/matches/{match.pk}/bots/abc/remove/").status_code == 404


def test_only_the_host_starts(web, open_match):
    match, people = open_match
    before = snapshot(match)
    response = post_htmx(as_user(web, people["bo"]), f"/matches/{match.pk}/start/")
    assert "Only the host can do that." in response.content.decode()
    assert snapshot(match) == before


def test_a_running_match_cannot_be_started_again(web, ig):
    match, people = ig
    before = snapshot(match)
    response = post_htmx(as_user(web, people["ana"]), f"/matches/{match.pk}/start/")
    assert "This match has already started." in response.content.decode()
    assert snapshot(match) == before


def test_a_host_alone_cannot_start(web, user_factory):
    ana = user_factory("ana")
    match = create_match(ana, MatchSpec(game="incan-gold", players=4))
    before = snapshot(match)
    response = post_htmx(as_user(web, ana), f"/matches/{match.pk}/start/")
    assert "needs at least 3 players" in response.content.decode()
    assert snapshot(match) == before


def test_resigning_without_a_seat_or_twice_is_refused(web, ig, user_factory):
    match, people = ig
    before = snapshot(match)
    response = post_htmx(as_user(web, user_factory("eve")), f"/matches/{match.pk}/resign/")
    assert "You have no seat in this match." in response.content.decode()
    assert snapshot(match) == before
    post_htmx(as_user(web, people["ana"]), f"/matches/{match.pk}/resign/")
    before = snapshot(match)
    response = post_htmx(web, f"/matches/{match.pk}/resign/")
    assert "You have already resigned." in response.content.decode()
    assert snapshot(match) == before


@pytest.mark.parametrize("status", [Status.FINISHED, Status.ABANDONED])
def test_resigning_from_a_match_that_is_over_is_refused(web, ig, status):
    match, people = ig
    Match.objects.filter(pk=match.pk).update(status=status)
    before = snapshot(match)
    response = post_htmx(as_user(web, people["ana"]), f"/matches/{match.pk}/resign/")
    assert "Only a running match can be resigned." in response.content.decode()
    assert snapshot(match) == before


def test_resigning_before_the_start_is_refused(web, open_match):
    match, people = open_match
    before = snapshot(match)
    response = post_htmx(as_user(web, people["ana"]), f"/matches/{match.pk}/resign/")
    assert "Only a running match can be resigned." in response.content.decode()
    assert snapshot(match) == before


@pytest.mark.parametrize("action", ["join", "leave", "bots", "start", "resign", "act"])
def test_lobby_posts_need_post_csrf_and_login(web, open_match, action):
    match, people = open_match
    before = snapshot(match)
    url = f"/matches/{match.pk}/{action}/"
    assert as_user(web, people["ana"]).get(url).status_code == 405
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(people["ana"])
    assert strict.post(url, {"level": "random"}).status_code == 403
    response = Client().post(url, {"level": "random"})
    assert response.status_code == 302 and response["Location"].startswith("/login/")
    assert snapshot(match) == before


@pytest.mark.parametrize("match_id", ["0", "424242", HUGE])
@pytest.mark.parametrize(
    "path", ["", "live/", "join/", "leave/", "bots/", "start/", "act/", "resign/", "bots/1/remove/"]
)
def test_a_match_that_does_not_exist_is_a_404(web, user_factory, match_id, path):
    client = as_user(web, user_factory("ana"))
    url = f"/matches/{match_id}/{path}"
    response = client.get(url) if path in ("", "live/") else client.post(url, {"level": "random"})
    assert response.status_code == 404


def test_another_peoples_private_match_is_a_404_for_every_action(web, user_factory):
    ana = user_factory("ana")
    match = create_match(ana, MatchSpec(game="incan-gold", players=3, private=True))
    before = snapshot(match)
    client = as_user(web, user_factory("eve"))
    for path in ("join/", "leave/", "bots/", "start/", "act/", "resign/", "bots/0/remove/"):
        assert client.post(f"/matches/{match.pk}/{path}", {"level": "random"}).status_code == 404
    assert client.get(f"/matches/{match.pk}/").status_code == 404
    assert client.get(f"/matches/{match.pk}/live/").status_code == 404
    assert snapshot(match) == before


def test_the_live_fragment_is_get_only(web, ig):
    match, people = ig
    assert as_user(web, people["ana"]).post(f"/matches/{match.pk}/live/").status_code == 405


@pytest.mark.parametrize("game", ["ed", "ig"])
@pytest.mark.parametrize("card", ["abc", "-1", "0", "9999", HUGE, "", "1.5", "\x00"])
def test_a_bad_selected_card_still_shows_the_board(web, request, game, card):
    match, people = request.getfixturevalue(game)
    client = as_user(web, people["ana"])
    assert client.get(f"/matches/{match.pk}/", {"card": card}).status_code == 200
    assert client.get(f"/matches/{match.pk}/live/", {"card": card}).status_code == 200


@pytest.mark.parametrize("token", ["nope", "x" * 2000, "%00", "..%2F..%2F"])
def test_a_bad_invite_token_is_a_404(web, token):
    assert web.get(f"/invite/{token}/").status_code == 404
