"""The in-memory channel layer of the embedded default, with its housekeeping spread out.

Channels' in-memory layer walks every queue and every group membership for expired entries on
each `receive` and `group_send`: with a few hundred sockets that walk cost more than the pushes
themselves. Here it runs at most once per `CLEAN_INTERVAL`; messages expire after a minute and
group memberships after a day, so sweeping a second late changes nothing a page can see.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from copy import deepcopy

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer

CLEAN_INTERVAL = 1.0  # seconds between sweeps for expired messages and memberships


class SweepingInMemoryChannelLayer(InMemoryChannelLayer):
    """`InMemoryChannelLayer` that sweeps for expired entries once a second, not per call."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._next_sweep = 0.0

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now < self._next_sweep:
            return
        self._next_sweep = now + CLEAN_INTERVAL
        super()._clean_expired()

    async def group_send(self, group: str, message: dict) -> None:
        # Putting on an in-memory queue never waits: no task per member is needed.
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, {})):
            with contextlib.suppress(ChannelFull):  # a full channel misses it, as upstream
                self._put(channel, message)

    async def send(self, channel: str, message: dict) -> None:
        assert isinstance(message, dict), "message is not a dict"
        self.require_valid_channel_name(channel)
        assert "__asgi_channel__" not in message
        self._put(channel, message)

    def _put(self, channel: str, message: dict) -> None:
        queue = self.channels.get(channel)
        if queue is None:
            queue = self.channels[channel] = asyncio.Queue(maxsize=self.get_capacity(channel))
        try:
            queue.put_nowait((time.time() + self.expiry, deepcopy(message)))
        except asyncio.QueueFull:
            raise ChannelFull(channel) from None
