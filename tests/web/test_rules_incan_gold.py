"""The Incan Gold rules page, in English and in Japanese."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.engines.incan_gold.cards import ARTIFACT_PRINTED, HAZARD_KINDS, TREASURE_VALUES

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english_after():
    """A request as a Japanese player leaves Japanese active in this thread: start and end in
    English, whatever ran before."""
    translation.activate("en")
    yield
    translation.deactivate()


ENGLISH_HAZARDS = ["Spiders", "Snakes", "Mummies", "Fire", "Rockfall"]
JAPANESE_HAZARDS = ["巨大グモ", "毒ヘビ", "ミイラ", "炎", "落石"]


def _page(client, language: str) -> str:
    response = client.get("/rules/incan-gold/", headers={"Accept-Language": language})
    assert response.status_code == 200
    return response.content.decode()


def test_the_page_shows_every_card_with_a_picture(client):
    body = _page(client, "en")
    assert '<html lang="en"' in body
    for name in ENGLISH_HAZARDS:
        assert f"<strong>{name}</strong>" in body
    for code in HAZARD_KINDS:
        assert f'id="hazard-{code}"' in body
        assert f"hazard-icon hazard-icon-{code}" in body
    for value in set(TREASURE_VALUES):
        assert f"Treasure {value}</span>" in body
    for value in ARTIFACT_PRINTED.values():
        assert f"Artifact {value}: joins the deck" in body
    assert body.count("<svg") >= len(HAZARD_KINDS) + len(set(TREASURE_VALUES)) + 5 + 3
    for words in ("3 to 8 players", "more artifacts wins", "Quick start", "Diamant"):
        assert words in body


def test_each_hazard_has_a_picture_of_its_own():
    """Hazards are told apart by their picture as well as by their name and colour."""
    drawings = {
        code: render_to_string("includes/hazard_icon.html", {"code": code}).split(">", 1)[1]
        for code in HAZARD_KINDS
    }
    assert len(set(drawings.values())) == len(HAZARD_KINDS)
    assert all("<path" in d or "<circle" in d for d in drawings.values())


def test_every_contents_link_leads_to_a_heading(client):
    body = _page(client, "en")
    targets = re.findall(r'<a href="#([a-z-]+)">', body)
    assert len(targets) >= 6
    for target in targets:
        assert re.search(rf'<section id="{target}">\s*<h2>', body), target


def test_the_page_reads_in_japanese(client):
    body = _page(client, "ja")
    assert '<html lang="ja"' in body
    for name in JAPANESE_HAZARDS:
        assert f"<strong>{name}</strong>" in body
    for english in (*ENGLISH_HAZARDS, "Treasure", "Artifact", "Quick start", "A turn"):
        assert english not in body.split("<main", 1)[-1], english
    for term in ("キャンプに戻る", "探検を続ける", "遺物", "障害", "通路", "宝石"):
        assert term in body


def test_a_signed_in_players_language_wins(client, user_factory):
    client.force_login(user_factory("ana", language="ja"))
    assert "巨大グモ" in _page(client, "en")
