"""Distances to El Dorado that see the other explorers: a space someone stands on costs more to
walk through, since whoever stands there may still stand there when this explorer arrives."""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from functools import lru_cache

from games.engines.el_dorado.maps import Board

from .position import Hex, Position, _graph, blockade_tolls


def crowded_distances(
    pos: Position,
    weights: tuple[float, float, float],
    steep: float,
    others: Iterable[Hex],
    extra: float,
) -> dict[Hex, float]:
    """`distances`, with `extra` added to entering each space in `others` (shared answers:
    read-only)."""
    key = tuple(sorted(pos.open_joints.items()))
    return _crowded(pos.board, key, weights, steep, frozenset(others), extra)


# Kept by value: the several decisions of one turn see the same board and the same crowd.
@lru_cache(maxsize=256)
def _crowded(
    board: Board,
    open_key: tuple,
    weights: tuple[float, float, float],
    steep: float,
    crowd: frozenset[Hex],
    extra: float,
) -> dict[Hex, float]:
    graph, _ = _graph(board, weights, steep)
    toll = blockade_tolls(open_key, weights)
    dist: dict[Hex, float] = {h: 0.0 for h in board.finals}
    queue = [(0.0, h) for h in board.finals]
    heapq.heapify(queue)
    while queue:
        d, h = heapq.heappop(queue)
        if d > dist.get(h, float("inf")):
            continue
        enter, plain, joints = graph[h]
        if h in crowd:
            enter += extra
        nd = d + enter
        for n in plain:
            if nd < dist.get(n, float("inf")):
                dist[n] = nd
                heapq.heappush(queue, (nd, n))
        for n, j in joints:
            jd = nd + toll.get(j, 0.0)
            if jd < dist.get(n, float("inf")):
                dist[n] = jd
                heapq.heappush(queue, (jd, n))
    return dist
