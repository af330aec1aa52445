"""WebSocket consumers."""

from __future__ import annotations

from channels.generic.websocket import AsyncJsonWebsocketConsumer

# Close code for "sign in first" (4000-4999 are free for applications).
CLOSE_UNAUTHENTICATED = 4401


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
        except ValueError:
            return None

    async def receive_json(self, content: object, **kwargs: object) -> None:
        # The inbox only pushes; a client may ping to keep a proxy from closing the socket.
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"type": "pong"})
        else:
            await self.send_json({"type": "error", "message": "This socket only accepts pings."})

    async def inbox_notice(self, event: dict) -> None:
        await self.send_json({"type": "notice", "text": event.get("text", "")})
