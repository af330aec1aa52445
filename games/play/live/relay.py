"""The relay endpoint: a process without the web server's sockets names a changed match."""

from __future__ import annotations

import json

from django.core import signing
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from games.notifications import delivery as notifications
from games.play.live.publish import publish, read_relay_token
from games.play.public_lists import lists_changed

MAX_BODY = 4096


@csrf_exempt  # not a browser's form: the body is signed with the site's secret key instead
@require_POST
def relay(request: HttpRequest) -> HttpResponse:
    """Publish a match another process changed, or tell a player's open tabs of a notification
    it made, if its signed notice is genuine and fresh."""
    if len(request.body) > MAX_BODY:
        return JsonResponse({"error": "too large"}, status=413)
    try:
        body = json.loads(request.body)
        if isinstance(body, dict) and "inbox" in body:
            user_id, note_id = notifications.read_relay_token(body["inbox"])
            notifications.send_to_inbox(user_id, note_id)
            return JsonResponse({"inbox": user_id})
        match_id = read_relay_token(body["token"])
    except (ValueError, KeyError, TypeError, signing.BadSignature):
        return JsonResponse({"error": "not a genuine notice"}, status=403)
    # The worker's own cache is not this server's: a match it finished or started may have
    # left the lobby's lists, which this server renders.
    lists_changed()
    return JsonResponse({"frames": publish(match_id)})
