"""The unread counts every page's header and title show."""

from __future__ import annotations

from django.http import HttpRequest

from games.notifications.service import unread_counts


def unread(request: HttpRequest) -> dict[str, int]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    counts = unread_counts(user.pk)
    return {"unread_notifications": counts["unread"], "unread_turns": counts["turns"]}
