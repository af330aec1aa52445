"""Hostile and clumsy input, everywhere: a clear error, no 500, and nothing changed.

Every probe checks the answer (status and a message a player can act on) and that the match,
its seats and its action log are as they were.
"""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.test import Client

from config.routing import websocket_urlpatterns
from games.engines.el_dorado import legal_actions
from games.models import Match, MatchAction, Status
from games.services.lobby import MatchSpec, create_match, join_match, leave_match
from games.services.play import resign
from games.services.state import current_state
from tests.games.conftest import users
from tests.games.test_replay_page import finished_match

pytestmark = pytest.mark.django_db(transaction=True)

CONTINUE = {"type": "decide", "choice": "continue"}
RETURN = {"type": "decide", "choice": "return"}
HTMX = {"HX-Request": "true"}
HUGE = "9" * 30  # far past any 64-bit integer


# Helpers -----------------------------------------------------------------------------------


def snapshot(match: Match) -> tuple:
    """Everything a bad request must leave alone: the match row, its seats, its log."""
    m = Match.objects.get(pk=match.pk)
    seats = list(
        m.seats.order_by("position").values_list("position", "user_id", "bot_level", "resigned")
    )
    log = list(
        MatchAction.objects.filter(match=m).order_by("seq").values_list("seq", "seat", "action")
    )
    return (m.version, m.status, m.players, m.options, seats, log)


@pytest.fixture
def web(client):
    """A client that answers a crash with a 500 page instead of raising it into the test."""
    client.raise_request_exception = False
    return client


def as_user(client: Client, user) -> Client:
    client.force_login(user)
    return client


@pytest.fixture
def ig(user_factory):
    """A running three-player Incan Gold match (ana, bo, cy) and its people."""
    ana = user_factory("ana")
    match = create_match(ana, MatchSpec(game="incan-gold", players=3))
    for name in ("bo", "cy"):
        join_match(match.pk, user_factory(name))
    match.refresh_from_db()
    return match, users(match)


@pytest.fixture
def open_match(user_factory):
    """An open four-seat Incan Gold match hosted by ana, bo seated, one seat free."""
    ana, bo = user_factory("ana"), user_factory("bo")
    match = create_match(ana, MatchSpec(game="incan-gold", players=4))
    join_match(match.pk, bo)
    match.refresh_from_db()
    return match, {"ana": ana, "bo": bo}


@pytest.fixture
def ed(user_factory):
    """A running two-player El Dorado match between ana and bo, nobody else to move."""
    ana, bo = user_factory("ana"), user_factory("bo")
    match = create_match(
        ana, MatchSpec(game="el-dorado", players=2, options={"map": "home-stretch"})
    )
    join_match(match.pk, bo)
    match.refresh_from_db()
    return match, {"ana": ana, "bo": bo}


def post_htmx(client: Client, url: str, data: dict | None = None):
    return client.post(url, data or {}, headers=HTMX)


def flashed(client: Client, response) -> str:
    """The error a plain (non-htmx) POST left for the next page, or the htmx fragment."""
    if response.status_code == 302:
        return client.get(response["Location"]).content.decode()
    return response.content.decode()


# Moves by POST -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({}, "not understood"),
        ({"action": ""}, "not understood"),
        ({"action": "{{{ not json"}, "not understood"),
        ({"action": "[1, 2]"}, "not understood"),
        ({"action": "5"}, "not understood"),
        ({"action": '"continue"'}, "not understood"),
        ({"action": "null"}, "not understood"),
        ({"action": "\x00"}, "not understood"),
        ({"action": "x" * 1_000_000}, "not understood"),
        ({"action": json.dumps({"type": "decide", "choice": "maybe"})}, "unknown choice"),
        ({"action": json.dumps({"type": "decide", "choice": ["continue"]})}, "unknown choice"),
        ({"action": json.dumps({"type": "decide"})}, "needs a choice"),
        ({"action": json.dumps({"choice": "continue"})}, "has no type"),
        ({"action": json.dumps({"type": "buy", "card": "x"})}, "unknown action type"),
        ({"action": json.dumps({**CONTINUE, "extra": 1})}, "unexpected field"),
        ({"action": json.dumps({**CONTINUE, "x": "y" * 10_000})}, "unexpected field"),
        ({"action": json.dumps(CONTINUE), "version": "abc"}, "broken board version"),
        ({"action": json.dumps(CONTINUE), "version": "1.5"}, "broken board version"),
        ({"action": json.dumps(CONTINUE), "version": "9" * 5000}, "broken board version"),
        ({"action": json.dumps(CONTINUE), "version": HUGE}, "does not exist yet"),
        ({"action": json.dumps(CONTINUE), "version": "-1"}, "board changed"),
        ({"do": "not json"}, "not understood"),
        ({"do": "[]"}, "not understood"),
        ({"do": json.dumps(CONTINUE), "cards": "abc"}, "not understood"),
    ],
)
def test_a_malformed_move_by_htmx_is_refused_clearly(web, ig, data, message):
    match, people = ig
    before = snapshot(match)
    response = post_htmx(as_user(web, people["ana"]), f"/matches/{match.pk}/act/", data)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert 'id="match-live"' in response.content.decode()
    assert snapshot(match) == before


