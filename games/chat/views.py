"""The chat's HTTP side: writing without a socket (htmx or a plain form), muting, reporting,
and the latest messages for a page whose socket was down."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from accounts.models import User
from games.chat.models import ChatMessage
from games.chat.panel import chat_context, form_context
from games.chat.service import ChatRefused, post_message, report, set_muted
from games.models import Match
from games.play.access import get_viewable
from games.presenters.page import viewer_position

PANEL = "games/chat/panel.html"


def _back(match: Match) -> HttpResponse:
    return redirect(f"{match.get_absolute_url()}#chat-panel")


def _panel(request: HttpRequest, match: Match) -> HttpResponse:
    context = {"chat": chat_context(match, request.user, viewer_position(match, request.user))}
    return render(request, f"{PANEL}#panel", context)


@require_http_methods(["GET", "POST"])
def chat(request: HttpRequest, match_id: int) -> HttpResponse:
    """GET: the latest messages this reader sees. POST: write one; htmx gets the form back
    (emptied, or with the text and why it was refused), a plain form the match page."""
    match = get_viewable(request, match_id)
    position = viewer_position(match, request.user)
    if request.method == "GET":
        context = {"chat": chat_context(match, request.user, position)}
        return render(request, f"{PANEL}#messages", context)
    if not request.user.is_authenticated:
        return redirect_to_login(match.get_absolute_url())
    text = request.POST.get("text", "")
    error = ""
    try:
        post_message(match, request.user, text)
    except ChatRefused as exc:
        error = exc.message
    if request.htmx:
        context = {
            "chat": form_context(match, request.user, position),
            "chat_error": error,
            "chat_text": text if error else "",
        }
        return render(request, f"{PANEL}#form", context)
    if error:
        messages.error(request, error)
    return _back(match)


@login_required
@require_POST
def mute(request: HttpRequest, match_id: int, user_id: int) -> HttpResponse:
    """Mute (`mute=1`) or unmute (`mute=0`) a player, everywhere; htmx gets the panel anew."""
    match = get_viewable(request, match_id)
    other = get_object_or_404(User, pk=user_id)
    muting = request.POST.get("mute", "1") != "0"
    try:
        set_muted(request.user, other, muting)
    except ChatRefused as exc:
        if request.htmx:
            return _panel(request, match)
        messages.error(request, exc.message)
        return _back(match)
    if request.htmx:
        return _panel(request, match)
    if muting:
        done = _("%(name)s is muted: you no longer see their messages.")
    else:
        done = _("%(name)s is no longer muted.")
    messages.success(request, done % {"name": other.shown_name})
    return _back(match)


@login_required
@require_POST
def report_message(request: HttpRequest, match_id: int, message_id: int) -> HttpResponse:
    """Report a message to staff, with an optional reason."""
    match = get_viewable(request, match_id)
    message = get_object_or_404(ChatMessage, pk=message_id, match=match, hidden=False)
    try:
        made = report(message, request.user, request.POST.get("reason", ""))
    except ChatRefused as exc:
        answer, ok = exc.message, False
    else:
        ok = True
        if made:
            answer = _("Reported: staff will look at it. Thank you.")
        else:
            answer = _("You reported this message already.")
    if request.htmx:
        return HttpResponse(
            format_html('<p class="chat-reported small" role="status">{}</p>', answer)
        )
    (messages.success if ok else messages.error)(request, answer)
    return _back(match)
