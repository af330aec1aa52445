"""WebSocket consumers."""

from __future__ import annotations

import json
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer, AsyncWebsocketConsumer
from django.conf import settings

from games.access import SESSION_INVITES, may_view
from games.boards.page import render_live
from games.models import Match
from games.services import ServiceError
from games.services.broadcast import match_group
from games.services.play import submit_action
from games.views import parse_submission

# Close code for "sign in first" (4000-4999 are free for applications).
CLOSE_UNAUTHENTICATED = 4401


def _shown_version(query_string: bytes) -> int | None:
    """The board version the page says it shows (`?v=N`), or None when it names none."""
    values = parse_qs(query_string.decode("latin-1")).get("v", [])
    if len(values) != 1 or not (values[0].isascii() and values[0].isdigit()):
        return None
    return int(values[0])


def inbox_group(user_id: int) -> str:
    """The channel-layer group that reaches every open page of one player."""
    return f"inbox.{user_id}"


class InboxConsumer(AsyncJsonWebsocketConsumer):
    """A signed-in player's personal channel: "your turn" and match notices reach every tab."""

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=CLOSE_UNAUTHENTICATED)
            return
        self.group = inbox_group(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_json({"type": "hello", "user": user.username})

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

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
        if text_data is None:  # a binary frame: nothing this socket understands
            await self.send_json({"type": "error", "message": "This socket only accepts pings."})
            return
        await super().receive(text_data=text_data, **kwargs)

    async def receive_json(self, content: object, **kwargs: object) -> None:
        # The inbox only pushes; a client may ping to keep a proxy from closing the socket.
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"type": "pong"})
        else:
            await self.send_json({"type": "error", "message": "This socket only accepts pings."})

    async def inbox_notice(self, event: dict) -> None:
        await self.send_json({"type": "notice", "text": event.get("text", "")})


CLOSE_NOT_FOUND = 4404


class MatchConsumer(AsyncWebsocketConsumer):
    """One match page's socket: pushes this viewer's own fragment on every change, takes moves."""

    async def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        self.user = self.scope.get("user")
        if not await database_sync_to_async(self._may_view)():
            await self.close(code=CLOSE_NOT_FOUND)
            return
        self.group = match_group(self.match_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        # A move made between the page's render and this socket opening would otherwise never
        # reach the page: the group message for it was sent before this socket joined.
        shown = _shown_version(self.scope.get("query_string", b""))
        if shown is not None:
            html = await database_sync_to_async(self._render)(newer_than=shown)
            if html:
                await self.send(text_data=html)

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    def _may_view(self) -> bool:
        match = Match.objects.filter(pk=self.match_id).first()
        if match is None:
            return False
        session = self.scope.get("session")
        invites = session.get(SESSION_INVITES, []) if session is not None else []
        return may_view(match, self.user, invites)

    def _render(self, flash: str = "", newer_than: int = -1) -> str:
        match = Match.objects.get(pk=self.match_id)
        if match.version <= newer_than:
            return ""  # this socket has already been sent this version
        self.sent_version = match.version
        cookies = self.scope.get("cookies", {})
        return render_live(
            match,
            self.user,
            oob=True,
            flash=flash,
            csrf_token=cookies.get(settings.CSRF_COOKIE_NAME, ""),
        )

    async def match_updated(self, event: dict) -> None:
        # The group message says only "changed"; what this socket sees is rendered for its
        # own user here, so no frame ever carries another player's secrets.
        newer_than = getattr(self, "sent_version", -1)
        if event.get("version", 0) <= newer_than:
            return
        html = await database_sync_to_async(self._render)(newer_than=newer_than)
        if html:
            await self.send(text_data=html)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        error = await database_sync_to_async(self._submit)(text_data)
        if error:
            await self.send(text_data=await database_sync_to_async(self._render)(error))

    def _submit(self, text_data: str | None) -> str:
        if self.user is None or not self.user.is_authenticated:
            return "Log in to play."
        try:
            data = json.loads(text_data or "")
        except (ValueError, RecursionError):
            return "That move is not understood."
        if not isinstance(data, dict):
            return "That move is not understood."
        try:
            action, version = parse_submission(data)
            submit_action(self.match_id, self.user, action, version)
        except ServiceError as exc:
            return exc.message
        return ""
