"""Which language a page is in: the player's setting, else the visitor's choice (the switcher's
cookie), else the browser's, else English; `<html lang>` says which, on every page."""

from __future__ import annotations

import json
import re

import pytest
from django.conf import settings

pytestmark = pytest.mark.django_db

LANG = re.compile(r'<html lang="([^"]+)">')


def lang_of(response) -> str:
    return LANG.search(response.content.decode()).group(1)


def test_a_visitor_without_preference_reads_english(client):
    response = client.get("/")
    assert lang_of(response) == "en"
    assert "Push your luck" in response.content.decode()


def test_the_browser_language_is_used(client):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="ja-JP,ja;q=0.9,en;q=0.5")
    assert lang_of(response) == "ja"
    assert "インカの黄金" in response.content.decode()


def test_an_unoffered_browser_language_falls_back_to_english(client):
    assert lang_of(client.get("/", HTTP_ACCEPT_LANGUAGE="de-DE,fr;q=0.8")) == "en"


def test_a_visitors_choice_wins_over_the_browser(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert lang_of(client.get("/", HTTP_ACCEPT_LANGUAGE="ja")) == "en"
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ja"
    assert lang_of(client.get("/", HTTP_ACCEPT_LANGUAGE="en")) == "ja"


def test_a_players_setting_wins_over_cookie_and_browser(client, user_factory):
    ana = user_factory("ana", language="ja")
    client.force_login(ana)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert lang_of(client.get("/", HTTP_ACCEPT_LANGUAGE="en")) == "ja"


def test_a_player_without_a_setting_follows_cookie_then_browser(client, user_factory):
    client.force_login(user_factory("ana", language=""))
    assert lang_of(client.get("/", HTTP_ACCEPT_LANGUAGE="ja")) == "ja"
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    assert lang_of(client.get("/", HTTP_ACCEPT_LANGUAGE="ja")) == "en"


def test_a_stored_language_no_longer_offered_is_ignored(client, user_factory):
    client.force_login(user_factory("ana", language="de"))
    assert lang_of(client.get("/", HTTP_ACCEPT_LANGUAGE="ja")) == "ja"
    assert lang_of(client.get("/")) == "en"


def test_the_switcher_sets_a_visitors_language_and_returns_to_the_page(client):
    page = client.get("/leaderboards/").content.decode()
    assert 'action="/language/"' in page
    assert page.count('name="language" value="ja"') == 2  # header and footer
    response = client.post("/language/", {"language": "ja", "next": "/leaderboards/"})
    assert response.status_code == 302
    assert response["Location"] == "/leaderboards/"
    assert lang_of(client.get("/leaderboards/", HTTP_ACCEPT_LANGUAGE="en")) == "ja"


def test_the_switcher_needs_a_csrf_token(user_factory):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    assert strict.post("/language/", {"language": "ja", "next": "/"}).status_code == 403


def test_the_switcher_saves_a_players_choice(client, user_factory):
    ana = user_factory("ana", language="en")
    client.force_login(ana)
    client.post("/language/", {"language": "ja", "next": "/play/"})
    ana.refresh_from_db()
    assert ana.language == "ja"
    # Another browser of the same player, which never chose, reads Japanese too.
    from django.test import Client

    other = Client()
    other.force_login(ana)
    assert lang_of(other.get("/play/", HTTP_ACCEPT_LANGUAGE="en")) == "ja"


def test_the_switcher_refuses_an_unoffered_language(client, user_factory):
    ana = user_factory("ana", language="en")
    client.force_login(ana)
    client.post("/language/", {"language": "de", "next": "/"})
    ana.refresh_from_db()
    assert ana.language == "en"


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize(
    "path", ["/", "/play/", "/rules/", "/leaderboards/", "/login/", "/signup/", "/no-such-page/"]
)
def test_html_lang_is_the_language_rendered(client, path, language):
    response = client.get(path, HTTP_ACCEPT_LANGUAGE=language)
    assert lang_of(response) == language
    assert response["Content-Language"] == language


def test_the_404_page_is_japanese_for_a_japanese_reader(client):
    response = client.get("/no-such-page/", HTTP_ACCEPT_LANGUAGE="ja")
    assert response.status_code == 404
    assert "見つかりません" in response.content.decode()


def test_the_settings_form_offers_only_complete_languages(client, user_factory):
    client.force_login(user_factory("ana"))
    page = client.get("/settings/").content.decode()
    offered = set(
        re.findall(r'<option value="([a-z]*)"[^>]*>(?:English|日本語|[^<]*)</option>', page)
    )
    assert offered == {"", "en", "ja"}


def test_signing_up_keeps_the_language_of_the_page(client):
    client.post(
        "/signup/",
        {"username": "kei", "password1": "a-long-pass-phrase", "password2": "a-long-pass-phrase"},
        HTTP_ACCEPT_LANGUAGE="ja",
    )
    from accounts.models import User

    assert User.objects.get(username="kei").language == "ja"


def test_the_javascript_catalogue_is_served_per_language_and_cacheable(client):
    response = client.get("/jsi18n/?l=ja", HTTP_ACCEPT_LANGUAGE="ja")
    assert response.status_code == 200
    body = response.content.decode()
    reconnecting = json.dumps("再接続中…")[1:-1]  # the catalogue is JSON with escapes
    assert reconnecting in body
    assert "max-age" in response["Cache-Control"]
    english = client.get("/jsi18n/?l=en", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert reconnecting not in english
    page = client.get("/").content.decode()
    # Before every other script of the page.
    assert page.index("/jsi18n/") < page.index("<script", page.index("/jsi18n/") + 1)
    assert page.index("/jsi18n/") < page.index("tips.js")


def test_the_server_error_page_is_in_the_readers_language():
    from django.template.loader import render_to_string
    from django.utils import translation

    with translation.override("ja"):
        html = render_to_string("500.html")
    assert '<html lang="ja">' in html and "問題が発生しました" in html
