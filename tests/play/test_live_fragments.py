"""Live fragments: rendered once per viewer and version, pushed to that viewer's group only."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import SyncToAsync as sync_to_async
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.db.backends.base.base import BaseDatabaseWrapper

from config.routing import websocket_urlpatterns
from games.models import Match
from games.play.consumers import CLOSE_TOO_MANY
from games.play.live import render
from games.play.live.publish import publish, relay_token
from games.play.live.viewers import viewer_group
from games.play.services.play import submit_action
from games.presenters.common import take_snapshot
from tests.helpers import users

pytestmark = pytest.mark.django_db(transaction=True)

RETURN = {"type": "decide", "choice": "return"}


async def _socket(match_id: int, user, query: str = "") -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(
        URLRouter(websocket_urlpatterns), f"/ws/matches/{match_id}/{query}"
    )
    communicator.scope["user"] = user
    connected, _ = await communicator.connect()
    assert connected
    return communicator


@pytest.fixture
def match_and_people(ig_match):
    match = ig_match()
    return match, users(match)


async def test_a_seats_group_reaches_only_that_seats_player(match_and_people, user_factory):
    match, people = match_and_people
    eve = await database_sync_to_async(user_factory)("eve")
    ana, bo = await _socket(match.pk, people["ana"]), await _socket(match.pk, people["bo"])
    stranger, guest = await _socket(match.pk, eve), await _socket(match.pk, AnonymousUser())
    layer = get_channel_layer()
    frame = {"type": "live.frame", "version": match.version + 5, "html": "<i id='x'>ana</i>"}
    await layer.group_send(viewer_group(match.pk, 0), frame)
    assert await ana.receive_from(timeout=5) == frame["html"]
    for other in (bo, stranger, guest):
        assert await other.receive_nothing(timeout=0.2)
    public = {**frame, "version": match.version + 6, "html": "<i id='x'>all</i>"}
    await layer.group_send(viewer_group(match.pk, None), public)
    assert await stranger.receive_from(timeout=5) == public["html"]
    assert await guest.receive_from(timeout=5) == public["html"]
    for seated in (ana, bo):
        assert await seated.receive_nothing(timeout=0.2)
    for socket in (ana, bo, stranger, guest):
        await socket.disconnect()


async def _push_version(match: Match, position: int, version: int) -> str:
    """Send a seat's group a frame holding only a version marker; return the frame."""
    html = f'<span id="match-version" data-version="{version}" hidden></span>'
    await get_channel_layer().group_send(
        viewer_group(match.pk, position), {"type": "live.frame", "version": version, "html": html}
    )
    return html


async def test_a_push_reaches_the_page_without_a_database_query(match_and_people, monkeypatch):
    match, people = match_and_people
    bo = await _socket(match.pk, people["bo"])

    def refuse(*args, **kwargs):
        raise AssertionError("the push path read the database")

    monkeypatch.setattr(BaseDatabaseWrapper, "cursor", refuse)
    html = await _push_version(match, 1, 99)
    assert await bo.receive_from(timeout=5) == html
    monkeypatch.undo()
    await bo.disconnect()


async def test_a_push_is_forwarded_on_the_event_loop_without_a_thread_hop(
    match_and_people, monkeypatch
):
    match, people = match_and_people
    bo = await _socket(match.pk, people["bo"])
    hops = []
    real = sync_to_async.__init__

    def counted(self, func, *args, **kwargs):
        hops.append(getattr(func, "__name__", repr(func)))
        real(self, func, *args, **kwargs)

    monkeypatch.setattr(sync_to_async, "__init__", counted)
    html = await _push_version(match, 1, 98)
    assert await bo.receive_from(timeout=5) == html
    monkeypatch.undo()
    assert hops == []
    await bo.disconnect()


async def test_an_older_or_repeated_frame_is_not_forwarded(match_and_people):
    match, people = match_and_people
    bo = await _socket(match.pk, people["bo"])
    layer = get_channel_layer()
    group = viewer_group(match.pk, 1)
    await layer.group_send(group, {"type": "live.frame", "version": 7, "html": "<b id='a'>7</b>"})
    assert "7" in await bo.receive_from(timeout=5)
    for version in (7, 6):
        await layer.group_send(group, {"type": "live.frame", "version": version, "html": "old"})
    assert await bo.receive_nothing(timeout=0.2)
    await bo.disconnect()


