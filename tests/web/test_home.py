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


def test_a_signed_in_player_sees_the_matches_waiting_for_their_move_first(client, user_factory):
    from games.play.services.lobby import MatchSpec, create_match

    ana = user_factory("ana")
    # Incan Gold starts with everyone deciding at once: ana's move is awaited.
    waiting = create_match(ana, MatchSpec(game="incan-gold", players=3, bots=("random", "random")))
    open_one = create_match(ana, MatchSpec(game="el-dorado", players=4))
    client.force_login(ana)
    body = client.get("/").content.decode()
    mine = body.split('id="home-mine-title"')[1].split('aria-label="Now playing"')[0]
    assert "1 waiting for your move" in mine
    assert mine.index(f"/matches/{waiting.pk}/") < mine.index(f"/matches/{open_one.pk}/")
    assert "Your turn" in mine and "Waiting · 1/4" in mine


def test_a_visitor_sees_no_match_list(client, db):
    assert 'id="home-mine-title"' not in client.get("/").content.decode()
