"""Creating notifications exactly once per event, and reading a player's."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Count, Q
from django.utils import timezone

from games.notifications.models import Channel, Kind, Notification, NotificationPrefs


def prefs_of(user_id: int) -> NotificationPrefs:
    """A player's settings (the defaults when never changed; nothing is written for reading)."""
    found = NotificationPrefs.objects.filter(user_id=user_id).first()
    return found or NotificationPrefs(user_id=user_id)


def notify(
    user_id: int, kind: str, key: str, match_id: int | None = None, **data: Any
) -> Notification | None:
    """Tell a player of an event named by `key`, once: the notification made now, or None when
    it was made before (by this or another worker) or the player wants it on no channel.

    After the surrounding transaction commits, open tabs get the new count and a mail is
    queued if the player wants one."""
    prefs = prefs_of(user_id)
    in_app, by_mail = prefs.wants(kind, Channel.APP), prefs.wants(kind, Channel.EMAIL)
    if not (in_app or by_mail):
        return None
    fields = {"kind": kind, "match_id": match_id, "data": data, "in_app": in_app}
    if not by_mail:
        fields["mailed"] = timezone.now()  # nothing to send, now or in a digest
    try:
        # Its own savepoint: a duplicate must not spoil the transaction of the move around it.
        with transaction.atomic():
            made = Notification.objects.create(user_id=user_id, key=key, **fields)
    except IntegrityError:
        return None
    from games.notifications import delivery

    if not by_mail:
        delivery.after_commit(made)
    elif prefs.digest:
        delivery.after_commit(made, mail="digest", last_digest=prefs.last_digest)
    else:
        delivery.after_commit(made, mail="now")
    return made


def unread_counts(user_id: int) -> dict[str, int]:
    """How many notifications the player has not read (`unread`), and how many of them say it
    is their turn (`turns`: the tab title says so), in one query."""
    return Notification.objects.filter(user_id=user_id, read__isnull=True, in_app=True).aggregate(
        unread=Count("pk"), turns=Count("pk", filter=Q(kind=Kind.YOUR_TURN))
    )


def unread_count(user_id: int) -> int:
    return unread_counts(user_id)["unread"]


def mark_read(
    user_id: int,
    ids: list[int] | None = None,
    match_id: int | None = None,
    kinds: list[str] | None = None,
) -> int:
    """Mark a player's notifications read: those named, those of a match or of some kinds, or
    all; how many. The player's open tabs are told the new count."""
    unread = Notification.objects.filter(user_id=user_id, read__isnull=True)
    if ids is not None:
        unread = unread.filter(pk__in=ids)
    if match_id is not None:
        unread = unread.filter(match_id=match_id)
    if kinds is not None:
        unread = unread.filter(kind__in=kinds)
    done = unread.update(read=timezone.now())
    if done:
        from games.notifications import delivery

        delivery.push_count_after_commit(user_id)
    return done
