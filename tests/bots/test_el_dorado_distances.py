"""El Dorado bot distance maps: built on from an earlier map as blockades are taken, they equal
a search from scratch to the last bit."""

from __future__ import annotations

import heapq
import random

import pytest

import games.engines.el_dorado as ed
from games.bots.el_dorado import position
from games.engines.el_dorado.maps import MAP_SLUGS, Board
from games.engines.el_dorado.rules.movement import BLOCKADE_KIND


def _fresh(
    board: Board, open_key: tuple, weights: tuple[float, float, float], steep: float
) -> dict:
    """A plain Dijkstra from the final spaces, step by step as the bots cost them."""
    weight = dict(zip(position.MOVE_KINDS, weights, strict=True))
    toll = {
        joint: need * (weight[BLOCKADE_KIND[kind]] if kind in BLOCKADE_KIND else 1.2)
        for joint, (kind, need) in open_key
    }
    enter_costs = position._enter_costs(board, weights, steep)
    entries = position._entries(board)
    dist = {h: 0.0 for h in board.finals}
    heap = [(0.0, h) for h in board.finals]
    while heap:
        d, h = heapq.heappop(heap)
        if d > dist[h]:
            continue
        for n, joint in entries[h][3]:
            step = enter_costs[h]
            if joint is not None and joint in toll:
                step += toll[joint]
            if d + step < dist.get(n, float("inf")):
                dist[n] = d + step
                heapq.heappush(heap, (d + step, n))
    return dist


@pytest.mark.parametrize("slug", [*MAP_SLUGS, "random"])
@pytest.mark.parametrize(
    ("weights", "steep"), [((1.0, 1.0, 1.0), 1.0), ((0.8, 3.0, 1.3), 1.6), ((2.2, 0.8, 1.0), 1.6)]
)
def test_distances_after_blockades_are_taken_equal_a_fresh_search(slug, weights, steep):
    rng = random.Random(f"{slug}{weights}")
    for seed in range(3):
        state = ed.new_game(4, seed, {"map": slug})
        view = ed.player_view(state, 0)
        board = ed.board_from_view(view)
        open_joints = {b["joint"]: (b["kind"], b["value"]) for b in view["blockades"]}
        order = list(open_joints)
        rng.shuffle(order)  # blockades are taken in any order, not only along the path
        while True:
            key = tuple(sorted(open_joints.items()))
            assert position._distances(board, key, weights, steep) == _fresh(
                board, key, weights, steep
            )
            if not order:
                break
            del open_joints[order.pop()]
