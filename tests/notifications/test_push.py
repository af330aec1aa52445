"""New notifications reach the player's open tabs over the inbox socket, here or relayed from
a worker; the counts follow marking read."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from games.notifications.delivery import relay_token
from games.notifications.models import Kind, Notification
from games.notifications.service import mark_read, notify
from games.play.consumers import InboxConsumer

# Real commits: a notification is pushed once its transaction commits.
pytestmark = pytest.mark.django_db(transaction=True)


async def open_tab(user) -> WebsocketCommunicator:
    """A page of the player's, its inbox socket connected."""
    tab = WebsocketCommunicator(InboxConsumer.as_asgi(), "/ws/inbox/")
    tab.scope["user"] = user
    connected, _code = await tab.connect()
    assert connected
    assert (await tab.receive_json_from())["type"] == "hello"
    return tab


async def test_a_new_notification_is_pushed_with_the_counts_and_its_text(user_factory):
    ana = await database_sync_to_async(user_factory)("ana", language="en")
    tab = await open_tab(ana)
    note = await database_sync_to_async(notify)(
        ana.pk, Kind.YOUR_TURN, "turn:5:1", game="el-dorado"
    )
    pushed = await tab.receive_json_from(timeout=5)
    assert pushed["type"] == "notice"
    assert (pushed["unread"], pushed["turns"]) == (1, 1)
    assert pushed["text"] == "It is your turn in The Quest for El Dorado."
    assert pushed["headline"] == "your turn"
    assert pushed["url"] == "/notifications/"  # no match: the page of notifications
    await database_sync_to_async(mark_read)(ana.pk, ids=[note.pk])
    assert await tab.receive_json_from(timeout=5) == {"type": "notice", "unread": 0, "turns": 0}
    await tab.disconnect()


async def test_a_worker_relays_the_push_through_the_web_server(user_factory):
    ana = await database_sync_to_async(user_factory)("ana", language="en")
    tab = await open_tab(ana)
    # Made by a worker, which cannot reach the sockets: stored, and named to the web server.
    note = await database_sync_to_async(Notification.objects.create)(
        user=ana, kind=Kind.STARTED, key="started:5", data={"game": "incan-gold"}
    )
    answer = await database_sync_to_async(Client().post)(
        "/internal/live/",
        json.dumps({"inbox": relay_token(ana.pk, note.pk)}),
        content_type="application/json",
    )
    assert answer.status_code == 200
    pushed = await tab.receive_json_from(timeout=5)
    assert pushed["unread"] == 1 and pushed["text"] == "Incan Gold has started."
    await tab.disconnect()


def test_a_forged_relay_pushes_nothing(user_factory):
    ana = user_factory("ana")
    forged = relay_token(ana.pk, None)[:-2] + "xx"
    answer = Client().post(
        "/internal/live/", json.dumps({"inbox": forged}), content_type="application/json"
    )
    assert answer.status_code == 403
