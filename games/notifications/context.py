"""The unread counts every page's header and title show."""

from __future__ import annotations

from django.db.models import Count, Q
from django.http import HttpRequest

from games.notifications.models import Kind, Notification


def unread(request: HttpRequest) -> dict[str, int]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    counts = Notification.objects.filter(user=user, read__isnull=True, in_app=True).aggregate(
        unread=Count("pk"), turns=Count("pk", filter=Q(kind=Kind.YOUR_TURN))
    )
    return {"unread_notifications": counts["unread"], "unread_turns": counts["turns"]}