def test_a_non_utf8_body_is_refused_clearly(web, ig):
    match, people = ig
    before = snapshot(match)
    response = as_user(web, people["ana"]).post(
        f"/matches/{match.pk}/act/",
        b"action=%FF%FE%00&version=%FF",
        content_type="application/x-www-form-urlencoded",
        headers=HTMX,
    )
    assert response.status_code == 200
    assert "not understood" in response.content.decode()
    assert snapshot(match) == before


def test_a_malformed_move_by_plain_post_comes_back_as_a_message(web, ig):
    match, people = ig
    before = snapshot(match)
    client = as_user(web, people["ana"])
    response = client.post(f"/matches/{match.pk}/act/", {"action": "{{{"})
    assert response.status_code == 302 and response["Location"] == f"/matches/{match.pk}/"
    assert "That move is not understood." in flashed(client, response)
    assert snapshot(match) == before


def test_a_deeply_nested_action_is_refused_not_a_server_error(web, ig):
    match, people = ig
    before = snapshot(match)
    response = post_htmx(
        as_user(web, people["ana"]), f"/matches/{match.pk}/act/", {"action": "[" * 100_000}
    )
    assert snapshot(match) == before
    assert response.status_code == 200
    assert "not understood" in response.content.decode()


def test_a_deeply_nested_board_button_is_refused_not_a_server_error(web, ig):
    match, people = ig
    response = post_htmx(
        as_user(web, people["ana"]), f"/matches/{match.pk}/act/", {"do": "[" * 100_000}
    )
    assert response.status_code == 200
    assert "not understood" in response.content.decode()


def test_a_body_over_the_upload_limit_is_a_400_and_changes_nothing(web, ig):
    match, people = ig
    before = snapshot(match)
    response = as_user(web, people["ana"]).post(
        f"/matches/{match.pk}/act/", {"action": "x" * 3_000_000}
    )
    assert response.status_code == 400
    assert snapshot(match) == before


def test_a_move_is_post_only_and_needs_csrf_and_a_login(web, ig):
    match, people = ig
    before = snapshot(match)
    url = f"/matches/{match.pk}/act/"
    assert as_user(web, people["ana"]).get(url, {"action": json.dumps(CONTINUE)}).status_code == 405
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(people["ana"])
    assert strict.post(url, {"action": json.dumps(CONTINUE)}).status_code == 403
    anonymous = Client()
    response = anonymous.post(url, {"action": json.dumps(CONTINUE)})
    assert response.status_code == 302 and response["Location"].startswith("/login/")
    assert snapshot(match) == before


def test_a_spectator_and_a_resigned_player_cannot_move(web, ig, user_factory):
    match, people = ig
    resign(match.pk, people["cy"])
    before = snapshot(match)
    url = f"/matches/{match.pk}/act/"
    data = {"action": json.dumps(CONTINUE), "version": before[0]}
    response = post_htmx(as_user(web, user_factory("eve")), url, data)
    assert "only its players can move" in response.content.decode()
    response = post_htmx(as_user(web, people["cy"]), url, data)
    assert "You resigned from this match." in response.content.decode()
    assert snapshot(match) == before


def test_a_move_in_an_open_match_is_refused(web, open_match):
    match, people = open_match
    before = snapshot(match)
    response = post_htmx(
        as_user(web, people["ana"]), f"/matches/{match.pk}/act/", {"action": json.dumps(CONTINUE)}
    )
    assert response.status_code == 200
    assert "The match has not started yet." in response.content.decode()
    assert snapshot(match) == before


