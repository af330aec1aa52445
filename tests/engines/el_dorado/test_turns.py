"""The turn: play, discard, draw to four; action cards; single-use cards; undo."""

from __future__ import annotations

from dataclasses import replace

import games.engines.el_dorado as ed
from tests.engines.el_dorado.scenario import END, OPEN, move


def test_turns_go_round_from_the_start_player(kit):
    s = kit.make(players=3)
    assert ed.to_act(s) == frozenset({0})
    s = kit.play(s, END)
    assert ed.to_act(s) == frozenset({1})
    s = kit.play(s, END, END)
    assert ed.to_act(s) == frozenset({0})
    assert s.turn.round == 2


def test_only_the_seat_to_act_may_act(kit):
    s = kit.make()
    assert ed.validate(s, 1, END) == "It is not seat 1's turn."
    assert ed.legal_actions(s, 1) == []


def test_malformed_actions_are_illegal_with_a_sentence(kit):
    s = kit.make()
    assert ed.validate(s, 0, {"type": "fly"}) == "There is no action 'fly'."
    assert ed.validate(s, 0, "move") == "An action is an object with a type."
    assert ed.validate(s, 0, {"type": "move", "card": 0}) is not None
    assert ed.validate(s, 0, {"type": "move", "card": 0, "path": [[1]]}) is not None


def test_played_cards_are_discarded_and_the_hand_refilled_to_four(kit):
    s = kit.make(hands=[["explorer", "sailor", "traveller", "traveller"]])
    s = kit.play(s, move(0, (1, 0)), END)
    seat = s.seats[0]
    assert seat.discard == (0,)
    assert len(seat.hand) == 4
    assert seat.hand[:3] == (1, 2, 3)  # kept cards stay in hand


def test_cards_left_in_hand_may_be_discarded_or_kept(kit):
    s = kit.make(hands=[["explorer", "sailor", "traveller", "traveller"]])
    s = kit.play(s, {"type": "discard", "cards": [1, 2]})
    assert ed.validate(s, 0, move(0, (1, 0))) == (
        "You are discarding: no more cards can be played this turn."
    )
    s = kit.play(s, END)
    assert s.seats[0].discard == (1, 2)
    assert 0 in s.seats[0].hand and 3 in s.seats[0].hand


def test_discard_pile_is_shuffled_only_when_a_draw_finds_the_draw_pile_empty(kit):
    s = kit.make(hands=[["explorer"] * 4])
    seat = replace(s.seats[0], draw=(4, 5), discard=(6, 7))
    s = replace(s, seats=(seat, *s.seats[1:]))
    s = kit.play(s, move(0, (1, 0)), {"type": "discard", "cards": [1, 2, 3]})
    progress = ed.apply(s, 0, END)
    seat = progress.state.seats[0]
    # Two cards came from the draw pile; only then was the discard pile shuffled to draw two more.
    assert seat.hand[:2] == (4, 5)
    assert set(seat.hand[2:]) <= {0, 1, 2, 3, 6, 7}
    assert len(seat.draw) == 4
    assert [e["type"] for e in progress.events].count("shuffle") == 1


def test_ending_the_turn_may_discard_kept_cards_first(kit):
    s = kit.make(hands=[["explorer"] * 4])
    seat = replace(s.seats[0], draw=(4, 5), discard=(6, 7))
    s = kit.play(replace(s, seats=(seat, *s.seats[1:])), move(0, (1, 0)))
    progress = ed.apply(s, 0, {"type": "end_turn", "discard": [1, 2, 3]})
    two_steps = ed.apply(kit.play(s, {"type": "discard", "cards": [1, 2, 3]}), 0, END)
    # The same as discarding, then ending the turn: the discards are shuffled into the draw.
    assert progress.state == two_steps.state
    discarding = ed.apply(s, 0, {"type": "discard", "cards": [1, 2, 3]}).events
    assert progress.events == discarding + two_steps.events
    assert [e["type"] for e in progress.events][:3] == ["discard", "discarded", "end_turn"]
    assert ed.describe_action({"type": "end_turn", "discard": [1, 2]}) == (
        "end turn discarding 1,2"
    )


