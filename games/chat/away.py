"""Telling the players who are not looking at a match that someone wrote in its chat."""

from __future__ import annotations

from games.chat.models import ChatMessage
from games.models import Match
from games.notifications.models import Kind, Notification
from games.notifications.service import mark_read, notify
from games.play.live.viewers import watched


def tell_the_away(match: Match, message: ChatMessage) -> None:
    """Notify each seated person but the author whose seat no open socket watches, unless an
    unread chat notification of this match already waits for them: one until they read it,
    not one per message."""
    seats = [s for s in match.seats_in_order() if s.user_id and s.user_id != message.user_id]
    if not seats:
        return
    looking = watched(match.pk, [seat.position for seat in seats])
    away = {seat.user_id for seat in seats if seat.position not in looking}
    if not away:
        return
    told = set(
        Notification.objects.filter(
            match=match, kind=Kind.CHAT, read__isnull=True, user_id__in=away
        ).values_list("user_id", flat=True)
    )
    for user_id in sorted(away - told):
        notify(
            user_id,
            Kind.CHAT,
            f"chat:{match.pk}:{message.pk}",
            match.pk,
            game=match.game,
            by=message.author_name,
        )


def chat_seen(user_id: int, match_id: int) -> None:
    """The player looked at the match's chat: its waiting notification is read, and the next
    message while they are away is told again."""
    mark_read(user_id, match_id=match_id, kinds=[Kind.CHAT])
