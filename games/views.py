"""Pages about the games: what can be played and the leaderboards."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.catalog import GAMES


def play(request: HttpRequest) -> HttpResponse:
    """The lobby: the games on offer."""
    return render(request, "games/play.html", {"games": GAMES})


def leaderboards(request: HttpRequest) -> HttpResponse:
    """Ratings per game."""
    return render(request, "games/leaderboards.html", {"games": GAMES})
