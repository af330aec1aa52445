"""The El Dorado board's offers: what each cave-token button says and sends."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import games.engines.el_dorado as ed
from games.engines.el_dorado import TOKENS
from games.engines.el_dorado.sketch import sketch_layout
from games.help.el_dorado import token_label
from games.presenters.el_dorado.board import board_context
from tests.helpers import compose, render_parts


def _token(slug: str) -> int:
    return next(i for i, t in enumerate(TOKENS) if t.slug == slug)


def _game(hand: list[str], tokens: tuple[int, ...], blockade: str = "jungle-2") -> ed.State:
    state = ed.new_game(
        4,
        3,
        {
            "map": sketch_layout(["S J1 J1 | J1 J1"] * 4, finals="jungle"),
            "decks": [hand + ["traveller"] * 6] + [["traveller"] * 8] * 3,
            "blockades": [blockade],
        },
    )
    seats = list(state.seats)
    seats[0] = replace(seats[0], tokens=tokens)
    return replace(state, seats=tuple(seats))


def _context(state: ed.State, **extra) -> dict:
    """What the board builder gets for seat 0, whose turn it is."""
    return {
        "view": ed.player_view(state, 0),
        "state": state,
        "you": 0,
        "your_turn": True,
        "players": [None] * state.players,
        "names": ["Ana", "Bo", "Cy", "Di"],
        **extra,
    }


def _plays(state: ed.State) -> dict[str, dict]:
    context = _context(state)
    return {p["text"]: json.loads(p["do"]) for p in board_context(context)["plays"]}


def test_a_keep_token_button_names_the_single_use_card_it_keeps():
    keep = _token("keep")
    state = _game(["giant-machete", "explorer"], (keep,))
    state = ed.apply(state, 0, {"type": "move", "card": 0, "path": [[1, 0]]}).state
    plays = _plays(state)
    assert plays["Use the keep a single-use card token: Giant Machete"] == {
        "type": "token",
        "token": keep,
        "card": 0,
    }


def test_a_power_token_can_break_a_blockade_from_its_own_button():
    machete = _token("machete-2")
    state = _game(["explorer", "explorer"], (machete,))
    state = ed.apply(state, 0, {"type": "move", "card": 0, "path": [[1, 0]]}).state
    state = ed.apply(state, 0, {"type": "move", "card": 1, "path": [[2, 0]]}).state
    offers = [(text, do) for text, do in _plays(state).items() if do["type"] == "blockade"]
    assert len(offers) == 1
    text, do = offers[0]
    assert do == {"type": "blockade", "to": [3, 0], "token": machete}
    assert text == f"Break the jungle 2 blockade toward jungle 1 with the {token_label(machete)}"


def test_while_a_market_slot_is_empty_the_reserve_cards_are_buy_buttons():
    from types import SimpleNamespace

    state = _game(["traveller"] * 4, ())
    market = list(state.market)
    gone = market[0]
    market[0] = None
    supply = {**state.supply, gone: ()}
    state = replace(state, market=tuple(market), supply=supply)
    context = _context(state)
    context.update(board_context(context))
    context["match"] = SimpleNamespace(pk=1, is_active=True)
    html = compose(render_parts(context))
    reserve = [r["card"] for r in context["view"]["reserve"]]
    assert reserve
    for slug in reserve:
        assert f'value=\'{{"type":"buy","card":"{slug}"}}\'' in html
    state = _game(["traveller"] * 4, ())  # every slot full: the reserve is only listed
    context.update(board_context({**context, "view": ed.player_view(state, 0), "state": state}))
    html = compose(render_parts(context))
    assert not any(f'"card":"{slug}"}}\'' in html for slug in reserve)


def test_each_reachable_space_has_one_letter_on_its_buttons_and_on_the_map():
    state = _game(["scout", "explorer"], ())
    context = _context(state, selected_card=0)
    board = board_context(context)
    destinations = board["destinations"]
    # A Scout (machete 2) walks one or two jungle spaces: three spaces, two of them alike.
    assert len(destinations) == 3
    letters = {d["hex"]: d["letter"] for d in destinations}
    assert sorted(letters.values()) == ["A", "B", "C"]
    # On the map, the card's three spaces are outlined and carry the same letters.
    overlay = board["overlay_svg"]
    outlines = re.search(r'<g class="reach" data-card="0".*?</g>', overlay)[0]
    assert set(re.findall(r'data-hex="(\d+),(\d+)"', outlines)) == {
        (str(q), str(r)) for q, r in letters
    }
    drawn = re.search(r'<g class="reach-labels" data-card="0".*?</g></g>', overlay)[0]
    assert sorted(re.findall(r">(\w+)</text>", drawn)) == ["A", "B", "C"]


def test_a_destination_button_says_which_space_it_is_and_which_way():
    state = _game(["scout", "explorer"], ())
    board = board_context(_context(state, selected_card=0))
    here = tuple(state.seats[0].explorers[0])
    spoken = {d["hex"]: d["spoken"] for d in board["destinations"]}
    # Three spaces, two of them alike ("jungle 1"): no two buttons read the same.
    assert len(set(spoken.values())) == len(spoken) == 3
    for d in board["destinations"]:
        assert d["spoken"].startswith(f"{d['letter']} — {d['label']}, {d['steps']} step")
        assert d["spoken"].endswith(" of your explorer")
    # The space straight east of the explorer (q + 1, same r, one step) is said to lie
    # east or south-east of it: the map is drawn with flat-topped hexes and north up.
    east = (here[0] + 1, here[1])
    if east in spoken:
        assert ", 1 step, south-east of your explorer" in spoken[east]
