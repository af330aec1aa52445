"""The owner's draw pile counts, counted in one pass over the sorted card types, equal the plain
count of the pile, key order included."""

from __future__ import annotations

import random
from collections import Counter

import games.engines.el_dorado as ed
from games.bots.el_dorado import greedy_bot
from games.engines.el_dorado.seat_parts import _counted


def plain_counts(state, pile):
    return dict(sorted(Counter(state.cards[c] for c in pile).items()))


def test_counted_equals_the_plain_count_for_any_pile():
    state = ed.new_game(4, 21)
    rng = random.Random(21)
    ids = range(len(state.cards))
    for size in (0, 1, 2, 3, 7, 15, 30):
        for _ in range(20):
            pile = tuple(rng.sample(ids, size))
            counted = _counted(state, pile)
            assert list(counted.items()) == list(plain_counts(state, pile).items())


def test_views_show_the_plain_count_of_the_owners_draw_pile():
    state = ed.new_game(4, 8)
    rng = random.Random(8)
    checked = 0
    while not ed.is_over(state) and checked < 150:
        seat = min(ed.to_act(state))
        view = ed.player_view(state, seat)
        shown = view["seats"][seat]["draw_counts"]
        expected = plain_counts(state, state.seats[seat].draw)
        assert list(shown.items()) == list(expected.items())
        state = ed.apply(state, seat, greedy_bot(view, seat, rng)).state
        checked += 1
