from __future__ import annotations


def test_it_shows_a_players_profile_to_anyone(client, user_factory):
    user_factory("ana", display_name="Ana the Bold")
    response = client.get("/u/ana/")
    assert response.status_code == 200
    assert b"Ana the Bold" in response.content
    assert b"@ana" in response.content


def test_it_redirects_to_the_canonical_spelling(client, user_factory):
    user_factory("Ana")
    response = client.get("/u/ana/")
    assert response.status_code == 301
    assert response["Location"] == "/u/Ana/"


def test_it_is_404_for_an_unknown_player(client, db):
    assert client.get("/u/ghost/").status_code == 404


def test_it_never_shows_the_email(client, user_factory):
    user_factory("ana", email="secret@example.com")
    assert b"secret@example.com" not in client.get("/u/ana/").content
