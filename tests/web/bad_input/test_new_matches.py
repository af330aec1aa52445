"""Creating matches with bad forms: every field error said, nothing created.

Every probe checks the answer (status and a message a player can act on) and that the match,
its seats and its action log are as they were.
"""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import Match
from tests.web.bad_input.probes import HUGE, as_user, flashed

pytestmark = pytest.mark.django_db(transaction=True)


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
