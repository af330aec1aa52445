"""Action cards: drawing, removing cards (Scientist, Travel Log), the Transmitter and the Native."""

from __future__ import annotations

from dataclasses import replace

import games.engines.el_dorado as ed
from tests.engines.el_dorado.scenario import END, OPEN, buy, move


def test_action_cards_may_be_played_at_any_time_in_the_turn(kit):
    s = kit.make(
        hands=[["traveller", "compass", "scout", "explorer", "pioneer", "sailor", "sailor"]]
    )
    s = kit.play(
        s,
        {"type": "buy", "card": "scout", "pay": [0]},
        {"type": "move", "card": 2, "path": [[1, 0], [2, 0]]},
        {"type": "action", "card": 1},
    )
    assert s.seats[0].hand == (3, 4, 5, 6)


def test_compass_draws_three_and_leaves_the_game(kit):
    s = kit.make(
        hands=[["compass", "traveller", "traveller", "traveller", "scout", "scout", "pioneer"]]
    )
    s = kit.play(s, {"type": "action", "card": 0})
    assert s.seats[0].hand == (1, 2, 3, 4, 5, 6)
    assert s.seats[0].removed == (0,)


def test_cartographer_draws_two_and_stays(kit):
    s = kit.make(
        hands=[["cartographer", "traveller", "traveller", "traveller", "scout", "pioneer"]]
    )
    s = kit.play(s, {"type": "action", "card": 0}, END)
    assert 0 in s.seats[0].discard
    assert s.seats[0].removed == ()


def test_cards_drawn_mid_turn_may_be_played_this_turn(kit):
    s = kit.make(hands=[["cartographer", "traveller", "traveller", "traveller", "pioneer"]])
    s = kit.play(s, {"type": "action", "card": 0})
    s = kit.play(s, move(4, (1, 0), (2, 0)))
    assert kit.where(s) == (2, 0)


def test_scientist_draws_one_then_may_remove_one_card_in_hand(kit):
    s = kit.make(hands=[["scientist", "traveller", "traveller", "traveller", "explorer"]])
    s = kit.play(s, {"type": "action", "card": 0})
    assert s.seats[0].hand == (1, 2, 3, 4)
    assert ed.validate(s, 0, END) == "First choose which cards to remove (or none)."
    assert ed.validate(s, 0, {"type": "remove", "cards": [1, 2]}) == (
        "You may remove at most 1 cards now, not 2."
    )
    s = kit.play(s, {"type": "remove", "cards": [4]}, END)
    assert s.seats[0].removed == (4,)
    assert 0 in s.seats[0].discard  # the Scientist is not single-use


def test_travel_log_draws_two_then_may_remove_up_to_two_and_leaves(kit):
    s = kit.make(
        hands=[["travel-log", "traveller", "traveller", "traveller", "explorer", "sailor"]]
    )
    s = kit.play(s, {"type": "action", "card": 0}, {"type": "remove", "cards": []})
    assert s.seats[0].removed == (0,)
    assert len(s.seats[0].hand) == 5


def test_transmitter_takes_any_card_free_without_counting_as_the_purchase(kit):
    s = kit.make(hands=[["transmitter", "traveller"]])
    s = kit.play(s, {"type": "action", "card": 0, "take": "native"})
    assert s.cards[s.seats[0].discard[-1]] == "native"
    assert "native" not in s.market  # a reserve type taken this way stays in the reserve
    assert s.seats[0].removed == (0,)  # the Transmitter is single-use
    assert not s.turn.bought
    assert ed.validate(s, 0, buy("scout", 1)) is None


def test_transmitter_taking_the_last_market_copy_empties_its_slot(kit):
    s = kit.make(hands=[["transmitter"]])
    s = replace(s, supply={**s.supply, "scout": s.supply["scout"][:1]})
    s = kit.play(s, {"type": "action", "card": 0, "take": "scout"})
    assert s.market[0] is None
    assert ed.validate(s, 0, {"type": "action", "card": 0, "take": "scout"}) is not None


def test_native_moves_to_an_adjacent_space_ignoring_its_requirement(kit):
    rows = ["S R4 J1 | J1"] * 4
    s = kit.make(rows, [["native"]])
    s = kit.play(s, {"type": "action", "card": 0, "to": [1, 0]}, END)
    assert kit.where(s) == (1, 0)
    assert 0 in s.seats[0].discard  # the Native is not single-use


def test_native_takes_a_blockade_it_crosses(kit):
    s = kit.make(OPEN, [["scout", "native"]], blockades=["rubble-2"])
    s = kit.play(s, move(0, (1, 0), (2, 0)), {"type": "action", "card": 1, "to": [3, 0]})
    assert kit.where(s) == (3, 0)
    assert s.seats[0].blockades == (0,)


def test_native_never_enters_a_mountain_or_an_occupied_space(kit):
    rows = ["S J1 J1 | J1", "S M J1 | J1", "S J1 J1 | J1", "S J1 J1 | J1"]
    s = kit.make(rows, [[], ["native"]], players=4)
    s = kit.play(s, END)
    native = kit.hand(s, 1)[0]
    why = ed.validate(s, 1, {"type": "action", "card": native, "to": [1, 1]})
    assert why == "Space [1, 1] is a mountain; no explorer may enter it."
    rows = ["S J1 J1 | J1", "S J1 J1 | J1", "S J1 J1 | J1", "S J1 J1 | J1"]
    s = kit.make(rows, [["scout", "native"], ["native"]], players=4)
    s = kit.play(s, move(0, (1, 0)), END)
    native = kit.hand(s, 1)[0]
    why = ed.validate(s, 1, {"type": "action", "card": native, "to": [1, 0]})
    assert why == "Space [1, 0] holds another explorer."


def test_native_into_a_final_space_reaches_el_dorado(kit):
    s = kit.make(["S J1 | J1"] * 4, [["native"]], players=4, blockades=["jungle-1"])
    s = replace(s, seats=(replace(s.seats[0], explorers=((2, 0),)), *s.seats[1:]))
    s = kit.play(s, {"type": "action", "card": 0, "to": [3, 0]})
    assert s.seats[0].explorers == (None,)
    assert s.finished == (0,)
