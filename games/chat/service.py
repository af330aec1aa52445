"""Writing in a match's chat (who may, how much, how often), muting and reporting."""

from __future__ import annotations

import unicodedata

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from accounts.models import User
from games.chat.models import MAX_LENGTH, REASON_LENGTH, ChatMessage, ChatMute, ChatReport
from games.models import Match
from games.play.services import ServiceError
from games.presenters.page import viewer_position

# At most this many messages per player in this many seconds, counted across workers.
RATE_COUNT = 5
RATE_SECONDS = 10
# Control characters, and lone surrogates a JSON frame can carry and no database takes.
DROPPED = {"Cc", "Cs"}


class ChatRefused(ServiceError):
    """A message, mute or report that cannot be taken; the message says why."""


def clean_text(raw: object, limit: int = MAX_LENGTH) -> str:
    """The text as stored: one line, spaces collapsed, no control characters; refused when
    longer than `limit` (an empty text is the caller's to refuse)."""
    if not isinstance(raw, str):
        raise ChatRefused(_("That message is not understood."))
    text = "".join(ch for ch in " ".join(raw.split()) if unicodedata.category(ch) not in DROPPED)
    if len(text) > limit:
        raise ChatRefused(
            _("A message may be at most %(limit)s characters long; this one has %(length)s.")
            % {"limit": limit, "length": len(text)}
        )
    return text


def write_refusal(match: Match, user: User | None, position: int | None) -> str:
    """Why this viewer may not write in the match's chat, or "" when they may.

    Players always may; spectators only in unrated matches, where advice changes no rating."""
    if user is None or not user.is_authenticated:
        return _("Log in to chat.")
    if position is None and match.rated:
        return _("Spectators read the chat of a rated match but do not write in it.")
    return ""


def _take_rate_slot(user_id: int) -> None:
    key = f"chat-rate:{user_id}"
    cache.add(key, 0, RATE_SECONDS)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between the two calls
        cache.set(key, 1, RATE_SECONDS)
        count = 1
    if count > RATE_COUNT:
        raise ChatRefused(
            _("Slow down: at most %(count)s messages in %(seconds)s seconds.")
            % {"count": RATE_COUNT, "seconds": RATE_SECONDS}
        )


def post_message(match: Match, user: User | None, raw_text: object) -> ChatMessage:
    """Store a message from a viewer the caller let see the match, and send it to every
    viewer once stored; `ChatRefused` says why not."""
    position = viewer_position(match, user)
    refusal = write_refusal(match, user, position)
    if refusal:
        raise ChatRefused(refusal)
    text = clean_text(raw_text)
    if not text:
        raise ChatRefused(_("Write something first."))
    _take_rate_slot(user.pk)
    from games.chat import live
    from games.chat.away import tell_the_away

    with transaction.atomic():
        message = ChatMessage.objects.create(match=match, user=user, position=position, text=text)
        tell_the_away(match, message)
        transaction.on_commit(lambda: live.broadcast(match, message), robust=True)
    return message


def muted_ids(user: User | None) -> set[int]:
    """Whose messages this user does not see (nobody's for a visitor)."""
    if user is None or not user.is_authenticated:
        return set()
    return set(ChatMute.objects.filter(user=user).values_list("muted_id", flat=True))


def set_muted(user: User, other: User, muted: bool) -> None:
    """Hide (or show again) every message of `other` for `user`, in every match."""
    if other.pk == user.pk:
        raise ChatRefused(_("You cannot mute yourself."))
    if muted:
        ChatMute.objects.get_or_create(user=user, muted=other)
    else:
        ChatMute.objects.filter(user=user, muted=other).delete()


def report(message: ChatMessage, reporter: User, raw_reason: object = "") -> bool:
    """Ask staff to look at a message; False when this reader reported it before."""
    if message.user_id == reporter.pk:
        raise ChatRefused(_("You cannot report your own message."))
    reason = clean_text(raw_reason or "", REASON_LENGTH)
    try:
        with transaction.atomic():
            ChatReport.objects.create(message=message, reporter=reporter, reason=reason)
    except IntegrityError:
        return False
    return True
