from __future__ import annotations

import json
import re

import pytest

from games.models import Match, MatchAction, Status
from games.play.services.state import current_state
from tests.helpers import users

pytestmark = pytest.mark.django_db(transaction=True)

CONTINUE = json.dumps({"type": "decide", "choice": "continue"})


def _as(client, user):
    client.force_login(user)
    return client


def test_the_lobby_lists_open_matches_and_forms(client, user_factory):
    from games.play.services.lobby import MatchSpec, create_match

    create_match(user_factory("ana"), MatchSpec(game="incan-gold", players=4))
    page = client.get("/play/")
    assert page.status_code == 200
    body = page.content.decode()
    assert "Open matches" in body and "1/4" in body
    assert "Log in to create a match" in body


def test_the_lobby_describes_each_open_matchs_public_options(client, user_factory):
    from games.play.services.lobby import MatchSpec, create_match

    ana = user_factory("ana")
    create_match(
        ana,
        MatchSpec(
            game="incan-gold",
            players=3,
            options={"artifact_values": "diamant", "quick_start": False},
        ),
    )
    create_match(
        ana, MatchSpec(game="el-dorado", players=2, options={"map": "swamplands", "caves": True})
    )
    create_match(
        ana,
        MatchSpec(game="el-dorado", players=2, options={"map": "random", "map_length": 4}),
    )
    body = client.get("/play/").content.decode()
    assert "no quick start · Diamant artifacts" in body
    assert "Swamplands · caves" in body
    assert "Random expedition (4 tiles)" in body
    assert "artifactvalues" not in body and "quickstart" not in body


def test_the_lobby_lists_public_matches_to_watch_and_replays_of_finished_ones(
    client, user_factory, ig_match
):
    from games.play.services.lobby import MatchSpec, create_match

    running = ig_match(bots=("random", "random"))
    hidden = create_match(
        user_factory("zed"),
        MatchSpec(game="incan-gold", players=3, bots=("random", "random"), private=True),
    )
    done = create_match(
        user_factory("yan"), MatchSpec(game="incan-gold", players=3, bots=("random", "random"))
    )
    Match.objects.filter(pk=done.pk).update(status=Status.FINISHED)
    body = client.get("/play/").content.decode()
    live = body.split("Being played now")[1].split("</section>")[0]
    assert f'href="/matches/{running.pk}/"' in live
    assert f"/matches/{hidden.pk}/" not in body
    finished = body.split("Recently finished")[1].split("</section>")[0]
    assert f'href="/matches/{done.pk}/replay/"' in finished


def test_a_player_creates_a_match_from_the_lobby_form(client, user_factory):
    ana = user_factory("ana")
    response = _as(client, ana).post(
        "/matches/new/",
        {
            "game": "incan-gold",
            "incan-gold-game": "incan-gold",
            "incan-gold-players": "3",
            "incan-gold-seat_2": "cautious",
            "incan-gold-seat_3": "",
            "incan-gold-time_control": "correspondence:86400",
            "incan-gold-rated": "on",
            "incan-gold-opt_artifact_values": "diamant",
            "incan-gold-opt_quick_start": "on",
        },
    )
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/matches/{match.pk}/"
    assert (match.players, match.pace, match.move_seconds, match.rated) == (
        3,
        "correspondence",
        86400,
        True,
    )
    assert match.options == {"artifact_values": "diamant", "quick_start": True}
    assert [s.bot_level for s in match.seats.order_by("position")] == ["", "cautious"]


def test_a_bad_new_match_form_shows_errors_and_creates_nothing(client, user_factory):
    response = _as(client, user_factory("ana")).post(
        "/matches/new/",
        {"game": "incan-gold", "incan-gold-game": "incan-gold", "incan-gold-players": "12"},
    )
    assert response.status_code == 422
    assert b"Select a valid choice" in response.content
    assert not Match.objects.exists()


def test_the_match_page_shows_the_board_to_players_and_spectators(client, ig_match):
    match = ig_match()
    spectator = client.get(f"/matches/{match.pk}/")
    assert spectator.status_code == 200
    # Round 1, or 2 for the few seeds whose first two cards are a pair of hazards.
    state_round = current_state(match).round
    assert f"Round {state_round} of 5".encode() in spectator.content
    assert b"Return to camp" not in spectator.content
    player = _as(client, users(match)["ana"]).get(f"/matches/{match.pk}/")
    assert b"Return to camp" in player.content
    assert f'ws-connect="/ws/matches/{match.pk}/?v={match.version}"'.encode() in player.content


def test_a_move_by_plain_post_redirects_back_and_is_stored(client, ig_match):
    match = ig_match()
    response = _as(client, users(match)["ana"]).post(
        f"/matches/{match.pk}/act/", {"action": CONTINUE, "version": match.version}
    )
    assert response.status_code == 302
    assert MatchAction.objects.filter(match=match, seat=0).count() == 1


@pytest.mark.parametrize("board_at_hand", [True, False])
def test_a_move_by_htmx_returns_the_live_fragment(client, ig_match, board_at_hand):
    from django.core.cache import cache

    match = ig_match()
    if not board_at_hand:
        cache.clear()  # the fragments of the board the form came from are gone
    response = _as(client, users(match)["ana"]).post(
        f"/matches/{match.pk}/act/",
        {"action": CONTINUE, "version": match.version},
        headers={"HX-Request": "true"},
    )
    body = response.content.decode()
    assert response.status_code == 200
    if board_at_hand:  # only what changed, each part swapped in by its id
        assert body.startswith('<span hx-swap-oob="true" id="match-version"')
        assert response["HX-Reswap"] == "none"
    else:
        assert body.strip().startswith('<div id="match-live"')
    assert f'data-version="{match.version + 1}"' in body
    assert "you may change it" in body


