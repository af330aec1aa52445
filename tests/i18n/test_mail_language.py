"""Mail, notifications and chat frames are written in the language of whoever reads them."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from games.notifications.delivery import inbox_message
from games.notifications.mail import send_one
from games.notifications.models import Kind
from games.notifications.service import notify

pytestmark = pytest.mark.django_db

KANA = re.compile(r"[\u3040-\u30ff]")


def test_a_mail_to_a_japanese_player_is_japanese(user_factory):
    kei = user_factory("kei", language="ja")
    note = notify(kei.pk, Kind.YOUR_TURN, "turn:5:1", game="incan-gold", match=5)
    assert send_one(note.pk)
    (sent,) = mail.outbox
    assert "インカの黄金" in sent.subject
    assert "あなたの手番" in sent.body
    assert "こんにちは" in sent.body
    assert "It is your turn" not in sent.body


def test_the_same_notice_to_an_english_player_is_english(user_factory):
    ana = user_factory("ana", language="en")
    note = notify(ana.pk, Kind.YOUR_TURN, "turn:5:1", game="incan-gold", match=5)
    assert send_one(note.pk)
    (sent,) = mail.outbox
    assert "Incan Gold" in sent.subject
    assert not KANA.search(sent.body)


def test_the_inbox_push_is_in_the_receivers_language(user_factory):
    kei = user_factory("kei", language="ja")
    note = notify(kei.pk, Kind.YOUR_TURN, "turn:5:1", game="el-dorado", match=5)
    message = inbox_message(kei.pk, note.pk)
    assert KANA.search(message["text"])


def test_a_player_without_a_setting_is_written_to_in_the_default_language(user_factory):
    bo = user_factory("bo", language="")
    note = notify(bo.pk, Kind.YOUR_TURN, "turn:5:1", game="incan-gold", match=5)
    assert not KANA.search(inbox_message(bo.pk, note.pk)["text"])


def test_the_notifications_page_is_japanese(client, user_factory):
    kei = user_factory("kei", language="ja")
    notify(kei.pk, Kind.YOUR_TURN, "turn:5:1", game="incan-gold", match=5)
    client.force_login(kei)
    page = client.get("/notifications/").content.decode()
    assert "インカの黄金" in page and "年" in page


def test_a_chat_frame_is_rendered_per_language(ig_match):
    from games.chat.live import message_frame
    from games.chat.service import post_message
    from tests.helpers import person

    match = ig_match()
    message = post_message(match, person(match, "ana"), "hello")
    assert "観戦者" not in message_frame(message, "ja")  # ana is a player, not a spectator
    ja, en = message_frame(message, "ja"), message_frame(message, "en")
    assert "hello" in ja and "hello" in en
    assert KANA.search(ja) and not KANA.search(en)