@pytest.mark.parametrize("status", [Status.FINISHED, Status.ABANDONED])
def test_a_move_in_a_match_that_is_over_is_refused(web, ig, status):
    match, people = ig
    Match.objects.filter(pk=match.pk).update(status=status)
    before = snapshot(match)
    response = post_htmx(
        as_user(web, people["ana"]), f"/matches/{match.pk}/act/", {"action": json.dumps(CONTINUE)}
    )
    assert "This match is over." in response.content.decode()
    assert snapshot(match) == before


def test_a_double_submit_is_applied_once(web, ig):
    match, people = ig
    client = as_user(web, people["ana"])
    data = {"action": json.dumps(RETURN), "version": match.version}
    first = post_htmx(client, f"/matches/{match.pk}/act/", data)
    after_first = snapshot(match)
    second = post_htmx(client, f"/matches/{match.pk}/act/", data)
    assert first.status_code == second.status_code == 200
    assert "message-error" not in second.content.decode()
    assert snapshot(match) == after_first
    assert len(after_first[5]) == 1


def test_a_different_move_from_a_stale_form_is_refused(web, ig):
    match, people = ig
    client = as_user(web, people["ana"])
    old = match.version
    post_htmx(client, f"/matches/{match.pk}/act/", {"action": json.dumps(RETURN), "version": old})
    before = snapshot(match)
    response = post_htmx(
        client, f"/matches/{match.pk}/act/", {"action": json.dumps(CONTINUE), "version": old}
    )
    assert "The board changed while you were choosing" in response.content.decode()
    assert snapshot(match) == before


def test_out_of_turn_in_el_dorado_is_refused_with_a_reason(web, ed):
    match, people = ed
    before = snapshot(match)
    response = post_htmx(
        as_user(web, people["bo"]),
        f"/matches/{match.pk}/act/",
        {"action": json.dumps({"type": "end_turn"}), "version": match.version},
    )
    assert "turn" in response.content.decode() and "message-error" in response.content.decode()
    assert snapshot(match) == before


@pytest.mark.parametrize(
    "data",
    [
        {"do": json.dumps({"type": "discard"}), "cards": "x"},
        {"do": json.dumps({"type": "buy", "card": "scout"}), "tokens": "x"},
        {"do": json.dumps({"type": "move", "card": 0, "path": "x"})},
        {"action": json.dumps({"type": "move", "card": [], "path": [[None]]})},
        {"action": json.dumps({"type": "move", "card": 0, "path": [[2, 2]], "explorer": HUGE})},
        {"action": json.dumps({"type": ["move"]})},
    ],
)
def test_garbage_el_dorado_moves_are_refused(web, ed, data):
    match, people = ed
    before = snapshot(match)
    response = post_htmx(as_user(web, people["ana"]), f"/matches/{match.pk}/act/", data)
    assert response.status_code == 200
    assert "message-error" in response.content.decode()
    assert snapshot(match) == before


def test_an_el_dorado_move_with_junk_fields_is_refused_and_not_logged(web, ed):
    match, people = ed
    before = snapshot(match)
    action = {**legal_actions(current_state(match), 0)[0], "junk": "x" * 10_000}
    response = post_htmx(
        as_user(web, people["ana"]),
        f"/matches/{match.pk}/act/",
        {"action": json.dumps(action), "version": match.version},
    )
    assert "message-error" in response.content.decode()
    assert snapshot(match) == before


# Seats, bots, start, resign ---------------------------------------------------------------


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


@pytest.fixture
def cancelled(user_factory):
    """An Incan Gold match its host left before anyone joined: abandoned, never started."""
    ana = user_factory("ana")
    match = create_match(ana, MatchSpec(game="incan-gold", players=3))
    leave_match(match.pk, ana)
    return match, ana


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
        Match.objects.filter(pk=match.pk).update(status=Status.FINISHED)
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


# New matches -------------------------------------------------------------------------------


def _ig_form(**overrides) -> dict:
    data = {
        "game": "incan-gold",
        "incan-gold-game": "incan-gold",
        "incan-gold-players": "3",
        "incan-gold-time_control": "live:120",
        "incan-gold-opt_artifact_values": "incan-gold",
    }
    data.update(overrides)
    return {key: value for key, value in data.items() if value is not None}


