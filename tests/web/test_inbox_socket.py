"""The personal WebSocket: signed-in players connect, anonymous visitors are refused."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from config.asgi import application
from games.play.consumers import CLOSE_UNAUTHENTICATED, InboxConsumer, inbox_group


@pytest.fixture
def player(user_factory):
    return user_factory("ana")


async def _connect_as(user):
    communicator = WebsocketCommunicator(InboxConsumer.as_asgi(), "/ws/inbox/")
    communicator.scope["user"] = user
    connected, code = await communicator.connect()
    return communicator, connected, code


@pytest.mark.django_db(transaction=True)
async def test_a_signed_in_player_connects_and_gets_notices(player):
    communicator, connected, _ = await _connect_as(player)
    assert connected
    assert await communicator.receive_json_from() == {"type": "hello", "user": "ana"}

    from channels.layers import get_channel_layer

    await get_channel_layer().group_send(
        inbox_group(player.pk), {"type": "inbox.notice", "text": "Your turn"}
    )
    assert await communicator.receive_json_from() == {"type": "notice", "text": "Your turn"}
    await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_an_anonymous_visitor_is_refused():
    communicator, connected, code = await _connect_as(AnonymousUser())
    assert not connected
    assert code == CLOSE_UNAUTHENTICATED


@pytest.mark.django_db(transaction=True)
async def test_a_bad_frame_gets_an_error_and_the_socket_stays_open(player):
    communicator, connected, _ = await _connect_as(player)
    await communicator.receive_json_from()
    await communicator.send_to(text_data="not json at all {")
    reply = await communicator.receive_json_from()
    assert reply["type"] == "error"
    await communicator.send_json_to({"type": "ping"})
    assert await communicator.receive_json_from() == {"type": "pong"}
    await communicator.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_the_full_stack_refuses_a_foreign_origin_and_anonymous_users():
    foreign = WebsocketCommunicator(
        application,
        "/ws/inbox/",
        headers=[(b"origin", b"https://evil.example"), (b"host", b"testserver")],
    )
    connected, _ = await foreign.connect()
    assert not connected

    anonymous = WebsocketCommunicator(
        application,
        "/ws/inbox/",
        headers=[(b"origin", b"http://testserver"), (b"host", b"testserver")],
    )
    connected, code = await anonymous.connect()
    assert not connected
    assert code == CLOSE_UNAUTHENTICATED


@pytest.mark.django_db(transaction=True)
async def test_the_full_stack_accepts_a_session_cookie(player, settings):
    from django.test import Client

    client = Client()
    await database_sync_to_async(client.force_login)(player)
    cookie = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
    communicator = WebsocketCommunicator(
        application,
        "/ws/inbox/",
        headers=[
            (b"origin", b"http://testserver"),
            (b"host", b"testserver"),
            (b"cookie", cookie.encode()),
        ],
    )
    connected, _ = await communicator.connect()
    assert connected
    assert (await communicator.receive_json_from())["user"] == "ana"
    await communicator.disconnect()
