"""Replays and exports of finished matches."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse


def replay(request: HttpRequest, match_id: int) -> HttpResponse:
    raise Http404("Replays are not available yet.")


def export_match(request: HttpRequest, match_id: int) -> HttpResponse:
    raise Http404("Exports are not available yet.")


def export_user_matches(request: HttpRequest, username: str) -> HttpResponse:
    raise Http404("Exports are not available yet.")
