"""A chat message tells the players who are away, once per match until they read it."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync

from games.chat.service import post_message
from games.notifications.models import Kind, Notification
from games.notifications.service import mark_read
from games.play.live.viewers import unwatch, watch
from tests.helpers import person

pytestmark = pytest.mark.django_db


def _chat_notes(user) -> list[Notification]:
    return list(Notification.objects.filter(user=user, kind=Kind.CHAT).order_by("pk"))


def test_messages_while_away_make_one_notification_not_one_each(corr_match):
    match = corr_match()
    ana, bo, cy = (person(match, name) for name in ("ana", "bo", "cy"))
    async_to_sync(watch)(match.pk, 1)  # bo has the match open; cy does not
    first = post_message(match, ana, "one")
    post_message(match, ana, "two")
    post_message(match, ana, "three")
    assert _chat_notes(bo) == []
    notes = _chat_notes(cy)
    assert len(notes) == 1
    assert (notes[0].key, notes[0].match_id) == (f"chat:{match.pk}:{first.pk}", match.pk)
    assert notes[0].data == {"game": match.game, "by": "ana"}
    # The author is not told of their own messages, but of an answer while away.
    assert _chat_notes(ana) == []
    post_message(match, cy, "four")
    post_message(match, cy, "five")
    assert len(_chat_notes(ana)) == 1 and len(_chat_notes(cy)) == 1


def test_once_read_the_next_message_is_told_again(corr_match):
    match = corr_match()
    ana, bo = person(match, "ana"), person(match, "bo")
    post_message(match, ana, "first")
    mark_read(bo.pk, match_id=match.pk, kinds=[Kind.CHAT])
    post_message(match, ana, "second")
    notes = _chat_notes(bo)
    assert len(notes) == 2 and notes[0].read is not None and notes[1].read is None


def test_a_player_whose_page_closed_is_away_again(corr_match):
    match = corr_match()
    ana, bo = person(match, "ana"), person(match, "bo")
    async_to_sync(watch)(match.pk, 1)
    post_message(match, ana, "while watching")
    assert _chat_notes(bo) == []
    async_to_sync(unwatch)(match.pk, 1)
    post_message(match, ana, "after closing")
    assert len(_chat_notes(bo)) == 1


def test_spectators_are_not_told(corr_match, user_factory):
    match = corr_match()
    eve = user_factory("eve")
    post_message(match, person(match, "ana"), "hi all")
    assert _chat_notes(eve) == []
