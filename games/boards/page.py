"""The whole match page context for one viewer: shared by the HTTP views and the sockets."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string

from accounts.models import User
from games.boards.common import base_context
from games.boards.registry import board_for
from games.models import Match, Status
from games.services.bots import bots_waiting


def match_context(
    match: Match, user: User | None, selected_card: int | None = None
) -> dict[str, Any]:
    """Everything `games/match.html` needs for this viewer, and nothing they may not see."""
    context = base_context(match, user, selected_card)
    if match.status != Status.OPEN and not match.is_cancelled:
        template, build = board_for(match.game)
        context["board_template"] = template
        context.update(build(context))
        context["bots_thinking"] = bots_waiting(match)
    return context


def render_live(
    match: Match,
    user: User | None,
    *,
    oob: bool = False,
    flash: str = "",
    request: HttpRequest | None = None,
    csrf_token: str = "",
    selected_card: int | None = None,
) -> str:
    """The live part of the match page as HTML (pushed over the socket with `oob`)."""
    context = match_context(match, user, selected_card)
    context.update(oob=oob, flash=flash, user=user)
    if csrf_token:
        # Pushed fragments have no request; the browser's own CSRF cookie keeps forms valid.
        context["csrf_token"] = csrf_token
    return render_to_string("games/match.html#live", context, request=request)