def test_the_valid_form_itself_creates_a_match(web, user_factory):
    response = as_user(web, user_factory("ana")).post("/matches/new/", _ig_form())
    assert response.status_code == 302
    assert Match.objects.count() == 1


@pytest.mark.parametrize("game", [None, "", "chess", "INCAN-GOLD", "x" * 5000])
def test_a_new_match_for_no_or_an_unknown_game_is_refused(web, user_factory, game):
    client = as_user(web, user_factory("ana"))
    response = client.post("/matches/new/", _ig_form(game=game))
    assert response.status_code == 302 and response["Location"] == "/play/"
    assert "Pick a game first." in flashed(client, response)
    assert not Match.objects.exists()


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"incan-gold-players": "abc"}, "Select a valid choice"),
        ({"incan-gold-players": "99"}, "Select a valid choice"),
        ({"incan-gold-players": "-3"}, "Select a valid choice"),
        ({"incan-gold-players": HUGE}, "Select a valid choice"),
        ({"incan-gold-players": None}, "This field is required"),
        ({"incan-gold-opt_artifact_values": "zzz"}, "Select a valid choice"),
        ({"incan-gold-players": "1\x00"}, "Select a valid choice"),
    ],
)
def test_a_new_match_with_bad_options_is_refused_and_creates_nothing(
    web, user_factory, overrides, message
):
    response = as_user(web, user_factory("ana")).post("/matches/new/", _ig_form(**overrides))
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Match.objects.exists()


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"incan-gold-time_control": "live:7"}, "Select a valid choice"),
        ({"incan-gold-time_control": None}, "This field is required"),
        ({"incan-gold-seat_2": "grandmaster"}, "Select a valid choice"),
        ({"incan-gold-seat_2": "greedy"}, "Select a valid choice"),  # an El Dorado bot
        ({"incan-gold-game": "el-dorado"}, "This form is for another game."),
    ],
)
def test_a_new_match_with_a_bad_time_control_or_seat_says_what_is_wrong(
    web, user_factory, overrides, message
):
    response = as_user(web, user_factory("ana")).post("/matches/new/", _ig_form(**overrides))
    assert response.status_code == 422
    assert not Match.objects.exists()
    assert message in response.content.decode()


def test_a_new_el_dorado_match_on_an_unknown_map_is_refused(web, user_factory):
    data = {
        "game": "el-dorado",
        "el-dorado-game": "el-dorado",
        "el-dorado-players": "2",
        "el-dorado-time_control": "live:120",
        "el-dorado-opt_map": "atlantis",
    }
    response = as_user(web, user_factory("ana")).post("/matches/new/", data)
    assert response.status_code == 422
    assert "Select a valid choice" in response.content.decode()
    assert not Match.objects.exists()


def test_a_new_match_is_post_only_needs_csrf_and_a_login(web, user_factory):
    ana = user_factory("ana")
    assert as_user(web, ana).get("/matches/new/").status_code == 405
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(ana)
    assert strict.post("/matches/new/", _ig_form()).status_code == 403
    response = Client().post("/matches/new/", _ig_form())
    assert response.status_code == 302 and response["Location"].startswith("/login/")
    assert not Match.objects.exists()


# Lists, pages and downloads ----------------------------------------------------------------


@pytest.mark.parametrize(
    "query",
    [
        {"page": "abc"},
        {"page": "-1"},
        {"page": "0"},
        {"page": "999999"},
        {"page": HUGE},
        {"page": "9" * 5000},
        {"game": "chess", "period": "forever", "provisional": "maybe"},
        {"game": "\x00", "period": "<script>"},
        {"unknown": "filter"},
    ],
)
def test_the_leaderboard_survives_any_query(web, query):
    assert web.get("/leaderboards/", query).status_code == 200


@pytest.mark.parametrize(
    "query",
    [
        {"page": "abc"},
        {"page": "-1"},
        {"page": "999999"},
        {"page": "9" * 5000},
        {"game": "chess", "result": "drawn"},
        {"game": "<b>x</b>", "result": "\x00"},
        {"unknown": "filter"},
    ],
)
def test_the_history_page_survives_any_query(web, user_factory, query):
    user_factory("ana")
    response = web.get("/u/ana/history/", query)
    assert response.status_code == 200
    assert b"<b>x</b>" not in response.content


