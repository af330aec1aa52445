"""The El Dorado replay in Japanese: its board, cards and log lines, each card with its effect in
a help popover, and a link to the rules."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.utils import translation

from tests.helpers import finished_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _language_restored():
    """A request leaves its language active on the thread: later tests read English again."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


def _element(html: str, start: int) -> str:
    """The <div> that opens at `start`, up to its own closing tag."""
    depth = 0
    for tag in re.finditer(r"<(/?)div\b", html[start:]):
        depth += -1 if tag[1] else 1
        if depth == 0:
            return html[start : start + tag.end() + 1]
    return html[start:]


def test_the_replay_reads_in_japanese_and_explains_its_cards(client, user_factory):
    match = finished_match(user_factory("ana"), "el-dorado", options={"map": "home-stretch"})
    step = match.actions.count() // 2
    page = client.get(f"/matches/{match.pk}/replay/?step={step}", HTTP_ACCEPT_LANGUAGE="ja")
    body = page.content.decode()
    assert 'href="/rules/el-dorado/"' in body
    assert "探検家" in body and "最後の直線" in body  # a starting card, the map's name
    tips = dict(re.findall(r'<span class="tip" role="tooltip" id="([^"]+)">([^<]*)</span>', body))
    described = set(re.findall(r'aria-describedby="([^"]+)"', body))
    # The map's image is described by its summary, not by a popover.
    summary = "replay-map-words replay-blockade-words"
    assert summary in described
    assert all(f'id="{part}"' in body for part in summary.split())
    described.discard(summary)
    assert described and described <= set(tips)
    assert any("初期デッキ" in text for text in tips.values())
    board = _element(body, body.index('<div class="ed-board replay-board"'))
    board = re.sub(r"<(svg|script|style)\b.*?</\1>", " ", board, flags=re.S)
    words = set(re.findall(r"[A-Za-z]{3,}", re.sub(r"<[^>]+>", " ", board)))
    # Names of the seats (a person and the bots the site names) may stay as they are.
    assert not {w for w in words if w not in {"ana", "Greedy", "Random", "Expert", "bot"}}, words
