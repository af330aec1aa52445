"""Notification mail: one mail per notification, or one digest a day, each with a link that
unsubscribes in one click."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMessage
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.language import reader_language
from accounts.models import User
from games.notifications.delivery import DIGEST_EVERY
from games.notifications.models import Channel, Kind, Notification, NotificationPrefs
from games.notifications.service import prefs_of
from games.notifications.text import describe, link

UNSUBSCRIBE_SALT = "games.notifications.unsubscribe"
ALL_KINDS = "all"


def unsubscribe_token(user_id: int, kind: str) -> str:
    """A link's token that stops one kind of mail (or every kind: "all") for one player. It
    does not expire: an old mail's link must still work."""
    return signing.dumps({"user": user_id, "kind": kind}, salt=UNSUBSCRIBE_SALT)


def read_unsubscribe_token(token: str) -> tuple[int, str]:
    """The player and kind a token names; `signing.BadSignature` when it is not ours."""
    found = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    kind = str(found["kind"])
    if kind != ALL_KINDS and kind not in Kind.values:
        raise signing.BadSignature("no such kind")
    return int(found["user"]), kind


def absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def unsubscribe_url(user_id: int, kind: str) -> str:
    return absolute(reverse("notifications_unsubscribe", args=[unsubscribe_token(user_id, kind)]))


def _message(user: User, subject: str, body: str, kind: str) -> EmailMessage:
    stop = unsubscribe_url(user.pk, kind)
    return EmailMessage(
        subject=subject,
        body=body,
        to=[user.email],
        # Mail programs show their own "unsubscribe" button from these (RFC 2369, RFC 8058).
        headers={
            "List-Unsubscribe": f"<{stop}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
    )


def _claim(note_ids: list[int]) -> int:
    """Mark notifications mailed, each only if nobody did before: with several workers, the
    one whose update counts sends."""
    return Notification.objects.filter(pk__in=note_ids, mailed__isnull=True).update(
        mailed=timezone.now()
    )


def send_one(note_id: int) -> bool:
    """Mail one notification, unless it was mailed (or decided against) already, the player
    no longer wants it, or it is no longer news (a turn they have already played)."""
    note = Notification.objects.select_related("user").filter(pk=note_id).first()
    if note is None or note.mailed is not None:
        return False
    user = note.user
    prefs = prefs_of(user.pk)
    if prefs.digest or not prefs.wants(note.kind, Channel.EMAIL):
        return False  # a digest will carry it, or nothing will
    with transaction.atomic():
        if not _claim([note.pk]):
            return False
        if not user.email or not user.is_active or note.read is not None:
            return False
        with translation.override(reader_language(user)):
            text = describe(note)
            body = render_to_string(
                "notifications/mail.txt",
                {
                    "user": user,
                    "text": text,
                    "url": absolute(link(note)),
                    "unsubscribe_url": unsubscribe_url(user.pk, note.kind),
                    "unsubscribe_all_url": unsubscribe_url(user.pk, ALL_KINDS),
                    "settings_url": absolute(reverse("notification_settings")),
                },
            )
            message = _message(user, _("[Expedition] %(text)s") % {"text": text}, body, note.kind)
        # Inside the claim's transaction: a mail that fails to go out is not marked sent.
        message.send()
    return True


def digest_due(prefs: NotificationPrefs, now: datetime) -> bool:
    return prefs.last_digest is None or prefs.last_digest + DIGEST_EVERY <= now


def send_digest(user_id: int, now: datetime | None = None) -> int:
    """One mail with every notification not yet mailed, at most once a day; how many it told."""
    now = now or timezone.now()
    prefs = NotificationPrefs.objects.filter(user_id=user_id, digest=True).first()
    if prefs is None or not digest_due(prefs, now):
        return 0
    user = User.objects.get(pk=user_id)
    pending = list(
        Notification.objects.filter(user_id=user_id, mailed__isnull=True).order_by("created")
    )
    wanted = [n for n in pending if prefs.wants(n.kind, Channel.EMAIL)]
    with transaction.atomic():
        # The day's slot, taken once: another worker finds it taken and sends nothing.
        taken = NotificationPrefs.objects.filter(pk=prefs.pk, last_digest=prefs.last_digest).update(
            last_digest=now
        )
        if not taken or not pending:
            return 0
        _claim([n.pk for n in pending])
        if not wanted or not user.email or not user.is_active:
            return 0
        with translation.override(reader_language(user)):
            body = render_to_string(
                "notifications/digest.txt",
                {
                    "user": user,
                    "items": [(describe(n), absolute(link(n))) for n in wanted],
                    "unsubscribe_all_url": unsubscribe_url(user.pk, ALL_KINDS),
                    "settings_url": absolute(reverse("notification_settings")),
                },
            )
            subject = ngettext(
                "[Expedition] Your day: %(count)s notification",
                "[Expedition] Your day: %(count)s notifications",
                len(wanted),
            ) % {"count": len(wanted)}
            message = _message(user, subject, body, ALL_KINDS)
        message.send()
    return len(wanted)


def send_due_digests(now: datetime | None = None) -> int:
    """Every digest that is due (the safety net's pass, for backends that cannot wait)."""
    now = now or timezone.now()
    users = NotificationPrefs.objects.filter(digest=True).values_list("user_id", flat=True)
    return sum(1 for user_id in users if send_digest(user_id, now))


def set_mail(user_id: int, kind: str, wanted: bool) -> None:
    """Stop (or restart) one kind of mail, or all of them, for a player."""
    prefs, _created = NotificationPrefs.objects.get_or_create(user_id=user_id)
    kinds = Kind.values if kind == ALL_KINDS else [kind]
    channels = dict(prefs.channels)
    for name in kinds:
        channels[name] = {**channels.get(name, {}), Channel.EMAIL: wanted}
    prefs.channels = channels
    prefs.save(update_fields=["channels"])
