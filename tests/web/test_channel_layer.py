"""The embedded default's in-memory channel layer: the same contract, housekeeping spread out."""

from __future__ import annotations

import asyncio

import pytest
from channels.exceptions import ChannelFull

from config import layers
from config.layers import SweepingInMemoryChannelLayer


async def test_a_group_send_reaches_every_member_and_no_one_else():
    layer = SweepingInMemoryChannelLayer()
    ana, bo, cy = [await layer.new_channel() for _ in range(3)]
    await layer.group_add("seat-0", ana)
    await layer.group_add("seat-0", bo)
    await layer.group_add("seat-1", cy)
    await layer.group_send("seat-0", {"type": "live.frame", "html": "<i>0</i>"})
    assert await layer.receive(ana) == {"type": "live.frame", "html": "<i>0</i>"}
    assert await layer.receive(bo) == {"type": "live.frame", "html": "<i>0</i>"}
    with pytest.raises(asyncio.TimeoutError):
        await asyncio.wait_for(layer.receive(cy), 0.05)


async def test_each_member_gets_its_own_copy():
    layer = SweepingInMemoryChannelLayer()
    ana, bo = await layer.new_channel(), await layer.new_channel()
    for channel in (ana, bo):
        await layer.group_add("g", channel)
    await layer.group_send("g", {"type": "x", "items": [1]})
    first = await layer.receive(ana)
    first["items"].append(2)
    assert (await layer.receive(bo))["items"] == [1]


async def test_a_full_channel_drops_a_group_message_but_refuses_a_direct_one():
    layer = SweepingInMemoryChannelLayer(capacity=1)
    ana, bo = await layer.new_channel(), await layer.new_channel()
    for channel in (ana, bo):
        await layer.group_add("g", channel)
    await layer.send(ana, {"type": "first"})
    await layer.group_send("g", {"type": "second"})  # ana is full: only bo gets it
    assert await layer.receive(ana) == {"type": "first"}
    assert await layer.receive(bo) == {"type": "second"}
    await layer.send(ana, {"type": "third"})
    with pytest.raises(ChannelFull):
        await layer.send(ana, {"type": "fourth"})


async def test_expired_messages_and_their_channels_are_swept_once_the_interval_passes():
    layer = SweepingInMemoryChannelLayer(expiry=0)
    ana, bo = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("g", ana)
    await layer.group_add("g", bo)
    await layer.send(ana, {"type": "stale"})
    await asyncio.sleep(0.01)
    layer._next_sweep = 0.0  # the interval has passed
    await layer.group_send("g", {"type": "fresh"})
    # The expired message went, and its channel left the group with it.
    assert ana not in layer.groups["g"]
    assert (await layer.receive(bo))["type"] == "fresh"
    # Within the interval no sweep runs: a stale message waits for the next one.
    await layer.send(bo, {"type": "stale-too"})
    await asyncio.sleep(0.01)
    layer._next_sweep = layers.time.monotonic() + 60  # the next sweep is a minute away
    await layer.group_send("g", {"type": "later"})
    assert bo in layer.groups["g"]
