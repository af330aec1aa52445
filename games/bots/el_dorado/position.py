"""What an El Dorado bot reads from its view: board, explorers, blockades, hand, distances."""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from games.engines.el_dorado import board_from_view
from games.engines.el_dorado.cards import MOVE_KINDS as ENGINE_MOVE_KINDS
from games.engines.el_dorado.cards import half_coins, payment
from games.engines.el_dorado.maps import Board, Terrain
from games.engines.el_dorado.movement import BLOCKADE_KIND, TERRAIN_KIND, reachable_spaces

Hex = tuple[int, int]
MOVE_KINDS = tuple(str(k) for k in ENGINE_MOVE_KINDS)


@dataclass(frozen=True, slots=True)
class Position:
    seat: int
    board: Board
    explorers: tuple[Hex | None, ...]
    blocked: frozenset[Hex]  # every explorer on the board
    open_joints: Mapping[int, tuple[str, int]]  # joint index -> blockade still there
    hand: tuple[tuple[int, str], ...]  # (card id, slug)
    tokens: tuple[tuple[int, str], ...]
    bought: bool
    discarding: bool
    may_remove: int
    market: tuple[tuple[str, int], ...]  # buyable (slug, copies left)
    owned: Mapping[str, int]  # every card this seat owns, by slug
    passing: bool


def read(view: Mapping[str, Any], seat: int) -> Position:
    """Parse a player view into the facts bots plan with."""
    me = view["seats"][seat]
    blocked = frozenset(
        (h[0], h[1]) for s in view["seats"] for h in s["explorers"] if h is not None
    )
    open_joints = {
        b["joint"]: (b["kind"], b["value"]) for b in view["blockades"] if b["owner"] is None
    }
    empty_slot = any(m["card"] is None for m in view["market"])
    market = [(m["card"], m["left"]) for m in view["market"] if m["card"]]
    if empty_slot:
        market += [(r["card"], r["left"]) for r in view["reserve"]]
    owned: dict[str, int] = dict(me.get("draw_counts", {}))
    for pile in (me.get("hand", []), me.get("discard", []), me["played"]):
        for c in pile:
            owned[c["card"]] = owned.get(c["card"], 0) + 1
    turn = view["turn"]
    return Position(
        seat=seat,
        board=board_from_view(view),
        explorers=tuple(None if h is None else (h[0], h[1]) for h in me["explorers"]),
        blocked=blocked,
        open_joints=open_joints,
        hand=tuple((c["id"], c["card"]) for c in me.get("hand", [])),
        tokens=tuple((t["id"], t["kind"]) for t in me["tokens"]),
        bought=turn["bought"],
        discarding=turn["discarding"],
        may_remove=turn["may_remove"],
        market=tuple(market),
        owned=owned,
        passing=turn["pass_through"],
    )


def reach(pos: Position, start: Hex, kind: str, power: int) -> dict[Hex, list[Hex]]:
    """Every space one play of `kind` and `power` reaches from `start`, with a path each."""
    return reachable_spaces(
        pos.board, start, kind, power, pos.blocked - {start}, pos.open_joints, pos.passing
    )


def distances(
    pos: Position, weights: tuple[float, float, float] = (1.0, 1.0, 1.0), steep: float = 1.0
) -> dict:
    """Estimated cost from every space to El Dorado (kind weights: machete, paddle, coin;
    `steep` > 1 makes high-value spaces, which need strong cards, cost more than their value)."""
    key = tuple(sorted(pos.open_joints.items()))
    return _distances(pos.board, key, weights, steep)


@lru_cache(maxsize=256)
def _distances(
    board: Board, open_key: tuple, weights: tuple[float, float, float], steep: float
) -> dict:
    open_joints = dict(open_key)
    weight = dict(zip(MOVE_KINDS, weights, strict=True))
    dist: dict[Hex, float] = {h: 0.0 for h in board.finals}
    heap = [(0.0, h) for h in board.finals]
    while heap:
        d, h = heapq.heappop(heap)
        if d > dist.get(h, float("inf")):
            continue
        here = board.spaces[h]
        enter = _enter_cost(here.terrain, here.value**steep, weight)
        if h in board.finals:
            enter = weight[TERRAIN_KIND[here.terrain]]
        for n in board.neighbours(h):
            if board.spaces[n].terrain == Terrain.MOUNTAIN:
                continue
            step = enter
            joint = board.joint_between(n, h)
            if joint is not None and joint.index in open_joints:
                kind, value = open_joints[joint.index]
                step += value * (weight[BLOCKADE_KIND[kind]] if kind in BLOCKADE_KIND else 1.2)
            nd = d + step
            if nd < dist.get(n, float("inf")):
                dist[n] = nd
                heapq.heappush(heap, (nd, n))
    return dist


def _enter_cost(terrain: Terrain, value: float, weight: Mapping[str, float]) -> float:
    if terrain in TERRAIN_KIND:
        return value * weight[TERRAIN_KIND[terrain]]
    if terrain == Terrain.RUBBLE:
        return value * 1.2
    if terrain == Terrain.BASECAMP:
        return value * 1.0
    return 1e6  # start spaces are never re-entered


def pay_with(hand: list[tuple[int, str]], cost: int) -> list[int] | None:
    """The fewest cards worth at least `cost` coins."""
    return payment(list(hand), cost)


def coins(hand: list[tuple[int, str]]) -> int:
    """Total money of some cards, in half coins."""
    return sum(half_coins(slug) for _, slug in hand)
