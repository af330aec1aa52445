"""Sign up, profile and settings; log in/out and passwords use Django's own views."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from accounts.forms import SettingsForm, SignUpForm
from accounts.models import User
from games import leaderboard
from games.engines.registry import get_engine


def _safe_next(request: HttpRequest) -> str | None:
    target = request.POST.get("next") or request.GET.get("next")
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return None


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and sign straight in."""
    if request.user.is_authenticated:
        return redirect("home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome to Expedition, {user.username}!")
        return redirect(_safe_next(request) or "home")
    return render(request, "registration/signup.html", {"form": form, "next": _safe_next(request)})


def _player(username: str) -> User:
    return get_object_or_404(User, username__iexact=username, is_active=True)


def profile(request: HttpRequest, username: str) -> HttpResponse:
    """A player's public page: ratings with history, records, opponents, recent matches."""
    player = _player(username)
    if player.username != username:
        return redirect("profile", username=player.username, permanent=True)
    recent = _visible(request, leaderboard.finished_for(player))[:8]
    context = {
        "player": player,
        "summaries": [leaderboard.game_summary(player, key) for key in leaderboard.game_keys()],
        "opponents": leaderboard.favourite_opponents(player),
        "recent": leaderboard.history_rows(list(recent), player),
    }
    return render(request, "accounts/profile.html", context)


def _visible(request: HttpRequest, matches):
    # Private matches show only to the people who played them.
    if request.user.is_authenticated:
        return matches.filter(Q(private=False) | Q(seats__user=request.user)).distinct()
    return matches.filter(private=False)


def history(request: HttpRequest, username: str) -> HttpResponse:
    """A player's finished matches, filterable by game and result, paginated."""
    player = _player(username)
    matches = _visible(request, leaderboard.finished_for(player))
    game = request.GET.get("game", "")
    if game in leaderboard.game_keys():
        matches = matches.filter(game=game)
    result = request.GET.get("result", "")
    if result == "won":
        matches = matches.filter(seats__user=player, seats__place=1)
    elif result == "lost":
        matches = matches.filter(seats__user=player).exclude(seats__user=player, seats__place=1)
    page = Paginator(matches, 25).get_page(request.GET.get("page"))
    context = {
        "player": player,
        "page": page,
        "rows": leaderboard.history_rows(list(page.object_list), player),
        "game": game,
        "result": result,
        "games": [(key, get_engine(key).NAME) for key in leaderboard.game_keys()],
    }
    return render(request, "accounts/history.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def settings_page(request: HttpRequest) -> HttpResponse:
    """Display name, email, time zone and language."""
    form = SettingsForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Your settings are saved.")
        return redirect("settings")
    return render(request, "accounts/settings.html", {"form": form})
