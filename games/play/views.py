"""The lobby and the match pages (HTMX fragments, plain POST/redirect without JavaScript)."""

from __future__ import annotations

from functools import lru_cache

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.cache import cache
from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import reswap

from games.catalog import GAMES
from games.chat.away import chat_seen
from games.chat.panel import chat_context
from games.models import Match
from games.play import lobby_queries as lobby
from games.play.access import get_viewable, remember_invite
from games.play.away import clock_notes
from games.play.forms import FORMS
from games.play.live.match_part import live_changes, render_live
from games.play.offers.pages import pending_invitation, rematch_panel
from games.play.public_lists import lists_generation
from games.play.services import ServiceError
from games.play.services import lobby as lobby_service
from games.play.services import play as play_service
from games.play.services.state import engine_for
from games.play.submission import parse_submission
from games.presenters.page import viewer_position

NEW_MATCH_FIELDS = "games/new_match_fields.html"


@lru_cache(maxsize=64)
def _blank_form_fields(game: str, language: str) -> str:
    # A new-match form nobody has filled in reads the same to everyone in a language (the
    # token is outside it): the lobby's heaviest part, rendered once per process.
    return render_to_string(NEW_MATCH_FIELDS, {"key": game, "form": FORMS[game](prefix=game)})


def _new_match_forms(filled: Form | None = None, game: str = "") -> list[tuple[str, str]]:
    """Each game's key and the HTML of its new-match fields: `filled` for `game`, blank else."""
    return [
        (
            key,
            render_to_string(NEW_MATCH_FIELDS, {"key": key, "form": filled})
            if filled is not None and key == game
            else _blank_form_fields(key, get_language()),
        )
        for key in FORMS
    ]


# The public lists are the same for every visitor: rendered once per change of the lists, and
# at least this often while matches are played (the live list is ordered by the latest move).
PUBLIC_LISTS_SECONDS = 2


def _public_lists() -> str:
    key = f"lobby:lists:{lists_generation()}:{get_language()}"
    html = cache.get(key)
    if html is None:
        context = {
            "open_matches": lobby.open_matches(),
            "live_matches": lobby.live_matches(),
            "finished_matches": lobby.finished_matches(),
        }
        html = render_to_string("games/public_lists.html", context)
        cache.set(key, html, PUBLIC_LISTS_SECONDS)
    return mark_safe(html)  # noqa: S308 - rendered by a template with autoescape


def play(request: HttpRequest) -> HttpResponse:
    """The lobby: open matches, a new-match form per game, and your own matches."""
    context = {
        "games": GAMES,
        "new_match_forms": _new_match_forms(),
        "public_lists": _public_lists(),
        "dashboard": lobby.dashboard(request.user) if request.user.is_authenticated else None,
    }
    return render(request, "games/play.html", context)


@login_required
@require_POST
def new_match(request: HttpRequest) -> HttpResponse:
    """Create a match from one of the lobby's forms."""
    game = request.POST.get("game", "")
    form_class = FORMS.get(game)
    if form_class is None:
        messages.error(request, _("Pick a game first."))
        return redirect("play")
    form = form_class(request.POST, prefix=game)
    if form.is_valid():
        try:
            match = lobby_service.create_match(request.user, form.to_spec())
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            return redirect(match)
    context = {
        "games": GAMES,
        "new_match_forms": _new_match_forms(form, game),
        "public_lists": _public_lists(),
        "dashboard": lobby.dashboard(request.user),
        "failed_game": game,
    }
    return render(request, "games/play.html", context, status=422)


def match_page(request: HttpRequest, match_id: int) -> HttpResponse:
    """A match: waiting room before the start, the board after."""
    match = get_viewable(request, match_id)
    you = viewer_position(match, request.user)
    context = {
        "match": match,
        "engine": engine_for(match),
        "version": match.version,
        "you": you,
        "live_html": render_live(
            match,
            request.user,
            request=request,
            selected_card=_selected_card(request),
            position=you,
        ),
        "clock_notes": clock_notes(match, request.user),
        "chat": chat_context(match, request.user, you),
        # Per visitor, beside the live part: an invitation to answer, a rematch's news.
        "invitation": pending_invitation(match, request.user),
        "rematch": rematch_panel(match, request.user),
    }
    if you is not None:
        chat_seen(request.user.pk, match.pk)
    return render(request, "games/match.html", context)


