"""Views built from kept parts (the match's view frame, each seat's earlier parts) equal views
built afresh, whatever order states and viewers come in."""

from __future__ import annotations

import random

import games.engines.el_dorado as ed
from games.bots.el_dorado import greedy_bot
from games.engines.el_dorado import view_parts
from games.engines.el_dorado.seat_parts import seat_part

VIEWERS = (None, 0, 1, 2, 3)


def fresh_view(state, viewer):
    view_parts._PARTS.clear()
    return ed.player_view(state, viewer)


def game_states(seed, count, options=None):
    s = ed.new_game(4, seed, options)
    rng = random.Random(seed)
    states = [s]
    while len(states) < count and not ed.is_over(s):
        seat = min(ed.to_act(s))
        s = ed.apply(s, seat, greedy_bot(ed.player_view(s, seat), seat, rng)).state
        states.append(s)
    return states


def test_kept_views_equal_fresh_ones_for_any_viewer_order():
    states = game_states(5, 160, {"caves": True})
    rng = random.Random(5)
    view_parts._PARTS.clear()
    shown = []
    for s in states:
        for viewer in rng.sample(VIEWERS, rng.randint(1, 3)):
            shown.append((s, viewer, ed.player_view(s, viewer)))
    for s, viewer, view in shown:
        assert view == fresh_view(s, viewer)


def test_going_back_to_earlier_states_gives_their_own_views():
    states = game_states(9, 120)
    view_parts._PARTS.clear()
    rng = random.Random(9)
    for _ in range(200):
        s = rng.choice(states)
        viewer = rng.choice(VIEWERS)
        kept = ed.player_view(s, viewer)
        assert kept == fresh_view(s, viewer)
        view_parts._PARTS.clear()
        ed.player_view(rng.choice(states), rng.choice(VIEWERS))


def test_kept_seat_parts_equal_seat_parts_made_afresh():
    states = game_states(13, 200)
    view_parts._PARTS.clear()
    for s in states:
        viewer = min(ed.to_act(s))
        m = view_parts.match_parts(s)
        seats = ed.player_view(s, viewer)["seats"]
        spectator = ed.player_view(s, None)["seats"]
        for i in range(s.players):
            assert seats[i] == seat_part(m, s, i, i == viewer)
            assert spectator[i] == seat_part(m, s, i, False)


def test_returned_views_are_not_the_kept_frame_or_parts():
    states = game_states(3, 30)
    s = states[-1]
    first = ed.player_view(s, 1)
    expected = fresh_view(s, 1)
    first = ed.player_view(s, 1)
    first["round"] = -1
    first["viewer"] = 3
    first["turn"] = None
    first["seats"][2]["played"] = []
    first["seats"][1]["hand_size"] = -1
    del first["market"]
    assert ed.player_view(s, 1) == expected
    assert ed.player_view(s, None)["viewer"] is None
