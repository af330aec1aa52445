"""The Incan Gold odds panel: on the board of a casual match and in replays, with the numbers
the deck gives; never on any surface of a rated match."""

from __future__ import annotations

import re

import pytest

from games.engines.incan_gold.odds import next_card
from games.play.services.play import submit_action
from games.play.services.state import current_state, engine_for
from tests.helpers import finished_match
from tests.web.leak_probes.surfaces import (
    RETURN,
    board_surfaces,
    fresh,
    make_match,
    viewers,
)

pytestmark = pytest.mark.django_db

MARKS = ("ig-odds-title", "Odds for the next card", "chance it ends the round", "You carry")


def _match(user_factory, rated: bool):
    match, people = make_match(
        user_factory, "incan-gold", ("ana", "bo", "cy"), bots=("random",), rated=rated
    )
    submit_action(match.pk, people["ana"], RETURN, match.version)  # ana safe in camp
    return fresh(match), people


def _panel(html: str) -> str:
    found = re.search(r'<section class="ig-odds" id="ig-odds"[^>]*>(.*?)</section>', html, re.S)
    assert found, "the board has a place for the panel"
    return found.group(1)


def test_a_casual_board_shows_the_odds_of_the_next_card(user_factory):
    match, people = _match(user_factory, rated=False)
    odds = next_card(engine_for(match).player_view(current_state(match), None))
    assert odds is not None
    percent = round(float(odds.end_chance) * 100)
    for name, user in viewers(match, people):
        panel = _panel(board_surfaces(match, user)["page"])
        assert "Odds for the next card" in panel, name
        assert f"<strong>{percent}%</strong>" in panel or "cannot end the round" in panel
        assert f"<strong>{float(odds.gems_each(odds.inside)):.1f}</strong>" in panel
        # Only a player inside the temple (ana until the reveal: she may change her mind) reads
        # what one more card means for its own gems.
        assert ("You carry" in panel) == (name in ("ana", "bo", "cy")), name


def test_a_rated_match_never_shows_the_odds(user_factory):
    match, people = _match(user_factory, rated=True)
    for name, user in viewers(match, people):
        for surface, html in board_surfaces(match, user).items():
            for mark in MARKS:
                assert mark not in html, (name, surface, mark)
            assert '<div id="ig-odds" hidden></div>' in html, (name, surface)


def test_the_panel_reads_in_japanese(user_factory):
    match, people = _match(user_factory, rated=False)
    people["bo"].language = "ja"
    people["bo"].save()
    panel = _panel(board_surfaces(match, people["bo"])["page"])
    assert "次のカード" in panel
    assert not re.search(r"[A-Za-z]{4,}", re.sub(r"<[^>]+>", "", panel))


@pytest.mark.django_db(transaction=True)
def test_a_replay_shows_the_odds_while_explorers_are_inside(client, user_factory):
    match = finished_match(user_factory("ana"), rated=True)
    client.force_login(match.seats.get(position=0).user)
    shown = 0
    for step in range(1, 12):
        body = client.get(f"/matches/{match.pk}/replay/?step={step}").content.decode()
        shown += "Odds for the next card" in body
    assert shown, "a replay step mid-round shows the panel"
