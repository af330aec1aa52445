"""Site-wide pages: the home page and the health check."""

from __future__ import annotations

import asyncio
import uuid

from asgiref.sync import async_to_sync
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
    from games import lobby

    mine = lobby.my_matches(request.user)[:8] if request.user.is_authenticated else []
    context = {
        "games": GAMES,
        "my_matches": mine,
        "your_turn_count": lobby.your_turn_count(request.user) if mine else 0,
    }
    return render(request, "home.html", context)


def _database_ok() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any failure is the answer we report
        return f"error: {type(exc).__name__}"
    return "ok"


async def _layer_round_trip() -> str:
    layer = get_channel_layer()
    if layer is None:
        return "error: no channel layer configured"
    channel = await layer.new_channel()
    token = uuid.uuid4().hex
    await layer.send(channel, {"type": "health.check", "token": token})
    # A broken layer must answer "error", not hang the health check.
    message = await asyncio.wait_for(layer.receive(channel), timeout=3)
    return "ok" if message.get("token") == token else "error: wrong message"


def _channel_layer_ok() -> str:
    try:
        return async_to_sync(_layer_round_trip)()
    except Exception as exc:  # any failure is the answer we report
        return f"error: {type(exc).__name__}"


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """Database and channel layer health as JSON; 503 when either fails."""
    checks = {"database": _database_ok(), "channel_layer": _channel_layer_ok()}
    healthy = all(value == "ok" for value in checks.values())
    return JsonResponse(
        {"status": "ok" if healthy else "error", **checks}, status=200 if healthy else 503
    )
