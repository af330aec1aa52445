"""El Dorado bots: legal, view-only, sensible in clear spots, ranked expert > greedy > random."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import games.engines.el_dorado as ed
from games.bots.arena import run_arena
from games.bots.el_dorado import expert_bot, greedy_bot, random_bot
from games.bots.registry import get_bot
from games.engines.el_dorado.sketch import sketch_layout

BOTS = [random_bot, greedy_bot, expert_bot]


def test_registry_finds_every_level():
    assert get_bot("el-dorado", "random") is random_bot
    assert get_bot("el-dorado", "greedy") is greedy_bot
    assert get_bot("el-dorado", "expert") is expert_bot


@settings(max_examples=8, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), caves=st.booleans())
def test_bots_play_legal_actions_from_the_json_view_alone(players, seed, caves):
    state = ed.new_game(players, seed, {"caves": caves})
    rng = random.Random(seed)
    for step in range(150):
        if ed.is_over(state):
            break
        seat = min(ed.to_act(state))
        view = ed.player_view(state, seat)
        wire = json.loads(json.dumps(view))
        chosen = None
        for bot in BOTS:
            action = bot(wire, seat, random.Random(step))
            assert ed.validate(state, seat, action) is None, (bot.__name__, action)
            assert bot(view, seat, random.Random(step)) == action
            if bot is BOTS[step % 3]:
                chosen = action
        end = {"type": "end_turn"}
        if rng.random() < 0.1 and ed.validate(state, seat, end) is None:
            chosen = end  # some turns cut short, to reach more varied positions
        state = ed.apply(state, seat, chosen).state


def test_greedy_takes_the_biggest_step_towards_el_dorado():
    rows = ["S J1 J1 | J1 J1 J1"] * 4
    s = ed.new_game(
        4,
        1,
        {
            "map": sketch_layout(rows),
            "decks": [["explorer", "pioneer", "traveller", "traveller"]] + [["traveller"] * 4] * 3,
            "blockades": ["jungle-1"],
        },
    )
    action = greedy_bot(ed.player_view(s, 0), 0, random.Random(0))
    assert action["type"] == "move" and action["card"] == 1
    assert len(action["path"]) == 4  # 1 + 1 + the blockade's 1 + 1 + 1 = 5 machete


def test_expert_finishes_when_it_can():
    rows = ["S J1 J1 | J1 J1"] * 4
    s = ed.new_game(
        4,
        1,
        {
            "map": sketch_layout(rows),
            "decks": [["giant-machete", "millionaire"]] + [["traveller"] * 4] * 3,
            "blockades": ["jungle-1"],
        },
    )
    action = expert_bot(ed.player_view(s, 0), 0, random.Random(0))
    assert action["type"] == "move"
    assert action["path"][-1] in ([5, 0], [5, 1], [5, 2])


def test_bots_rank_expert_over_greedy_over_random():
    # Fixed seeds: the games are the same on every run, so these margins cannot flake.
    duel = run_arena("el-dorado", ["expert", "greedy"], games=24, seed=11)
    expert, greedy = duel.level_stats()
    assert duel.capped == 0
    assert expert.win_rate.mean >= 0.65
    table = run_arena("el-dorado", ["expert", "greedy", "random"], games=24, seed=11)
    expert, greedy, rnd = table.level_stats()
    assert table.capped == 0
    assert expert.win_rate.mean >= greedy.win_rate.mean + 0.3
    assert greedy.score.mean > rnd.score.mean and rnd.win_rate.mean == 0


def test_expert_enters_a_base_camp_in_the_way_rather_than_saving_every_card_to_buy():
    # Every way out of the start crosses a base camp 2; a trailblazer would take 3 of the 4
    # travellers, leaving too few cards to remove, so buying would keep both explorers home.
    rows = ["S B2 J1 | J1 J1 J1"] * 4
    s = ed.new_game(
        2,
        1,
        {
            "map": sketch_layout(rows),
            "decks": [["traveller"] * 4 + ["explorer"] * 4, ["traveller"] * 8],
            "blockades": ["jungle-1"],
        },
    )
    action = expert_bot(ed.player_view(s, 0), 0, random.Random(0))
    assert action["type"] == "camp" and len(action["cards"]) == 2
    assert ed.validate(s, 0, action) is None


def test_expert_beats_greedy_on_random_maps_with_two_explorers_each():
    # Fixed seeds: the same 40 games on every run.
    duel = run_arena("el-dorado", ["expert", "greedy"], games=40, seed=3, options={"map": "random"})
    expert, _ = duel.level_stats()
    assert duel.capped == 0
    assert expert.win_rate.mean >= 0.6


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), passing=st.booleans())
def test_reach_remembered_by_neighbourhood_equals_a_fresh_search(seed, players, passing):
    from dataclasses import replace

    from games.bots.el_dorado import position
    from games.engines.el_dorado.rules.movement import reachable_spaces

    state = ed.new_game(players, seed, {"map": "random"})
    rng = random.Random(seed)
    for _ in range(120):
        if ed.is_over(state):
            break
        seat = state.turn.seat
        view = ed.player_view(state, seat)
        pos = replace(position.read(view, seat), passing=passing)
        for here in pos.explorers:
            if here is None:
                continue
            for kind in position.MOVE_KINDS:
                for power in (1, 3, 6):
                    fresh = reachable_spaces(
                        pos.board, here, kind, power, pos.blocked - {here}, pos.open_joints, passing
                    )
                    assert position.reach(pos, here, kind, power) == fresh
        state = ed.apply(state, seat, greedy_bot(view, seat, rng)).state


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), passing=st.booleans())
def test_what_the_greedy_bot_keeps_equals_what_it_would_work_out_afresh(seed, passing):
    from games.bots.el_dorado import position
    from games.engines.el_dorado.rules.movement import reachable_spaces

    # Three matches decided in turn, on boards and blockades that differ (two of them maps
    # given as data, alike in name): nothing kept for one may be read for another.
    first = {"map": sketch_layout(["S J1 J1 | J1 R1 J1"] * 4)}
    second = {"map": sketch_layout(["S R1 J1 | J1 J1 J1"] * 4)}
    states = [
        ed.new_game(4, seed, {"map": "random"}),
        ed.new_game(4, seed + 1, first),
        ed.new_game(4, seed + 2, second),
    ]
    rngs = [random.Random(seed + i) for i in range(3)]
    for step in range(240):
        which = step % 3
        state = states[which]
        if ed.is_over(state):
            continue
        seat = state.turn.seat
        view = ed.player_view(state, seat)
        facts = position.board_facts(view)
        pos = position.read(view, seat)
        assert facts.board == pos.board
        assert facts.open_joints == pos.open_joints
        assert facts.dist == position.distances(pos)
        for here in pos.explorers:
            if here is None:
                continue
            for kind in position.MOVE_KINDS:
                for power in (1, 2, 4):
                    kept = position.play_entry(facts, pos.blocked, passing, (here, kind, power))
                    found = reachable_spaces(
                        pos.board, here, kind, power, pos.blocked - {here}, pos.open_joints, passing
                    )
                    assert kept[0] == found
                    assert kept[1:] == position.best_step(found, here, facts.dist)
        states[which] = ed.apply(state, seat, greedy_bot(view, seat, rngs[which])).state
