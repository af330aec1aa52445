"""The El Dorado bots' kept play regions: the one search that gives a region also gives the
plain answer, and the answers kept per region equal a fresh search whoever is in the way."""

from __future__ import annotations

import random

import pytest

import games.engines.el_dorado as ed
from games.bots.el_dorado import greedy_bot, position
from games.engines.el_dorado.maps import MAP_SLUGS, load_map
from games.engines.el_dorado.rules.movement import reachable_spaces


def _plain_region(board, start, kind, power):
    """The spaces (but the start) and joints of the steps one play could take, by power left."""
    table = position._kind_steps(board)[kind]
    best = {start: power}
    waiting = [start]
    spaces, joints = set(), set()
    while waiting:
        here = waiting.pop()
        left = best[here]
        for to, value, joint in table.get(here, ()):
            if value > left:
                continue
            spaces.add(to)
            if joint is not None:
                joints.add(joint)
            if to in board.final_set or best.get(to, -1) >= left - value:
                continue
            best[to] = left - value
            waiting.append(to)
    spaces.discard(start)
    return frozenset(spaces), tuple(sorted(joints))


@pytest.mark.parametrize("slug", MAP_SLUGS[:3])
def test_a_region_search_gives_the_region_and_the_plain_answer(slug):
    board = load_map(slug)
    starts = sorted(board.spaces)[::7]
    for start in starts:
        for kind in position.MOVE_KINDS:
            for power in (1, 2, 4, 6):
                spaces, joints, plain = position._region(board, start, kind, power)
                fresh = reachable_spaces(board, start, kind, power, frozenset(), {}, False)
                # Same spaces, same paths, same order: the greedy bot takes the first of equals.
                assert list(plain.items()) == list(fresh.items())
                assert (spaces, joints) == _plain_region(board, start, kind, power)


@pytest.mark.parametrize("seed", [3, 11])
def test_kept_answers_equal_a_fresh_search_as_explorers_move(seed):
    state = ed.new_game(4, seed, {"map": "random"})
    rng = random.Random(seed)
    regions: position.Regions = {}
    for _ in range(150):
        if ed.is_over(state):
            break
        seat = state.turn.seat
        view = ed.player_view(state, seat)
        pos = position.read(view, seat)
        for passing in (False, True):
            for here in pos.explorers:
                if here is None:
                    continue
                for kind in position.MOVE_KINDS:
                    for power in (1, 3, 5):
                        entry = position.reach_entry(
                            regions,
                            pos.board,
                            pos.blocked,
                            pos.open_joints,
                            passing,
                            here,
                            kind,
                            power,
                        )
                        fresh = reachable_spaces(
                            pos.board,
                            here,
                            kind,
                            power,
                            pos.blocked - {here},
                            pos.open_joints,
                            passing,
                        )
                        assert list(entry[0].items()) == list(fresh.items())
        state = ed.apply(state, seat, greedy_bot(view, seat, rng)).state
