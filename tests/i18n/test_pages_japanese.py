"""The site's own pages (everything but the boards) read in Japanese contain no English left
untranslated, for both games, signed in or not."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from games.help.el_dorado import MAP_NAMES
from games.models import Match
from games.play.services.lobby import MatchSpec, create_match
from tests.helpers import finished_match

pytestmark = pytest.mark.django_db

# Names that stay as they are in every language, and what is not prose.
ALLOWED = {
    "Expedition",
    "English",
    "JSON",
    "NDJSON",
    "Plackett",
    "Luce",
    "Home",
    "End",
    "UTC",
    "kei",
    "ana",
    "bo",
    "cy",
}
WORD = re.compile(r"[A-Za-z][A-Za-z'’]+")
SKIP = re.compile(
    r"<script.*?</script>|<style.*?</style>|<svg.*?</svg>|<select name=\"time_zone\".*?</select>"
    r"|<option value=\"[A-Z][^\"]*/[^\"]*\"[^>]*>[^<]*</option>",
    re.S,
)
# What each game's own module names (maps, hazards, cards): translated with the game's help.
GAME_WORDS = re.compile(
    r'<select name="[a-z-]*opt_map".*?</select>|<span class="hbar-label".*?</span>'
    r'|<th scope="row">[^<]*</th>',
    re.S,
)
ATTRS = re.compile(r'\s(?:title|alt|aria-label|placeholder|hx-confirm|aria-valuetext)="([^"]*)"')


def english_left(html: str) -> set[str]:
    html = SKIP.sub(" ", html)
    texts = ATTRS.findall(html)
    html = re.sub(r"<[^>]+>", " ", html)
    texts.append(html)
    words = set()
    for text in texts:
        words.update(w for w in WORD.findall(text) if w not in ALLOWED)
    return words


@pytest.fixture
def kei(client, user_factory):
    user = user_factory("kei", language="ja")
    client.force_login(user)
    return user


def pages(kei) -> list[str]:
    done_ig = finished_match(kei, "incan-gold")
    done_ed = finished_match(kei, "el-dorado", options={"map": "home-stretch"})
    waiting = create_match(kei, MatchSpec(game="el-dorado", players=3))
    return [
        "/",
        "/play/",
        "/rules/",
        "/leaderboards/?game=incan-gold",
        "/leaderboards/?game=el-dorado",
        "/stats/incan-gold/",
        "/stats/el-dorado/",
        f"/u/{kei.username}/",
        f"/u/{kei.username}/history/",
        "/settings/",
        "/notifications/",
        "/notifications/settings/",
        f"/matches/{waiting.pk}/",
        f"/matches/{done_ig.pk}/replay/?step=0",
        f"/matches/{done_ed.pk}/replay/?step=0",
        "/no-such-page/",
        "/password/change/",
    ]


# Bot turns run once their move's transaction commits.
@pytest.mark.django_db(transaction=True)
def test_signed_in_pages_in_japanese_have_no_english_left(client, kei):
    for path in pages(kei):
        response = client.get(path)
        assert response.status_code in (200, 404), path
        html = response.content.decode()
        html = GAME_WORDS.sub(" ", html)
        with translation.override("en"):
            english_maps = [str(name) for name in MAP_NAMES.values()]
        for name in english_maps:  # a match's options name its map
            html = html.replace(name, " ")
        if "/replay/" in path:
            # The boards and the narration are told by each game's own templates.
            html = re.sub(r'(</nav>).*?(<div class="match-layout)', r"\1 \2", html, flags=re.S)
            html = re.sub(r'<div class="match-board">.*?</aside>', " ", html, flags=re.S)
            html = re.sub(r'<ol class="replay-moves".*?</ol>', " ", html, flags=re.S)
        assert english_left(html) == set(), path


@pytest.mark.parametrize(
    "path", ["/", "/play/", "/login/", "/signup/", "/password/reset/", "/rules/"]
)
def test_visitor_pages_in_japanese_have_no_english_left(client, path):
    html = client.get(path, HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert english_left(html) == set()


def test_a_form_error_is_japanese(client, kei):
    response = client.post("/settings/", {"time_zone": "Mars/Olympus", "language": "ja"})
    assert "正しく選択してください" in response.content.decode()  # Django's own words, in Japanese
    assert Match.objects.count() == 0