def test_each_viewer_is_rendered_once_per_version_and_refetches_reuse_it(
    match_and_people, client, monkeypatch
):
    match, people = match_and_people
    calls = []
    real = render.render_viewer

    def counted(snapshot, position, selected_card=None):
        calls.append(position)
        return real(snapshot, position, selected_card)

    monkeypatch.setattr(render, "render_viewer", counted)
    submit_action(match.pk, people["ana"], RETURN, match.version)
    assert publish(match.pk) == 4  # the public and three seats
    rendered_before = len(calls)
    for name in ("ana", "bo", "cy"):
        client.force_login(people[name])
        assert client.get(f"/matches/{match.pk}/live/").status_code == 200
        assert client.get(f"/matches/{match.pk}/").status_code == 200
    client.logout()
    client.get(f"/matches/{match.pk}/live/")
    assert len(calls) == rendered_before  # every page came from the kept fragments


def test_a_push_carries_only_the_parts_that_changed(match_and_people):
    match, people = match_and_people
    version = match.version
    fresh = Match.objects.get(pk=match.pk)
    render.current(fresh, 1)  # bo's page at the version before the move
    submit_action(match.pk, people["ana"], RETURN, version)
    fresh = Match.objects.get(pk=match.pk)
    from games.presenters.common import take_snapshot

    new = render.render_viewer(take_snapshot(fresh), 1)
    old = render.cached(fresh, version, 1)
    frame = render.push_frame(fresh, new, old)
    whole = render.for_socket(render.compose(fresh, new))
    assert f'data-version="{version + 1}" data-base="{version}"' in frame
    assert 'id="ig-players"' in frame  # ana has decided: that shows in the players' table
    assert 'id="ig-path"' not in frame  # no card was turned
    assert len(frame) < len(whole)
    # Without the version before, the page is sent whole.
    whole_frame = render.push_frame(fresh, new, None)
    assert whole_frame.startswith('<div id="match-live">') and "data-base" not in whole_frame


def test_pushed_fragments_carry_no_csrf_token_and_pages_carry_their_own(match_and_people, client):
    match, people = match_and_people
    client.force_login(people["ana"])
    page = client.get(f"/matches/{match.pk}/").content.decode()
    token = client.cookies["csrftoken"].value
    assert 'name="csrfmiddlewaretoken" value="' in page and render.CSRF_SLOT not in page
    assert token  # the page's forms and its body header carry this browser's token
    fresh = Match.objects.get(pk=match.pk)
    whole = render.for_socket(render.compose(fresh, render.current(fresh, 0)))
    assert "csrfmiddlewaretoken" not in whole and render.CSRF_SLOT not in whole


def test_a_move_posted_without_javascript_keeps_working(match_and_people, client):
    match, people = match_and_people
    client.force_login(people["ana"])
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'value="{&quot;type&quot;: &quot;decide&quot;' in page or '"decide"' in page
    response = client.post(
        f"/matches/{match.pk}/act/", {"action": json.dumps(RETURN), "version": match.version}
    )
    assert response.status_code == 302
    assert Match.objects.get(pk=match.pk).version == match.version + 1


def test_the_relay_publishes_a_genuine_notice_and_refuses_a_forged_one(match_and_people, client):
    match, _ = match_and_people
    ok = client.post(
        "/internal/live/", json.dumps({"token": relay_token(match.pk)}), "application/json"
    )
    assert ok.status_code == 200 and ok.json() == {"frames": 4}
    forged = relay_token(match.pk)[:-2] + "xx"
    for body in (json.dumps({"token": forged}), "{}", "not json", json.dumps({"token": 5})):
        response = client.post("/internal/live/", body, "application/json")
        assert response.status_code == 403
    assert client.post("/internal/live/", "x" * 10_000, "application/json").status_code == 413


async def test_a_player_with_too_many_open_sockets_is_told_so(match_and_people, settings):
    match, people = match_and_people
    settings.SOCKETS_PER_USER = 2
    first, second = await _socket(match.pk, people["ana"]), await _socket(match.pk, people["ana"])
    third = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/matches/{match.pk}/")
    third.scope["user"] = people["ana"]
    connected, _ = await third.connect()
    assert connected
    assert "Too many open pages" in await third.receive_from(timeout=5)
    assert (await third.receive_output(timeout=5)) == {
        "type": "websocket.close",
        "code": CLOSE_TOO_MANY,
    }
    await first.disconnect()  # a closed tab frees its place
    again = await _socket(match.pk, people["ana"])
    assert await again.receive_nothing(timeout=0.2)
    for socket in (second, again):
        await socket.disconnect()


