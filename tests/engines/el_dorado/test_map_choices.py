"""The maps a match may be set up on come from the engine, which the site only labels."""

from __future__ import annotations

from games.engines import el_dorado
from games.engines.el_dorado.maps import RANDOM_SLUG, load_map


def test_the_engine_lists_the_six_layouts_in_the_rulebooks_order_then_random():
    names = el_dorado.map_names()
    assert list(names) == [*el_dorado.MAP_SLUGS, RANDOM_SLUG]
    assert len(el_dorado.MAP_SLUGS) == 6
    for slug in el_dorado.MAP_SLUGS:
        assert names[slug] == load_map(slug).name
    assert el_dorado.DEFAULT_MAP in el_dorado.MAP_SLUGS
    assert el_dorado.DEFAULT_OPTIONS["map"] == el_dorado.DEFAULT_MAP


def test_a_new_game_without_a_map_is_set_up_on_the_default_map():
    state = el_dorado.new_game(2, seed=1)
    view = el_dorado.player_view(state, None)
    assert view["map"]["slug"] == el_dorado.DEFAULT_MAP
