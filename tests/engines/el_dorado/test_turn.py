"""The turn: whose turn, discarding, drawing up to four, ending it, the last round, and undo."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import games.engines.el_dorado as ed
from games.bots.el_dorado import greedy_bot
from games.engines.el_dorado.state import State
from tests.engines.el_dorado.scenario import END, OPEN, finish, move, staged


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


def test_a_player_who_cannot_move_can_still_buy_discard_and_draw(kit):
    s = kit.make(OPEN, [["pioneer"] * 4], players=4)
    # Seat 1's explorer stands on (1, 0), the only space seat 0 could enter.
    s = replace(s, seats=(s.seats[0], replace(s.seats[1], explorers=((1, 0),)), *s.seats[2:]))
    kinds = {a["type"] for a in ed.legal_actions(s, 0)}
    assert "move" not in kinds
    assert {"buy", "discard", "end_turn"} <= kinds


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


def test_views_count_the_owners_draw_pile_by_card_never_in_order():
    state = ed.new_game(4, 8)
    rng = random.Random(8)
    checked = 0
    while not ed.is_over(state) and checked < 150:
        seat = min(ed.to_act(state))
        view = ed.player_view(state, seat)
        shown = view["seats"][seat]["draw_counts"]
        expected = Counter(state.cards[c] for c in state.seats[seat].draw)
        assert shown == dict(expected) and list(shown) == sorted(shown)
        assert all("draw_counts" not in s for i, s in enumerate(view["seats"]) if i != seat)
        state = ed.apply(state, seat, greedy_bot(view, seat, rng)).state
        checked += 1


def test_reaching_el_dorado_ends_the_game_after_the_round(kit):
    s = staged(kit, 3, {1: (4, 1)})
    s = kit.play(s, END)
    s = finish(kit, s, 1, 1)
    assert s.seats[1].explorers == (None,)
    assert s.finished == (1,)
    s = kit.play(s, END)
    assert not ed.is_over(s) and ed.to_act(s) == frozenset({2})
    s = kit.play(s, END)
    assert ed.is_over(s)
    assert ed.to_act(s) == frozenset()
    assert s.turn.round == 1  # seat 0 did not get another turn
    assert ed.outcome(s).winners == (1,)


def test_last_seat_reaching_el_dorado_ends_the_game_at_once(kit):
    s = staged(kit, 2, {1: (4, 1)})
    s = kit.play(s, END)
    s = kit.play(s, {"type": "move", "card": kit.hand(s, 1)[0], "path": [[5, 1]], "explorer": 0})
    assert not ed.is_over(s)  # two players: the second explorer is still out
    assert s.finished == ()


def test_two_player_game_ends_only_when_both_explorers_arrive(kit):
    s = staged(kit, 2, {0: (4, 0)}, hands=[["explorer", "explorer"], ["explorer"]])
    seats = list(s.seats)
    seats[0] = replace(seats[0], explorers=((4, 0), (4, 2)))
    s = replace(s, seats=tuple(seats))
    s = kit.play(s, {"type": "move", "card": 0, "path": [[5, 0]], "explorer": 0})
    assert s.finished == ()
    s = kit.play(s, {"type": "move", "card": 1, "path": [[5, 2]], "explorer": 1})
    assert s.finished == (0,)
    s = kit.play(s, END)
    assert not ed.is_over(s)
    s = kit.play(s, END)
    assert ed.is_over(s)
    assert ed.outcome(s).winners == (0,)


def test_nothing_is_legal_once_the_game_is_over(kit):
    s = staged(kit, 3, {2: (4, 2)})
    s = kit.play(s, END, END)
    s = finish(kit, s, 2, 2)
    s = kit.play(s, END)
    assert ed.is_over(s)
    assert ed.validate(s, 2, END) == "The game is over."
    assert ed.legal_actions(s, 0) == []


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


def _states(seed: int, actions: int) -> list[tuple[State, dict]]:
    state = ed.new_game(4, seed)
    rng = random.Random(seed)
    out = []
    while len(out) < actions and not ed.is_over(state):
        seat = state.turn.seat
        action = greedy_bot(ed.player_view(state, seat), seat, rng)
        out.append((state, action))
        state = ed.apply(state, seat, action).state
    return out


def test_undo_history_holds_the_turns_earlier_states() -> None:
    checked = 0
    for state, action in _states(3, 300):
        new = ed.apply(state, state.turn.seat, action).state
        if new.previous is not None:
            assert new.previous == state
            stored = ed.to_json(new)
            assert stored["history"][-1] == {**ed.to_json(state), "history": []}
            assert ed.from_json(stored) == new
            undone = ed.apply(new, state.turn.seat, {"type": "undo"}).state
            assert ed.to_json(undone) == ed.to_json(state)
            checked += 1
    assert checked > 10


def test_applying_to_any_earlier_state_gives_the_same_result_as_in_sequence():
    played = _states(5, 60)
    in_sequence = [ed.apply(s, s.turn.seat, a).state for s, a in played]
    for (state, action), expected in reversed(list(zip(played, in_sequence, strict=True))):
        again = ed.apply(state, state.turn.seat, action).state
        assert ed.to_json(again) == ed.to_json(expected)
        assert again.previous in (None, state)
