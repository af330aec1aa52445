"""WebSocket consumers: they join the group of the viewer they are and forward bytes."""

from __future__ import annotations

import contextlib
import json
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer, AsyncWebsocketConsumer
from django.conf import settings
from django.core.cache import cache
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.language import scope_language
from games.chat.live import error_frame as chat_error_frame
from games.chat.service import ChatRefused, post_message
from games.models import Match
from games.play.access import SESSION_INVITES, may_view
from games.play.live import render
from games.play.live.viewers import inbox_group, unwatch, viewer_group, watch
from games.play.services import ServiceError
from games.play.services.play import submit_action
from games.play.submission import parse_submission
from games.presenters.page import viewer_position

# Application close codes (4000-4999 are free for applications).
CLOSE_UNAUTHENTICATED = 4401
CLOSE_NOT_FOUND = 4404
CLOSE_TOO_LARGE = 4413
CLOSE_TOO_MANY = 4429
SOCKET_COUNT_SECONDS = 3600  # a count left by a worker that died fades away


def _shown_version(query_string: bytes) -> int | None:
    """The board version the page says it shows (`?v=N`), or None when it names none."""
    values = parse_qs(query_string.decode("latin-1")).get("v", [])
    if len(values) != 1 or not (values[0].isascii() and values[0].isdigit()):
        return None
    return int(values[0])


def _too_large(text_data: str | None, bytes_data: bytes | None) -> bool:
    size = (
        len(text_data.encode("utf-8", "surrogatepass"))
        if text_data is not None
        else len(bytes_data or b"")
    )
    return size > settings.SOCKET_MAX_FRAME_BYTES


def _json_object(text_data: str | None) -> dict | None:
    """A text frame's JSON object, or None when it is not one."""
    try:
        data = json.loads(text_data or "")
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


class _DirectDispatch:
    """Runs each handler straight away. Channels first closes stale database connections on
    every message, a hop to a worker thread and back: per socket, per frame pushed. These
    consumers read the database only through `database_sync_to_async`, which closes stale
    connections itself, so forwarding a frame stays on the event loop."""

    async def dispatch(self, message: dict) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)


class _CountedSockets:
    """Counts a signed-in player's open sockets across workers, refusing past the limit."""

    counted = False

    def _count_key(self) -> str:
        return f"sockets:{self.scope['user'].pk}"

    async def _take_slot(self) -> bool:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            return True
        key = self._count_key()
        await cache.aadd(key, 0, SOCKET_COUNT_SECONDS)
        count = await cache.aincr(key)
        await cache.atouch(key, SOCKET_COUNT_SECONDS)
        self.counted = True
        return count <= settings.SOCKETS_PER_USER

    async def _free_slot(self) -> None:
        if self.counted:
            self.counted = False
            with contextlib.suppress(ValueError):  # the count expired meanwhile
                await cache.adecr(self._count_key())

    async def _refuse_too_many(self, send) -> None:
        await self.accept()
        with translation.override(scope_language(self.scope)):
            message = _(
                "Too many open pages: close some of this site's tabs (at most %(limit)s)."
            ) % {"limit": settings.SOCKETS_PER_USER}
        await send(message)
        await self._free_slot()
        await self.close(code=CLOSE_TOO_MANY)


class InboxConsumer(_DirectDispatch, _CountedSockets, AsyncJsonWebsocketConsumer):
    """A signed-in player's personal channel: "your turn" and match notices reach every tab."""

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        if not await self._take_slot():
            await self._refuse_too_many(self._error)
            return
        self.group = inbox_group(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_json({"type": "hello", "user": user.username})

    async def disconnect(self, code: int) -> None:
        await self._free_slot()
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def _error(self, message: str) -> None:
        await self.send_json({"type": "error", "message": message})

    @classmethod
    async def decode_json(cls, text_data: str) -> object:
        # A malformed frame is answered, not allowed to close the socket with a traceback.
        try:
            return await super().decode_json(text_data)
        except (ValueError, RecursionError):
            return None

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: object
    ) -> None:
        with translation.override(scope_language(self.scope)):
            too_large, pings_only = (
                _("That message is too large."),
                _("This socket only accepts pings."),
            )
        if _too_large(text_data, bytes_data):
            await self._error(too_large)
            await self.close(code=CLOSE_TOO_LARGE)
            return
        if text_data is None:  # a binary frame: nothing this socket understands
            await self._error(pings_only)
            return
        await super().receive(text_data=text_data, **kwargs)

    async def receive_json(self, content: object, **kwargs: object) -> None:
        # The inbox only pushes; a client may ping to keep a proxy from closing the socket.
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"type": "pong"})
        else:
            with translation.override(scope_language(self.scope)):
                message = _("This socket only accepts pings.")
            await self._error(message)

    async def inbox_notice(self, event: dict) -> None:
        # Only what the player's own notification says: counts, and the news in their words.
        fields = ("unread", "turns", "kind", "headline", "text", "url")
        await self.send_json({"type": "notice", **{k: event[k] for k in fields if k in event}})


