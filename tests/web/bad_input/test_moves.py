"""Moves sent by POST: malformed, out of turn, stale, forged.

Every probe checks the answer (status and a message a player can act on) and that the match,
its seats and its action log are as they were.
"""

from __future__ import annotations

import json

import pytest
from django.test import Client

from games.engines.el_dorado import legal_actions
from games.models import Match, Status
from games.play.services.play import resign
from games.play.services.state import current_state
from tests.web.bad_input.probes import (
    CONTINUE,
    HTMX,
    HUGE,
    RETURN,
    as_user,
    flashed,
    post_htmx,
    snapshot,
)

pytestmark = pytest.mark.django_db(transaction=True)


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


def test_a_move_on_a_private_match_by_a_stranger_is_a_404_and_changes_nothing(web, user_factory):
    from games.play.services.lobby import MatchSpec, create_match, join_match

    host = user_factory("host")
    match = create_match(host, MatchSpec(game="incan-gold", players=3, private=True))
    for name in ("guest", "friend"):
        join_match(match.pk, user_factory(name), invite_token=match.invite_token)
    match.refresh_from_db()
    assert match.status == Status.ACTIVE
    before = snapshot(match)
    data = {"action": json.dumps(CONTINUE), "version": before[0]}
    stranger = as_user(web, user_factory("eve"))
    for post in (post_htmx, lambda c, u, d: c.post(u, d)):
        response = post(stranger, f"/matches/{match.pk}/act/", data)
        assert response.status_code == 404
        assert "watching" not in response.content.decode()
    assert snapshot(match) == before


def test_a_move_on_a_match_that_does_not_exist_is_a_404(web, ig):
    match, people = ig
    response = post_htmx(as_user(web, people["ana"]), "/matches/999999/act/", {"action": "{}"})
    assert response.status_code == 404
