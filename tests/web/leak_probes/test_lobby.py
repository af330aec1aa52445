"""Leak probes on the lobby and waiting room: secret options.

Each probe either changes only what a viewer may not know and checks every surface stays the
same for them, or plants a distinctive secret and checks no response carries it (surfaces.py).
"""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.play.services.lobby import MatchSpec, create_match
from tests.web.leak_probes.surfaces import ED_CAVES, ED_DECKS, IG_DECK, client_for

pytestmark = pytest.mark.django_db(transaction=True)


def test_lobby_does_not_show_an_open_incan_gold_matchs_deck_option(user_factory):
    ana = user_factory("ana")
    create_match(ana, MatchSpec(game="incan-gold", players=3, options={"deck": IG_DECK}))
    body = Client().get("/play/").content.decode()
    assert "Open matches" in body and "Incan Gold" in body
    assert "T17" not in body and "T15" not in body
    assert not re.search(r"\bdeck\b:", body)


def test_lobby_does_not_show_an_open_el_dorado_matchs_secret_options(user_factory):
    ana = user_factory("ana")
    options = {"map": "home-stretch", "caves": True, "decks": ED_DECKS, "cave_tokens": ED_CAVES}
    create_match(ana, MatchSpec(game="el-dorado", players=2, options=options))
    body = Client().get("/play/").content.decode()
    assert "Open matches" in body and "El Dorado" in body
    for secret in ("millionaire", "treasure-chest", "machete-3", "cavetokens", "decks:"):
        assert secret not in body, secret


def test_waiting_room_shows_no_secret_options(user_factory):
    ana = user_factory("ana")
    options = {"map": "home-stretch", "caves": True, "decks": ED_DECKS, "cave_tokens": ED_CAVES}
    ed = create_match(ana, MatchSpec(game="el-dorado", players=2, options=options))
    ig = create_match(ana, MatchSpec(game="incan-gold", players=3, options={"deck": IG_DECK}))
    bo = user_factory("bo")
    for user in (None, bo, ana):
        for match in (ed, ig):
            client = client_for(user)
            for url in (f"/matches/{match.pk}/", f"/matches/{match.pk}/live/"):
                body = client.get(url).content.decode()
                assert "Waiting for players" in body
                for secret in ("millionaire", "treasure-chest", "machete-3", "T17", "T15"):
                    assert secret not in body, (url, secret)
                assert str(match.seed) not in body
