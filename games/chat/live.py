"""A chat message as every viewer's socket gets it: rendered once, sent to each viewer group.

A message is the same for every viewer (who wrote it, when, what), so unlike a move it is
rendered once and sent alike to every seat and the public. It carries no board version: the
page appends it to the chat and leaves the board alone."""

from __future__ import annotations

import asyncio

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.html import escape

from games.chat.models import ChatMessage
from games.models import Match
from games.play.live.viewers import languages, viewer_group

MESSAGE_TEMPLATE = "games/chat/message.html"
# Every chat frame starts so: the page tells them from board frames by it (static/js/match.js).
FRAME_PREFIX = "<div data-chat"


def message_html(message: ChatMessage, *, actions: bool, csrf_token: str = "") -> str:
    """One message as a list item; `actions`: with its mute and report buttons."""
    context = {"message": message, "actions": actions, "csrf_token": csrf_token}
    return render_to_string(MESSAGE_TEMPLATE, context).strip()


def message_frame(message: ChatMessage, language: str | None = None) -> str:
    """The frame every socket of the match in a language is sent: the message, appended to
    the chat panel.

    It names its author, so that a page whose reader muted them leaves it out."""
    with translation.override(language or settings.LANGUAGE_CODE):
        item = message_html(message, actions=True)
    return (
        f'{FRAME_PREFIX}-message="{message.pk}" data-author="{message.user_id}"'
        f' hx-swap-oob="beforeend:#chat-messages">{item}</div>'
    )


def error_frame(text: str) -> str:
    """Why a message from this socket was refused, for that socket alone."""
    return f'{FRAME_PREFIX}-error id="chat-error" role="alert">{escape(text)}</div>'


def groups(match: Match, language: str | None = None) -> list[str]:
    """Every viewer group of the match in a language: the public and each seat."""
    return [viewer_group(match.pk, None, language)] + [
        viewer_group(match.pk, position, language) for position in range(match.players)
    ]


def broadcast(match: Match, message: ChatMessage) -> None:
    """Send a stored message to every viewer of the match, each in the language of its page."""
    layer = get_channel_layer()
    if layer is None:
        return
    sends = [
        (name, {"type": "chat.frame", "html": message_frame(message, language)})
        for language in languages()
        for name in groups(match, language)
    ]
    async_to_sync(_send_all)(layer, sends)


async def _send_all(layer, sends: list[tuple[str, dict]]) -> None:
    await asyncio.gather(*(layer.group_send(name, event) for name, event in sends))
