"""Caves (option): tokens taken by stopping beside a cave, and what each token does."""

from __future__ import annotations

from dataclasses import replace

import games.engines.el_dorado as ed
from games.engines.el_dorado.tokens import TOKENS
from tests.engines.el_dorado.scenario import CAVE, END, move, token_id


def caved(kit, hand, stack=("draw", "machete-2", "pass", "keep"), **kw):
    return kit.make(CAVE, [hand], players=4, caves=True, cave_tokens=[list(stack)], **kw)


def holding(s, *slugs, seat=0):
    ids = tuple(token_id(slug) for slug in slugs)
    seats = list(s.seats)
    seats[seat] = replace(seats[seat], tokens=ids)
    return replace(s, seats=tuple(seats)), ids


def test_the_36_tokens_are_the_published_counts():
    slugs = [t.slug for t in TOKENS]
    assert len(slugs) == 36
    assert sorted(s for s in slugs if s.startswith("machete")) == (
        ["machete-1"] * 2 + ["machete-2"] * 3 + ["machete-3"] * 2
    )
    assert slugs.count("draw") == 4 and slugs.count("remove") == 4 and slugs.count("swap") == 3
    for slug in ("keep", "pass", "native", "change"):
        assert slugs.count(slug) == 2


def test_each_cave_holds_a_stack_of_four_tokens():
    s = ed.new_game(4, 2, {"map": "hills-of-gold", "caves": True})
    board = ed.board_of(s)
    assert len(s.caves) == len(board.caves)
    assert all(len(stack) == 4 for stack in s.caves)
    flat = [t for stack in s.caves for t in stack]
    assert len(set(flat)) == len(flat)


def test_caves_are_off_by_default(kit):
    s = kit.make(CAVE, [["pioneer"]], players=4)
    s = kit.play(s, move(0, (1, 0), (1, 1), (2, 1)))
    assert s.caves == () and s.seats[0].tokens == ()


def test_stopping_beside_a_cave_takes_its_top_token(kit):
    s = caved(kit, ["pioneer"])
    s = kit.play(s, move(0, (1, 0), (1, 1), (2, 1)))
    assert [TOKENS[t].slug for t in s.seats[0].tokens] == ["draw"]
    assert len(s.caves[0]) == 3


def test_passing_a_cave_without_stopping_takes_nothing(kit):
    s = caved(kit, ["pioneer"])
    s = kit.play(s, move(0, (1, 0), (1, 1), (2, 1), (2, 0)))
    assert s.seats[0].tokens == ()


def test_moving_between_two_spaces_beside_the_same_cave_takes_no_other(kit):
    s = caved(kit, ["pioneer", "explorer"])
    s = kit.play(s, move(0, (1, 0), (1, 1), (2, 1)), move(1, (1, 2)))
    assert len(s.seats[0].tokens) == 1


def test_power_token_plays_like_a_card_of_its_kind_and_value(kit):
    s, (t,) = holding(kit.make(["S J1 J1 | J1 J1"] * 4, [["traveller"]], players=4), "machete-2")
    s = kit.play(s, {"type": "move", "token": t, "path": [[1, 0], [2, 0]]})
    assert kit.where(s) == (2, 0)
    assert s.seats[0].tokens == () and s.seats[0].spent_tokens == (t,)


def test_coin_token_pays_for_a_card(kit):
    s, (t,) = holding(kit.make(hands=[["traveller"]], players=4), "coin-2")
    s = kit.play(s, {"type": "buy", "card": "trailblazer", "pay": [0], "tokens": [t]})
    assert s.cards[s.seats[0].discard[-1]] == "trailblazer"


def test_draw_token_draws_one_card(kit):
    s, (t,) = holding(kit.make(hands=[["traveller"] * 5], players=4), "draw")
    s = kit.play(s, {"type": "token", "token": t})
    assert s.seats[0].hand == (0, 1, 2, 3, 4)


def test_remove_token_removes_one_card_in_hand(kit):
    s, (t,) = holding(kit.make(players=4), "remove")
    s = kit.play(s, {"type": "token", "token": t, "cards": [2]})
    assert s.seats[0].removed == (2,)


def test_swap_token_swaps_hand_cards_for_as_many_drawn(kit):
    s, (t,) = holding(kit.make(hands=[["explorer"] * 4 + ["pioneer"] * 2], players=4), "swap")
    s = kit.play(s, {"type": "token", "token": t, "cards": [0, 1]})
    assert s.seats[0].hand == (2, 3, 4, 5)
    s = kit.play(s, END)
    assert {0, 1} <= set(s.seats[0].discard)


def test_swap_token_is_listed_with_at_most_four_cards_from_a_larger_hand(kit):
    s, (draw, swap) = holding(kit.make(hands=[["explorer"] * 6], players=4), "draw", "swap")
    s = kit.play(s, {"type": "token", "token": draw})
    assert len(s.seats[0].hand) == 5
    swaps = [a for a in ed.legal_actions(s, 0) if a.get("token") == swap]
    assert swaps and all(1 <= len(a["cards"]) <= 4 for a in swaps)
    assert all(ed.validate(s, 0, a) is None for a in swaps)


