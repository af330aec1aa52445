"""Pages, fragments, pushed frames, mails and notifications in Japanese hold no English left
untranslated (proper names aside), for both games."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client
from django.utils import translation

from games.models import Match, Pace
from games.notifications.models import Notification
from games.play.live import render
from games.play.services.lobby import MatchSpec, create_match, join_match
from games.play.services.play import submit_action
from games.presenters.common import take_snapshot
from tests.helpers import CONTINUE, finished_match, fresh
from tests.i18n.english import english

pytestmark = pytest.mark.django_db


@pytest.fixture
def japanese(user_factory):
    """A signed-in client for a player whose language is Japanese."""

    def make(name: str = "hanako") -> Client:
        client = Client(HTTP_ACCEPT_LANGUAGE="en")  # the setting, not the browser, decides
        client.user = user_factory(name, language="ja", time_zone="Asia/Tokyo")
        client.force_login(client.user)
        return client

    return make


def assert_japanese(html: str, *names: str) -> None:
    found = english(html, set(names))
    assert found == [], "\n".join(found)


def page(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    html = response.content.decode()
    assert '<html lang="ja"' in html or "<html" not in html, url
    return html


def test_the_visitors_pages_read_in_japanese(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "ja"
    for url in (
        "/",
        "/login/",
        "/signup/",
        "/password/reset/",
        "/rules/",
        "/rules/incan-gold/",
        "/rules/el-dorado/",
        "/leaderboards/",
        "/stats/incan-gold/",
        "/stats/el-dorado/",
        "/play/",
    ):
        assert_japanese(page(client, url))
    missing = client.get("/no-such-page/")
    assert missing.status_code == 404
    assert_japanese(missing.content.decode())


def test_a_players_own_pages_read_in_japanese(japanese):
    client = japanese()
    for url in (
        "/",
        "/play/",
        "/settings/",
        "/notifications/",
        "/notifications/settings/",
        "/u/hanako/",
        "/u/hanako/history/",
        "/leaderboards/?game=incan-gold",
        "/leaderboards/?game=el-dorado",
        "/password/change/",
    ):
        assert_japanese(page(client, url))


def test_a_form_error_reads_in_japanese(japanese):
    client = japanese()
    response = client.post("/settings/", {"time_zone": "Mars/Olympus", "language": "ja"})
    html = response.content.decode()
    assert "正しく選択してください" in html  # Django's own words
    assert_japanese(html, "Mars", "Olympus")  # the value sent, said back


@pytest.mark.parametrize("game", ["incan-gold", "el-dorado"])
def test_a_board_mid_game_reads_in_japanese_for_its_player_and_a_watcher(game, japanese):
    client = japanese()
    options = {"map": "home-stretch"} if game == "el-dorado" else {}
    bots = ("expert", "random") if game == "incan-gold" else ("greedy",)
    match = create_match(
        client.user, MatchSpec(game=game, players=len(bots) + 1, bots=bots, options=options)
    )
    if game == "incan-gold":
        submit_action(match.pk, client.user, CONTINUE, fresh(match).version)
    assert_japanese(page(client, f"/matches/{match.pk}/"))
    assert_japanese(page(client, f"/matches/{match.pk}/live/"))
    watcher = japanese("taro")
    assert_japanese(page(watcher, f"/matches/{match.pk}/"))


@pytest.mark.parametrize("game", ["incan-gold", "el-dorado"])
def test_pushed_frames_for_a_japanese_viewer_read_in_japanese(game, user_factory):
    host = user_factory("hanako", language="ja")
    options = {"map": "home-stretch"} if game == "el-dorado" else {}
    match = create_match(
        host,
        MatchSpec(
            game=game,
            players=2 if game == "el-dorado" else 3,
            bots=("greedy",) if game == "el-dorado" else ("random", "random"),
            options=options,
        ),
    )
    with translation.override("ja"):
        snapshot = take_snapshot(fresh(match))
        for position in (None, 0):
            rendered = render.render_viewer(snapshot, position)
            assert_japanese(render.compose(fresh(match), rendered), "hanako")


@pytest.mark.parametrize("game", ["incan-gold", "el-dorado"])
@pytest.mark.django_db(transaction=True)  # the bots move after each commit
def test_a_replay_reads_in_japanese_at_every_kind_of_step(game, japanese):
    client = japanese()
    match = finished_match(client.user, game=game)
    last = match.actions.count()
    for step in sorted({0, 1, 2, last // 2, last}):
        assert_japanese(page(client, f"/matches/{match.pk}/replay/?step={step}"))
    assert_japanese(page(client, f"/stats/{game}/"))
    assert_japanese(page(client, "/u/hanako/"))
    assert_japanese(page(client, "/u/hanako/history/"))


def test_the_waiting_room_and_invitations_read_in_japanese(japanese):
    client = japanese()
    taro = japanese("taro")
    match = create_match(client.user, MatchSpec(game="incan-gold", players=4))
    join_match(match.pk, taro.user)
    assert_japanese(page(client, f"/matches/{match.pk}/"))
    assert_japanese(page(taro, f"/matches/{match.pk}/"))


def test_mails_and_notifications_to_a_japanese_player_read_in_japanese(
    user_factory, django_capture_on_commit_callbacks
):
    people = [
        user_factory(name, language="ja", email=f"{name}@example.com")
        for name in ("hanako", "taro", "jiro")
    ]
    spec = MatchSpec(game="incan-gold", players=3, pace=Pace.CORRESPONDENCE, move_seconds=86400)
    with django_capture_on_commit_callbacks(execute=True):
        match = create_match(people[0], spec)
        for person in people[1:]:
            join_match(match.pk, person)
    with django_capture_on_commit_callbacks(execute=True):
        submit_action(match.pk, people[0], CONTINUE, Match.objects.get(pk=match.pk).version)
    assert mail.outbox
    for message in mail.outbox:
        assert english(message.subject) == [], message.subject
        assert [
            line for line in message.body.splitlines() if english(line) and "://" not in line
        ] == []
    client = Client()
    client.force_login(people[1])
    html = page(client, "/notifications/")
    assert Notification.objects.filter(user=people[1]).exists()
    assert_japanese(html)
