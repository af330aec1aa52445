"""The El Dorado rules page: in English and in Japanese, every card type and cave token."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.utils import translation

from games.engines.el_dorado import CARD_TYPES, TOKENS
from games.help.el_dorado import card_name, token_label_by_slug

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _language_restored():
    """A request leaves its language active on the thread: later tests read English again."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


SECTIONS = ("goal", "setup", "turn", "terrain", "blockades", "cards", "caves", "end", "options")


def _page(client, language: str) -> str:
    response = client.get("/rules/el-dorado/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_rules_page_lists_every_card_type_and_token(client, language):
    page = _page(client, language)
    for section in SECTIONS:
        assert f'id="{section}"' in page and f'href="#{section}"' in page
    with translation.override(language):
        for slug in CARD_TYPES:
            assert f'id="card-{slug}"' in page
            assert card_name(slug) in page
        for slug in {t.slug for t in TOKENS}:
            assert f'id="token-{slug}"' in page
    assert page.count('class="rules-hex"') == 8


def test_the_rules_page_in_japanese_reads_in_japanese(client):
    page = _page(client, "ja")
    for term in (
        "探検家",
        "偵察者",
        "原住民",
        "電信機",
        "バリケード",
        "ジャングル",
        "荒地",
        "洞窟",
    ):
        assert term in page, term
    article = page.split('<article class="rules-page rules-ed">')[1].split("</article>")[0]
    # The heading names the game as the site's catalogue does; the rest is this page's.
    article = article.split("</h1>", 1)[1]
    text = re.sub(r"<[^>]+>", " ", article)
    english = [w for w in re.findall(r"[A-Za-z]{4,}", text) if w not in ALLOWED]
    assert not english, english[:20]


# Proper names that stay as they are in Japanese (the maps keep their publisher's names).
ALLOWED = {"Dorado"}


def test_the_english_page_says_what_the_action_cards_do(client):
    page = _page(client, "en")
    assert "Draw 3 cards" in page and "Draw 2 cards" in page
    assert token_label_by_slug("swap").capitalize() in page
