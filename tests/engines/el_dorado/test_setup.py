"""Setting up: the API surface, options and their errors, maps, determinism, no Django."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

import games.engines.el_dorado as ed
from games.engines.el_dorado.maps import MAP_SLUGS
from games.engines.el_dorado.sketch import sketch_layout

ENGINE_DIR = Path(ed.__file__).parent


def test_engine_constants():
    assert ed.KEY == "el-dorado"
    assert ed.NAME == "The Quest for El Dorado"
    assert (ed.MIN_PLAYERS, ed.MAX_PLAYERS) == (2, 4)
    assert ed.DEFAULT_OPTIONS["caves"] is False
    assert issubclass(ed.IllegalAction, ValueError)


def test_engine_imports_no_django():
    for path in ENGINE_DIR.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert not any(n.split(".")[0] == "django" for n in names), path


@pytest.mark.parametrize("slug", MAP_SLUGS)
def test_every_official_map_sets_up_a_game(slug):
    s = ed.new_game(4, 1, {"map": slug})
    board = ed.board_of(s)
    assert board.slug == slug
    assert [seat.explorers[0] for seat in s.seats] == list(board.starts)
    assert len(ed.legal_actions(s, 0)) > 1


def test_random_map_follows_the_seed():
    a = ed.board_of(ed.new_game(2, 8, {"map": "random"}))
    b = ed.board_of(ed.new_game(2, 8, {"map": "random"}))
    assert a == b
    assert len(a.starts) == 4 and len(a.finals) == 3


def test_map_given_as_data_is_played_and_validated():
    s = ed.new_game(2, 1, {"map": sketch_layout(["S J1 | J1"] * 4)})
    assert len(ed.board_of(s).spaces) == 4 * 3 + 3
    broken = sketch_layout(["S J1 | J1"] * 4)
    broken["starts"] = broken["starts"][:2]
    with pytest.raises(ValueError, match="The map given as data is not valid"):
        ed.new_game(2, 1, {"map": broken})


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (1, {}, "2 to 4 players"),
        (5, {}, "2 to 4 players"),
        (2, {"colour": "red"}, "Unknown option 'colour'"),
        (2, {"map": "atlantis"}, "Unknown map 'atlantis'"),
        (2, {"map": 3}, "map option"),
        (2, {"caves": "yes"}, "caves option"),
        (2, {"map_length": 4}, "only applies to the random map"),
        (2, {"decks": [["scout"]]}, "one list of cards per seat"),
        (2, {"decks": [["scout"], ["dragon"]]}, "unknown card 'dragon'"),
        (2, {"blockades": ["lava-9"] * 5}, "unknown blockade"),
        (2, {"blockades": ["jungle-1"]}, "one blockade per joint"),
    ],
)
def test_bad_options_are_a_clear_value_error(players, options, message):
    with pytest.raises(ValueError, match=message):
        ed.new_game(players, 1, options)


def test_decks_option_fixes_each_seats_deck_top_card_first():
    s = ed.new_game(2, 1, {"decks": [["pioneer", "scout", "native"], ["captain"] * 5]})
    assert [s.cards[c] for c in s.seats[0].hand] == ["pioneer", "scout", "native"]
    assert [s.cards[c] for c in s.seats[1].hand] == ["captain"] * 4
    assert [s.cards[c] for c in s.seats[1].draw] == ["captain"]


def test_state_round_trips_through_json():
    s = ed.new_game(3, 2, {"caves": True, "map": "swamplands"})
    data = json.loads(json.dumps(ed.to_json(s)))
    assert ed.from_json(data) == s
    assert ed.to_json(ed.from_json(data)) == data
