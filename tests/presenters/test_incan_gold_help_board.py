"""The Incan Gold board explains itself: a popover for every card, hazard and artifact, a "How to
play" panel open for a first match, a link to the rules, and refusals in the player's language."""

from __future__ import annotations

import contextlib
import json
import re
from collections import Counter

import pytest
from django.utils import translation

from games.models import Match
from games.play.services.errors import ServiceError
from games.play.services.play import submit_action
from tests.helpers import finished_match, fresh, recorded_match, users

pytestmark = pytest.mark.django_db

CONTINUE = {"type": "decide", "choice": "continue"}
HELP = re.compile(r'<details class="how-to-play" id="ig-help"( open)?>')


@pytest.fixture(autouse=True)
def _english_after():
    """A request as a Japanese player leaves Japanese active in this thread."""
    translation.activate("en")
    yield
    translation.deactivate()


def _played(match: Match, turns: int) -> Match:
    """A few turns in, so that the path holds several cards."""
    for _ in range(turns):
        match = fresh(match)
        if not match.is_active:
            break
        for user in users(match).values():
            # A seat may be out of the temple, or the round may have ended under it.
            with contextlib.suppress(ServiceError):
                submit_action(match.pk, user, CONTINUE, None)
    return fresh(match)


def assert_every_popover_is_wired(body: str) -> int:
    described = re.findall(r'aria-describedby="([^"]+)"', body)
    tips = re.findall(r'<span class="tip" role="tooltip" id="([^"]+)"', body)
    assert described, "nothing on the board explains itself"
    assert not [i for i, n in Counter(tips).items() if n > 1], "popover ids repeat"
    assert set(described) <= set(tips)
    return len(described)


def test_every_card_on_the_path_has_a_popover(client, ig_match):
    match = _played(ig_match(), 4)
    client.force_login(users(match)["ana"])
    body = client.get(f"/matches/{match.pk}/").content.decode()
    cards = body.count('class="ig-card ')
    assert cards >= 1
    assert assert_every_popover_is_wired(body) >= cards
    assert re.search(r'<span class="tip" role="tooltip" id="ig-tip-path-1">[^<]+: ', body)
    assert 'href="/rules/incan-gold/"' in body


@pytest.mark.django_db(transaction=True)
def test_the_replay_board_explains_its_cards_too(client, user_factory):
    match = finished_match(user_factory("ana"))
    body = client.get(f"/matches/{match.pk}/replay/?step=10").content.decode()
    assert_every_popover_is_wired(body)
    assert 'href="/rules/incan-gold/"' in body
    japanese = client.get(
        f"/matches/{match.pk}/replay/?step=10", headers={"Accept-Language": "ja"}
    ).content.decode()
    assert "これから出る山札" in japanese and "現在の得点" in japanese
    for english in ("The deck still to come", "Score so far", "In the temple", "Round 1 of 5"):
        assert english not in japanese, english


def test_how_to_play_is_open_for_a_first_match_only(client, ig_match, user_factory):
    match = ig_match()
    people = users(match)
    client.force_login(people["ana"])
    assert HELP.search(client.get(f"/matches/{match.pk}/").content.decode()).group(1)
    client.logout()
    # A spectator, and a player who has finished a match of this game before: closed.
    assert not HELP.search(client.get(f"/matches/{match.pk}/").content.decode()).group(1)
    recorded_match([people["bo"], "random", "cautious"], [1, 2, 3])
    client.force_login(people["bo"])
    assert not HELP.search(client.get(f"/matches/{match.pk}/").content.decode()).group(1)
    # A finished El Dorado match does not count for Incan Gold.
    recorded_match([people["cy"], "random", "cautious"], [1, 2, 3], game="el-dorado")
    client.force_login(people["cy"])
    assert HELP.search(client.get(f"/matches/{match.pk}/").content.decode()).group(1)


def test_the_board_reads_in_japanese(client, ig_match):
    match = _played(ig_match(), 3)
    ana = users(match)["ana"]
    ana.language = "ja"
    ana.save()
    client.force_login(ana)
    body = client.get(f"/matches/{match.pk}/").content.decode()
    assert "遊び方" in body and "ラウンド" in body
    for english in ("How to play", "The temple path", "In the temple", "Round 1 of 5"):
        assert english not in body, english


def test_a_refused_move_reads_in_the_players_language(client, ig_match):
    match = ig_match()
    ana = users(match)["ana"]
    ana.language = "ja"
    ana.save()
    client.force_login(ana)
    response = client.post(
        f"/matches/{match.pk}/act/",
        {"action": json.dumps({"type": "decide", "choice": "maybe"}), "version": ""},
        headers={"HX-Request": "true"},
    )
    body = response.content.decode()
    assert "不明な選択 maybe です" in body
    assert "unknown choice" not in body
