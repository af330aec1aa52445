"""The short path for plain moves gives what the full rules give."""

from __future__ import annotations

import random

import pytest

import games.engines.el_dorado as ed
from games.bots.el_dorado import greedy_bot, random_bot
from games.engines.el_dorado import plays
from games.engines.el_dorado.errors import IllegalAction
from games.engines.el_dorado.setup import board_of


def _full_move(state, seat, action):
    board = board_of(state)
    saved = plays._plain_move
    plays._plain_move = lambda *args: None
    try:
        return plays.play_move(state, board, seat, action, ())
    finally:
        plays._plain_move = saved


def _events(told):
    if told.__class__ is tuple:
        make, args = told
        return make(*args)
    return told


@pytest.mark.parametrize(
    ("players", "seed", "options", "bot"),
    [
        (4, 1, {}, greedy_bot),
        (4, 5, {}, greedy_bot),
        # Two explorers a seat: a move changes one of them, the other bars its space.
        (2, 7, {"map": "serpentine"}, greedy_bot),
        (3, 11, {"map": "random"}, random_bot),
        (2, 13, {"map": "swamplands"}, random_bot),
    ],
)
def test_plain_moves_match_the_full_path(players: int, seed: int, options, bot) -> None:
    state = ed.new_game(players, seed, options)
    rng = random.Random(seed)
    taken = 0
    for _ in range(400):
        if ed.is_over(state):
            break
        seat = min(ed.to_act(state))
        action = bot(ed.player_view(state, seat), seat, rng)
        if action["type"] == "move":
            board = board_of(state)
            fast = plays._plain_move(state, board, seat, action, ())
            full = _full_move(state, seat, action)
            if fast is not None:
                taken += 1
                assert fast[0] == full[0]
                assert _events(fast[1]) == _events(full[1])
        state = ed.apply(state, seat, action).state
    assert taken > 20


def test_plain_move_leaves_illegal_moves_to_the_full_path() -> None:
    state = ed.new_game(4, 2)
    seat = 0
    board = board_of(state)
    here = state.seats[seat].explorers[0]
    card = state.seats[seat].hand[0]
    far = [here[0] + 5, here[1]]
    for action in (
        {"type": "move", "card": card, "path": [far]},
        {"type": "move", "card": 999, "path": [[here[0] + 1, here[1]]]},
        {"type": "move", "card": card, "path": []},
        {"type": "move", "card": card, "path": [[here[0], here[1] + 1]], "explorer": 3},
    ):
        assert plays._plain_move(state, board, seat, action, ()) is None
        with pytest.raises(IllegalAction):
            ed.apply(state, seat, action)
