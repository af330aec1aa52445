"""How the expert reads the other seats in the temple from the decisions they stayed through."""

from __future__ import annotations

import math
import random

import pytest

import games.engines.incan_gold as ig
from games.bots.incan_gold import rivals
from games.bots.incan_gold.knowledge import Situation


def situation_after(cards, decisions, players=3, seat=0):
    state = ig.new_game(players, 1, {"deck": [cards]})
    stay = {s: "continue" for s in range(players)}
    for _ in range(decisions):
        for s, choice in stay.items():
            state = ig.apply(state, s, {"type": "decide", "choice": choice}).state
    view = ig.player_view(state, seat)
    return view, Situation.from_view(view, seat)


def test_before_any_decision_every_rival_has_the_prior():
    view, situation = situation_after(["T9", "fire", "T11"], 0)
    kinds = rivals.read_rivals(view, situation)
    assert set(kinds) == {1, 2}
    for k in kinds.values():
        assert k.random == pytest.approx(rivals.PRIOR_RANDOM)
        assert k.bold == pytest.approx(rivals.PRIOR_BOLD)
        assert math.isclose(k.random + k.cautious + k.bold, 1.0)


def test_staying_through_a_safe_turn_only_weighs_against_the_coin_tosser():
    # After T9 nothing can bust: cautious and bold seats both stay, a coin-tosser half the time.
    view, situation = situation_after(["T9", "T11", "T3"], 1)
    kinds = rivals.read_rivals(view, situation)[1]
    assert kinds.random < rivals.PRIOR_RANDOM
    assert kinds.bold / kinds.cautious == pytest.approx(
        rivals.PRIOR_BOLD / (1 - rivals.PRIOR_RANDOM - rivals.PRIOR_BOLD)
    )


def test_a_seat_that_stays_through_big_risks_is_read_as_bold():
    # Two hazards out and 14 gems each: the cautious rule would have gone home after T14.
    view, situation = situation_after(["T17", "fire", "T15", "snakes", "T14", "T3"], 5)
    assert situation.temple == (0, 1, 2)
    kinds = rivals.read_rivals(view, situation)
    assert kinds[1] == kinds[2]
    assert kinds[1].bold > 0.9
    assert kinds[1].cautious < 0.01


def test_staying_through_risks_no_nerve_takes_reads_as_a_coin_tosser():
    cards = ["T17", "fire", "T15", "snakes", "T14", "spiders", "T13", "T3"]
    view, situation = situation_after(cards, 7)
    kinds = rivals.read_rivals(view, situation)[1]
    assert kinds.random > 0.5


def test_the_past_decisions_are_read_backwards_from_the_path():
    view, situation = situation_after(["T9", "fire", "T11", "T3", "T5"], 3)
    assert situation.carried[1] == 3 + 3 + 1
    past = rivals._past_decisions(view, situation)
    # The decisions after T11, after fire and after T9; the current one, after T3, is not past.
    assert [state[0][1] for state in past] == [6, 3, 3]
    after_t11 = past[0]
    assert after_t11[1] == pytest.approx(2 / 28)  # two fires among the 28 cards not yet seen
    assert past[-1][1] == 0.0


@pytest.mark.parametrize(
    ("need", "chance"), [(0.0, 1.0), (0.7, 1.0), (1.0, 0.5), (1.3, 0.0), (math.inf, 0.0)]
)
def test_stay_chance_over_the_cautious_nerves(need, chance):
    assert rivals.stay_chance(need, rivals.CAUTIOUS_NERVES) == pytest.approx(chance)


def test_nothing_at_risk_needs_no_nerve_and_no_gain_needs_endless_nerve():
    assert rivals.nerve_needed(10, 0.0, 3.0, 5, 3) == 0.0
    assert rivals.nerve_needed(10, 0.2, 0.0, 5, 3) == math.inf
    assert rivals.nerve_needed(10, 0.2, 2.0, 6, 2) == pytest.approx(0.2 * 13 / (0.8 * 2.0 * 1.5))


def test_drawn_kinds_follow_their_chances():
    kinds = rivals.Kinds(random=0.2, cautious=0.5, bold=0.3)
    rng = random.Random(3)
    draws = [kinds.draw(rng) for _ in range(4000)]
    assert draws.count(None) / 4000 == pytest.approx(0.2, abs=0.03)
    assert draws.count(rivals.BOLD_NERVES) / 4000 == pytest.approx(0.3, abs=0.03)
