"""How the expert reads the other seats in the temple from the decisions they stayed through."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


def test_the_decisions_of_this_round_are_read_forwards_from_the_cards_turned():
    view, situation = situation_after(["T9", "fire", "T11", "T3", "T5"], 3)
    assert situation.carried[1] == 3 + 3 + 1
    past = rivals.moments(view, situation)
    # The decisions after T9, after fire and after T11; the current one, after T3, is not past.
    assert [moment.carried[1] for moment in past] == [3, 3, 6]
    assert past[0].bust == 0.0
    assert past[2].bust == pytest.approx(2 / 28)  # two fires among the 28 cards not yet seen
    assert all(moment.players == 3 and not moment.leaving for moment in past)


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


def _rounded(carried, bust, gain, prize, players, leaving):
    return carried, round(bust, 9), round(gain, 9), prize, players, leaving


def _live_moment(situation):
    n = len(situation.temple)
    prize = situation.path_gems + situation.artifact_worth(situation.path_artifacts)
    carried = {s: float(situation.carried[s]) for s in situation.temple}
    return carried, situation.bust_chance(), situation.expected_share(n), prize, n


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(3, 8),
    seed=st.integers(0, 2**40),
    quick=st.booleans(),
    values=st.sampled_from(["incan-gold", "diamant"]),
    play_seed=st.integers(0, 2**32),
)
def test_every_decision_of_the_game_is_read_as_it_was_seen_then(
    players, seed, quick, values, play_seed
):
    rng = random.Random(play_seed)
    state = ig.new_game(players, seed, {"quick_start": quick, "artifact_values": values})
    seen = []  # each decision as the table saw it live, and who went home at it
    while not ig.is_over(state):
        view = ig.player_view(state, None)
        situation = Situation.from_view(view, 0)
        recorded = [
            _rounded(m.carried, m.bust, m.gain, m.prize, m.players, m.leaving)
            for m in rivals.moments(view, situation)
        ]
        assert recorded == [_rounded(*live) for live in seen]
        live = _live_moment(situation)
        inside = list(situation.temple)
        choices = {s: rng.choice(["continue", "continue", "return"]) for s in inside}
        for s, choice in choices.items():
            state = ig.apply(state, s, {"type": "decide", "choice": choice}).state
        leaving = frozenset(s for s, c in choices.items() if c == "return")
        seen.append((*live, leaving))


def round_two_after_a_bold_seat():
    # Round 1: seats 0 and 2 go home after T15 with a fire out; seat 1 stays alone through the
    # snakes, T14, the spiders and T3 until the second fire. Round 2 has just turned T9.
    deck = [["T17", "fire", "T15", "snakes", "T14", "spiders", "T3", "fire"], ["T9", "T5"]]
    state = ig.new_game(3, 1, {"deck": deck})
    plan = [
        {0: "continue", 1: "continue", 2: "continue"},
        {0: "continue", 1: "continue", 2: "continue"},
        {0: "return", 1: "continue", 2: "return"},
        {1: "continue"},
        {1: "continue"},
        {1: "continue"},
        {1: "continue"},
    ]
    for choices in plan:
        for s, choice in choices.items():
            state = ig.apply(state, s, {"type": "decide", "choice": choice}).state
    assert state.round == 2 and state.turned == ("T9",)
    view = ig.player_view(state, 0)
    return view, Situation.from_view(view, 0)


def test_a_seat_that_stayed_bold_in_an_earlier_round_is_read_bold_from_the_next_round_on():
    view, situation = round_two_after_a_bold_seat()
    assert not rivals.moments(view, situation)[-1].carried.keys() - {1}
    kinds = rivals.read_rivals(view, situation)
    assert kinds[1].bold > 0.95
    assert kinds[2].bold < kinds[1].bold


def test_going_home_where_no_rule_would_reads_as_a_coin_tosser():
    # Seat 2 went home after T17 with nothing at risk: no rule would leave there.
    deck = [["T17", "T3", "fire", "fire"], ["T9", "T5"]]
    state = ig.new_game(3, 1, {"deck": deck})
    for choices in (
        {0: "continue", 1: "continue", 2: "return"},
        {0: "continue", 1: "continue"},
        {0: "return", 1: "return"},
    ):
        for s, choice in choices.items():
            state = ig.apply(state, s, {"type": "decide", "choice": choice}).state
    assert state.round == 2
    view = ig.player_view(state, 0)
    kinds = rivals.read_rivals(view, Situation.from_view(view, 0))
    assert kinds[2].random > 0.8


def test_going_home_where_the_cautious_rule_would_leaves_boldness_possible():
    # Seat 2 went home once the snakes came out after the fire, carrying 10 gems: a cautious
    # player's choice, and also an expert's that yields to another by the convention.
    deck = [["T17", "fire", "T15", "snakes", "T14", "spiders", "T3", "fire"], ["T9", "T5"]]
    state = ig.new_game(3, 1, {"deck": deck})
    everyone = {0: "continue", 1: "continue", 2: "continue"}
    for choices in (everyone, everyone, everyone, {0: "continue", 1: "continue", 2: "return"}):
        for s, choice in choices.items():
            state = ig.apply(state, s, {"type": "decide", "choice": choice}).state
    while state.round == 1:
        for s in ig.to_act(state):
            state = ig.apply(state, s, {"type": "decide", "choice": "continue"}).state
    view = ig.player_view(state, 0)
    situation = Situation.from_view(view, 0)
    moment = rivals.moments(view, situation)[3]
    assert moment.leaving == {2}
    need = rivals.nerve_needed(
        moment.carried[2], moment.bust, moment.gain, moment.prize, moment.players
    )
    assert need > 1.3  # every cautious nerve goes home here, no bold one does
    kinds = rivals.read_rivals(view, situation)[2]
    assert kinds.cautious > 1 - rivals.PRIOR_RANDOM - rivals.PRIOR_BOLD
    assert kinds.bold > 0.1
