"""The lobby's public lists: rendered once for every visitor, never behind a change."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import Match
from games.play import views
from games.play.services.lobby import MatchSpec, create_match, join_match, leave_match
from games.play.services.play import resign

pytestmark = pytest.mark.django_db(transaction=True)


def _lobby(client: Client) -> str:
    response = client.get("/play/")
    assert response.status_code == 200
    return response.content.decode()


def _open_rows(html: str) -> str:
    start = html.index('id="open-title"')
    return html[start : html.index('id="live-title"')]


def test_each_flow_shows_in_the_lobby_at_once(client, user_factory):
    ana, bo, cy = user_factory("ana"), user_factory("bo"), user_factory("cy")
    assert "No open matches" in _lobby(client)
    match = create_match(ana, MatchSpec(game="incan-gold", players=3))
    assert f'href="{match.get_absolute_url()}"' in _open_rows(_lobby(client))
    assert "1/3" in _open_rows(_lobby(client))
    join_match(match.pk, bo)
    assert "2/3" in _open_rows(_lobby(client))
    leave_match(match.pk, bo)
    assert "1/3" in _open_rows(_lobby(client))
    join_match(match.pk, bo)
    join_match(match.pk, cy)  # full: it starts, leaves the open list and is played now
    html = _lobby(client)
    assert "No open matches" in html
    assert f"Incan Gold #{match.pk}" in html[html.index('id="live-title"') :]
    for person in (ana, bo, cy):
        resign(match.pk, person)  # the bots finish it
    assert Match.objects.get(pk=match.pk).is_over
    html = _lobby(client)
    assert 'id="finished-title"' in html
    assert f"/matches/{match.pk}/replay/" in html


def test_one_rendering_serves_every_visitor_until_the_lists_change(
    client, user_factory, monkeypatch
):
    ana = user_factory("ana")
    create_match(ana, MatchSpec(game="incan-gold", players=3))
    calls = []
    real = views.render_to_string

    def counted(name, *args, **kwargs):
        calls.append(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(views, "render_to_string", counted)
    signed_in = Client()
    signed_in.force_login(ana)
    for visitor in (client, signed_in, client):
        _lobby(visitor)
    assert calls.count("games/public_lists.html") == 1
    create_match(user_factory("bo"), MatchSpec(game="el-dorado", players=2))
    _lobby(client)
    assert calls.count("games/public_lists.html") == 2


def test_the_lists_are_kept_only_a_few_seconds(client, user_factory, monkeypatch):
    # The live list is ordered by each match's latest move, which bumps no generation.
    kept = {}
    real = views.cache.set

    def recorded(key, value, timeout=None, **kwargs):
        kept[key] = timeout
        return real(key, value, timeout, **kwargs)

    monkeypatch.setattr(views.cache, "set", recorded)
    create_match(user_factory("ana"), MatchSpec(game="incan-gold", players=3))
    _lobby(client)
    timeouts = [t for key, t in kept.items() if key.startswith("lobby:lists:")]
    assert timeouts == [views.PUBLIC_LISTS_SECONDS]
    assert 0 < views.PUBLIC_LISTS_SECONDS <= 5


def test_a_change_relayed_by_the_task_worker_renews_the_lists(client, user_factory):
    import json

    from games.play.live.publish import relay_token
    from games.play.public_lists import lists_generation

    match = create_match(user_factory("ana"), MatchSpec(game="incan-gold", players=3))
    before = lists_generation()
    body = json.dumps({"token": relay_token(match.pk)})
    assert client.post("/internal/live/", body, "application/json").status_code == 200
    assert lists_generation() != before
    forged = json.dumps({"token": relay_token(match.pk)[:-2] + "xx"})
    after = lists_generation()
    assert client.post("/internal/live/", forged, "application/json").status_code == 403
    assert lists_generation() == after
