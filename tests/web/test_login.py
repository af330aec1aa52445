from __future__ import annotations

from tests.helpers import PASSWORD


def test_it_logs_in_with_username_and_password(client, user_factory):
    user = user_factory("ana")
    response = client.post("/login/", {"username": "ana", "password": PASSWORD})
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(user.pk)


def test_it_logs_in_whatever_the_case_of_the_username(client, user_factory):
    user = user_factory("Ana")
    client.post("/login/", {"username": "aNA", "password": PASSWORD})
    assert client.session["_auth_user_id"] == str(user.pk)


def test_it_refuses_a_wrong_password_with_a_clear_error(client, user_factory):
    user_factory("ana")
    response = client.post("/login/", {"username": "ana", "password": "nope"})
    assert response.status_code == 200
    assert b"correct username and password" in response.content
    assert "_auth_user_id" not in client.session


def test_it_throttles_repeated_failures_per_address_and_username(client, user_factory, settings):
    from axes.models import AccessAttempt

    user_factory("ana")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post("/login/", {"username": "ana", "password": "wrong"})
    response = client.post("/login/", {"username": "ana", "password": PASSWORD})
    assert response.status_code == 429
    assert b"Too many failed log-ins" in response.content
    assert "_auth_user_id" not in client.session
    assert AccessAttempt.objects.filter(username="ana").exists()


def test_throttling_one_username_leaves_others_free(client, user_factory, settings):
    user_factory("ana")
    bo = user_factory("bo")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post("/login/", {"username": "ana", "password": "wrong"})
    client.post("/login/", {"username": "bo", "password": PASSWORD})
    assert client.session["_auth_user_id"] == str(bo.pk)


def test_it_redirects_to_a_safe_next(client, user_factory):
    user_factory("ana")
    response = client.post(
        "/login/", {"username": "ana", "password": PASSWORD, "next": "/settings/"}
    )
    assert response["Location"] == "/settings/"


def test_the_headers_log_in_link_returns_to_the_page_it_was_clicked_on(client, db):
    page = client.get("/leaderboards/?game=incan-gold").content.decode()
    assert 'href="/login/?next=/leaderboards/%3Fgame%3Dincan-gold"' in page
    assert 'href="/signup/?next=/leaderboards/%3Fgame%3Dincan-gold"' in page
    # Where returning would be pointless or a loop, the links are plain.
    for path in ("/", "/login/", "/signup/"):
        page = client.get(path).content.decode()
        assert 'href="/login/"' in page
        assert "next=" not in page.split('class="site-nav"')[1].split("</nav>")[0]
