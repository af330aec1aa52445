"""Incan Gold bots: legal, view-only, and sensible in clear situations."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games.engines.incan_gold as ig
from games.bots.incan_gold import cautious_bot, expert_bot, random_bot
from games.bots.incan_gold.expert import precedence
from games.bots.incan_gold.knowledge import Situation
from games.bots.registry import get_bot

BOTS = [random_bot, cautious_bot, expert_bot]


def test_registry_finds_every_level():
    assert get_bot("incan-gold", "random") is random_bot
    assert get_bot("incan-gold", "cautious") is cautious_bot
    assert get_bot("incan-gold", "expert") is expert_bot


def random_states(players: int, seed: int, steps: int):
    """States reached by random legal play, one per decision step."""
    rng = random.Random(seed)
    state = ig.new_game(players, seed)
    for _ in range(steps):
        if ig.is_over(state):
            return
        seat = min(ig.to_act(state))
        yield state, seat
        choice = "return" if rng.random() < 0.25 else "continue"
        state = ig.apply(state, seat, {"type": "decide", "choice": choice}).state


@settings(max_examples=15, deadline=None)
@given(players=st.integers(3, 8), seed=st.integers(0, 2**32))
def test_bots_play_legal_actions_from_the_view_alone(players, seed):
    for state, seat in random_states(players, seed, 60):
        view = ig.player_view(state, seat)
        wire = json.loads(json.dumps(view))
        for bot in BOTS:
            action = bot(view, seat, random.Random(seed))
            assert action in ig.legal_actions(state, seat)
            # The JSON form of the view is all a bot needs.
            assert bot(wire, seat, random.Random(seed)) == action


@settings(max_examples=15, deadline=None)
@given(players=st.integers(3, 8), seed=st.integers(0, 2**32))
def test_unseen_cards_worked_out_from_the_view_match_the_deck(players, seed):
    for state, seat in random_states(players, seed, 200):
        situation = Situation.from_view(ig.player_view(state, seat), seat)
        assert sorted(situation.unseen) == sorted(state.deck)


def test_bots_decide_the_same_whatever_the_hidden_deck_order():
    for state, seat in random_states(5, 11, 80):
        twin = dataclasses.replace(state, deck=tuple(reversed(state.deck)), seed=state.seed + 9)
        for bot in BOTS:
            a = bot(ig.player_view(state, seat), seat, random.Random(3))
            b = bot(ig.player_view(twin, seat), seat, random.Random(3))
            assert a == b


def test_random_bot_plays_both_choices():
    view = ig.player_view(ig.new_game(3, 1), 0)
    assert {random_bot(view, 0, random.Random(s))["choice"] for s in range(30)} == {
        "continue",
        "return",
    }


def view_after(rounds, steps, seat=0, players=3):
    state = ig.new_game(players, 1, {"deck": rounds})
    for choices in steps:
        for s, choice in choices.items():
            state = ig.apply(state, s, {"type": "decide", "choice": choice}).state
    return ig.player_view(state, seat)


@pytest.mark.parametrize("bot", [cautious_bot, expert_bot])
def test_smart_bots_continue_when_no_card_can_end_the_round(bot):
    view = view_after([["T17"]], [])
    assert view["hazards_on_path"] == [] and view["path_gems"] == 2
    for s in range(10):
        assert bot(view_after([["T3"]], []), 0, random.Random(s))["choice"] == "continue"


@pytest.mark.parametrize("bot", [cautious_bot, expert_bot])
def test_smart_bots_go_home_with_a_big_haul_and_many_hazards(bot):
    cards = ["T17", "T15", "T14", "T13", "fire", "snakes", "spiders", "mummies", "rockfall"]
    view = view_after([cards], [{0: "continue", 1: "continue", 2: "continue"}] * 8)
    assert view["seats"][0]["carried"] == 18 and len(view["hazards_on_path"]) == 5
    for s in range(10):
        assert bot(view, 0, random.Random(s))["choice"] == "return"


def test_expert_grabs_a_lone_artifact_when_others_stay():
    # Nothing carried, every hazard kind already out, and the 5 artifact on the path. The seat
    # last in the round's precedence takes the rivals that stayed this long to stay now.
    cards = ["fire", "snakes", "spiders", "mummies", "rockfall", "A5"]
    steps = [{0: "continue", 1: "continue", 2: "continue"}] * 4
    last = precedence(view_after([cards], steps))[-1]
    view = view_after([cards], steps, seat=last)
    assert view["artifacts_on_path"] == ["A5"]
    assert expert_bot(view, last, random.Random(1))["choice"] == "return"


def test_bots_refuse_to_act_outside_the_temple():
    view = view_after([["T3", "T4"]], [{0: "return", 1: "continue", 2: "continue"}])
    for bot in (cautious_bot, expert_bot):
        with pytest.raises(ValueError):
            bot(view, 0, random.Random(1))