class MatchConsumer(_DirectDispatch, _CountedSockets, AsyncWebsocketConsumer):
    """One match page's socket: joined to its viewer's group, it forwards the frames rendered
    for that viewer (a seat's only to that seat's player) and the chat's, and takes moves and
    chat messages."""

    sent_version = -1
    watching = False

    async def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        self.user = self.scope.get("user")
        # Frames come in the language the page was served in, and so do this socket's errors.
        self.language = scope_language(self.scope)
        allowed, self.position = await database_sync_to_async(self._viewer)()
        if not allowed:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        if not await self._take_slot():
            await self._refuse_too_many(self._send_flash)
            return
        self.group = viewer_group(self.match_id, self.position, self.language)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await watch(self.match_id, self.position, self.language)
        self.watching = True
        await self.accept()
        # A move made between the page's render and this socket joining its group would
        # otherwise never reach the page: the frame for it was sent before.
        shown = _shown_version(self.scope.get("query_string", b""))
        if shown is not None:
            version, html = await database_sync_to_async(self._catch_up)(shown)
            if html and version > self.sent_version:
                self.sent_version = version
                await self.send(text_data=html)

    async def disconnect(self, code: int) -> None:
        await self._free_slot()
        if self.watching:
            self.watching = False
            await unwatch(self.match_id, self.position, self.language)
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    def _viewer(self) -> tuple[bool, int | None]:
        """Whether this socket may watch the match, and the seat it sees (None: the public)."""
        match = Match.objects.filter(pk=self.match_id).first()
        if match is None:
            return False, None
        session = self.scope.get("session")
        invites = session.get(SESSION_INVITES, []) if session is not None else []
        if not may_view(match, self.user, invites):
            return False, None
        return True, viewer_position(match, self.user)

    def _catch_up(self, shown: int) -> tuple[int, str]:
        match = Match.objects.get(pk=self.match_id)
        if match.version <= shown:
            return match.version, ""
        with translation.override(self.language):
            rendered = render.current(match, self.position)
            return rendered.version, render.for_socket(render.compose(match, rendered))

    async def live_frame(self, event: dict) -> None:
        # Rendered once for this viewer by whoever made the change: only forwarded here.
        version = event.get("version", 0)
        if version <= self.sent_version:
            return
        self.sent_version = version
        await self.send(text_data=event["html"])

    async def _send_flash(self, message: str) -> None:
        await self.send(text_data=render.flash_html(message))

    async def chat_frame(self, event: dict) -> None:
        # A chat message, rendered once for every viewer: it changes no board version.
        await self.send(text_data=event["html"])

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if _too_large(text_data, bytes_data):
            with translation.override(self.language):
                message = _("That message is too large.")
            await self._send_flash(message)
            await self.close(code=CLOSE_TOO_LARGE)
            return
        data = _json_object(text_data)
        if data is not None and data.get("type") == "chat":
            error = await database_sync_to_async(self._chat)(data.get("text"))
            if error:
                await self.send(text_data=chat_error_frame(error))
            return
        error = await database_sync_to_async(self._submit)(data)
        if error:
            await self._send_flash(error)

    def _chat(self, text: object) -> str:
        """Write in the match's chat; why not, for this socket alone."""
        with translation.override(self.language):
            return self._chat_refusal(text)

    def _chat_refusal(self, text: object) -> str:
        match = Match.objects.filter(pk=self.match_id).first()
        if match is None:
            return _("This match is gone.")
        try:
            post_message(match, self.user, text)
        except ChatRefused as exc:
            return exc.message
        return ""

    def _submit(self, data: dict | None) -> str:
        with translation.override(self.language):
            return self._refusal(data)

    def _refusal(self, data: dict | None) -> str:
        if self.user is None or not self.user.is_authenticated:
            return _("Log in to play.")
        if data is None:
            return _("That move is not understood.")
        try:
            action, version = parse_submission(data)
            submit_action(self.match_id, self.user, action, version)
        except ServiceError as exc:
            return exc.message
        return ""
