"""The expert's distances that see the other explorers: with nobody about they are the plain
distances; a space someone stands on costs more to walk through, by exactly the extra."""

from __future__ import annotations

import random

import pytest

import games.engines.el_dorado as ed
from games.bots.el_dorado import expert
from games.bots.el_dorado.crowd import crowded_distances
from games.bots.el_dorado.position import distances, read
from games.engines.el_dorado.maps import MAP_SLUGS


def _midgame(slug: str, seed: int):
    """A four-seat greedy game a few rounds in, and the first seat's position there."""
    state = ed.new_game(4, seed, {"map": slug})
    rng = random.Random(seed)
    bot = expert.expert_bot
    while state.turn.round < 5:
        seat = min(ed.to_act(state))
        state = ed.apply(state, seat, bot(ed.player_view(state, seat), seat, rng)).state
    return read(ed.player_view(state, 0), 0)


@pytest.mark.parametrize("slug", MAP_SLUGS)
def test_with_nobody_about_they_are_the_plain_distances(slug):
    pos = _midgame(slug, 3)
    weights = expert.deck_weights(pos)
    plain = distances(pos, weights, expert.STEEP)
    crowded = crowded_distances(pos, weights, expert.STEEP, [], 5.0)
    assert crowded.keys() == plain.keys()
    assert all(crowded[h] == pytest.approx(plain[h]) for h in plain)


def test_a_space_someone_stands_on_costs_the_extra_to_walk_through():
    pos = _midgame("hills-of-gold", 5)
    weights = expert.deck_weights(pos)
    plain = distances(pos, weights, expert.STEEP)
    others = sorted(pos.blocked - set(pos.explorers))
    assert others, "the other explorers are on the board"
    crowded = crowded_distances(pos, weights, expert.STEEP, others, 4.0)
    for h in others:
        assert crowded[h] == pytest.approx(plain[h]), "standing there costs nothing more"
    assert all(crowded[h] >= plain[h] - 1e-9 for h in plain)
    assert all(crowded[h] <= plain[h] + 4.0 * len(others) + 1e-9 for h in plain)
    # Somewhere behind a crowded space the way got dearer (or went round it, never cheaper).
    assert any(crowded[h] > plain[h] + 1e-9 for h in plain)
