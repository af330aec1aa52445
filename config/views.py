"""Site-wide pages: the home page and the health check."""

from __future__ import annotations

import asyncio
import uuid

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from games.catalog import GAMES


def home(request: HttpRequest) -> HttpResponse:
    """What the site is, the two games, and where to start; a signed-in player's matches,
    those waiting for their move first."""
    from games.play import lobby_queries as lobby

    dashboard = lobby.dashboard(request.user) if request.user.is_authenticated else None
    context = {"games": GAMES, "dashboard": dashboard}
    return render(request, "home.html", context)


HEALTH_SECONDS = 3  # a check that takes longer is an answer in itself


def _database_ok() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any failure is the answer we report
        return f"error: {type(exc).__name__}"
    finally:
        connection.close()  # this runs on a thread of its own: leave no connection behind
    return "ok"


async def _layer_round_trip() -> str:
    layer = get_channel_layer()
    if layer is None:
        return "error: no channel layer configured"
    channel = await layer.new_channel()
    token = uuid.uuid4().hex
    await layer.send(channel, {"type": "health.check", "token": token})
    message = await layer.receive(channel)
    return "ok" if message.get("token") == token else "error: wrong message"


async def _channel_layer_ok() -> str:
    try:
        # A broken layer must answer "error", not hang the health check.
        return await asyncio.wait_for(_layer_round_trip(), timeout=HEALTH_SECONDS)
    except Exception as exc:  # any failure is the answer we report
        return f"error: {type(exc).__name__}"


async def _database_ok_off_thread() -> str:
    # Not on the thread every request and socket shares: a stalled database must not hold
    # up the site while a load balancer asks how it is.
    check = sync_to_async(_database_ok, thread_sensitive=False)
    try:
        return await asyncio.wait_for(check(), timeout=HEALTH_SECONDS)
    except TimeoutError:
        return "error: TimeoutError"


@never_cache
@require_GET
async def healthz(request: HttpRequest) -> JsonResponse:
    """Database and channel layer health as JSON; 503 when either fails."""
    checks = {
        "database": await _database_ok_off_thread(),
        "channel_layer": await _channel_layer_ok(),
    }
    healthy = all(value == "ok" for value in checks.values())
    return JsonResponse(
        {"status": "ok" if healthy else "error", **checks}, status=200 if healthy else 503
    )
