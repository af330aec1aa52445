"""The expert at tables where other seats may be experts too: a rival read as bold may choose as
it does, so the experts keep a convention, a public order of precedence each round; at a close
call the first of them stays and the others go home."""

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
        situation, kinds, rng, 4000, dict.fromkeys(kinds, True), stop_when_clear=False
    )
    _, gap_if_they_stay = expert._staying_gap(
        situation, kinds, rng, 4000, dict.fromkeys(kinds, False), stop_when_clear=False
    )
    # Alone, the artifact and the path's gems are worth going home for; shared, they are not.
    assert gap_if_they_stay < -2
    assert gap_if_they_return > 2


def test_at_a_close_call_the_first_expert_stays_and_the_others_go_home():
    first = expert.precedence(view_after(BOLD_TABLE, 5))
    for seat in range(3):
        view = view_after(BOLD_TABLE, 5, seat=seat)
        assert expert.precedence(view) == first, "every seat reads the same order"
        choices = {expert.expert_bot(view, seat, random.Random(s))["choice"] for s in range(8)}
        if seat == first[0]:
            assert choices == {"continue"}
        elif seat == first[-1]:
            assert choices == {"return"}


def test_the_order_is_a_shuffle_of_the_seats_drawn_anew_each_round():
    view = view_after(BOLD_TABLE, 5)
    orders = set()
    for round_, card in [(r, c) for r in range(1, 6) for c in ("T1", "T17", "fire", "A5")]:
        drawn = expert.precedence({**view, "round": round_, "path": [{"card": card}]})
        assert sorted(drawn) == [0, 1, 2]
        orders.add(tuple(drawn))
    assert len(orders) >= 4, "no seat is always first"


def test_a_choice_that_holds_either_way_does_not_depend_on_the_order():
    # Five gems each and a 5 artifact: staying is worth more whether the rivals return or stay.
    cards = ["T5", "A5", "T7", "fire", "T4", "T1", "T2"]
    for seat in range(3):
        view = view_after(cards, 4, seat=seat)
        choices = {expert.expert_bot(view, seat, random.Random(s))["choice"] for s in range(10)}
        assert choices == {"continue"}
