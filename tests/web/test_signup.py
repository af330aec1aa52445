from __future__ import annotations

from accounts.models import User

GOOD_PASSWORD = "trek-through-the-jungle-42"


def _signup(client, username="Ana", email="", password=GOOD_PASSWORD, password2=None):
    return client.post(
        "/signup/",
        {
            "username": username,
            "email": email,
            "password1": password,
            "password2": password if password2 is None else password2,
        },
    )


def test_it_shows_the_form(client, db):
    response = client.get("/signup/")
    assert response.status_code == 200
    assert b'name="username"' in response.content
    assert b'name="password1"' in response.content


def test_it_creates_the_account_and_signs_in(client, db):
    response = _signup(client, email="ana@example.com")
    assert response.status_code == 302
    user = User.objects.get(username="Ana")
    assert user.email == "ana@example.com"
    assert user.check_password(GOOD_PASSWORD)
    assert client.session["_auth_user_id"] == str(user.pk)


def test_it_accepts_no_email(client, db):
    assert _signup(client).status_code == 302
    assert User.objects.get(username="Ana").email == ""


def test_it_refuses_a_username_differing_only_in_case(client, user_factory):
    user_factory("ana")
    response = _signup(client, username="ANA")
    assert response.status_code == 200
    assert b"already taken" in response.content
    assert User.objects.count() == 1


def test_it_applies_the_password_validators(client, db):
    response = _signup(client, password="12345678")
    assert response.status_code == 200
    assert b"too common" in response.content or b"entirely numeric" in response.content
    assert not User.objects.exists()


def test_it_refuses_mismatched_passwords(client, db):
    response = _signup(client, password2=GOOD_PASSWORD + "x")
    assert response.status_code == 200
    assert b"didn" in response.content  # "The two password fields didn't match."
    assert not User.objects.exists()


def test_it_refuses_a_forged_post_without_csrf(db):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    response = strict.post(
        "/signup/",
        {"username": "eve", "password1": GOOD_PASSWORD, "password2": GOOD_PASSWORD},
    )
    assert response.status_code == 403
    assert not User.objects.exists()


def test_it_follows_a_safe_next_only(client, db):
    response = client.post(
        "/signup/?next=https://evil.example/",
        {"username": "bo", "password1": GOOD_PASSWORD, "password2": GOOD_PASSWORD},
    )
    assert response.status_code == 302
    assert response["Location"] == "/"
