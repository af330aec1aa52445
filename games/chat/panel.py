"""What one reader's chat panel shows: the latest messages (not those of players they muted),
whom they muted, and whether they may write."""

from __future__ import annotations

from typing import Any

from accounts.models import User
from games.chat.models import MAX_LENGTH, ChatMessage
from games.chat.service import muted_ids, write_refusal
from games.models import Match

RECENT = 50


def visible_messages(
    match: Match, hidden_authors: set[int], limit: int | None = RECENT
) -> list[ChatMessage]:
    """The match's messages staff left up and the reader did not mute, oldest first: the
    latest `limit`, or all of them."""
    found = (
        ChatMessage.objects.filter(match=match, hidden=False)
        .exclude(user_id__in=hidden_authors)
        .select_related("user")
        .order_by("-pk")
    )
    if limit is not None:
        found = found[:limit]
    return list(reversed(found))


def muted_here(match: Match, muted: set[int]) -> list[User]:
    """The muted players this match concerns (seated in it, or who wrote in it), to unmute."""
    if not muted:
        return []
    seated = {seat.user_id for seat in match.seats_in_order() if seat.user_id}
    wrote = set(
        ChatMessage.objects.filter(match=match, user_id__in=muted).values_list("user_id", flat=True)
    )
    return list(User.objects.filter(pk__in=muted & (seated | wrote)).order_by("username"))


def form_context(match: Match, user: User | None, position: int | None) -> dict[str, Any]:
    """What the chat's form needs: whether this reader may write (`position`: their seat)."""
    signed_in = user is not None and user.is_authenticated
    return {
        "match": match,
        "me": user.pk if signed_in else None,
        "refusal": write_refusal(match, user, position),
        "max_length": MAX_LENGTH,
    }


def chat_context(match: Match, user: User | None, position: int | None) -> dict[str, Any]:
    """The whole chat panel's context for this reader."""
    muted = muted_ids(user)
    return {
        **form_context(match, user, position),
        "messages": visible_messages(match, muted),
        "muted": muted_here(match, muted),
        "muted_ids": sorted(muted),
    }
