from __future__ import annotations


def test_it_presents_the_site_and_both_games(client, db):
    response = client.get("/")
    assert response.status_code == 200
    body = response.content.decode()
    assert "Incan Gold" in body and "The Quest for El Dorado" in body
    assert 'href="/signup/"' in body
    assert "Tables are open" in body
    assert body.count('href="/play/"') >= 3


def test_it_greets_a_signed_in_player(auth_client):
    body = auth_client.get("/").content.decode()
    assert auth_client.user.username in body
    assert 'action="/logout/"' in body


def test_it_loads_htmx_from_our_own_static_files(client, db):
    body = client.get("/").content.decode()
    assert "/static/django_htmx/htmx-2" in body
    assert "hx-ws-2" in body
    assert "://" not in body.split("<script")[1].split(">")[0]
    assert "hx-headers" in body and "X-CSRFToken" in body


def test_the_play_and_leaderboard_pages_render(client, db):
    assert client.get("/play/").status_code == 200
    assert client.get("/leaderboards/").status_code == 200
