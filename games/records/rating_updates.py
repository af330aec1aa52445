"""Applying rating changes when a rated match finishes, and rebuilding them all from scratch."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Min

from games.models import Match, PlayerRating, RatingChange, Seat, Status
from games.records import ratings


def _identity(seat: Seat) -> tuple[int | None, str] | None:
    if seat.user_id is not None:
        return (seat.user_id, "")
    if seat.bot_level:
        return (None, seat.bot_level)
    return None  # a deleted account: left out of the rating


def _rated_seats(match: Match) -> list[Seat]:
    seats = [s for s in match.seats.order_by("position") if _identity(s) is not None]
    return seats if len(seats) >= ratings.MIN_SEATS else []


def _lock_ratings(game: str, seats: list[Seat]) -> dict[tuple[int | None, str], PlayerRating]:
    rows = {}
    for seat in seats:
        user_id, bot = _identity(seat)
        row, _ = PlayerRating.objects.get_or_create(
            game=game,
            user_id=user_id,
            bot_level=bot,
            defaults={
                "mu": ratings.DEFAULT.mu,
                "sigma": ratings.DEFAULT.sigma,
                "display": ratings.display(ratings.DEFAULT),
            },
        )
        rows[(user_id, bot)] = row
    # Lock in a fixed order so two matches sharing players cannot deadlock, and neither
    # can overwrite the other's update of a shared player.
    locked = (
        PlayerRating.objects.select_for_update()
        .filter(pk__in=[r.pk for r in rows.values()])
        .order_by("pk")
    )
    by_pk = {row.pk: row for row in locked}
    return {key: by_pk[row.pk] for key, row in rows.items()}


def _places(seats: list[Seat]) -> list[int]:
    # Places among the rated seats only, ties kept: 1 + how many rated seats did better.
    return [1 + sum(other.place < seat.place for other in seats) for seat in seats]


def rate_finished_match(match: Match) -> list[RatingChange]:
    """Apply a finished rated match's rating changes, exactly once (call inside its transaction)."""
    if not match.rated or match.status != Status.FINISHED:
        return []
    if RatingChange.objects.filter(match=match).exists():
        return []  # already rated: a retried finish changes nothing
    seats = _rated_seats(match)
    if not seats:
        return []
    rows = _lock_ratings(match.game, seats)
    places = _places(seats)
    keys = [_identity(seat) for seat in seats]
    before = [ratings.Rating(rows[key].mu, rows[key].sigma) for key in keys]
    after = ratings.rate_match(before, places)
    changes = []
    for seat, key, old, new, place in zip(seats, keys, before, after, places, strict=True):
        row = rows[key]
        row.mu, row.sigma = new.mu, new.sigma
        row.display = ratings.display(new)
        row.provisional = ratings.is_provisional(new)
        row.games += 1
        row.wins += place == 1
        row.last_played = match.finished
        row.save()
        changes.append(
            RatingChange.objects.create(
                match=match,
                seat=seat,
                rating=row,
                mu_before=old.mu,
                sigma_before=old.sigma,
                mu_after=new.mu,
                sigma_after=new.sigma,
                display_before=ratings.display(old),
                display_after=row.display,
                place=place,
            )
        )
    return changes


@dataclass(frozen=True)
class Recomputed:
    matches: int
    differences: list[str]


def _rating_order() -> Iterable[Match]:
    # The order ratings were applied in: the first change row of each match (ids grow as
    # matches are rated); matches rated before any change existed follow by finish time.
    rated = (
        Match.objects.filter(status=Status.FINISHED, rated=True)
        .annotate(first_change=Min("rating_changes__id"))
        .order_by("first_change", "finished", "pk")
    )
    with_changes = [m for m in rated if m.first_change is not None]
    without = [m for m in rated if m.first_change is None]
    return with_changes + without


@transaction.atomic
def recompute_all() -> Recomputed:
    """Rebuild every rating from the finished rated matches in order; report any difference."""
    stored = {
        (c.match_id, c.seat_id): (c.mu_after, c.sigma_after) for c in RatingChange.objects.all()
    }
    stored_ratings = {
        (r.game, r.user_id, r.bot_level): (r.mu, r.sigma, r.games, r.wins)
        for r in PlayerRating.objects.all()
    }
    order = list(_rating_order())
    RatingChange.objects.all().delete()
    PlayerRating.objects.all().delete()
    differences = []
    for match in order:
        for change in rate_finished_match(match):
            old = stored.get((match.pk, change.seat_id))
            if old != (change.mu_after, change.sigma_after):
                differences.append(
                    f"match {match.pk} seat {change.seat.position + 1}: stored {old}, "
                    f"recomputed {(change.mu_after, change.sigma_after)}"
                )
    for row in PlayerRating.objects.all():
        key = (row.game, row.user_id, row.bot_level)
        if stored_ratings.get(key) != (row.mu, row.sigma, row.games, row.wins):
            differences.append(f"rating {row.name} in {row.game} differs from the stored one")
    missing = set(stored_ratings) - {
        (r.game, r.user_id, r.bot_level) for r in PlayerRating.objects.all()
    }
    differences.extend(
        f"rating {key} was stored but is not rebuilt" for key in sorted(missing, key=str)
    )
    return Recomputed(len(order), differences)
