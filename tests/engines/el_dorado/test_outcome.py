"""Who wins: most blockades among those in El Dorado, then the highest one, else a shared win."""

from __future__ import annotations

import games.engines.el_dorado as ed
from tests.engines.el_dorado.scenario import END, finish, staged


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
