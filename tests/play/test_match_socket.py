"""Match sockets: every viewer gets their own fragment; moves may come over the socket too."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from config.routing import websocket_urlpatterns
from games.models import MatchAction
from games.play.consumers import CLOSE_NOT_FOUND
from games.play.services.play import submit_action
from tests.helpers import users

pytestmark = pytest.mark.django_db(transaction=True)

CONTINUE = {"type": "decide", "choice": "continue"}
RETURN = {"type": "decide", "choice": "return"}


async def _socket(match_id: int, user) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(
        URLRouter(websocket_urlpatterns), f"/ws/matches/{match_id}/"
    )
    communicator.scope["user"] = user
    connected, _ = await communicator.connect()
    assert connected
    return communicator


@pytest.fixture
def match_and_people(ig_match):
    match = ig_match()
    return match, users(match)


async def test_a_move_reaches_the_other_players_socket_as_their_own_fragment(match_and_people):
    match, people = match_and_people
    bo = await _socket(match.pk, people["bo"])
    await database_sync_to_async(submit_action)(match.pk, people["ana"], RETURN, match.version)
    frame = await bo.receive_from(timeout=5)
    # Only what changed, said to apply on top of the version the page shows.
    assert f'data-version="{match.version + 1}" data-base="{match.version}"' in frame
    assert "decided" in frame  # that ana has decided is public ...
    assert "chooses to return" not in frame  # ... what she chose is not
    assert "Return to camp" in frame  # bo's own buttons: it is bo's view
    await bo.disconnect()


async def test_the_mover_sees_their_secret_choice_and_a_spectator_does_not(match_and_people):
    match, people = match_and_people
    ana = await _socket(match.pk, people["ana"])
    spectator = await _socket(match.pk, AnonymousUser())
    await database_sync_to_async(submit_action)(match.pk, people["ana"], RETURN, match.version)
    mine = await ana.receive_from(timeout=5)
    theirs = await spectator.receive_from(timeout=5)
    assert "chooses to return (secret)" in mine
    assert "chooses to return" not in theirs
    assert "Return to camp" not in theirs
    await ana.disconnect()
    await spectator.disconnect()


async def test_a_move_sent_over_the_socket_is_validated_like_a_post(match_and_people):
    match, people = match_and_people
    ana = await _socket(match.pk, people["ana"])
    await ana.send_to(
        text_data=json.dumps({"action": json.dumps(CONTINUE), "version": match.version})
    )
    frame = await ana.receive_from(timeout=5)
    assert f'data-version="{match.version + 1}"' in frame
    assert await database_sync_to_async(MatchAction.objects.filter(match=match).count)() == 1

    await ana.send_to(text_data=json.dumps({"action": {"type": "decide", "choice": "maybe"}}))
    error = await ana.receive_from(timeout=5)
    assert "maybe" in error and "message-error" in error
    await ana.send_to(text_data="{{{ not json")
    error = await ana.receive_from(timeout=5)
    assert "not understood" in error
    assert await database_sync_to_async(MatchAction.objects.filter(match=match).count)() == 1
    await ana.disconnect()


async def test_a_spectator_cannot_move_over_the_socket(match_and_people, user_factory):
    match, _ = match_and_people
    eve = await database_sync_to_async(user_factory)("eve")
    socket = await _socket(match.pk, eve)
    await socket.send_to(text_data=json.dumps({"action": CONTINUE, "version": match.version}))
    error = await socket.receive_from(timeout=5)
    assert "only its players can move" in error
    assert not await database_sync_to_async(MatchAction.objects.exists)()
    await socket.disconnect()


async def test_a_private_match_socket_is_refused_to_strangers(user_factory):
    from games.play.services.lobby import MatchSpec, create_match

    ana = await database_sync_to_async(user_factory)("ana")
    match = await database_sync_to_async(create_match)(
        ana, MatchSpec(game="incan-gold", players=3, private=True)
    )
    communicator = WebsocketCommunicator(
        URLRouter(websocket_urlpatterns), f"/ws/matches/{match.pk}/"
    )
    communicator.scope["user"] = AnonymousUser()
    connected, code = await communicator.connect()
    assert not connected and code == CLOSE_NOT_FOUND
    communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), "/ws/matches/99999/")
    communicator.scope["user"] = ana
    connected, code = await communicator.connect()
    assert not connected and code == CLOSE_NOT_FOUND


async def _socket_at(match_id: int, user, query: str) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(
        URLRouter(websocket_urlpatterns), f"/ws/matches/{match_id}/?{query}"
    )
    communicator.scope["user"] = user
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def test_a_page_that_connects_after_a_change_is_sent_the_board_at_once(match_and_people):
    # The page was rendered at this version; a move lands before its socket opens.
    match, people = match_and_people
    await database_sync_to_async(submit_action)(match.pk, people["ana"], RETURN, match.version)
    bo = await _socket_at(match.pk, people["bo"], f"v={match.version}")
    frame = await bo.receive_from(timeout=5)
    assert f'data-version="{match.version + 1}"' in frame
    assert "decided" in frame and "chooses to return" not in frame
    await bo.disconnect()


async def test_a_page_that_is_up_to_date_or_sends_no_version_is_sent_nothing_on_connect(
    match_and_people,
):
    match, people = match_and_people
    for query in (f"v={match.version}", "", "v=", "v=soon", "v=-3x", "v=%C2%B2", "v=1&v=2"):
        bo = await _socket_at(match.pk, people["bo"], query)
        assert await bo.receive_nothing(timeout=0.2)
        await bo.disconnect()


def test_the_match_page_tells_its_socket_which_version_it_shows(client, match_and_people):
    match, people = match_and_people
    client.force_login(people["ana"])
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert f'ws-connect="/ws/matches/{match.pk}/?v={match.version}"' in page
