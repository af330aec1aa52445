from __future__ import annotations


def _post(client, **overrides):
    data = {
        "display_name": "Ana the Bold",
        "email": "ana@example.org",
        "time_zone": "Asia/Tokyo",
        "language": "ja",
    }
    data.update(overrides)
    return client.post("/settings/", data)


def test_it_saves_the_settings(auth_client):
    response = _post(auth_client)
    assert response.status_code == 302
    user = auth_client.user
    user.refresh_from_db()
    assert (user.display_name, user.email, user.time_zone, user.language) == (
        "Ana the Bold",
        "ana@example.org",
        "Asia/Tokyo",
        "ja",
    )


def test_it_refuses_an_unknown_time_zone(auth_client):
    response = _post(auth_client, time_zone="Mars/Olympus")
    assert response.status_code == 200
    assert b"Select a valid choice" in response.content
    auth_client.user.refresh_from_db()
    assert auth_client.user.time_zone == "UTC"


def test_it_refuses_another_players_username_as_display_name(auth_client, user_factory):
    user_factory("Bo")
    response = _post(auth_client, display_name="bo")
    assert response.status_code == 200
    auth_client.user.refresh_from_db()
    assert auth_client.user.display_name == ""


def test_it_applies_the_language_and_time_zone(auth_client):
    _post(auth_client)
    page = auth_client.get("/settings/")
    assert page.wsgi_request.LANGUAGE_CODE == "ja"
    assert b'lang="ja"' in page.content


def test_it_needs_a_login(client, db):
    response = client.get("/settings/")
    assert response.status_code == 302
    assert response["Location"].startswith("/login/")
