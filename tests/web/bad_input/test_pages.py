"""Lists, pages, replays and downloads: any query survives, bad ids are 404s.

Every probe checks the answer (status and a message a player can act on) and that the match,
its seats and its action log are as they were.
"""

from __future__ import annotations

import pytest

from tests.helpers import finished_match
from tests.web.bad_input.probes import HUGE

pytestmark = pytest.mark.django_db(transaction=True)


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
