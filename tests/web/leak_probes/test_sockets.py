"""Leak probes on WebSocket frames.

Each probe either changes only what a viewer may not know and checks every surface stays the
same for them, or plants a distinctive secret and checks no response carries it (surfaces.py).
"""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from config.routing import websocket_urlpatterns
from games.play.consumers import CLOSE_UNAUTHENTICATED
from games.play.services.play import submit_action
from games.play.services.state import current_state
from tests.web.leak_probes.surfaces import (
    CONTINUE,
    RETURN,
    assert_frame_is_own_view,
    drain,
    fresh,
    number,
    open_socket,
    position_of,
    set_state,
    state_json,
)

pytestmark = pytest.mark.django_db(transaction=True)


async def test_ig_socket_frames_are_each_viewers_own_view_after_moves_reveal_and_bad_frames(
    ig_live,
):
    match, people = ig_live
    data = await database_sync_to_async(state_json)(match)
    tents = {0: 4271, 1: 5382, 2: 6493, 3: 7504}
    for index, value in tents.items():
        data["seats"][index]["tent"] = value
    match = await database_sync_to_async(set_state)(match, data)
    watchers = {
        "anonymous": None,
        "spectator": people["zed"],
        "bo": people["bo"],
        "cy": people["cy"],
    }
    sockets = {name: await open_socket(match.pk, user) for name, user in watchers.items()}

    def positions():
        return {name: position_of(match, user) for name, user in watchers.items()}

    seats = await database_sync_to_async(positions)()

    # bo decides: the others' frames say only that bo decided.
    await database_sync_to_async(submit_action)(match.pk, people["bo"], CONTINUE, match.version)
    frames = {name: await drain(s) for name, s in sockets.items()}
    for name, got in frames.items():
        assert got, name
        await database_sync_to_async(assert_frame_is_own_view)(got[-1], match, watchers[name])
        if name != "bo":
            assert "chooses to" not in got[-1] and " chosen" not in got[-1]

    # A bad frame and an illegal move naming another seat: the error goes to the sender only.
    await sockets["bo"].send_to(text_data="{broken")
    await sockets["bo"].send_to(
        text_data=json.dumps({"action": {"type": "decide", "choice": "return", "seat": 0}})
    )
    await sockets["spectator"].send_to(text_data=json.dumps({"action": RETURN}))
    await sockets["anonymous"].send_to(text_data=json.dumps({"action": RETURN}))
    errors = {name: await drain(s) for name, s in sockets.items()}
    assert "not understood" in errors["bo"][0]
    assert "seat" in errors["bo"][1]
    assert "watching" in errors["spectator"][0] and "Log in" in errors["anonymous"][0]
    assert errors["cy"] == []
    for name, got in errors.items():
        for frame in got:
            assert name == "bo" or "chooses to" not in frame, name
            assert str(match.seed) not in frame, name

    # cy decides last: the reveal. Tents change; each frame shows only the viewer's own.
    live = await database_sync_to_async(fresh)(match)
    await database_sync_to_async(submit_action)(match.pk, people["cy"], RETURN, live.version)
    live = await database_sync_to_async(fresh)(match)
    state = await database_sync_to_async(current_state)(live)
    now = {i: s.tent for i, s in enumerate(state.seats)}
    assert all(now[i] >= tents[i] for i in tents)
    for name, s in sockets.items():
        got = await drain(s)
        assert got, name
        for frame in got:
            for index, value in now.items():
                if index != seats[name]:
                    assert not number(value).search(frame), f"{name} sees seat {index}'s tent"
        if seats[name] is not None:
            # Control: the reveal's frame shows the viewer their own tent (a bot's move may
            # follow it, whose frame carries only what that move changed).
            assert any(number(now[seats[name]]).search(frame) for frame in got), name
    for s in sockets.values():
        await s.disconnect()


async def test_inbox_socket_carries_nothing_of_a_match(ig_live):
    match, people = ig_live
    anonymous = WebsocketCommunicator(URLRouter(websocket_urlpatterns), "/ws/inbox/")
    anonymous.scope["user"] = AnonymousUser()
    connected, code = await anonymous.connect()
    assert not connected and code == CLOSE_UNAUTHENTICATED
    inbox = WebsocketCommunicator(URLRouter(websocket_urlpatterns), "/ws/inbox/")
    inbox.scope["user"] = people["cy"]
    connected, _ = await inbox.connect()
    assert connected
    assert (await inbox.receive_json_from())["type"] == "hello"
    await database_sync_to_async(submit_action)(match.pk, people["bo"], RETURN, match.version)
    await inbox.send_to(text_data="{broken")
    frames = []
    while not await inbox.receive_nothing(timeout=0.3):
        frames.append(await inbox.receive_from())
    assert len(frames) == 1 and "only accepts pings" in frames[0]
    await inbox.disconnect()
