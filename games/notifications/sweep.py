"""The safety net's part for notifications: warnings and digests a lost or unqueued task left."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from games.models import Match, Pace, Status
from games.notifications.events import deadline_near, warning_time
from games.notifications.mail import send_due_digests


def warn_if_due(match_id: int, turn_version: int | None = None, now: datetime | None = None) -> int:
    """Warn the people a correspondence match waits for once most of their time is gone (at
    `turn_version` only, when given); how many were warned."""
    now = now or timezone.now()
    with transaction.atomic():
        match = Match.objects.filter(
            pk=match_id, status=Status.ACTIVE, pace=Pace.CORRESPONDENCE
        ).first()
        if match is None or match.turn_started is None:
            return 0
        if turn_version is not None and match.turn_version != turn_version:
            return 0
        if warning_time(match) > now:
            return 0
        waiting = frozenset(s.position for s in match.seats_in_order() if s.to_move)
        return deadline_near(match, waiting)


def sweep(now: datetime | None = None) -> dict[str, int]:
    """Warnings due in every running correspondence match, then every digest due."""
    now = now or timezone.now()
    running = Match.objects.filter(
        status=Status.ACTIVE, pace=Pace.CORRESPONDENCE, turn_started__isnull=False
    ).values_list("pk", flat=True)
    warned = sum(warn_if_due(match_id, now=now) for match_id in running)
    return {"warned": warned, "digests": send_due_digests(now)}
