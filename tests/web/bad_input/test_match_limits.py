"""Creating matches too fast, or too many open at once: the lobby form says why, nothing made."""

from __future__ import annotations

import html

import pytest

from games.models import Match
from tests.web.bad_input.probes import as_user

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
    return data


def test_the_form_shows_the_window_limit_and_creates_nothing(web, user_factory, settings):
    settings.MATCHES_PER_WINDOW = 2
    settings.OPEN_MATCHES_PER_USER = 0
    client = as_user(web, user_factory("ana"))
    for _ in range(2):
        assert client.post("/matches/new/", _ig_form()).status_code == 302
    response = client.post("/matches/new/", _ig_form())
    assert response.status_code == 422
    page = html.unescape(response.content.decode())
    assert "You have created 2 matches in the last 10 minutes" in page
    assert "try again in 10 minutes" in page
    assert Match.objects.count() == 2


def test_the_form_shows_the_open_match_limit(web, user_factory, settings):
    settings.OPEN_MATCHES_PER_USER = 1
    client = as_user(web, user_factory("ana"))
    assert client.post("/matches/new/", _ig_form()).status_code == 302
    response = client.post("/matches/new/", _ig_form())
    assert response.status_code == 422
    page = html.unescape(response.content.decode())
    assert "You already have 1 match waiting for players" in page
    # Against bots only, the match starts at once and is allowed.
    bots = _ig_form(**{"incan-gold-seat_2": "random", "incan-gold-seat_3": "random"})
    assert client.post("/matches/new/", bots).status_code == 302
    assert Match.objects.count() == 2
