"""Getting notifications to the player: the unread count pushed to every open tab (over the
inbox socket), and mail sent by the task queue."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.core import signing
from django.db import transaction
from django.utils import timezone, translation

from accounts.language import reader_language
from games.notifications.models import Notification
from games.notifications.service import unread_counts
from games.notifications.text import describe, headline, link
from games.play.live.publish import post_to_relay
from games.play.live.viewers import inbox_group

log = logging.getLogger(__name__)
RELAY_SALT = "games.notifications.relay"
RELAY_MAX_AGE = 60
DIGEST_EVERY = timedelta(days=1)


def after_commit(note: Notification, mail: str = "", last_digest: datetime | None = None) -> None:
    """Once the event's transaction commits: push the news to open tabs, then queue its mail
    (`mail="now"`) or the digest that will carry it (`mail="digest"`, a day after the last)."""
    note_id, user_id = note.pk, note.user_id

    def deliver() -> None:
        push_count(user_id, note_id)
        from games.tasks import send_digest, send_notification_mail

        if mail == "now":
            send_notification_mail.enqueue(note_id)
        elif mail == "digest" and send_digest.get_backend().supports_defer:
            due = max((last_digest or timezone.now()) + DIGEST_EVERY, timezone.now())
            send_digest.using(run_after=due).enqueue(user_id)

    transaction.on_commit(deliver, robust=True)


def push_count_after_commit(user_id: int) -> None:
    transaction.on_commit(lambda: push_count(user_id), robust=True)


def inbox_message(user_id: int, note_id: int | None = None) -> dict[str, Any]:
    """What the player's open tabs are sent: the unread counts and, for a new notification,
    its text in the player's language."""
    message: dict[str, Any] = {"type": "inbox.notice", **unread_counts(user_id)}
    note = None
    if note_id is not None:
        note = Notification.objects.select_related("user").filter(pk=note_id).first()
    if note is not None and note.in_app:
        with translation.override(reader_language(note.user)):
            message |= {
                "kind": note.kind,
                "headline": headline(note.kind),
                "text": describe(note),
                "url": link(note),
            }
    return message


def push_count(user_id: int, note_id: int | None = None) -> None:
    """Tell the player's open tabs (here, or through the web server from a worker)."""
    try:
        if settings.LIVE_RELAY_URL:
            _relay(settings.LIVE_RELAY_URL, user_id, note_id)
        else:
            send_to_inbox(user_id, note_id)
    except Exception:  # a lost push is repaired by the next page load; never fail the event
        log.exception("could not push notifications of user %s", user_id)


def send_to_inbox(user_id: int, note_id: int | None = None) -> None:
    async_to_sync(get_channel_layer().group_send)(
        inbox_group(user_id), inbox_message(user_id, note_id)
    )


def relay_token(user_id: int, note_id: int | None) -> str:
    return signing.dumps({"user": user_id, "note": note_id}, salt=RELAY_SALT)


def read_relay_token(token: str) -> tuple[int, int | None]:
    """The player and notification a relayed notice names; `signing.BadSignature` when forged
    or stale."""
    found = signing.loads(token, salt=RELAY_SALT, max_age=RELAY_MAX_AGE)
    note = found.get("note")
    return int(found["user"]), None if note is None else int(note)


def _relay(url: str, user_id: int, note_id: int | None) -> None:
    post_to_relay(url, {"inbox": relay_token(user_id, note_id)})