def test_an_htmx_move_is_answered_with_only_what_changed(match_and_people, client):
    match, people = match_and_people
    client.force_login(people["ana"])
    client.get(f"/matches/{match.pk}/")  # the board the form is on
    response = client.post(
        f"/matches/{match.pk}/act/",
        {"action": json.dumps(RETURN), "version": match.version},
        HTTP_HX_REQUEST="true",
    )
    body = response.content.decode()
    assert response["HX-Reswap"] == "none"
    assert f'data-version="{match.version + 1}" data-base="{match.version}"' in body
    assert '<div hx-swap-oob="true" id="ig-decide"' in body
    assert 'id="match-live"' not in body and "csrfmiddlewaretoken" not in body
    # A move refused is answered with the whole live part and the reason, with its own token.
    refused = client.post(
        f"/matches/{match.pk}/act/",
        {"action": json.dumps({"type": "decide", "choice": "maybe"}), "version": match.version},
        HTTP_HX_REQUEST="true",
    )
    page = refused.content.decode()
    assert not refused.has_header("HX-Reswap") and 'id="match-live"' in page
    assert "message-error" in page and 'name="csrfmiddlewaretoken" value="' in page


def _context_of(match: Match, position: int | None) -> dict:
    from games.presenters.common import base_context, take_snapshot

    return base_context(match, None, snapshot=take_snapshot(match), you=position)


def test_shared_parts_read_the_same_from_every_viewers_view(ig_match):
    from games.presenters.common import take_snapshot
    from games.presenters.registry import presenter_for

    match = ig_match(bots=("random", "cautious"), players=4)
    shared = [p.name for p in presenter_for(match.game).parts if p.shared]
    keyed = [p for p in (*presenter_for(match.game).parts, *render.COMMON_PARTS) if p.alike]
    assert shared and keyed
    from games.play.services.state import current_state, engine_for

    seated = {s.position: s.user for s in match.seats.select_related("user") if s.user}
    reveals = 0
    for _ in range(60):  # through reveals, hazards and the end of rounds
        match = Match.objects.get(pk=match.pk)
        if match.is_over:
            break
        seen = {}
        alike: dict[tuple, str] = {}
        for position in (None, 0, 1, 2, 3):
            rendered = render.render_viewer(take_snapshot(match), position)  # each afresh
            seen[position] = {name: rendered.parts[name] for name in shared}
            context = _context_of(match, position)
            for part in keyed:
                # Viewers with the same key are sent one rendering: each afresh must agree.
                key = (part.name, part.alike(context))
                assert alike.setdefault(key, rendered.parts[part.name]) == rendered.parts[part.name]
        assert all(parts == seen[None] for parts in seen.values())
        waiting = engine_for(match).to_act(current_state(match)) & set(seated)
        position = min(waiting)
        reveals += position == max(waiting)
        submit_action(match.pk, seated[position], {"type": "decide", "choice": "continue"}, None)
    assert reveals > 5


def _assert_one_rendering_fits_each_alike_viewer(match: Match) -> None:
    from games.presenters.common import take_snapshot
    from games.presenters.registry import presenter_for

    parts = (*presenter_for(match.game).parts, *render.COMMON_PARTS)
    renderings: dict[tuple, str] = {}
    for position in (None, *range(match.players)):
        rendered = render.render_viewer(take_snapshot(match), position)  # each afresh
        context = _context_of(match, position)
        for part in parts:
            if part.static or not (part.shared or part.alike):
                continue
            key = (part.name, part.alike(context) if part.alike else None)
            html = rendered.parts[part.name]
            assert renderings.setdefault(key, html) == html, (part.name, position)


def test_el_dorado_parts_sent_alike_read_the_same_to_each_of_their_viewers(user_factory):
    from tests.web.leak_probes.surfaces import ed_round, make_match

    match, people = make_match(user_factory, "el-dorado", ("ana", "bo", "cy"), map="home-stretch")
    _assert_one_rendering_fits_each_alike_viewer(match)
    match = ed_round(match, people)
    _assert_one_rendering_fits_each_alike_viewer(match)
    assert match.players == 3