@pytest.mark.parametrize("username", ["nobody", "x" * 500, "a%00b", "%F0%9F%A6%99", "a b"])
@pytest.mark.parametrize("suffix", ["", "history/", "matches.ndjson"])
def test_an_unknown_player_is_a_404(web, user_factory, username, suffix):
    user_factory("ana")
    assert web.get(f"/u/{username}/{suffix}").status_code == 404


def test_an_inactive_player_is_a_404(web, user_factory):
    user_factory("ana", is_active=False)
    assert web.get("/u/ana/").status_code == 404
    assert web.get("/u/ana/matches.ndjson").status_code == 404


@pytest.mark.parametrize("game", ["chess", "INCAN-GOLD", "x" * 500, "%00"])
def test_stats_of_an_unknown_game_is_a_404(web, game):
    assert web.get(f"/stats/{game}/").status_code == 404


@pytest.mark.parametrize(
    "query", [{"period": "forever"}, {"rated": "yes"}, {"period": "\x00"}, {"x": "y"}]
)
def test_stats_survive_any_query(web, query):
    assert web.get("/stats/incan-gold/", query).status_code == 200


@pytest.fixture
def done(user_factory):
    return finished_match(user_factory("ana"))


@pytest.mark.parametrize("step", ["abc", "1.5", "1e3", "9" * 5000, "\x00", ""])
def test_a_replay_step_that_is_no_number_is_a_404(web, done, step):
    assert web.get(f"/matches/{done.pk}/replay/", {"step": step}).status_code == 404


def test_a_replay_step_that_is_no_number_says_so(web, done):
    response = web.get(f"/matches/{done.pk}/replay/", {"step": "abc"})
    assert response.status_code in (302, 404)
    if response.status_code == 404:
        assert "whole number" in response.content.decode()


def test_a_replay_step_past_either_end_goes_to_the_nearest_step(web, done):
    response = web.get(f"/matches/{done.pk}/replay/", {"step": "-5"})
    assert response.status_code == 302
    assert web.get(response["Location"]).status_code == 200
    response = web.get(f"/matches/{done.pk}/replay/", {"step": HUGE})
    assert response.status_code == 302
    assert web.get(response["Location"]).status_code == 200


def test_replay_and_export_of_bad_or_unfinished_ids_are_404(web, ig):
    match, _ = ig
    for match_id in (match.pk, 0, 424242, HUGE):
        assert web.get(f"/matches/{match_id}/replay/").status_code == 404
        assert web.get(f"/matches/{match_id}/export.json").status_code == 404
    assert web.get("/matches/abc/export.json").status_code == 404
    assert web.get("/matches/-1/replay/").status_code == 404


def test_downloads_and_replays_are_get_only(web, done):
    assert web.post(f"/matches/{done.pk}/replay/").status_code == 405
    assert web.post(f"/matches/{done.pk}/export.json").status_code == 405
    assert web.post("/u/ana/matches.ndjson").status_code == 405


# Accounts ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"username": "a\x00b", "password1": "x", "password2": "x"}, "Null characters"),
        ({"username": "x" * 500, "password1": "x", "password2": "x"}, "at most 150"),
        ({"username": "bad name!", "password1": "x", "password2": "x"}, "valid username"),
        (
            {"username": "new", "password1": "Tr0ub4dor&3x!", "password2": "other-pass-9"},
            "didn’t match",
        ),
        ({"username": "ANA", "password1": "Tr0ub4dor&3x!", "password2": "Tr0ub4dor&3x!"}, "taken"),
        ({"username": "new", "email": "nope", "password1": "a", "password2": "a"}, "valid email"),
    ],
)
def test_a_bad_signup_shows_errors_and_creates_nobody(web, user_factory, data, message):
    from accounts.models import User

    user_factory("ana")
    response = web.post("/signup/", data)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert User.objects.count() == 1


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"time_zone": "Mars/Olympus_Mons", "language": "en"}, "Select a valid choice"),
        ({"time_zone": "UTC", "language": "xx"}, "Select a valid choice"),
        ({"time_zone": "UTC", "language": "en", "email": "nope"}, "valid email"),
        ({"time_zone": "UTC", "language": "en", "display_name": "bo"}, "another player"),
        ({"time_zone": "UTC", "language": "en", "display_name": "x" * 500}, "at most"),
        ({"time_zone": "UTC\x00", "language": "en"}, "Select a valid choice"),
    ],
)
def test_bad_settings_show_errors_and_save_nothing(web, user_factory, data, message):
    ana = user_factory("ana")
    user_factory("bo")
    response = as_user(web, ana).post("/settings/", data)
    assert response.status_code == 200
    assert message in response.content.decode()
    ana.refresh_from_db()
    assert (ana.time_zone, ana.language, ana.display_name) == ("UTC", "en", "")


