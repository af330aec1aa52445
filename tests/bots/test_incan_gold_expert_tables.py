"""The expert at tables where other seats may be experts too: a rival read as bold may choose as
it does, so where returning pays only if the others stay it mixes its choice."""

from __future__ import annotations

import random

import games.engines.incan_gold as ig
from games.bots.incan_gold import expert, rivals
from games.bots.incan_gold.knowledge import Situation

# Two hazards out, 14 gems each, an artifact on the path: the rivals stayed where the cautious
# rule would have gone home, so they are read as bold.
BOLD_TABLE = ["T17", "fire", "T15", "snakes", "T14", "A5", "T1", "T2"]


def view_after(cards, decisions, seat=0, players=3):
    state = ig.new_game(players, 1, {"deck": [cards]})
    for _ in range(decisions):
        for s in range(players):
            state = ig.apply(state, s, {"type": "decide", "choice": "continue"}).state
    return ig.player_view(state, seat)


def test_returning_pays_only_if_the_bold_rivals_stay():
    view = view_after(BOLD_TABLE, 5)
    situation = Situation.from_view(view, 0)
    kinds = rivals.read_rivals(view, situation)
    assert all(k.bold > 0.9 for k in kinds.values())
    rng = random.Random(1)
    _, gap_if_they_return = expert._staying_gap(
        situation, kinds, rng, 4000, True, stop_when_clear=False
    )
    _, gap_if_they_stay = expert._staying_gap(
        situation, kinds, rng, 4000, False, stop_when_clear=False
    )
    # Alone, the artifact and the path's gems are worth going home for; shared, they are not.
    assert gap_if_they_stay < -2
    assert gap_if_they_return > 2


def test_experts_with_the_same_view_do_not_always_choose_alike():
    view = view_after(BOLD_TABLE, 5)
    choices = [expert.expert_bot(view, 0, random.Random(s))["choice"] for s in range(40)]
    assert 10 < choices.count("return") < 30


def test_a_choice_that_holds_either_way_is_not_mixed():
    # Five gems each and a 5 artifact: staying is worth more whether the rivals return or stay.
    view = view_after(["T5", "A5", "T7", "fire", "T4", "T1", "T2"], 4)
    choices = {expert.expert_bot(view, 0, random.Random(s))["choice"] for s in range(20)}
    assert choices == {"continue"}
