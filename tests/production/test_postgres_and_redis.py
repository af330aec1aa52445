"""The production path: PostgreSQL through DATABASE_URL and Redis through REDIS_URL."""

from __future__ import annotations

import os

import pytest
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import IntegrityError, connection, transaction

pytestmark = pytest.mark.production

needs_postgres = pytest.mark.skipif(
    not os.environ.get("DATABASE_URL"), reason="DATABASE_URL is not set"
)
needs_redis = pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="REDIS_URL is not set")


@needs_postgres
def test_it_runs_on_postgresql(db):
    assert connection.vendor == "postgresql"


@needs_postgres
def test_the_database_itself_refuses_usernames_differing_only_in_case(user_factory):
    from accounts.models import User

    user_factory("ana")
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create_user(username="ANA", password="x")


@needs_redis
async def test_the_redis_pubsub_layer_carries_group_messages():
    layer = get_channel_layer()
    assert settings.CHANNEL_LAYERS["default"]["BACKEND"].endswith("RedisPubSubChannelLayer")
    channel = await layer.new_channel()
    await layer.group_add("production-check", channel)
    await layer.group_send("production-check", {"type": "match.updated", "version": 7})
    message = await layer.receive(channel)
    assert message == {"type": "match.updated", "version": 7}
    await layer.group_discard("production-check", channel)


@needs_redis
@needs_postgres
def test_healthz_is_green_on_the_production_path(client, db):
    response = client.get("/healthz")
    assert response.status_code == 200, response.content
    assert response.json()["channel_layer"] == "ok"