def test_ending_the_turn_with_a_bad_discard_changes_nothing(kit):
    s = kit.make(hands=[["explorer", "sailor", "traveller", "traveller"]])
    assert ed.validate(s, 0, {"type": "end_turn", "discard": [9]}) == (
        "Card 9 is not in your hand."
    )
    assert ed.validate(s, 0, {"type": "end_turn", "discard": [1, 1]}) == (
        "The same card is listed twice."
    )
    assert ed.validate(s, 0, {"type": "end_turn", "discard": "all"}) == (
        "The action lists card ids under 'discard'."
    )
    assert ed.validate(s, 0, {"type": "end_turn", "discard": []}) is None
    assert {"type": "end_turn", "discard": [0, 1, 2, 3]} in ed.legal_actions(s, 0)


def test_empty_draw_pile_is_not_refilled_before_a_draw_is_needed(kit):
    s = kit.make(hands=[["explorer"] * 4])
    seat = replace(s.seats[0], draw=(), discard=(4, 5, 6, 7))
    s = kit.play(replace(s, seats=(seat, *s.seats[1:])), END)
    assert s.seats[0].draw == () and s.seats[0].discard == (4, 5, 6, 7)


def test_single_use_card_leaves_the_game_after_its_effect(kit):
    s = kit.make(hands=[["giant-machete"]])
    s = kit.play(s, move(0, (1, 0)), END)
    assert s.seats[0].removed == (0,)
    assert 0 not in s.seats[0].discard


def test_single_use_card_given_up_for_rubble_is_discarded_normally(kit):
    s = kit.make(["S X1 J1 | J1"] * 4, [["giant-machete"]])
    s = kit.play(s, {"type": "rubble", "to": [1, 0], "cards": [0]})
    assert s.seats[0].discard == (0,)
    assert s.seats[0].removed == ()


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


def test_undo_steps_back_within_the_turn(kit):
    s0 = kit.make(hands=[["scout", "traveller"]])
    s1 = kit.play(s0, move(0, (1, 0)))
    s2 = kit.play(s1, {"type": "buy", "card": "scout", "pay": [1]})
    back = kit.play(s2, {"type": "undo"})
    assert ed.to_json(back) == ed.to_json(s1)
    back = kit.play(back, {"type": "undo"})
    assert ed.to_json(back) == ed.to_json(s0)
    assert ed.validate(back, 0, {"type": "undo"}) == (
        "Nothing to undo: the turn just began or a card was revealed."
    )


def test_undo_stops_once_a_card_was_drawn(kit):
    s = kit.make(hands=[["scout", "cartographer", "traveller", "traveller", "sailor", "sailor"]])
    s = kit.play(s, move(0, (1, 0)), {"type": "action", "card": 1})
    assert ed.validate(s, 0, {"type": "undo"}) is not None
    s = kit.play(s, END)
    assert ed.validate(s, 1, {"type": "undo"}) is not None


def test_a_player_who_cannot_move_can_still_buy_discard_and_draw(kit):
    s = kit.make(OPEN, [["pioneer"] * 4], players=4)
    # Seat 1's explorer stands on (1, 0), the only space seat 0 could enter.
    s = replace(s, seats=(s.seats[0], replace(s.seats[1], explorers=((1, 0),)), *s.seats[2:]))
    kinds = {a["type"] for a in ed.legal_actions(s, 0)}
    assert "move" not in kinds
    assert {"buy", "discard", "end_turn"} <= kinds


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


def test_native_into_a_final_space_reaches_el_dorado(kit):
    s = kit.make(["S J1 | J1"] * 4, [["native"]], players=4, blockades=["jungle-1"])
    s = replace(s, seats=(replace(s.seats[0], explorers=((2, 0),)), *s.seats[1:]))
    s = kit.play(s, {"type": "action", "card": 0, "to": [3, 0]})
    assert s.seats[0].explorers == (None,)
    assert s.finished == (0,)


def test_transmitter_taking_the_last_market_copy_empties_its_slot(kit):
    s = kit.make(hands=[["transmitter"]])
    s = replace(s, supply={**s.supply, "scout": s.supply["scout"][:1]})
    s = kit.play(s, {"type": "action", "card": 0, "take": "scout"})
    assert s.market[0] is None
    assert ed.validate(s, 0, {"type": "action", "card": 0, "take": "scout"}) is not None


def test_single_use_card_paying_a_blockade_leaves_the_game(kit):
    s = kit.make(OPEN, [["scout", "prop-plane"]], blockades=["river-1"])
    s = kit.play(
        s,
        move(0, (1, 0), (2, 0)),
        {"type": "blockade", "to": [3, 0], "card": 1, "as": "paddle"},
    )
    assert s.seats[0].blockades == (0,)
    assert s.seats[0].removed == (1,)
