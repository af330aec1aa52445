"""Socket pushes come in the language of the page they go to: one rendering per viewer and
language that somebody watches, none for a language nobody reads."""

from __future__ import annotations

import re

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from config.routing import websocket_urlpatterns
from games.play.live import publish, render
from games.play.live.viewers import unwatched, viewer_group
from games.play.services.play import submit_action
from tests.helpers import users

pytestmark = pytest.mark.django_db(transaction=True)

KANA = re.compile(r"[\u3040-\u30ff]")
RETURN = {"type": "decide", "choice": "return"}


async def _socket(match_id: int, user, language: str | None = None) -> WebsocketCommunicator:
    headers = [(b"accept-language", language.encode())] if language else []
    communicator = WebsocketCommunicator(
        URLRouter(websocket_urlpatterns), f"/ws/matches/{match_id}/", headers=headers
    )
    communicator.scope["user"] = user
    connected, _ = await communicator.connect()
    assert connected
    return communicator


def _set_language(user, language: str) -> None:
    user.language = language
    user.save(update_fields=["language"])


@pytest.fixture
def match_and_people(ig_match):
    match = ig_match()
    return match, users(match)


async def test_two_spectators_get_the_same_version_each_in_their_language(match_and_people):
    match, people = match_and_people
    english = await _socket(match.pk, AnonymousUser(), "en")
    japanese = await _socket(match.pk, AnonymousUser(), "ja,en;q=0.5")
    await database_sync_to_async(submit_action)(match.pk, people["ana"], RETURN, match.version)
    en_frame = await english.receive_from(timeout=5)
    ja_frame = await japanese.receive_from(timeout=5)
    marker = f'data-version="{match.version + 1}"'
    assert marker in en_frame and marker in ja_frame
    assert KANA.search(ja_frame) and not KANA.search(en_frame)
    await english.disconnect()
    await japanese.disconnect()


async def test_a_seat_reads_its_own_language_from_the_players_setting(match_and_people):
    match, people = match_and_people
    await database_sync_to_async(_set_language)(people["bo"], "ja")
    await database_sync_to_async(_set_language)(people["cy"], "en")
    # The browser says English, but bo's setting says Japanese: the setting wins.
    bo = await _socket(match.pk, people["bo"], "en")
    cy = await _socket(match.pk, people["cy"], "ja")
    await database_sync_to_async(submit_action)(match.pk, people["ana"], RETURN, match.version)
    bo_frame = await bo.receive_from(timeout=5)
    cy_frame = await cy.receive_from(timeout=5)
    assert KANA.search(bo_frame)
    assert not KANA.search(cy_frame)
    await bo.disconnect()
    await cy.disconnect()


def test_a_language_nobody_watches_is_not_rendered(ig_match, monkeypatch):
    match = ig_match()
    positions = [None, 0, 1, 2]
    # Nobody is known to read Japanese: every viewer counts as unwatched in it.
    assert unwatched(match.pk, positions, "ja") == set(positions)
    rendered = []
    original = render.render_viewer

    def counting(snapshot, position, *args, **kwargs):
        from django.utils import translation

        rendered.append(translation.get_language())
        return original(snapshot, position, *args, **kwargs)

    monkeypatch.setattr(render, "render_viewer", counting)
    publish.publish(match.pk)
    assert rendered and set(rendered) == {"en"}


def test_groups_are_per_language():
    assert viewer_group(7, None, "ja") != viewer_group(7, None, "en")
    assert viewer_group(7, 1, "ja-JP") == viewer_group(7, 1, "ja")
    assert viewer_group(7, 1) == viewer_group(7, 1, "en")
    # A language the site does not offer is served the default one.
    assert viewer_group(7, 1, "de") == viewer_group(7, 1, "en")


def test_the_live_refetch_is_in_the_requests_language(client, ig_match):
    match = ig_match()
    ja = client.get(f"/matches/{match.pk}/live/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    en = client.get(f"/matches/{match.pk}/live/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "ログ" in ja and "ログ" not in en
