"""The expert's reading of the round: decisions passed, odds of a coin-tosser, nerve jitter."""

from __future__ import annotations

import random

import games.engines.incan_gold as ig
from games.bots.incan_gold import expert


def view_after(cards, steps, seat=0, players=4):
    state = ig.new_game(players, 1, {"deck": [cards]})
    for choices in steps:
        for s, choice in choices.items():
            state = ig.apply(state, s, {"type": "decide", "choice": choice}).state
    return ig.player_view(state, seat)


def test_decisions_survived_counts_the_turns_everyone_still_in_passed():
    stay = {s: "continue" for s in range(4)}
    assert expert.decisions_survived(view_after(["T9", "T11", "T3"], [])) == 0
    assert expert.decisions_survived(view_after(["T9", "fire", "T11", "T3"], [stay, stay])) == 2


def test_a_first_hazard_is_flipped_past_without_a_decision():
    view = view_after(["fire", "T9", "T11"], [])
    assert [c["card"] for c in view["path"]] == ["fire", "T9"]
    assert expert.decisions_survived(view) == 0


def test_a_seat_that_outlasts_many_coin_flips_is_unlikely_random():
    assert expert.random_odds(0) == expert.RANDOM_PRIOR
    odds = [expert.random_odds(d) for d in range(8)]
    assert odds == sorted(odds, reverse=True)
    assert odds[6] < expert.RANDOM_PRIOR / 40


def test_experts_with_the_same_view_do_not_always_choose_alike():
    # A close call: every expert in the temple sees the same public facts, and the nerve jitter
    # is what keeps them from all returning on the same turn and splitting the path.
    stay = {s: "continue" for s in range(4)}
    cards = ["T9", "fire", "T11", "T7", "snakes", "T13", "T5", "T14", "T4", "T15"]
    view = view_after(cards, [stay] * 8)
    choices = [expert.expert_bot(view, 0, random.Random(s))["choice"] for s in range(20)]
    assert 0 < choices.count("return") < 20
