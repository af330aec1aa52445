"""Moving: one card a play, leftover power, wild cards, terrain, explorers, walls, finals."""

from __future__ import annotations

from dataclasses import replace

import games.engines.el_dorado as ed
from games.engines.el_dorado.maps import Terrain
from tests.engines.el_dorado.scenario import END, finish, move, staged

MIXED = [
    "S J1 R2 | J1 J1 J1",
    "S J2 V1 | J1 J1 J1",
    "S M  J3 | J1 J1 J1",
    "S X1 B1 | J1 J1 J1",
]


def test_card_enters_adjacent_space_of_its_kind_with_value_up_to_its_power(kit):
    s = kit.make(MIXED, [["explorer"]])
    s = kit.play(s, move(0, (1, 0)))
    assert kit.where(s) == (1, 0)
    assert s.seats[0].played == (0,)


def test_space_value_above_the_cards_power_is_illegal(kit):
    s = kit.make(["S J2 J1 | J1"] * 4, [["explorer"]])
    assert ed.validate(s, 0, move(0, (1, 0))) == (
        "Explorer has 1 machete to spend; the next space is jungle 2."
    )


def test_card_of_another_kind_is_refused_with_the_reason(kit):
    s = kit.make(MIXED, [["pioneer"]])
    why = ed.validate(s, 0, move(0, (1, 0), (2, 0)))
    assert why == "Pioneer is a machete card; the next space is river 2."


def test_leftover_power_continues_on_spaces_of_the_same_kind(kit):
    s = kit.make(MIXED, [["trailblazer"]])
    s = kit.play(s, move(0, (1, 0), (1, 1)))  # jungle 1 then jungle 2: 3 machete
    assert kit.where(s) == (1, 1)


def test_two_cards_never_combine_for_one_space(kit):
    s = kit.make(["S J2 J1 | J1"] * 4, [["explorer", "explorer"]])
    assert ed.legal_moves(s, 0, 0) == {}
    assert ed.legal_moves(s, 0, 1) == {}
    assert ed.validate(s, 0, {"type": "move", "card": [0, 1], "path": [[1, 0]]}) is not None
    assert all(a["type"] != "move" for a in ed.legal_actions(s, 0) if a.get("explorer") is None)


def test_leftover_power_is_lost_when_the_next_card_is_played(kit):
    s = kit.make(MIXED, [["trailblazer", "sailor"]])
    s = kit.play(s, move(0, (1, 0)))
    # Two machete were left on the Trailblazer; the Sailor brings only its own paddle.
    assert ed.validate(s, 0, move(1, (1, 1))) == (
        "Sailor is a paddle card; the next space is jungle 2."
    )
    assert ed.validate(s, 0, move(0, (1, 1))) == "Card 0 is not in your hand."


def test_wild_card_takes_one_kind_for_its_whole_play(kit):
    s = kit.make(MIXED, [["adventurer"]])
    assert kit.where(kit.play(s, move(0, (1, 0), **{"as": "machete"}))) == (1, 0)
    why = ed.validate(s, 0, move(0, (1, 0), (2, 0), **{"as": "machete"}))
    assert why == "Adventurer plays as machete; the next space is river 2."
    assert "choose machete, paddle or coin" in ed.validate(s, 0, move(0, (1, 0), **{"as": "x"}))


def test_wild_card_kind_defaults_to_the_first_space_entered(kit):
    s = kit.make(MIXED, [["jack-of-all-trades"]])
    assert kit.where(kit.play(s, move(0, (1, 0)))) == (1, 0)


def test_only_wild_cards_choose_a_kind(kit):
    s = kit.make(MIXED, [["sailor"]])
    why = ed.validate(s, 0, move(0, (1, 0), **{"as": "machete"}))
    assert why == "Sailor is a paddle card; only wild cards choose a kind."


def test_action_cards_move_no_one(kit):
    s = kit.make(MIXED, [["compass"]])
    assert "action card" in ed.validate(s, 0, move(0, (1, 0)))


def test_mountain_is_never_entered(kit):
    s = kit.make(MIXED, [["pioneer"]])
    why = ed.validate(s, 0, move(0, (1, 0), (1, 1), (1, 2)))
    assert why == "Space [1, 2] is a mountain; no explorer may enter it."


def test_space_holding_an_explorer_is_neither_entered_nor_passed_through(kit):
    rows = ["S J1 J1 | J1", "S M J1 | J1", "S J1 J1 | J1", "S J1 J1 | J1"]
    s = kit.make(rows, [["explorer"], ["pioneer"]], players=4)
    s = kit.play(s, move(0, (1, 0)), {"type": "end_turn"})
    card = kit.hand(s, 1)[0]
    # Seat 1 on (0, 1) can only go through (1, 0), where seat 0 now stands.
    assert ed.validate(s, 1, move(card, (1, 0))) == "Space [1, 0] holds another explorer."
    assert ed.validate(s, 1, move(card, (1, 0), (2, 0))) == "Space [1, 0] holds another explorer."
    assert ed.legal_moves(s, 1, card) == {}


def test_a_players_own_explorers_block_each_other(kit):
    s = kit.make(MIXED, [["trailblazer", "explorer"]], players=2)
    s = kit.play(s, move(0, (1, 0), (1, 1), explorer=0))
    # Explorer 1 stands on (0, 2); its neighbour (1, 1) now holds explorer 0 of the same player.
    assert ed.validate(s, 0, move(1, (1, 1), explorer=1)) == "Space [1, 1] holds another explorer."


