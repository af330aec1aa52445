"""The end: El Dorado, the last round, tie-breaks on blockades, and two-player expeditions."""

from __future__ import annotations

from dataclasses import replace

import games.engines.el_dorado as ed

THREE_JOINTS = ["S J1 | J1 | J1 | J1"] * 4
END = {"type": "end_turn"}


def staged(kit, players, near, owned=(), hands=()):
    """Explorers of the given seats next to the final spaces, holding the given joints."""
    s = kit.make(
        THREE_JOINTS,
        hands or [["explorer"]] * players,
        players=players,
        blockades=["jungle-1", "jungle-2", "river-1"],
    )
    seats = list(s.seats)
    for seat, h in near.items():
        seats[seat] = replace(seats[seat], explorers=(h, *seats[seat].explorers[1:]))
    owners = [None, None, None]
    for seat, joints in enumerate(owned):
        seats[seat] = replace(seats[seat], blockades=tuple(joints))
        for j in joints:
            owners[j] = seat
    return replace(s, seats=tuple(seats), blockade_owner=tuple(owners))


def finish(kit, s, seat, row):
    card = kit.hand(s, seat)[0]
    return kit.play(s, {"type": "move", "card": card, "path": [[5, row]]})


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


def test_nothing_is_legal_once_the_game_is_over(kit):
    s = staged(kit, 3, {2: (4, 2)})
    s = kit.play(s, END, END)
    s = finish(kit, s, 2, 2)
    s = kit.play(s, END)
    assert ed.is_over(s)
    assert ed.validate(s, 2, END) == "The game is over."
    assert ed.legal_actions(s, 0) == []


def test_outcome_is_none_before_the_end(kit):
    assert ed.outcome(kit.make()) is None


def test_most_blockades_among_explorers_in_el_dorado_wins(kit):
    s = staged(kit, 3, {0: (4, 0), 1: (4, 2)}, owned=[[0, 2], [1], []])
    s = finish(kit, s, 0, 0)
    s = kit.play(s, END)
    s = finish(kit, s, 1, 2)
    s = kit.play(s, END, END)
    result = ed.outcome(s)
    assert result.winners == (0,)
    assert result.places == (1, 2, 3)
    assert result.blockades == (2, 1, 0)
    assert result.scores == (2, 1, 0)  # seats placed below


def test_blockades_do_not_count_for_a_player_outside_el_dorado(kit):
    s = staged(kit, 3, {1: (4, 1)}, owned=[[0, 1, 2], [], []])
    s = kit.play(s, END)
    s = finish(kit, s, 1, 1)
    s = kit.play(s, END, END)
    assert ed.outcome(s).winners == (1,)


def test_tied_blockade_count_goes_to_the_highest_blockade(kit):
    s = staged(kit, 3, {0: (4, 0), 1: (4, 2)}, owned=[[0], [1], []])
    s = finish(kit, s, 0, 0)
    s = kit.play(s, END)
    s = finish(kit, s, 1, 2)
    s = kit.play(s, END, END)
    assert ed.outcome(s).winners == (1,)  # jungle 2 beats jungle 1


def test_still_tied_is_a_shared_win(kit):
    s = staged(kit, 3, {0: (4, 0), 1: (4, 2)}, owned=[[0], [2], []])
    s = finish(kit, s, 0, 0)
    s = kit.play(s, END)
    s = finish(kit, s, 1, 2)
    s = kit.play(s, END, END)
    result = ed.outcome(s)
    assert result.winners == (0, 1)
    assert result.places == (1, 1, 3)
    assert result.scores == (1, 1, 0)


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


def test_an_explorer_in_el_dorado_leaves_the_board_and_frees_its_final_space(kit):
    s = staged(kit, 3, {0: (4, 0), 1: (4, 1)})
    s = finish(kit, s, 0, 0)
    s = kit.play(s, END)
    # Seat 1 may now enter the same final space.
    s = finish(kit, s, 1, 0)
    assert s.finished == (0, 1)
