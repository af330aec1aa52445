"""Queries behind the lobby: open matches and a player's own matches, theirs-to-move first."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, F, FilteredRelation, Prefetch, Q

from accounts.models import User
from games.models import Match, Seat, Status
from games.play.options_text import options_summary


@dataclass(frozen=True)
class MyMatch:
    match: Match
    your_turn: bool
    seats_taken: int


# What a list shows of a seat: its name. A user row has far more (password, dates, settings).
_LISTED_SEAT = ("match_id", "position", "bot_level", "resigned", "user__username")
_LISTED_SEAT += ("user__display_name",)


def _with_seats(queryset):
    # Lists never show a match's state: its snapshot (large, decoded on load) stays unread.
    seats = Seat.objects.select_related("user").only(*_LISTED_SEAT).order_by("position")
    return queryset.defer("snapshot").prefetch_related(Prefetch("seats", queryset=seats))


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
    # Plain columns only: whose turn it is is stored on the seat, so no state is decoded here.
    matches = _with_seats(
        Match.objects.annotate(
            mine=FilteredRelation("seats", condition=Q(seats__user=user, seats__resigned=False))
        )
        .filter(mine__isnull=False, status__in=[Status.OPEN, Status.ACTIVE])
        .annotate(your_turn=F("mine__to_move"))
        .order_by("-your_turn", "-updated")
    )[:limit]
    result = [
        MyMatch(match, bool(match.your_turn) and match.is_active, len(match.seats.all()))
        for match in matches
    ]
    result.sort(key=lambda m: (not m.your_turn, m.match.deadline is None, m.match.deadline or 0))
    return result


def your_turn_count(user: User) -> int:
    """How many running matches wait for the user's move (one indexed count)."""
    return Seat.objects.filter(
        user=user, to_move=True, resigned=False, match__status=Status.ACTIVE
    ).count()


def recent_finished(user: User, limit: int = 10) -> list[Match]:
    """The user's latest finished matches."""
    return list(
        _with_seats(
            Match.objects.filter(seats__user=user, status=Status.FINISHED).order_by("-finished")
        )[:limit]
    )
