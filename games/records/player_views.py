"""Ratings and results by player: the leaderboards, and each player's profile and history."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from accounts.models import User
from games.catalog import GAMES, game_name
from games.records import leaderboard
from games.records.ratings import PROVISIONAL_SIGMA


def leaderboards(request: HttpRequest) -> HttpResponse:
    """Ratings per game: ranked, paginated, by period; provisional players only on request."""
    keys = [g.key for g in GAMES]
    game = request.GET.get("game") if request.GET.get("game") in keys else keys[0]
    period = (
        request.GET.get("period") if request.GET.get("period") in leaderboard.PERIODS else "all"
    )
    provisional = request.GET.get("provisional") == "1"
    rows = leaderboard.leaderboard(game, period, provisional)
    page = Paginator(rows, 50).get_page(request.GET.get("page"))
    context = {
        "games": GAMES,
        "game": game,
        "game_name": next(g.name for g in GAMES if g.key == game),
        "period": period,
        "provisional": provisional,
        "page": page,
        "provisional_sigma": PROVISIONAL_SIGMA,
    }
    return render(request, "games/leaderboards.html", context)


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
        "games": [(key, game_name(key)) for key in leaderboard.game_keys()],
    }
    return render(request, "accounts/history.html", context)