async def test_a_viewer_nobody_watches_is_not_rendered_and_is_sent_only_a_notice(
    match_and_people, monkeypatch
):
    match, people = match_and_people
    ana, spectator = (
        await _socket(match.pk, people["ana"]),
        await _socket(match.pk, AnonymousUser()),
    )
    bo = await _socket(match.pk, people["bo"])
    await ana.disconnect()
    await spectator.disconnect()  # ana and the public: watched once, by nobody now
    calls = []
    real = render.render_viewer

    def counted(snapshot, position, selected_card=None, **kwargs):
        calls.append((position, kwargs.get("shared_only", False)))
        return real(snapshot, position, selected_card, **kwargs)

    monkeypatch.setattr(render, "render_viewer", counted)
    moved = await database_sync_to_async(submit_action)(
        match.pk, people["bo"], RETURN, match.version
    )
    frame = await bo.receive_from(timeout=5)
    assert f'data-version="{moved.version}"' in frame and "ig-decide" in frame
    # The public is drawn only for the parts every viewer shares; ana's seat not at all, cy's
    # (never counted) as before.
    assert (None, True) in calls and (1, False) in calls and (2, False) in calls
    assert not any(position == 0 for position, _ in calls)
    assert (None, False) not in calls
    # A page the count missed is told the version changed and fetches it whole.
    marker = render.notice(moved.version)
    assert marker == (
        f'<span id="match-version" data-version="{moved.version}"'
        f' data-base="{moved.version}" hidden></span>'
    )
    await bo.disconnect()


def test_a_viewer_left_unrendered_is_rendered_when_its_page_is_asked_for(match_and_people, client):
    from asgiref.sync import async_to_sync

    from games.play.live.viewers import unwatch, unwatched, watch

    match, people = match_and_people
    async_to_sync(watch)(match.pk, 0)
    async_to_sync(unwatch)(match.pk, 0)
    assert unwatched(match.pk, [None, 0, 1]) == {0}
    moved = submit_action(match.pk, people["bo"], RETURN, match.version)
    assert render.cached(moved, moved.version, 0) is None
    client.force_login(people["ana"])
    page = client.get(f"/matches/{match.pk}/live/").content.decode()
    assert f'data-version="{moved.version}"' in page
    assert render.cached(moved, moved.version, 0) is not None
    async_to_sync(watch)(match.pk, 0)
    assert unwatched(match.pk, [None, 0, 1]) == set()


def test_the_push_after_a_last_time_out_shows_that_seat_retired(match_and_people):
    from datetime import timedelta

    from games.models import Seat
    from games.play.services.clock import TIMEOUTS_BEFORE_RETIRING, time_out

    match, people = match_and_people
    for name in ("bo", "cy"):  # only ana is awaited: her time-out is the version's last change
        match.refresh_from_db()
        submit_action(match.pk, people[name], {"type": "decide", "choice": "continue"}, None)
    Seat.objects.filter(match=match, position=0).update(timeouts=TIMEOUTS_BEFORE_RETIRING - 1)
    match.refresh_from_db()
    assert time_out(match.pk, now=match.deadline + timedelta(seconds=1)) >= 1
    match.refresh_from_db()
    assert match.seats.get(position=0).resigned
    # What the push rendered (kept for refetches) is what a fresh rendering shows.
    pushed = render.cached(match, match.version, None)
    assert pushed is not None
    assert "resigned" in pushed.parts["ig-players"]
    fresh = render.render_viewer(take_snapshot(Match.objects.get(pk=match.pk)), None)
    assert pushed.parts == fresh.parts


def _assert_pushed_equals_fresh(match: Match) -> None:
    """What the push rendered from the move's own match, state and log rows is what a
    rendering read afresh from the database gives, for every viewer."""
    match = Match.objects.get(pk=match.pk)
    for position in (None, *range(match.players)):
        pushed = render.cached(match, match.version, position)
        assert pushed is not None, position
        fresh = render.render_viewer(take_snapshot(Match.objects.get(pk=match.pk)), position)
        assert (pushed.skeleton, pushed.parts) == (fresh.skeleton, fresh.parts), position


def test_every_push_renders_what_a_fresh_read_of_its_version_gives(ig_match):
    from games.play.services.state import current_state, engine_for

    match = ig_match(bots=("cautious",), players=4)
    seated = {s.position: s.user for s in match.seats.select_related("user") if s.user}
    rng = __import__("random").Random(7)
    for _ in range(40):
        match = Match.objects.get(pk=match.pk)
        if match.is_over:
            break
        waiting = sorted(engine_for(match).to_act(current_state(match)) & set(seated))
        choice = rng.choice(["continue", "continue", "return"])
        submit_action(match.pk, seated[waiting[0]], {"type": "decide", "choice": choice}, None)
        _assert_pushed_equals_fresh(match)


def test_every_el_dorado_push_renders_what_a_fresh_read_gives(user_factory):
    from tests.web.leak_probes.surfaces import ed_round, make_match

    match, people = make_match(user_factory, "el-dorado", ("ana", "bo", "cy"), map="home-stretch")
    for _ in range(2):
        match = ed_round(match, people)
        _assert_pushed_equals_fresh(match)
