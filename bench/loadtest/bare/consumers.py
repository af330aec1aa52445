"""The bare match socket: join one group per match and forward what it carries."""

from __future__ import annotations

from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings


def group_name(match_id: int) -> str:
    """The group of one bare match's sockets."""
    return f"{settings.GROUP_PREFIX}.{match_id}"


class BareConsumer(AsyncWebsocketConsumer):
    """Forwards every pushed fragment as it is; no reads, no rendering."""

    async def connect(self) -> None:
        self.group = group_name(int(self.scope["url_route"]["kwargs"]["match_id"]))
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def bare_push(self, event: dict) -> None:
        await self.send(text_data=event["html"])
