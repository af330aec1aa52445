"""Queries behind the lobby: open matches and a player's own matches, theirs-to-move first."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Prefetch

from accounts.models import User
from games.models import Match, Seat, Status
from games.options_text import options_summary
from games.services.state import current_state, engine_for


@dataclass(frozen=True)
class MyMatch:
    match: Match
    your_turn: bool
    seats_taken: int


def _with_seats(queryset):
    return queryset.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("position"))
    )


def open_matches(limit: int = 50) -> list[Match]:
    """Public matches waiting for players, newest first (with `options_text` to show)."""
    matches = list(
        _with_seats(
            Match.objects.filter(status=Status.OPEN, private=False)
            .annotate(taken=Count("seats"))
            .select_related("created_by")
            .order_by("-created")
        )[:limit]
    )
    for match in matches:
        match.options_text = options_summary(match.game, match.options)
    return matches


def live_matches(limit: int = 20) -> list[Match]:
    """Public matches being played now, most recently moved first: anyone may watch."""
    return list(
        _with_seats(Match.objects.filter(status=Status.ACTIVE, private=False).order_by("-updated"))[
            :limit
        ]
    )


def finished_matches(limit: int = 10) -> list[Match]:
    """Public matches that ended lately, with a replay to step through."""
    return list(
        _with_seats(
            Match.objects.filter(status=Status.FINISHED, private=False).order_by("-finished")
        )[:limit]
    )


def my_matches(user: User, limit: int = 50) -> list[MyMatch]:
    """The user's unfinished matches, those waiting for them first."""
    matches = _with_seats(
        Match.objects.filter(
            seats__user=user, seats__resigned=False, status__in=[Status.OPEN, Status.ACTIVE]
        ).order_by("-updated")
    )[:limit]
    result = []
    for match in matches:
        your_turn = False
        if match.status == Status.ACTIVE:
            position = next(s.position for s in match.seats.all() if s.user_id == user.pk)
            your_turn = position in engine_for(match).to_act(current_state(match))
        result.append(MyMatch(match, your_turn, len(match.seats.all())))
    result.sort(key=lambda m: (not m.your_turn, m.match.deadline is None, m.match.deadline or 0))
    return result


def recent_finished(user: User, limit: int = 10) -> list[Match]:
    """The user's latest finished matches."""
    return list(
        _with_seats(
            Match.objects.filter(seats__user=user, status=Status.FINISHED).order_by("-finished")
        )[:limit]
    )
