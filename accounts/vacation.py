"""Vacations: a player stops their correspondence clocks for some days, so many a year.

Each time off is a `Vacation` row (what the allowance and the clocks count); the player's
`vacation_until` repeats the latest one's end, so that lists naming a player tell that they
are away without a query of their own. Days come from the allowance of the calendar year (in
the player's time zone) in which the vacation starts."""

from __future__ import annotations

import math
import zoneinfo
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import User, Vacation

DAY = timedelta(days=1)
# A stretch of time during which a player's clocks stand still: (from, to).
Pause = tuple[datetime, datetime]


class VacationRefused(Exception):
    """A vacation that cannot start; `message` tells the player why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def allowance() -> int:
    """Vacation days a player may take per calendar year."""
    return settings.VACATION_DAYS_PER_YEAR


def _local_year(user: User, moment: datetime) -> int:
    try:
        zone = zoneinfo.ZoneInfo(user.time_zone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        zone = zoneinfo.ZoneInfo("UTC")
    return timezone.localtime(moment, zone).year


def days_left(user: User, now: datetime | None = None) -> int:
    """Vacation days the player may still take in this calendar year."""
    year = _local_year(user, now or timezone.now())
    used = Vacation.objects.filter(user=user, year=year).aggregate(total=Sum("days"))["total"]
    return max(0, allowance() - (used or 0))


def current(user: User, now: datetime | None = None) -> Vacation | None:
    """The vacation the player is on at `now` (by default now), if any."""
    now = now or timezone.now()
    return (
        Vacation.objects.filter(user=user, starts__lte=now, ends__gt=now)
        .order_by("-starts")
        .first()
    )


def _lock(user: User) -> None:
    # Two requests at once must not both spend the same days, nor start two vacations.
    User.objects.select_for_update().only("pk").get(pk=user.pk)


def _set_until(user: User, until: datetime) -> None:
    User.objects.filter(pk=user.pk).update(vacation_until=until)
    user.vacation_until = until


@transaction.atomic
def start(user: User, days: int, now: datetime | None = None) -> Vacation:
    """Go on vacation from now for `days` days, taken from this year's allowance."""
    now = now or timezone.now()
    _lock(user)
    if current(user, now) is not None:
        raise VacationRefused(_("You are on vacation already."))
    if days < 1:
        raise VacationRefused(_("A vacation lasts at least one day."))
    left = days_left(user, now)
    if days > left:
        raise VacationRefused(
            ngettext(
                "You have %(left)d vacation day left this year.",
                "You have %(left)d vacation days left this year.",
                left,
            )
            % {"left": left}
        )
    vacation = Vacation.objects.create(
        user=user, starts=now, ends=now + days * DAY, year=_local_year(user, now), days=days
    )
    _set_until(user, vacation.ends)
    return vacation


@transaction.atomic
def end(user: User, now: datetime | None = None) -> Vacation | None:
    """End the current vacation now: the days not yet begun go back to the year's allowance."""
    now = now or timezone.now()
    _lock(user)
    vacation = current(user, now)
    if vacation is None:
        return None
    # A day begun is a day taken: stopping and starting again cannot pause clocks for free.
    vacation.days = max(1, math.ceil((now - vacation.starts) / DAY))
    vacation.ends = now
    vacation.save(update_fields=["days", "ends"])
    _set_until(user, now)
    return vacation


def pauses(user_ids: Iterable[int], since: datetime) -> dict[int, list[Pause]]:
    """Each player's vacations that end after `since`, in order (one query)."""
    found: dict[int, list[Pause]] = {}
    ids = {pk for pk in user_ids if pk is not None}
    if not ids:
        return found
    rows = (
        Vacation.objects.filter(user_id__in=ids, ends__gt=since)
        .order_by("starts")
        .values_list("user_id", "starts", "ends")
    )
    for user_id, starts, ends in rows:
        found.setdefault(user_id, []).append((starts, ends))
    return found


def clock_runs_out(start: datetime, allowed: timedelta, paused: Sequence[Pause]) -> datetime:
    """When a clock started at `start` has run for `allowed`, standing still while `paused`
    (pauses in order, not overlapping)."""
    moment, left = start, allowed
    for begins, ends in paused:
        if ends <= moment:
            continue
        if begins > moment:
            if begins - moment >= left:
                break  # the time ran out before this pause began
            left -= begins - moment
        moment = ends
    return moment + left
