from __future__ import annotations

from tests.helpers import PASSWORD

NEW_PASSWORD = "a-brand-new-river-route-9"


def test_it_changes_the_password_and_keeps_the_session(auth_client):
    response = auth_client.post(
        "/password/change/",
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert response.status_code == 302
    auth_client.user.refresh_from_db()
    assert auth_client.user.check_password(NEW_PASSWORD)
    assert auth_client.get("/settings/").status_code == 200


def test_it_refuses_a_wrong_old_password(auth_client):
    response = auth_client.post(
        "/password/change/",
        {"old_password": "wrong", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert response.status_code == 200
    auth_client.user.refresh_from_db()
    assert auth_client.user.check_password(PASSWORD)


def test_it_needs_a_login(client, db):
    response = client.get("/password/change/")
    assert response.status_code == 302
    assert response["Location"].startswith("/login/")