def test_start_spaces_are_not_entered(kit):
    s = kit.make(MIXED, [["pioneer"]], players=4)
    s = replace(s, seats=(replace(s.seats[0], explorers=((1, 0),)), *s.seats[1:]))
    s = replace(s, seats=(*s.seats[:1], replace(s.seats[1], explorers=((1, 1),)), *s.seats[2:]))
    why = ed.validate(s, 0, move(0, (0, 1)))
    assert why == "Space [0, 1] is a start space; explorers only leave those."


def test_wall_between_non_consecutive_tiles_is_never_crossed():
    s = ed.new_game(2, 1, {"map": "hills-of-gold", "decks": [["prop-plane"] * 8] * 2})
    board = ed.board_of(s)
    a, b = sorted(next(iter(board.walls)), key=lambda h: board.spaces[h].terrain == "mountain")
    assert board.spaces[a].terrain not in (Terrain.MOUNTAIN, Terrain.START)
    s = replace(s, seats=(replace(s.seats[0], explorers=(a, s.seats[0].explorers[1])), s.seats[1]))
    kind = {"jungle": "machete", "river": "paddle", "village": "coin"}.get(board.spaces[b].terrain)
    why = ed.validate(s, 0, move(s.seats[0].hand[0], b, **{"as": kind or "machete"}))
    assert why == f"A wall separates {list(a)} from {list(b)}."
    assert b not in ed.legal_moves(s, 0, s.seats[0].hand[0])
    # Not even a Native crosses a wall.
    s = replace(s, cards=("native", *s.cards[1:]))
    native = {"type": "action", "card": 0, "to": list(b)}
    assert ed.validate(s, 0, native) == f"A wall separates {list(a)} from {list(b)}."


def test_legal_moves_lists_every_reachable_space_with_a_working_path(kit):
    s = kit.make(MIXED, [["trailblazer"]])
    moves = ed.legal_moves(s, 0, 0)
    assert set(moves) == {(1, 0), (1, 1)}
    for target, path in moves.items():
        after = kit.play(s, move(0, *path))
        assert kit.where(after) == target


def test_legal_moves_of_a_wild_card_cover_every_kind_it_may_take(kit):
    rows = ["S V1 J1 | J1", "S R1 J1 | J1", "S J1 J1 | J1", "S J1 J1 | J1"]
    s = kit.make(rows, [[], ["adventurer"]], players=4)
    s = kit.play(s, {"type": "end_turn"})
    card = kit.hand(s, 1)[0]
    assert set(ed.legal_moves(s, 1, card)) == {(1, 0), (1, 1)}
    assert set(ed.legal_moves(s, 1, card, 0, "paddle")) == {(1, 1)}
    assert set(ed.legal_moves(s, 1, card, 0, "coin")) == {(1, 0)}


def test_single_use_card_leaves_the_game_after_its_effect(kit):
    s = kit.make(hands=[["giant-machete"]])
    s = kit.play(s, move(0, (1, 0)), END)
    assert s.seats[0].removed == (0,)
    assert 0 not in s.seats[0].discard


def test_two_players_run_two_explorers_from_starts_one_three_and_two_four():
    s = ed.new_game(2, 4)
    board = ed.board_of(s)
    assert s.seats[0].explorers == (board.starts[0], board.starts[2])
    assert s.seats[1].explorers == (board.starts[1], board.starts[3])
    s4 = ed.new_game(4, 4)
    assert [seat.explorers for seat in s4.seats] == [(h,) for h in board.starts]


def test_each_card_moves_one_of_your_explorers_never_both(kit):
    s = kit.make(["S J1 J1 | J1 J1"] * 4, [["scout"]])
    s = kit.play(s, {"type": "move", "card": 0, "path": [[1, 2], [2, 2]], "explorer": 1})
    assert s.seats[0].explorers == ((0, 0), (2, 2))
    assert ed.validate(s, 0, {"type": "move", "card": 0, "path": [[1, 0]]}) is not None


def test_entering_a_final_space_moves_the_explorer_to_el_dorado(kit):
    rows = ["S J1 J1 | J1 J1"] * 4
    # Four jungle 1 spaces, the jungle 1 blockade and the final space: 6 machete.
    s = kit.make(rows, [["giant-machete"]], blockades=["jungle-1"])
    s = kit.play(s, move(0, (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)))
    assert kit.where(s) is None
    assert s.seats[0].explorers[1] is not None
    assert s.finished == ()  # with two players both explorers must arrive


def test_a_path_ends_on_the_final_space(kit):
    rows = ["S J1 J1 | J1 J1"] * 4
    s = kit.make(rows, [["giant-machete"]], blockades=["jungle-1"], players=4)
    why = ed.validate(s, 0, move(0, (1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (5, 1)))
    assert why == "A final space leads to El Dorado; the path ends there."
    s = kit.play(s, move(0, (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)))
    assert s.finished == (0,)


def test_an_explorer_in_el_dorado_leaves_the_board_and_frees_its_final_space(kit):
    s = staged(kit, 3, {0: (4, 0), 1: (4, 1)})
    s = finish(kit, s, 0, 0)
    s = kit.play(s, END)
    # Seat 1 may now enter the same final space.
    s = finish(kit, s, 1, 0)
    assert s.finished == (0, 1)
