"""Dates in the reader's language and time zone."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.template import Context, Template
from django.utils import timezone, translation

pytestmark = pytest.mark.django_db

MOMENT = datetime(2026, 12, 4, 23, 5, tzinfo=UTC)


def render(source: str, language: str, zone: str = "UTC") -> str:
    with translation.override(language), timezone.override(zone):
        return Template(source).render(Context({"when": MOMENT}))


def test_japanese_dates_read_the_japanese_way():
    assert render('{{ when|date:"DATETIME_FORMAT" }}', "ja") == "2026年12月4日 23:05"
    assert render('{{ when|date:"DATE_FORMAT" }}', "ja") == "2026年12月4日"
    assert render('{{ when|date:"SHORT_DATETIME_FORMAT" }}', "ja") == "12月4日(金) 23:05"


def test_english_dates_keep_their_day_month_order():
    assert render('{{ when|date:"SHORT_DATETIME_FORMAT" }}', "en") == "Fri 4 Dec, 23:05"
    assert render('{{ when|date:"DATETIME_FORMAT" }}', "en") == "4 Dec 2026, 23:05"


def test_the_players_time_zone_moves_the_clock():
    assert render('{{ when|date:"DATETIME_FORMAT" }}', "ja", "Asia/Tokyo") == "2026年12月5日 8:05"


def test_the_move_by_line_is_in_the_readers_words():
    source = '{% include "includes/move_by.html" %}'
    match = type("M", (), {"pace": "live", "move_seconds": 120})()
    with translation.override("ja"), timezone.override("Asia/Tokyo"):
        html = Template(source).render(Context({"due": MOMENT, "match": match}))
    assert "12月5日(土) 8:05までに手番" in html
    assert "1手120秒" in html


def test_a_profile_in_japanese_shows_a_japanese_date(client, user_factory):
    ana = user_factory("ana", language="ja")
    client.force_login(ana)
    page = client.get(f"/u/{ana.username}/").content.decode()
    assert "年" in page and "から参加" in page