def test_account_pages_refuse_wrong_methods_and_strangers(web, user_factory):
    ana = user_factory("ana")
    response = web.get("/settings/")
    assert response.status_code == 302 and response["Location"].startswith("/login/")
    assert web.put("/signup/").status_code == 405
    assert web.get("/logout/").status_code == 405
    assert web.post("/healthz").status_code == 405
    assert as_user(web, ana).delete("/settings/").status_code == 405
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(ana)
    assert (
        strict.post("/settings/", {"time_zone": "Europe/Paris", "language": "en"}).status_code
        == 403
    )
    ana.refresh_from_db()
    assert ana.time_zone == "UTC"


@pytest.mark.parametrize(
    "data", [{}, {"username": "ana", "password": "wrong"}, {"username": "\x00", "password": "x"}]
)
def test_a_bad_login_is_refused_clearly(web, user_factory, data):
    user_factory("ana")
    response = web.post("/login/", data)
    assert response.status_code == 200
    assert "_auth_user_id" not in web.session


def test_a_garbage_password_reset_link_says_it_is_invalid(web):
    response = web.get("/password/reset/%00%00/not-a-token/", follow=True)
    assert response.status_code == 200
    assert "This link has expired" in response.content.decode()


# WebSockets --------------------------------------------------------------------------------


async def _socket(path: str, user) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), path)
    communicator.scope["user"] = user
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def _asnap(match: Match) -> tuple:
    return await database_sync_to_async(snapshot)(match)


async def _frame_error(match: Match, user, **frame) -> str:
    """Send one frame over the match socket; the frame that comes back."""
    socket = await _socket(f"/ws/matches/{match.pk}/", user)
    try:
        await socket.send_to(**frame)
        return await socket.receive_from(timeout=5)
    finally:
        await socket.disconnect()


@pytest.mark.parametrize(
    ("frame", "message"),
    [
        ({"text_data": "{{{ not json"}, "not understood"),
        ({"text_data": "[1, 2]"}, "not understood"),
        ({"text_data": '"continue"'}, "not understood"),
        ({"text_data": "5"}, "not understood"),
        ({"text_data": "null"}, "not understood"),
        ({"text_data": "\udcff"}, "not understood"),
        ({"bytes_data": b"\xff\xfe\x00"}, "not understood"),
        ({"bytes_data": json.dumps({"action": CONTINUE}).encode()}, "not understood"),
        ({"text_data": json.dumps({"type": "ping"})}, "not understood"),
        ({"text_data": json.dumps({"action": 5})}, "not understood"),
        ({"text_data": json.dumps({"action": [CONTINUE]})}, "not understood"),
        ({"text_data": json.dumps({"action": {"type": "decide", "choice": {}}})}, "unknown"),
        ({"text_data": json.dumps({"action": {**CONTINUE, "x": 1}})}, "unexpected field"),
        ({"text_data": json.dumps({"do": 5})}, "not understood"),
        ({"text_data": json.dumps({"do": json.dumps(CONTINUE), "cards": 5})}, "not understood"),
        ({"text_data": json.dumps({"do": json.dumps(CONTINUE), "cards": [[1]]})}, "not understood"),
        ({"text_data": json.dumps({"action": CONTINUE, "version": "abc"})}, "broken board"),
        ({"text_data": json.dumps({"action": CONTINUE, "version": [1]})}, "broken board"),
        ({"text_data": json.dumps({"action": CONTINUE, "version": {"v": 1}})}, "broken board"),
        (
            {"text_data": '{"action": {"type": "decide", "choice": "continue"}, "version": NaN}'},
            "broken board",
        ),
        ({"text_data": json.dumps({"action": CONTINUE, "version": 10**30})}, "does not exist yet"),
        ({"text_data": json.dumps({"action": CONTINUE, "version": -1})}, "board changed"),
        ({"text_data": json.dumps({"action": "x" * 1_000_000})}, "not understood"),
    ],
)
async def test_a_bad_match_socket_frame_is_answered_and_changes_nothing(ig, frame, message):
    match, people = ig
    before = await _asnap(match)
    reply = await _frame_error(match, people["ana"], **frame)
    assert message in reply and "message-error" in reply
    assert await _asnap(match) == before


