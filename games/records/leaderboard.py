"""Queries behind the leaderboards, the profile and the game history."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.db.models import Avg, Count, Q, QuerySet
from django.utils import formats, timezone
from django.utils.translation import gettext

from accounts.models import User
from games.catalog import game_name
from games.engines.registry import GAMES
from games.models import Match, PlayerRating, RatingChange, Seat, Status
from games.records.charts import line_chart
from games.seat_names import seat_names

# The spans leaderboards and statistics can be read over (None: all time).
PERIODS: dict[str, timedelta | None] = {"all": None, "30d": timedelta(days=30)}


@dataclass(frozen=True)
class HistorySeat:
    """A seat of a finished match as a history row lists it."""

    position: int
    name: str
    user_id: int | None
    place: int | None
    score: int | None


@dataclass(frozen=True)
class Row:
    rank: int
    rating: PlayerRating
    games: int
    wins: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def leaderboard(game: str, period: str = "all", provisional: bool = False) -> list[Row]:
    """Ranked ratings of a game; provisional ones only when asked for."""
    ratings = PlayerRating.objects.filter(game=game).select_related("user")
    if not provisional:
        ratings = ratings.filter(provisional=False)
    since = PERIODS.get(period)
    if since is None:
        counted = {r.pk: (r.games, r.wins) for r in ratings}
    else:
        start = timezone.now() - since
        ratings = ratings.filter(last_played__gte=start)
        recent = (
            RatingChange.objects.filter(rating__in=ratings, match__finished__gte=start)
            .values("rating")
            .annotate(games=Count("id"), wins=Count("id", filter=Q(place=1)))
        )
        counted = {r["rating"]: (r["games"], r["wins"]) for r in recent}
    ordered = sorted(ratings, key=lambda r: (-r.display, -r.games, r.pk))
    return [
        Row(rank, rating, *counted.get(rating.pk, (0, 0)))
        for rank, rating in enumerate(ordered, start=1)
    ]


def finished_for(user: User) -> QuerySet[Match]:
    """The user's finished matches, newest first."""
    return Match.objects.filter(seats__user=user, status=Status.FINISHED).order_by(
        "-finished", "-pk"
    )


def game_summary(user: User, game: str) -> dict[str, Any]:
    """One game's block on a profile: rating, chart, record and averages."""
    rating = PlayerRating.objects.filter(user=user, game=game).first()
    changes = list(
        RatingChange.objects.filter(rating=rating).select_related("match").order_by("pk")
        if rating
        else []
    )
    seats = Seat.objects.filter(user=user, match__game=game, match__status=Status.FINISHED)
    record = seats.aggregate(
        played=Count("id"),
        wins=Count("id", filter=Q(place=1)),
        avg_score=Avg("score"),
        avg_place=Avg("place"),
    )
    values = [changes[0].display_before] + [c.display_after for c in changes] if changes else []
    labels = [gettext("start")] + [
        gettext("%(date)s: %(rating)s (%(delta)s)")
        % {
            "date": formats.date_format(timezone.localtime(c.match.finished), "DATE_FORMAT"),
            "rating": c.display_after,
            "delta": f"{c.delta:+d}",
        }
        for c in changes
    ]
    return {
        "key": game,
        "name": game_name(game),
        "rating": rating,
        "chart": line_chart(values, labels),
        **record,
    }


def favourite_opponents(user: User, limit: int = 5) -> list[tuple[User, int]]:
    """The people the user has finished most matches with."""
    others = (
        Seat.objects.filter(match__in=finished_for(user), user__isnull=False)
        .exclude(user=user)
        .values_list("user", flat=True)
    )
    counts = Counter(others).most_common(limit)
    users = User.objects.in_bulk([pk for pk, _ in counts])
    return [(users[pk], n) for pk, n in counts if pk in users]


def history_rows(matches: Any, user: User) -> list[dict[str, Any]]:
    """Finished matches as table rows: players, scores, places and the user's rating change."""
    ids = [m.pk for m in matches]
    by_match: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(match_id__in=ids).select_related("user").order_by("position"):
        by_match.setdefault(seat.match_id, []).append(seat)
    seats = {
        match_id: [
            HistorySeat(s.position, name, s.user_id, s.place, s.score)
            for s, name in zip(listed, seat_names(listed), strict=True)
        ]
        for match_id, listed in by_match.items()
    }
    deltas = {
        c.match_id: c.delta for c in RatingChange.objects.filter(match_id__in=ids, seat__user=user)
    }
    rows = []
    for match in matches:
        mine = next((s for s in seats.get(match.pk, []) if s.user_id == user.pk), None)
        rows.append(
            {
                "match": match,
                "game": game_name(match.game),
                "seats": sorted(seats.get(match.pk, []), key=lambda s: (s.place or 99, s.position)),
                "mine": mine,
                "delta": deltas.get(match.pk),
            }
        )
    return rows


def game_keys() -> list[str]:
    """Every game key the site offers."""
    return list(GAMES)
