"""Replays and exports of finished matches.

Nothing of a match that has not finished is shown here, to anyone: its seed and hidden cards
are still secret. A private finished match stays with its players.
"""

from __future__ import annotations

import json

from django.contrib.auth.models import AnonymousUser
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import push_url

from accounts.models import User
from games.chat.panel import visible_messages
from games.chat.service import muted_ids
from games.models import Match, MatchAnalysis, Status
from games.records.analysis import analysable, panel_context, request_analysis
from games.records.export import export_lines, finished_matches_of
from games.records.export import export_match as export_data
from games.records.replay import build_replay, replay_url, step_count


def _finished_match(request: HttpRequest, match_id: int) -> Match:
    """The match if it finished and this request may see it, else 404."""
    match = Match.objects.filter(pk=match_id, status=Status.FINISHED).first()
    if match is None:
        raise Http404(_("No finished match with that number."))
    if match.private and not _plays_in(match, request.user):
        raise Http404(_("No finished match with that number."))
    return match


def _plays_in(match: Match, user: User | AnonymousUser) -> bool:
    return user.is_authenticated and match.seats.filter(user=user).exists()


def _seat_of(match: Match, user: User | AnonymousUser) -> int | None:
    """The reader's seat in the match, for the map's "My explorer" (None: not a player)."""
    if not user.is_authenticated:
        return None
    return match.seats.filter(user=user).values_list("position", flat=True).first()


def _requested_step(request: HttpRequest) -> int:
    raw = request.GET.get("step", "0")
    try:
        return int(raw)
    except ValueError:
        raise Http404(_("A replay step is a whole number.")) from None


def _partial(request: HttpRequest) -> bool:
    # A history restore asks for the whole page again, even though it comes from htmx.
    htmx = getattr(request, "htmx", None)
    return bool(htmx) and not htmx.history_restore_request


@require_GET
@vary_on_headers("HX-Request")
def replay(request: HttpRequest, match_id: int) -> HttpResponse:
    """A finished match step by step from its seed; `?step=N` is the board after N actions."""
    match = _finished_match(request, match_id)
    asked = _requested_step(request)
    last = step_count(match)
    step = max(0, min(asked, last))
    if step != asked and not _partial(request):
        # An address past either end shows the nearest real step under its own address.
        return redirect(replay_url(match, step))
    partial = _partial(request)
    # A page stepping by htmx keeps the move list it has (hx-preserve): only the marker moves.
    context = {"replay": build_replay(match, step, with_moves=not partial), "keep_moves": partial}
    if partial:
        response = render(request, "games/replay.html#body", context)
        return push_url(response, replay_url(match, step)) if step != asked else response
    # Beside the steps, read-only: what was said, without the players this reader muted.
    context["chat_messages"] = visible_messages(match, muted_ids(request.user), limit=None)
    context["you"] = _seat_of(match, request.user)
    return render(request, "games/replay.html", context)


@require_GET
def replay_analysis(request: HttpRequest, match_id: int) -> HttpResponse:
    """The analysis panel of a replay step: asked for once, it is worked out on the task queue;
    until then the panel shows how far it has got, and asks again."""
    match = _finished_match(request, match_id)
    if not analysable(match):
        raise Http404(_("This game has no post-game analysis."))
    step = max(0, min(_requested_step(request), step_count(match)))
    request_analysis(match)
    # Read after asking: a task run at once on commit may have finished it already.
    record = MatchAnalysis.objects.get(match=match)
    context = {
        **panel_context(match, record, step),
        "match": match,
        "step": step,
        "url": f"{request.path}?step={step}",
    }
    return render(request, "games/replay/analysis.html", context)


@require_GET
def export_match(request: HttpRequest, match_id: int) -> HttpResponse:
    """A finished match as JSON: seed, options, seats, every action and the result."""
    match = _finished_match(request, match_id)
    body = json.dumps(export_data(match), indent=2) + "\n"
    response = HttpResponse(body, content_type="application/json")
    filename = f"expedition-{match.game}-{match.pk}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
def export_user_matches(request: HttpRequest, username: str) -> HttpResponse:
    """A player's finished matches as newline-delimited JSON, one export per line."""
    player = get_object_or_404(User, username__iexact=username, is_active=True)
    viewer = request.user if request.user.is_authenticated else None
    matches = finished_matches_of(player, viewer).prefetch_related("seats__user", "actions")
    response = HttpResponse(export_lines(matches), content_type="application/x-ndjson")
    response["Content-Disposition"] = f'attachment; filename="{player.username}-matches.ndjson"'
    return response
