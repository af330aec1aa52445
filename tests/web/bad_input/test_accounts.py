"""Sign-up, settings, login and password reset with bad input.

Every probe checks the answer (status and a message a player can act on) and that the match,
its seats and its action log are as they were.
"""

from __future__ import annotations

import pytest
from django.test import Client

from tests.web.bad_input.probes import as_user

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"username": "a\x00b", "password1": "x", "password2": "x"}, "Null characters"),
        ({"username": "x" * 500, "password1": "x", "password2": "x"}, "at most 150"),
        ({"username": "bad name!", "password1": "x", "password2": "x"}, "valid username"),
        (
            {"username": "new", "password1": "Tr0ub4dor&3x!", "password2": "other-pass-9"},
            "didn’t match",
        ),
        ({"username": "ANA", "password1": "Tr0ub4dor&3x!", "password2": "Tr0ub4dor&3x!"}, "taken"),
        ({"username": "new", "email": "nope", "password1": "a", "password2": "a"}, "valid email"),
    ],
)
def test_a_bad_signup_shows_errors_and_creates_nobody(web, user_factory, data, message):
    from accounts.models import User

    user_factory("ana")
    response = web.post("/signup/", data)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert User.objects.count() == 1


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"time_zone": "Mars/Olympus_Mons", "language": "en"}, "Select a valid choice"),
        ({"time_zone": "UTC", "language": "xx"}, "Select a valid choice"),
        ({"time_zone": "UTC", "language": "en", "email": "nope"}, "valid email"),
        ({"time_zone": "UTC", "language": "en", "display_name": "bo"}, "another player"),
        ({"time_zone": "UTC", "language": "en", "display_name": "x" * 500}, "at most"),
        ({"time_zone": "UTC\x00", "language": "en"}, "Select a valid choice"),
    ],
)
def test_bad_settings_show_errors_and_save_nothing(web, user_factory, data, message):
    ana = user_factory("ana")
    user_factory("bo")
    response = as_user(web, ana).post("/settings/", data)
    assert response.status_code == 200
    assert message in response.content.decode()
    ana.refresh_from_db()
    assert (ana.time_zone, ana.language, ana.display_name) == ("UTC", "", "")


def test_account_pages_refuse_wrong_methods_and_strangers(web, user_factory):
    ana = user_factory("ana")
    response = web.get("/settings/")
    assert response.status_code == 302 and response["Location"].startswith("/login/")
    assert web.put("/signup/").status_code == 405
    assert web.get("/logout/").status_code == 405
    assert web.post("/healthz").status_code == 405
    assert as_user(web, ana).delete("/settings/").status_code == 405
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(ana)
    assert (
        strict.post("/settings/", {"time_zone": "Europe/Paris", "language": "en"}).status_code
        == 403
    )
    ana.refresh_from_db()
    assert ana.time_zone == "UTC"


@pytest.mark.parametrize(
    "data", [{}, {"username": "ana", "password": "wrong"}, {"username": "\x00", "password": "x"}]
)
def test_a_bad_login_is_refused_clearly(web, user_factory, data):
    user_factory("ana")
    response = web.post("/login/", data)
    assert response.status_code == 200
    assert "_auth_user_id" not in web.session


def test_a_garbage_password_reset_link_says_it_is_invalid(web):
    response = web.get("/password/reset/%00%00/not-a-token/", follow=True)
    assert response.status_code == 200
    assert "This link has expired" in response.content.decode()
