"""Rubble blockades in the way: the expert clears one when the rest of its hand then goes
further than the whole hand could without clearing it, paying with its weakest cards."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import games.engines.el_dorado as ed
from games.bots.el_dorado import expert, greedy_bot
from games.bots.el_dorado.clearing import clearing_play
from games.bots.el_dorado.position import distances, read
from games.bots.el_dorado.simple import junk_first


def _beside_rubble():
    """A four-seat greedy game on Hills of Gold played until the seat to act stands beside the
    rubble blockade on its way, with the cards to clear it."""
    state = ed.new_game(4, 3, {"map": "hills-of-gold"})
    rng = random.Random(3)
    for _ in range(2000):
        seat = min(ed.to_act(state))
        view = ed.player_view(state, seat)
        pos = read(view, seat)
        if not pos.discarding and pos.hand and not pos.may_remove:
            dist = distances(pos)
            here = pos.explorers[0]
            for to in pos.board.neighbours(here):
                joint = pos.board.joint_between(here, to)
                if joint is not None and pos.open_joints.get(joint.index, ("", 9))[0] == "rubble":
                    value = pos.open_joints[joint.index][1]
                    if len(pos.hand) >= value and dist[to] < dist[here]:
                        return state, seat, pos, dist, to, value
        state = ed.apply(state, seat, greedy_bot(view, seat, rng)).state
    raise AssertionError("no explorer ever stood beside the rubble")


def _score(p, d):
    return expert.Planner(p, d, expert.deck_weights(p)).best()[0]


def test_clearing_pays_with_the_weakest_cards_and_the_engine_takes_it():
    state, seat, pos, dist, to, value = _beside_rubble()
    act = clearing_play(pos, dist, -math.inf, _score, distances)
    assert act == {"type": "blockade", "to": list(to), "cards": junk_first(pos.hand)[:value]}
    after = ed.apply(state, seat, act).state
    assert len(after.seats[seat].hand) == len(pos.hand) - value


def test_no_clearing_when_the_turn_without_it_scores_more_or_the_hand_cannot_pay():
    _, _, pos, dist, _, value = _beside_rubble()
    assert clearing_play(pos, dist, math.inf, _score, distances) is None
    short = replace(pos, hand=pos.hand[: value - 1])
    assert clearing_play(short, dist, -math.inf, _score, distances) is None


def test_the_expert_clears_it_when_its_hand_then_goes_further(monkeypatch):
    # Round 2: three cards in hand, the rubble (2) between the explorer and the way on. Without
    # clearing, the explorers beside it wait for one another to pay and the race stands still.
    state, seat, pos, dist, to, value = _beside_rubble()
    act = expert.expert_bot(ed.player_view(state, seat), seat, random.Random(1))
    assert act == {"type": "blockade", "to": list(to), "cards": junk_first(pos.hand)[:value]}
    monkeypatch.setattr(expert, "CLEARING", False)
    waits = expert.expert_bot(ed.player_view(state, seat), seat, random.Random(1))
    assert waits["type"] != "blockade"
