"""Shared helpers of the bad-input probes: what a bad request must leave alone."""

from __future__ import annotations

from django.test import Client

from games.models import Match, MatchAction

CONTINUE = {"type": "decide", "choice": "continue"}
RETURN = {"type": "decide", "choice": "return"}
HTMX = {"HX-Request": "true"}
HUGE = "9" * 30  # far past any 64-bit integer


def snapshot(match: Match) -> tuple:
    """Everything a bad request must leave alone: the match row, its seats, its log."""
    m = Match.objects.get(pk=match.pk)
    seats = list(
        m.seats.order_by("position").values_list("position", "user_id", "bot_level", "resigned")
    )
    log = list(
        MatchAction.objects.filter(match=m).order_by("seq").values_list("seq", "seat", "action")
    )
    return (m.version, m.status, m.players, m.options, seats, log)


def as_user(client: Client, user) -> Client:
    client.force_login(user)
    return client


def post_htmx(client: Client, url: str, data: dict | None = None):
    return client.post(url, data or {}, headers=HTMX)


def flashed(client: Client, response) -> str:
    """The error a plain (non-htmx) POST left for the next page, or the htmx fragment."""
    if response.status_code == 302:
        return client.get(response["Location"]).content.decode()
    return response.content.decode()
