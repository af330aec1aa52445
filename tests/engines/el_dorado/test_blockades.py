"""Blockades on tile joints: paid like a space of their kind, kept by the first to cross."""

from __future__ import annotations

import games.engines.el_dorado as ed
from tests.engines.el_dorado.scenario import OPEN, move

END_TURN = {"type": "end_turn"}


def test_one_blockade_lies_on_each_joint_drawn_from_the_six():
    for slug in ("hills-of-gold", "swamplands"):
        s = ed.new_game(4, 5, {"map": slug})
        board = ed.board_of(s)
        assert len(s.blockades) == len(board.joints)
        pieces = [("jungle", 1), ("jungle", 2), ("river", 1), ("village", 1)]
        pieces += [("rubble", 1), ("rubble", 2)]
        assert set(s.blockades) <= set(pieces)
        assert len(set(s.blockades)) == len(s.blockades)
    # Swamplands has six joints: all six blockades are laid.
    assert len(ed.new_game(4, 5, {"map": "swamplands"}).blockades) == 6


def test_blockades_are_shuffled_with_the_seed():
    layouts = {ed.new_game(4, seed).blockades for seed in range(12)}
    assert len(layouts) > 3
    assert ed.new_game(4, 3).blockades == ed.new_game(4, 3).blockades


def test_crossing_a_blockade_costs_its_requirement_then_leftover_goes_on(kit):
    s = kit.make(OPEN, [["pioneer"]], blockades=["jungle-1"])
    # 1 + 1 for the jungle spaces, 1 for the blockade, 1 + 1 beyond it: 5 machete.
    s = kit.play(s, move(0, (1, 0), (2, 0), (3, 0), (4, 0)))
    assert kit.where(s) == (4, 0)
    assert s.blockade_owner == (0,)
    assert s.seats[0].blockades == (0,)


def test_blockade_cost_counts_against_the_cards_power(kit):
    s = kit.make(OPEN, [["trailblazer"]], blockades=["jungle-2"])
    why = ed.validate(s, 0, move(0, (1, 0), (2, 0), (3, 0)))
    assert why == "Trailblazer has 1 machete to spend; the jungle 2 blockade needs 2."


def test_blockade_of_another_kind_needs_a_card_of_that_kind(kit):
    s = kit.make(OPEN, [["pioneer"]], blockades=["river-1"])
    why = ed.validate(s, 0, move(0, (1, 0), (2, 0), (3, 0)))
    assert (
        why == "Pioneer is a machete card; the river 1 blockade is in the way (it needs paddle 1)."
    )


def test_the_first_to_cross_takes_the_blockade_and_the_joint_opens_for_everyone(kit):
    s = kit.make(OPEN, [["pioneer"], ["pioneer"]], blockades=["jungle-1"], players=4)
    s = kit.play(s, move(0, (1, 0), (2, 0), (3, 0), (4, 0)), END_TURN)
    card = kit.hand(s, 1)[0]
    # Five jungle 1 spaces, the joint now free: exactly the Pioneer's 5.
    s = kit.play(s, move(card, (1, 1), (2, 1), (3, 1), (4, 1), (5, 1)))
    assert kit.where(s, 1) == (5, 1)
    assert s.seats[1].blockades == ()
    assert s.blockade_owner == (0,)


def test_blockade_can_be_taken_without_moving_on(kit):
    s = kit.make(OPEN, [["scout", "explorer"]], blockades=["jungle-1"])
    s = kit.play(s, move(0, (1, 0), (2, 0)))
    s = kit.play(s, {"type": "blockade", "to": [3, 0], "card": 1})
    assert kit.where(s) == (2, 0)
    assert s.seats[0].blockades == (0,)
    assert 1 in s.seats[0].played


def test_rubble_blockade_costs_discards(kit):
    s = kit.make(OPEN, [["scout", "pioneer", "sailor", "traveller"]], blockades=["rubble-2"])
    s = kit.play(s, move(0, (1, 0), (2, 0)))
    why = ed.validate(s, 0, move(1, (3, 0)))
    assert why == (
        "Pioneer is a machete card; the rubble 2 blockade is in the way "
        "(take it first by discarding 2 cards)."
    )
    assert ed.validate(s, 0, {"type": "blockade", "to": [3, 0], "cards": [2]}) == (
        "The rubble 2 blockade needs exactly 2 cards discarded, not 1."
    )
    s = kit.play(s, {"type": "blockade", "to": [3, 0], "cards": [2, 3]})
    assert s.seats[0].blockades == (0,)
    assert s.seats[0].discard == (2, 3)
    s = kit.play(s, move(1, (3, 0)))
    assert kit.where(s) == (3, 0)


def test_rubble_space_behind_a_rubble_blockade_takes_both_in_discards(kit):
    rows = ["S J1 J1 | X1 J1"] * 4
    s = kit.make(rows, [["scout", "sailor", "traveller", "explorer"]], blockades=["rubble-1"])
    s = kit.play(s, move(0, (1, 0), (2, 0)))
    assert "needs exactly 2 cards" in ed.validate(
        s, 0, {"type": "rubble", "to": [3, 0], "cards": [1]}
    )
    s = kit.play(s, {"type": "rubble", "to": [3, 0], "cards": [1, 2]})
    assert kit.where(s) == (3, 0)
    assert s.seats[0].blockades == (0,)


def test_no_blockade_where_the_joint_is_already_open(kit):
    s = kit.make(OPEN, [["scout", "explorer"]], blockades=["jungle-1"])
    why = ed.validate(s, 0, {"type": "blockade", "to": [1, 0], "card": 1})
    assert why == "No blockade lies between [0, 0] and [1, 0]."


def test_single_use_card_paying_a_blockade_leaves_the_game(kit):
    s = kit.make(OPEN, [["scout", "prop-plane"]], blockades=["river-1"])
    s = kit.play(
        s,
        move(0, (1, 0), (2, 0)),
        {"type": "blockade", "to": [3, 0], "card": 1, "as": "paddle"},
    )
    assert s.seats[0].blockades == (0,)
    assert s.seats[0].removed == (1,)
