"""The El Dorado odds panel: a seat's route to El Dorado and the turns its cards need, on its
own board of a casual match and in replays, with the numbers the module works out; never on
any surface of a rated match."""

from __future__ import annotations

import re

import pytest

from games.engines.el_dorado import STARTING_DECK, board_from_view
from games.engines.el_dorado.odds import piles_of, route_of, strongest_cards, turns_needed
from games.play.services.state import current_state, engine_for
from tests.helpers import finished_match
from tests.web.leak_probes.surfaces import board_surfaces, fresh, make_match, viewers

pytestmark = pytest.mark.django_db

STRONG = ["pioneer", "captain", "millionaire", "adventurer", "trailblazer", "captain"]
# Power 2 or 3 of each kind: too weak for the cheapest route, strong enough for a longer one.
MIDDLING = ["scout", "captain", "journalist", "explorer", "sailor", "traveller"]
MARKS = ("ed-odds-title", "route to El Dorado", "cheapest route", "assume no purchases")
PLACEHOLDER = '<div id="ed-odds" hidden></div>'


def _match(user_factory, rated: bool):
    decks = [STRONG + ["journalist", "explorer"], MIDDLING, list(STARTING_DECK)]
    match, people = make_match(
        user_factory,
        "el-dorado",
        ("ana", "bo", "cy"),
        rated=rated,
        map="hills-of-gold",
        decks=decks,
    )
    return fresh(match), people


def _panel(html: str) -> str | None:
    found = re.search(r'<section class="ed-odds" id="ed-odds"[^>]*>(.*?)</section>', html, re.S)
    return found.group(1) if found else None


def test_a_casual_board_shows_each_seat_its_own_route_and_turns(user_factory):
    match, people = _match(user_factory, rated=False)
    state = current_state(match)
    engine = engine_for(match)
    for name, user in viewers(match, people):
        surfaces = board_surfaces(match, user)
        panel = _panel(surfaces["page"])
        if name not in ("ana", "bo", "cy"):
            assert panel is None and PLACEHOLDER in surfaces["page"], name
            continue
        seat = ("ana", "bo", "cy").index(name)
        view = engine.player_view(state, seat)
        board = board_from_view(view)
        route = route_of(view, board, tuple(view["seats"][seat]["explorers"][0]))
        assert panel is not None, name
        assert f"<strong>{route.spaces}</strong> spaces long" in panel
        piles = piles_of(view["seats"][seat])
        turns = turns_needed(route.steps, *piles)
        start = tuple(view["seats"][seat]["explorers"][0])
        walkable = route_of(view, board, start, strongest_cards(sum(piles, [])))
        if name == "ana":
            assert turns is not None
            assert (
                f"about <strong>{turns.mean:.1f}</strong> turns, "
                f"most likely {turns.low} to {turns.high}" in panel
            )
            assert "cannot walk" not in panel
        elif name == "bo":
            assert turns is None and walkable is not None
            assert "cannot walk this route yet" in panel
            walk = turns_needed(walkable.steps, *piles)
            assert walk is not None and walkable.spaces > route.spaces
            assert (
                f"can walk now is <strong>{walkable.spaces}</strong> spaces long: about "
                f"<strong>{walk.mean:.1f}</strong> turns, most likely {walk.low} to {walk.high}"
                in panel
            )
        else:  # the starting deck's cards are all of power 1: no route at all
            assert turns is None and walkable is None
            assert "cannot walk this route yet" in panel and "can walk now" not in panel
        assert "assume no purchases" in panel
        for surface in ("live", "live_htmx", "frame"):
            assert _panel(surfaces[surface]) == panel, (name, surface)


def test_a_rated_match_never_shows_the_route_or_the_turns(user_factory):
    match, people = _match(user_factory, rated=True)
    for name, user in viewers(match, people):
        for surface, html in board_surfaces(match, user).items():
            for mark in MARKS:
                assert mark not in html, (name, surface, mark)
            assert PLACEHOLDER in html, (name, surface)


def test_the_panel_reads_in_japanese(user_factory):
    match, people = _match(user_factory, rated=False)
    for name in ("ana", "bo"):
        people[name].language = "ja"
        people[name].save()
        panel = _panel(board_surfaces(match, people[name])["page"])
        assert panel is not None and "エルドラド" in panel
        assert not re.search(r"[A-Za-z]{4,}", re.sub(r"<[^>]+>", "", panel)), panel


@pytest.mark.django_db(transaction=True)
def test_a_replay_shows_the_route_of_the_seat_to_move(client, user_factory):
    match = finished_match(user_factory("ana"), game="el-dorado", rated=True)
    client.force_login(match.seats.get(position=0).user)
    for step in (1, 2, 5):
        body = client.get(f"/matches/{match.pk}/replay/?step={step}").content.decode()
        assert "route to El Dorado" in body and "cheapest route is" in body, step
