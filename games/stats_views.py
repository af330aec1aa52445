"""Statistics per game."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse


def game_stats(request: HttpRequest, game: str) -> HttpResponse:
    raise Http404("Statistics are not available yet.")