@pytest.mark.parametrize("version", ["1e999", "Infinity", "-Infinity"])
async def test_an_infinite_version_in_a_socket_frame_is_answered(ig, version):
    match, people = ig
    before = await _asnap(match)
    text = '{"action": {"type": "decide", "choice": "continue"}, "version": ' + version + "}"
    reply = await _frame_error(match, people["ana"], text_data=text)
    assert "broken board version" in reply
    assert await _asnap(match) == before


async def test_a_deeply_nested_match_socket_frame_is_answered(ig):
    match, people = ig
    reply = await _frame_error(match, people["ana"], text_data="[" * 100_000)
    assert "not understood" in reply


async def test_anonymous_and_spectator_frames_move_nothing(ig, user_factory):
    match, _ = ig
    before = await _asnap(match)
    frame = json.dumps({"action": CONTINUE, "version": match.version})
    reply = await _frame_error(match, AnonymousUser(), text_data=frame)
    assert "Log in to play." in reply
    eve = await database_sync_to_async(user_factory)("eve")
    reply = await _frame_error(match, eve, text_data=frame)
    assert "only its players can move" in reply
    assert await _asnap(match) == before


async def test_a_socket_for_a_match_that_does_not_exist_is_refused():
    for path in ("/ws/matches/0/", f"/ws/matches/{HUGE}/"):
        communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), path)
        communicator.scope["user"] = AnonymousUser()
        connected, code = await communicator.connect()
        assert not connected and code == 4404


async def test_the_socket_survives_a_bad_frame_and_takes_a_good_one_after(ig):
    match, people = ig
    socket = await _socket(f"/ws/matches/{match.pk}/", people["ana"])
    await socket.send_to(text_data="garbage")
    assert "not understood" in await socket.receive_from(timeout=5)
    await socket.send_to(text_data=json.dumps({"action": CONTINUE, "version": match.version}))
    assert f'data-version="{match.version + 1}"' in await socket.receive_from(timeout=5)
    await socket.disconnect()
    assert len((await _asnap(match))[5]) == 1


@pytest.mark.parametrize(
    "text", ["{{{", "[1]", "5", "null", json.dumps({"type": "move"}), "x" * 1_000_000]
)
async def test_a_bad_inbox_frame_is_answered(user_factory, text):
    ana = await database_sync_to_async(user_factory)("ana")
    socket = await _socket("/ws/inbox/", ana)
    assert (await socket.receive_json_from(timeout=5))["type"] == "hello"
    await socket.send_to(text_data=text)
    assert await socket.receive_json_from(timeout=5) == {
        "type": "error",
        "message": "This socket only accepts pings.",
    }
    await socket.disconnect()


@pytest.mark.parametrize("frame", [{"bytes_data": b"\x00ping"}, {"bytes_data": b"{}"}])
async def test_a_binary_inbox_frame_is_answered(user_factory, frame):
    ana = await database_sync_to_async(user_factory)("ana")
    socket = await _socket("/ws/inbox/", ana)
    await socket.receive_json_from(timeout=5)
    await socket.send_to(**frame)
    assert (await socket.receive_json_from(timeout=5))["type"] == "error"
    await socket.disconnect()


async def test_a_deeply_nested_inbox_frame_is_answered(user_factory):
    ana = await database_sync_to_async(user_factory)("ana")
    socket = await _socket("/ws/inbox/", ana)
    await socket.receive_json_from(timeout=5)
    await socket.send_to(text_data="[" * 100_000)
    assert (await socket.receive_json_from(timeout=5))["type"] == "error"
    await socket.disconnect()


async def test_a_frame_to_a_cancelled_match_is_answered(cancelled):
    match, ana = cancelled
    reply = await _frame_error(match, ana, text_data=json.dumps({"action": CONTINUE}))
    assert "This match is over." in reply
