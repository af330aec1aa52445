"""New games, players, seeds and match options."""

from __future__ import annotations

import pytest

import games.engines.incan_gold as ig


def test_module_constants():
    assert (ig.KEY, ig.NAME, ig.MIN_PLAYERS, ig.MAX_PLAYERS) == ("incan-gold", "Incan Gold", 3, 8)
    assert ig.DEFAULT_OPTIONS == {"quick_start": True, "artifact_values": "incan-gold"}


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_three_to_eight_players(players):
    state = ig.new_game(players, 5)
    assert len(state.seats) == players
    assert ig.to_act(state) == frozenset(range(players))


@pytest.mark.parametrize("players", [0, 2, 9, True, 3.0, "4"])
def test_other_player_counts_are_rejected(players):
    with pytest.raises(ValueError, match="players|whole number"):
        ig.new_game(players, 5)


def test_seed_must_be_an_integer():
    with pytest.raises(ValueError, match="seed"):
        ig.new_game(3, "x")


def test_new_game_is_deterministic_for_a_seed():
    assert ig.new_game(5, 42) == ig.new_game(5, 42)
    decks = {ig.new_game(5, seed).deck for seed in range(20)}
    assert len(decks) == 20


def test_deck_is_shuffled_by_the_seed_not_left_in_box_order():
    state = ig.new_game(3, 3, {"quick_start": False})
    order = [c.code for c in state.path] + list(state.deck)
    assert order != sorted(order)
    assert order[:15] != [f"T{v}" for v in (1, 2, 3, 4, 5, 5, 7, 7, 9, 11, 11, 13, 14, 15, 17)]


def test_each_round_is_shuffled_anew(table):
    t = table(3, [])
    t.all("return")
    first = [e["card"] for e in t.of("flip")]
    assert t.state.round == 2
    assert first  # round 1 flipped at least one card
    orders = set()
    for seed in range(5):
        u = table(3, [], seed=seed)
        u.all("return")
        orders.add(tuple(u.state.deck))
    assert len(orders) == 5


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"speed": 1}, "unknown option 'speed'"),
        ({"quick_start": "yes"}, "quick_start"),
        ({"artifact_values": "other"}, "artifact_values"),
        ({"deck": "T1"}, "one list of card codes per round"),
        ({"deck": [["T1"]] * 6}, "6 rounds"),
        ({"deck": ["T1"]}, "round 1 must be a list"),
        ({"deck": [["T6"]]}, "unknown card 'T6'"),
        ({"deck": [["dragons"]]}, "unknown card 'dragons'"),
        ({"deck": [["A7"]]}, "artifact A7 is not in the deck before round 2"),
        ({"deck": [[], ["A12"]]}, "artifact A12"),
        ({"deck": [["fire"] * 4]}, "fire 4 times"),
        ({"deck": [["T1", "T1"]]}, "T1 2 times"),
        ({"deck": [["T5", "T5", "T5"]]}, "T5 3 times"),
        ({"deck": [["A5", "A5"]]}, "A5 2 times"),
        ("quick", "mapping"),
    ],
)
def test_invalid_options_are_a_clear_value_error(options, message):
    with pytest.raises(ValueError, match=message):
        ig.new_game(3, 1, options)


def test_deck_option_fixes_the_draw_order_of_a_round(table):
    t = table(3, [["T1", "T2", "T3", "T4"]])
    t.all("continue")
    t.all("continue")
    t.all("continue")
    assert [c.code for c in t.state.path] == ["T1", "T2", "T3", "T4"]


def test_deck_option_keeps_the_rest_of_the_round_deck(table):
    t = table(3, [["T1", "T2"]])
    assert [c.code for c in t.state.path] == ["T1"]
    assert t.state.deck[0] == "T2"
    assert len(t.state.deck) + len(t.state.path) == 31


def test_two_fives_sevens_and_elevens_may_be_listed():
    state = ig.new_game(3, 1, {"deck": [["T5", "T5", "T7", "T7", "T11", "T11", "fire", "fire"]]})
    assert [c.code for c in state.path] == ["T5"]


def test_without_a_deck_option_all_order_comes_from_the_seed():
    a = ig.new_game(4, 77)
    b = ig.new_game(4, 77, {"quick_start": True, "artifact_values": "incan-gold"})
    assert a.deck == b.deck and a.path == b.path


def test_options_are_kept_in_the_state():
    state = ig.new_game(3, 1, {"quick_start": False, "artifact_values": "diamant"})
    assert state.options.quick_start is False
    assert state.options.artifact_values == "diamant"