@login_required
@require_GET
def next_match(request: HttpRequest) -> HttpResponse:
    """Go to the player's match whose move is due soonest, other than the one they came from
    (`?from=`); back to their matches when no other waits for them."""
    came_from = request.GET.get("from", "")
    current = int(came_from) if came_from.isdigit() else None
    target = lobby.next_to_move(request.user, exclude=current)
    if target is None:
        messages.info(request, _("No other match is waiting for your move."))
        return redirect("home")
    return redirect("match", match_id=target)


@require_GET
def match_live(request: HttpRequest, match_id: int) -> HttpResponse:
    """The live part of the page alone, for HTMX refetches after a gap or a reconnect."""
    match = get_viewable(request, match_id)
    return HttpResponse(
        render_live(match, request.user, request=request, selected_card=_selected_card(request))
    )


def _selected_card(request: HttpRequest) -> int | None:
    try:
        return int(request.GET["card"])
    except (KeyError, ValueError):
        return None


def match_invite(request: HttpRequest, token: str) -> HttpResponse:
    """Follow a private match's invite link: see it, and join with one click."""
    match = get_object_or_404(Match, invite_token=token)
    remember_invite(request, match)
    return redirect(match)


def _respond(
    request: HttpRequest, match_id: int, error: str = "", match: Match | None = None
) -> HttpResponse:
    if request.htmx:
        if match is None or match.pk != match_id:
            match = Match.objects.get(pk=match_id)
        if not error:
            changes = live_changes(match, request.user, request.POST.get("version", ""))
            if changes is not None:
                # Only what the move changed, swapped in by id; the board stays in place.
                return reswap(HttpResponse(changes), "none")
        return HttpResponse(render_live(match, request.user, flash=error, request=request))
    if error:
        messages.error(request, error)
    return redirect("match", match_id=match_id)


def _lobby_action(request: HttpRequest, match_id: int, run) -> HttpResponse:
    get_viewable(request, match_id)
    try:
        changed = run()
    except ServiceError as exc:
        return _respond(request, match_id, exc.message)
    # The match as the change saved it, when the service hands it back: no need to read it again.
    return _respond(request, match_id, match=changed if isinstance(changed, Match) else None)


@require_POST
def join(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_viewable(request, match_id)
    if not request.user.is_authenticated:
        # The waiting room is the same page for every onlooker: a guest is asked to log in.
        return redirect_to_login(match.get_absolute_url())
    return _lobby_action(
        request,
        match_id,
        lambda: lobby_service.join_match(match_id, request.user, invite_token=match.invite_token),
    )


@login_required
@require_POST
def leave(request: HttpRequest, match_id: int) -> HttpResponse:
    get_viewable(request, match_id)
    try:
        lobby_service.leave_match(match_id, request.user)
    except ServiceError as exc:
        return _respond(request, match_id, exc.message)
    messages.info(request, _("You left the match."))
    return redirect("play")


@login_required
@require_POST
def add_bot(request: HttpRequest, match_id: int) -> HttpResponse:
    level = request.POST.get("level", "")
    return _lobby_action(
        request, match_id, lambda: lobby_service.add_bot(match_id, request.user, level)
    )


@login_required
@require_POST
def remove_bot(request: HttpRequest, match_id: int, position: int) -> HttpResponse:
    return _lobby_action(
        request, match_id, lambda: lobby_service.remove_bot(match_id, request.user, position)
    )


@login_required
@require_POST
def start(request: HttpRequest, match_id: int) -> HttpResponse:
    return _lobby_action(
        request, match_id, lambda: lobby_service.start_match(match_id, request.user)
    )


@login_required
@require_POST
def act(request: HttpRequest, match_id: int) -> HttpResponse:
    """Submit a move; errors come back as a message and change nothing."""

    try:
        action, version = parse_submission(request.POST)
        match = play_service.submit_action(match_id, request.user, action, version)
    except ServiceError as exc:
        # A player with a seat may see the match: only a refusal needs the access check, so
        # that a match this request may not see stays a 404 and names no reason.
        get_viewable(request, match_id)
        return _respond(request, match_id, exc.message)
    return _respond(request, match_id, match=match)


@login_required
@require_POST
def resign(request: HttpRequest, match_id: int) -> HttpResponse:
    return _lobby_action(request, match_id, lambda: play_service.resign(match_id, request.user))
