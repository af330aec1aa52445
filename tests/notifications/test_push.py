"""New notifications reach the player's open tabs over the inbox socket, here or relayed from
a worker; the counts follow marking read."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.test import Client

from games.notifications.delivery import relay_token
from games.notifications.models import Kind
from games.notifications.service import mark_read, notify
from games.play.live.viewers import inbox_group

pytestmark = pytest.mark.django_db


@pytest.fixture
def inbox(user_factory):
    """ana and a channel in her inbox group, as an open tab's socket would be."""
    ana = user_factory("ana", language="en")
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(inbox_group(ana.pk), channel)

    def receive() -> dict:
        return async_to_sync(layer.receive)(channel)

    return ana, receive


def test_a_new_notification_is_pushed_with_the_counts_and_its_text(
    inbox, django_capture_on_commit_callbacks
):
    ana, receive = inbox
    with django_capture_on_commit_callbacks(execute=True):
        note = notify(ana.pk, Kind.YOUR_TURN, "turn:5:1", game="el-dorado")
    message = receive()
    assert message["unread"] == 1 and message["turns"] == 1
    assert message["text"] == "It is your turn in The Quest for El Dorado."
    assert message["headline"] == "your turn"
    assert message["url"] == "/notifications/"  # no match: the page of notifications
    with django_capture_on_commit_callbacks(execute=True):
        mark_read(ana.pk, ids=[note.pk])
    assert receive() == {"type": "inbox.notice", "unread": 0, "turns": 0}


def test_a_worker_relays_the_push_through_the_web_server(inbox):
    ana, receive = inbox
    note = notify(ana.pk, Kind.STARTED, "started:5", game="incan-gold")
    answer = Client().post(
        "/internal/live/",
        json.dumps({"inbox": relay_token(ana.pk, note.pk)}),
        content_type="application/json",
    )
    assert answer.status_code == 200
    message = receive()
    assert message["unread"] == 1 and message["text"] == "Incan Gold has started."


def test_a_forged_relay_pushes_nothing(inbox):
    ana, _receive = inbox
    forged = relay_token(ana.pk, None)[:-2] + "xx"
    answer = Client().post(
        "/internal/live/", json.dumps({"inbox": forged}), content_type="application/json"
    )
    assert answer.status_code == 403


@pytest.mark.django_db(transaction=True)
async def test_an_open_tabs_inbox_socket_is_sent_the_unread_count(user_factory):
    from channels.db import database_sync_to_async
    from channels.testing import WebsocketCommunicator

    from games.play.consumers import InboxConsumer

    ana = await database_sync_to_async(user_factory)("ana")
    tab = WebsocketCommunicator(InboxConsumer.as_asgi(), "/ws/inbox/")
    tab.scope["user"] = ana
    connected, _code = await tab.connect()
    assert connected
    assert (await tab.receive_json_from())["type"] == "hello"
    # Outside a transaction the push goes out as soon as the notification is made.
    await database_sync_to_async(notify)(ana.pk, Kind.YOUR_TURN, "turn:1:1", game="incan-gold")
    pushed = await tab.receive_json_from(timeout=5)
    assert pushed["type"] == "notice"
    assert (pushed["unread"], pushed["turns"]) == (1, 1)
    assert pushed["text"] == "It is your turn in Incan Gold."
    await tab.disconnect()
