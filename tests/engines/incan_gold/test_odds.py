"""The odds of the next card, worked out from a view, against the rules themselves: each card
the deck holds is made the next one in turn, everyone stays, and what happened is counted."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

import games.engines.incan_gold as ig
from games.engines.incan_gold.odds import NextCard, next_card, unseen_deck


def _decision_points(players: int, seed: int, play_seed: int, p_return: float = 0.2):
    """States of a game where every explorer in the temple has still to decide."""
    rng = random.Random(play_seed)
    state = ig.new_game(players, seed)
    while not ig.is_over(state):
        waiting = sorted(ig.to_act(state))
        inside = [s for s, seat in enumerate(state.seats) if seat.in_temple]
        if waiting == inside:
            yield state
        seat = rng.choice(waiting)
        choice = "return" if rng.random() < p_return else "continue"
        state = ig.apply(state, seat, {"type": "decide", "choice": choice}).state


def _everyone_stays(state):
    for seat in sorted(ig.to_act(state)):
        state = ig.apply(state, seat, {"type": "decide", "choice": "continue"}).state
    return state


def _enumerated(state) -> tuple[Fraction, dict[int, Fraction]]:
    """Turn each card of the deck next, everyone staying: the share of cards that end the round,
    and each explorer's mean change in gems carried."""
    inside = [s for s, seat in enumerate(state.seats) if seat.in_temple]
    ended = 0
    change = dict.fromkeys(inside, 0)
    for i in range(len(state.deck)):
        deck = (state.deck[i],) + state.deck[:i] + state.deck[i + 1 :]
        after = _everyone_stays(dataclasses.replace(state, deck=deck))
        over = after.round != state.round or ig.is_over(after)
        ended += over
        for s in inside:
            now = 0 if over else after.seats[s].carried
            change[s] += now - state.seats[s].carried
    n = len(state.deck)
    return Fraction(ended, n), {s: Fraction(c, n) for s, c in change.items()}


def test_odds_match_every_next_card_turned():
    checked = 0
    for game in range(12):
        for state in _decision_points(3 + game % 6, seed=game, play_seed=100 + game):
            if not state.path:
                continue
            odds = next_card(ig.player_view(state, 0))
            assert odds is not None
            end, change = _enumerated(state)
            assert odds.end_chance == end
            for seat, mean in change.items():
                assert odds.change(state.seats[seat].carried, odds.inside) == mean, seat
            checked += 1
    assert checked >= 100


def test_a_worked_example():
    # Snakes on the path, two snakes and a 7, an 11 and an artifact left: 3 explorers inside.
    odds = NextCard(
        deck=Counter({"snakes": 2, "T7": 1, "T11": 1, "A5": 1}), ending=("snakes",), inside=3
    )
    assert odds.end_chance == Fraction(2, 5)
    assert odds.gems_each(3) == Fraction(2 + 3, 5)
    assert odds.gems_each(1) == Fraction(7 + 11, 5)
    assert odds.change(carried=10, staying=3) == Fraction(5, 5) - Fraction(20, 5)


def test_no_odds_outside_the_temple():
    state = ig.new_game(3, seed=4)
    while not ig.is_over(state):
        for seat in sorted(ig.to_act(state)):
            state = ig.apply(state, seat, {"type": "decide", "choice": "return"}).state
    assert next_card(ig.player_view(state, 0)) is None


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(3, 8),
    seed=st.integers(0, 10_000),
    play_seed=st.integers(0, 10_000),
    p_return=st.floats(0, 0.5),
)
def test_the_unseen_deck_is_the_deck(players, seed, play_seed, p_return):
    """What every view shows adds up to the secret deck, card for card."""
    for state in _decision_points(players, seed, play_seed, p_return):
        for viewer in (None, 0):
            assert unseen_deck(ig.player_view(state, viewer)) == Counter(state.deck)