def test_keep_token_keeps_a_single_use_card_just_used(kit):
    s, (t,) = holding(kit.make(hands=[["giant-machete"]], players=4), "keep")
    s = kit.play(s, move(0, (1, 0)), {"type": "token", "token": t}, END)
    assert s.seats[0].removed == ()
    assert 0 in s.seats[0].discard


def test_keep_token_needs_a_single_use_card_used_this_turn(kit):
    s, (t,) = holding(kit.make(hands=[["explorer"]], players=4), "keep")
    s = kit.play(s, move(0, (1, 0)))
    assert ed.validate(s, 0, {"type": "token", "token": t}) == (
        "The keep token keeps a single-use card used this turn; none was."
    )
    assert not any(a.get("token") == t for a in ed.legal_actions(s, 0))


def test_keep_token_may_keep_a_single_use_card_used_earlier_in_the_turn(kit):
    s, (t,) = holding(kit.make(hands=[["giant-machete", "explorer"]], players=4), "keep")
    s = kit.play(s, move(0, (1, 0)), move(1, (2, 0)))
    assert {"type": "token", "token": t, "card": 0} in ed.legal_actions(s, 0)
    assert ed.validate(s, 0, {"type": "token", "token": t, "card": 1}) == (
        "Card 1 is no single-use card used this turn."
    )
    s = kit.play(s, {"type": "token", "token": t, "card": 0}, END)
    assert s.seats[0].removed == ()
    assert 0 in s.seats[0].discard


def test_a_single_use_card_from_an_earlier_turn_cannot_be_kept(kit):
    s, (t,) = holding(kit.make(hands=[["giant-machete"]], players=4), "keep")
    s = kit.play(s, move(0, (1, 0)), END, END, END, END)
    assert ed.to_act(s) == frozenset({0})
    assert ed.validate(s, 0, {"type": "token", "token": t, "card": 0}) is not None


def test_pass_token_lets_explorers_enter_and_pass_occupied_spaces_this_turn(kit):
    s = kit.make(hands=[["explorer"], ["scout"]], players=4)
    s = kit.play(s, move(0, (1, 0)), END)
    s, (t,) = holding(s, "pass", seat=1)
    card = kit.hand(s, 1)[0]
    assert ed.validate(s, 1, move(card, (1, 0), (2, 0))) is not None
    s = kit.play(s, {"type": "token", "token": t}, move(card, (1, 0), (2, 0)))
    assert kit.where(s, 1) == (2, 0)


def test_native_token_moves_like_the_native(kit):
    s, (t,) = holding(kit.make(["S R4 J1 | J1"] * 4, players=4), "native")
    s = kit.play(s, {"type": "token", "token": t, "to": [1, 0]})
    assert kit.where(s) == (1, 0)


def test_change_token_changes_the_kind_of_the_next_card_played(kit):
    s, (t,) = holding(
        kit.make(["S R1 J1 | J1"] * 4, [["explorer", "explorer"]], players=4), "change"
    )
    assert ed.validate(s, 0, move(0, (1, 0))) is not None
    s = kit.play(s, {"type": "token", "token": t, "kind": "paddle"}, move(0, (1, 0)))
    assert kit.where(s) == (1, 0)
    assert s.turn.next_kind is None


def test_tokens_leave_the_game_after_use(kit):
    s, (t,) = holding(kit.make(hands=[["traveller"] * 5], players=4), "draw")
    s = kit.play(s, {"type": "token", "token": t})
    assert ed.validate(s, 0, {"type": "token", "token": t}) == "You hold no such cave token."


def test_a_token_taken_from_a_cave_cannot_be_undone(kit):
    s = caved(kit, ["pioneer", "explorer"])
    s = kit.play(s, move(1, (1, 0)))
    assert ed.validate(s, 0, {"type": "undo"}) is None
    s = kit.play(s, move(0, (1, 1), (2, 1)))
    assert ed.validate(s, 0, {"type": "undo"}) is not None


def test_change_token_decides_which_cards_may_take_a_blockade(kit):
    rows = ["S J1 J1 | J1 J1 J1"] * 4
    s = kit.make(rows, [["scout", "sailor", "explorer"]], players=4, blockades=["river-1"])
    s = kit.play(s, move(0, (1, 0), (2, 0)))
    s, (t,) = holding(s, "change")
    toward = {"type": "blockade", "to": [3, 0]}
    assert {**toward, "card": 1} in ed.legal_actions(s, 0)
    s = kit.play(s, {"type": "token", "token": t, "kind": "machete"})
    # The Sailor now counts as machete: it no longer pays the river blockade; the Explorer
    # would pay only a jungle one.
    listed = [a for a in ed.legal_actions(s, 0) if a["type"] == "blockade"]
    assert listed == []
    assert ed.validate(s, 0, {**toward, "card": 1}) == (
        "Sailor plays as machete (change token); the river 1 blockade needs paddle."
    )
