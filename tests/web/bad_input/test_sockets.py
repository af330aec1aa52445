"""Bad WebSocket frames and connections: a clear error, nothing changed.

Every probe checks the answer (status and a message a player can act on) and that the match,
its seats and its action log are as they were.
"""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from config.routing import websocket_urlpatterns
from games.models import Match
from tests.web.bad_input.probes import CONTINUE, HUGE, snapshot

pytestmark = pytest.mark.django_db(transaction=True)


async def _socket(path: str, user) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), path)
    communicator.scope["user"] = user
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def _asnap(match: Match) -> tuple:
    return await database_sync_to_async(snapshot)(match)


async def _frame_error(match: Match, user, **frame) -> str:
    """Send one frame over the match socket; the frame that comes back."""
    socket = await _socket(f"/ws/matches/{match.pk}/", user)
    try:
        await socket.send_to(**frame)
        return await socket.receive_from(timeout=5)
    finally:
        await socket.disconnect()


@pytest.mark.parametrize(
    ("frame", "message"),
    [
        ({"text_data": "{{{ not json"}, "not understood"),
        ({"text_data": "[1, 2]"}, "not understood"),
        ({"text_data": '"continue"'}, "not understood"),
        ({"text_data": "5"}, "not understood"),
        ({"text_data": "null"}, "not understood"),
        ({"text_data": "\udcff"}, "not understood"),
        ({"bytes_data": b"\xff\xfe\x00"}, "not understood"),
        ({"bytes_data": json.dumps({"action": CONTINUE}).encode()}, "not understood"),
        ({"text_data": json.dumps({"type": "ping"})}, "not understood"),
        ({"text_data": json.dumps({"action": 5})}, "not understood"),
        ({"text_data": json.dumps({"action": [CONTINUE]})}, "not understood"),
        ({"text_data": json.dumps({"action": {"type": "decide", "choice": {}}})}, "unknown"),
        ({"text_data": json.dumps({"action": {**CONTINUE, "x": 1}})}, "unexpected field"),
        ({"text_data": json.dumps({"do": 5})}, "not understood"),
        ({"text_data": json.dumps({"do": json.dumps(CONTINUE), "cards": 5})}, "not understood"),
        ({"text_data": json.dumps({"do": json.dumps(CONTINUE), "cards": [[1]]})}, "not understood"),
        ({"text_data": json.dumps({"action": CONTINUE, "version": "abc"})}, "broken board"),
        ({"text_data": json.dumps({"action": CONTINUE, "version": [1]})}, "broken board"),
        ({"text_data": json.dumps({"action": CONTINUE, "version": {"v": 1}})}, "broken board"),
        (
            {"text_data": '{"action": {"type": "decide", "choice": "continue"}, "version": NaN}'},
            "broken board",
        ),
        ({"text_data": json.dumps({"action": CONTINUE, "version": 10**30})}, "does not exist yet"),
        ({"text_data": json.dumps({"action": CONTINUE, "version": -1})}, "board changed"),
        ({"text_data": json.dumps({"action": "x" * 60_000})}, "not understood"),
    ],
)
async def test_a_bad_match_socket_frame_is_answered_and_changes_nothing(ig, frame, message):
    match, people = ig
    before = await _asnap(match)
    reply = await _frame_error(match, people["ana"], **frame)
    assert message in reply and "message-error" in reply
    assert await _asnap(match) == before


@pytest.mark.parametrize("version", ["1e999", "Infinity", "-Infinity"])
async def test_an_infinite_version_in_a_socket_frame_is_answered(ig, version):
    match, people = ig
    before = await _asnap(match)
    text = '{"action": {"type": "decide", "choice": "continue"}, "version": ' + version + "}"
    reply = await _frame_error(match, people["ana"], text_data=text)
    assert "broken board version" in reply
    assert await _asnap(match) == before


async def test_a_deeply_nested_match_socket_frame_is_answered(ig):
    match, people = ig
    reply = await _frame_error(match, people["ana"], text_data="[" * 60_000)
    assert "not understood" in reply