@pytest.mark.parametrize(
    ("action", "version", "message"),
    [
        ("{not json", "", "not understood"),
        (json.dumps({"type": "decide", "choice": "maybe"}), "", "maybe"),
        (CONTINUE, "abc", "broken board version"),
        (CONTINUE, "999", "does not exist yet"),
    ],
)
def test_a_bad_move_shows_a_friendly_message_and_changes_nothing(
    client, ig_match, action, version, message
):
    match = ig_match()
    response = _as(client, users(match)["ana"]).post(
        f"/matches/{match.pk}/act/",
        {"action": action, "version": version},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not MatchAction.objects.filter(match=match).exists()


def test_a_forged_post_without_csrf_is_refused(ig_match):
    from django.test import Client

    match = ig_match()
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(users(match)["ana"])
    response = strict.post(f"/matches/{match.pk}/act/", {"action": CONTINUE})
    assert response.status_code == 403
    assert not MatchAction.objects.exists()


def test_anonymous_moves_go_to_log_in(client, ig_match):
    match = ig_match()
    response = client.post(f"/matches/{match.pk}/act/", {"action": CONTINUE})
    assert response.status_code == 302 and response["Location"].startswith("/login/")
    assert not MatchAction.objects.exists()


def test_the_waiting_room_lets_people_join_and_the_host_add_bots(client, user_factory):
    from games.play.services.lobby import MatchSpec, create_match

    ana, bo = user_factory("ana"), user_factory("bo")
    match = create_match(ana, MatchSpec(game="incan-gold", players=4))
    page = _as(client, bo).get(f"/matches/{match.pk}/")
    assert b"Take a seat" in page.content
    client.post(f"/matches/{match.pk}/join/")
    assert match.seats.filter(user=bo).exists()
    client.post(f"/matches/{match.pk}/bots/", {"level": "random"})
    assert not match.seats.filter(bot_level="random").exists()  # bo is not the host
    _as(client, ana).post(f"/matches/{match.pk}/bots/", {"level": "random"})
    _as(client, ana).post(f"/matches/{match.pk}/bots/", {"level": "expert"})
    match.refresh_from_db()
    assert match.status in (Status.ACTIVE, Status.FINISHED)


def test_a_private_match_is_hidden_except_through_its_invite_link(client, user_factory):
    from games.play.services.lobby import MatchSpec, create_match

    match = create_match(user_factory("ana"), MatchSpec(game="incan-gold", players=3, private=True))
    assert client.get(f"/matches/{match.pk}/").status_code == 404
    assert b"Open matches" in client.get("/play/").content
    assert f"/matches/{match.pk}/".encode() not in client.get("/play/").content
    bo = user_factory("bo")
    _as(client, bo).get(f"/invite/{match.invite_token}/")
    assert client.get(f"/matches/{match.pk}/").status_code == 200
    client.post(f"/matches/{match.pk}/join/")
    assert match.seats.filter(user=bo).exists()


def test_the_live_fragment_can_be_refetched(client, ig_match):
    match = ig_match()
    response = client.get(f"/matches/{match.pk}/live/")
    assert response.status_code == 200
    assert f'data-version="{match.version}"' in response.content.decode()


def test_the_dashboard_lists_matches_waiting_for_you_first(client, ig_match):
    match = ig_match()
    body = _as(client, users(match)["ana"]).get("/play/").content.decode()
    assert "Your turn" in body
    assert f"/matches/{match.pk}/" in body


def test_the_log_tells_a_decision_once_to_its_maker_and_as_decided_to_the_others(client, ig_match):
    from games.presenters.common import log_lines

    match = ig_match()
    people = users(match)
    _as(client, people["ana"]).post(f"/matches/{match.pk}/act/", {"action": CONTINUE})
    match.refresh_from_db()
    names = ["ana", "bo", "cy"]
    own = [line.text for line in log_lines(match, names, 0)]
    assert "ana chooses to continue (secret)." in own
    assert "ana has decided." not in own
    other = [line.text for line in log_lines(match, names, 1)]
    assert "ana has decided." in other
    assert not any("continue" in text for text in other)


def test_a_live_match_page_carries_the_deadline_for_its_countdown(client, ig_match):
    from datetime import datetime

    match = ig_match()
    body = client.get(f"/matches/{match.pk}/").content.decode()
    found = re.search(r'class="countdown" data-deadline="([^"]+)"', body)
    assert found
    assert datetime.fromisoformat(found.group(1)) == match.deadline


def test_each_lobby_form_names_its_game_and_creates_that_games_match(client, user_factory):
    import re

    client.force_login(user_factory("nia"))
    page = client.get("/play/").content.decode()
    for key in ("incan-gold", "el-dorado"):
        assert f'<input type="hidden" name="game" value="{key}">' in page
    created = client.post(
        "/matches/new/",
        {
            "game": "el-dorado",
            "el-dorado-game": "el-dorado",
            "el-dorado-players": "2",
            "el-dorado-time_control": "live:600",
            "el-dorado-opt_map": "hills-of-gold",
        },
    )
    assert created.status_code == 302 and re.search(r"/matches/\d+/", created["Location"])
