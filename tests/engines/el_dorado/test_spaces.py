"""Rubble and base camps: entered by discarding or removing exactly their value in cards."""

from __future__ import annotations

import games.engines.el_dorado as ed


def test_rubble_is_entered_by_discarding_exactly_its_value(kit):
    s = kit.make(["S X2 J1 | J1"] * 4, [["explorer", "scout", "sailor"]])
    why = ed.validate(s, 0, {"type": "rubble", "to": [1, 0], "cards": [0]})
    assert why == "Entering rubble 2 needs exactly 2 cards discarded, not 1."
    after = kit.play(s, {"type": "rubble", "to": [1, 0], "cards": [0, 2]})
    assert kit.where(after) == (1, 0)
    assert after.seats[0].discard == (0, 2)
    assert after.seats[0].played == ()
    assert after.seats[0].hand == (1, 3)


def test_base_camp_is_entered_by_removing_cards_from_the_game(kit):
    s = kit.make(["S B2 J1 | J1"] * 4, [["explorer", "scout"]])
    after = kit.play(s, {"type": "camp", "to": [1, 0], "cards": [0, 1]})
    assert kit.where(after) == (1, 0)
    assert after.seats[0].removed == (0, 1)
    assert 0 not in after.seats[0].owned()
    why = ed.validate(s, 0, {"type": "rubble", "to": [1, 0], "cards": [0, 1]})
    assert why == "Space [1, 0] is basecamp 2, not rubble."


def test_cards_given_up_for_rubble_or_camp_must_be_in_hand(kit):
    s = kit.make(["S X1 J1 | J1"] * 4, [["explorer"]])
    assert ed.validate(s, 0, {"type": "rubble", "to": [1, 0], "cards": [40]}) is not None
    assert ed.validate(s, 0, {"type": "rubble", "to": [1, 0], "cards": [0, 0]}) is not None


def test_single_use_card_given_up_for_rubble_is_discarded_normally(kit):
    s = kit.make(["S X1 J1 | J1"] * 4, [["giant-machete"]])
    s = kit.play(s, {"type": "rubble", "to": [1, 0], "cards": [0]})
    assert s.seats[0].discard == (0,)
    assert s.seats[0].removed == ()