@pytest.mark.parametrize("path", ["matches", "inbox"])
@pytest.mark.parametrize(
    "frame", [{"text_data": "x" * 1_000_000}, {"bytes_data": b"\0" * (64 * 1024 + 1)}]
)
async def test_a_frame_over_64_kb_is_answered_and_its_socket_closed(ig, path, frame):
    match, people = ig
    before = await _asnap(match)
    url = f"/ws/matches/{match.pk}/" if path == "matches" else "/ws/inbox/"
    socket = await _socket(url, people["ana"])
    if path == "inbox":
        assert (await socket.receive_json_from(timeout=5))["type"] == "hello"
    await socket.send_to(**frame)
    assert "too large" in await socket.receive_from(timeout=5)
    assert (await socket.receive_output(timeout=5)) == {"type": "websocket.close", "code": 4413}
    assert await _asnap(match) == before


async def test_anonymous_and_spectator_frames_move_nothing(ig, user_factory):
    match, _ = ig
    before = await _asnap(match)
    frame = json.dumps({"action": CONTINUE, "version": match.version})
    reply = await _frame_error(match, AnonymousUser(), text_data=frame)
    assert "Log in to play." in reply
    eve = await database_sync_to_async(user_factory)("eve")
    reply = await _frame_error(match, eve, text_data=frame)
    assert "only its players can move" in reply
    assert await _asnap(match) == before


async def test_a_socket_for_a_match_that_does_not_exist_is_refused():
    for path in ("/ws/matches/0/", f"/ws/matches/{HUGE}/"):
        communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), path)
        communicator.scope["user"] = AnonymousUser()
        connected, code = await communicator.connect()
        assert not connected and code == 4404


async def test_the_socket_survives_a_bad_frame_and_takes_a_good_one_after(ig):
    match, people = ig
    socket = await _socket(f"/ws/matches/{match.pk}/", people["ana"])
    await socket.send_to(text_data="garbage")
    assert "not understood" in await socket.receive_from(timeout=5)
    await socket.send_to(text_data=json.dumps({"action": CONTINUE, "version": match.version}))
    assert f'data-version="{match.version + 1}"' in await socket.receive_from(timeout=5)
    await socket.disconnect()
    assert len((await _asnap(match))[5]) == 1


@pytest.mark.parametrize(
    "text", ["{{{", "[1]", "5", "null", json.dumps({"type": "move"}), "x" * 60_000]
)
async def test_a_bad_inbox_frame_is_answered(user_factory, text):
    ana = await database_sync_to_async(user_factory)("ana")
    socket = await _socket("/ws/inbox/", ana)
    assert (await socket.receive_json_from(timeout=5))["type"] == "hello"
    await socket.send_to(text_data=text)
    assert await socket.receive_json_from(timeout=5) == {
        "type": "error",
        "message": "This socket only accepts pings.",
    }
    await socket.disconnect()


@pytest.mark.parametrize("frame", [{"bytes_data": b"\x00ping"}, {"bytes_data": b"{}"}])
async def test_a_binary_inbox_frame_is_answered(user_factory, frame):
    ana = await database_sync_to_async(user_factory)("ana")
    socket = await _socket("/ws/inbox/", ana)
    await socket.receive_json_from(timeout=5)
    await socket.send_to(**frame)
    assert (await socket.receive_json_from(timeout=5))["type"] == "error"
    await socket.disconnect()


async def test_a_deeply_nested_inbox_frame_is_answered(user_factory):
    ana = await database_sync_to_async(user_factory)("ana")
    socket = await _socket("/ws/inbox/", ana)
    await socket.receive_json_from(timeout=5)
    await socket.send_to(text_data="[" * 100_000)
    assert (await socket.receive_json_from(timeout=5))["type"] == "error"
    await socket.disconnect()


async def test_a_frame_to_a_cancelled_match_is_answered(cancelled):
    match, ana = cancelled
    reply = await _frame_error(match, ana, text_data=json.dumps({"action": CONTINUE}))
    assert "This match is over." in reply
