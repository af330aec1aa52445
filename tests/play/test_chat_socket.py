"""Chat over the match socket: one frame for every viewer, stored; refusals to the sender only;
no board version touched; mutes and reports on what the socket delivered."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from config.routing import websocket_urlpatterns
from games.chat.models import ChatMessage, ChatMute, ChatReport
from games.chat.service import RATE_COUNT, report, set_muted
from games.notifications.models import Kind, Notification
from games.play.services.lobby import MatchSpec, create_match, join_match
from tests.helpers import CONTINUE, fresh, users

pytestmark = pytest.mark.django_db(transaction=True)


async def _socket(match_id: int, user) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(
        URLRouter(websocket_urlpatterns), f"/ws/matches/{match_id}/"
    )
    communicator.scope["user"] = user
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def _say(socket: WebsocketCommunicator, text: str) -> None:
    await socket.send_to(text_data=json.dumps({"type": "chat", "text": text}))


def _stored() -> list[str]:
    return list(ChatMessage.objects.order_by("pk").values_list("text", flat=True))


@pytest.fixture
def rated(ig_match):
    match = ig_match()
    return match, users(match)


@pytest.fixture
def unrated(user_factory):
    ana = user_factory("ana")
    match = create_match(ana, MatchSpec(game="incan-gold", players=3, rated=False))
    for name in ("bo", "cy"):
        join_match(match.pk, user_factory(name))
    match = fresh(match)
    return match, users(match)


async def test_a_players_message_reaches_every_viewer_and_is_stored(rated, user_factory):
    match, people = rated
    eve = await database_sync_to_async(user_factory)("eve")
    sockets = [await _socket(match.pk, who) for who in (people["ana"], people["bo"], eve)]
    guest = await _socket(match.pk, AnonymousUser())
    await _say(sockets[0], "  good   luck  ")
    frames = [await s.receive_from(timeout=5) for s in (*sockets, guest)]
    assert len(set(frames)) == 1  # rendered once: the same bytes for both seats and the public
    frame = frames[0]
    assert frame.startswith('<div data-chat-message="')
    assert f'data-author="{people["ana"].pk}"' in frame
    assert 'hx-swap-oob="beforeend:#chat-messages"' in frame
    assert "good luck" in frame and "ana" in frame
    assert "seat-colour-0" in frame  # ana's seat marker
    assert "match-version" not in frame
    assert await database_sync_to_async(_stored)() == ["good luck"]
    for s in (*sockets, guest):
        await s.disconnect()


async def test_html_in_a_message_is_escaped(rated):
    match, people = rated
    bo = await _socket(match.pk, people["bo"])
    await _say(bo, '<script>alert("x")</script><b id="match-version" data-version="99">')
    frame = await bo.receive_from(timeout=5)
    assert "<script>" not in frame and "<b " not in frame
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in frame
    assert 'id="match-version"' not in frame  # nothing a page could take for a board frame
    await bo.disconnect()


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("x" * 501, "at most 500 characters"),
        ("   \n\t ", "Write something first"),
        ("", "Write something first"),
        (["hi"], "not understood"),
        (None, "not understood"),
    ],
)
async def test_an_empty_or_over_long_message_is_refused_to_its_socket_alone(rated, text, error):
    match, people = rated
    ana = await _socket(match.pk, people["ana"])
    bo = await _socket(match.pk, people["bo"])
    await ana.send_to(text_data=json.dumps({"type": "chat", "text": text}))
    reply = await ana.receive_from(timeout=5)
    assert reply.startswith('<div data-chat-error id="chat-error"')
    assert error in reply
    assert await bo.receive_nothing(timeout=0.3)
    assert await database_sync_to_async(_stored)() == []
    await ana.send_to(text_data=json.dumps({"type": "chat", "text": "x" * 500}))
    assert "x" * 500 in await bo.receive_from(timeout=5)  # the limit itself is fine
    await ana.disconnect()
    await bo.disconnect()


async def test_a_huge_chat_frame_still_closes_the_socket(rated):
    match, people = rated
    ana = await _socket(match.pk, people["ana"])
    await _say(ana, "x" * (64 * 1024 + 1))
    assert "too large" in await ana.receive_from(timeout=5)
    assert (await ana.receive_output(timeout=5)) == {"type": "websocket.close", "code": 4413}
    assert await database_sync_to_async(_stored)() == []


async def test_too_many_messages_too_fast_are_refused_to_that_socket(rated):
    match, people = rated
    ana = await _socket(match.pk, people["ana"])
    bo = await _socket(match.pk, people["bo"])
    for number in range(RATE_COUNT):
        await _say(ana, f"message {number}")
        assert f"message {number}" in await bo.receive_from(timeout=5)
        await ana.receive_from(timeout=5)
    await _say(ana, "one too many")
    reply = await ana.receive_from(timeout=5)
    assert "data-chat-error" in reply and "Slow down" in reply
    assert await bo.receive_nothing(timeout=0.3)
    assert len(await database_sync_to_async(_stored)()) == RATE_COUNT
    await ana.disconnect()
    await bo.disconnect()


async def test_spectators_may_not_write_in_a_rated_match(rated, user_factory):
    match, people = rated
    eve = await database_sync_to_async(user_factory)("eve")
    ana = await _socket(match.pk, people["ana"])
    for who, error in ((eve, "do not write"), (AnonymousUser(), "Log in to chat")):
        spectator = await _socket(match.pk, who)
        await _say(spectator, "psst, return now")
        reply = await spectator.receive_from(timeout=5)
        assert "data-chat-error" in reply and error in reply
        await spectator.disconnect()
    assert await ana.receive_nothing(timeout=0.3)
    assert await database_sync_to_async(_stored)() == []
    await ana.disconnect()


async def test_spectators_may_write_in_an_unrated_match_but_guests_may_not(unrated, user_factory):
    match, people = unrated
    eve = await database_sync_to_async(user_factory)("eve")
    ana = await _socket(match.pk, people["ana"])
    spectator = await _socket(match.pk, eve)
    await _say(spectator, "nice round")
    frame = await ana.receive_from(timeout=5)
    assert "nice round" in frame and "eve" in frame
    assert "seat-colour" not in frame  # a spectator has no seat marker
    assert await spectator.receive_from(timeout=5) == frame
    guest = await _socket(match.pk, AnonymousUser())
    await _say(guest, "hello")
    assert "Log in to chat" in await guest.receive_from(timeout=5)
    assert await database_sync_to_async(_stored)() == ["nice round"]
    for s in (ana, spectator, guest):
        await s.disconnect()


async def test_chat_leaves_the_board_version_alone_and_a_move_after_it_applies(rated):
    match, people = rated
    ana = await _socket(match.pk, people["ana"])
    bo = await _socket(match.pk, people["bo"])
    await _say(ana, "here goes")
    assert "here goes" in await bo.receive_from(timeout=5)
    await ana.receive_from(timeout=5)
    assert (await database_sync_to_async(fresh)(match)).version == match.version
    await ana.send_to(
        text_data=json.dumps({"action": json.dumps(CONTINUE), "version": match.version})
    )
    frame = await bo.receive_from(timeout=5)
    assert f'data-version="{match.version + 1}" data-base="{match.version}"' in frame
    assert (await database_sync_to_async(fresh)(match)).version == match.version + 1
    assert f'data-version="{match.version + 1}"' in await ana.receive_from(timeout=5)
    await _say(bo, "and after")  # a chat after a move still reaches everyone
    assert "and after" in await ana.receive_from(timeout=5)
    await ana.disconnect()
    await bo.disconnect()


async def test_a_frame_names_its_author_for_the_pages_that_muted_them(rated):
    match, people = rated
    await database_sync_to_async(set_muted)(people["cy"], people["ana"], True)
    cy = await _socket(match.pk, people["cy"])
    ana = await _socket(match.pk, people["ana"])
    await _say(ana, "can cy hear me")
    frame = await cy.receive_from(timeout=5)
    # The frame is the same for everyone: cy's page leaves it out by its author.
    assert f'data-author="{people["ana"].pk}"' in frame
    assert await database_sync_to_async(ChatMute.objects.filter(user=people["cy"]).count)() == 1
    await cy.disconnect()
    await ana.disconnect()


async def test_a_message_from_the_socket_can_be_reported(rated):
    match, people = rated
    ana = await _socket(match.pk, people["ana"])
    await _say(ana, "rude words")
    await ana.receive_from(timeout=5)
    message = await database_sync_to_async(ChatMessage.objects.get)()
    made = await database_sync_to_async(report)(message, people["bo"], "rude")
    assert made
    found = await database_sync_to_async(ChatReport.objects.get)()
    assert (found.message_id, found.reporter_id, found.reason) == (
        message.pk,
        people["bo"].pk,
        "rude",
    )
    await ana.disconnect()


async def test_a_player_watching_is_not_told_and_one_away_is_told_once(rated):
    match, people = rated
    ana = await _socket(match.pk, people["ana"])
    bo = await _socket(match.pk, people["bo"])  # watching; cy is not
    for text in ("one", "two", "three"):
        await _say(ana, text)
        await bo.receive_from(timeout=5)
        await ana.receive_from(timeout=5)

    def chat_notes() -> list[tuple[str, dict]]:
        found = Notification.objects.filter(kind=Kind.CHAT)
        return [(n.user.username, n.data) for n in found.select_related("user")]

    assert await database_sync_to_async(chat_notes)() == [
        ("cy", {"game": "incan-gold", "by": "ana"})
    ]
    await ana.disconnect()
    await bo.disconnect()
