from games.engines import el_dorado
from games.help.el_dorado import MAP_NAMES, map_name


def test_every_map_the_engine_offers_has_a_name_the_site_can_translate():
    assert set(MAP_NAMES) == set(el_dorado.map_names())
    assert map_name("hills-of-gold") == "Hills of Gold"
    assert map_name("no-such-map") == "no-such-map"
