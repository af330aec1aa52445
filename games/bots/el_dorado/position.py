"""What an El Dorado bot reads from its view: board, explorers, blockades, hand, distances."""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from games.engines.el_dorado import board_from_view
from games.engines.el_dorado.cards import HALF_COINS, pay_in_order, payment_order
from games.engines.el_dorado.cards import MOVE_KINDS as ENGINE_MOVE_KINDS
from games.engines.el_dorado.maps import Board, Terrain
from games.engines.el_dorado.movement import BLOCKADE_KIND, TERRAIN_KIND, reachable_spaces

Hex = tuple[int, int]
Path = tuple[Hex, ...]
MOVE_KINDS = tuple(str(k) for k in ENGINE_MOVE_KINDS)


# Not frozen: a frozen dataclass's __init__ costs several times more, on every bot decision.
@dataclass(slots=True)
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


# Views share the parts that did not change (they are read-only): what a bot derives from
# such a part is kept with the part itself, checked by identity, and reused until it changes.
_DERIVED: dict[tuple[str, int], tuple[Any, Any]] = {}


def _derived(name: str, part: Any, build: Any) -> Any:
    entry = _DERIVED.get((name, id(part)))
    if entry is None or entry[0] is not part:
        if len(_DERIVED) > 1024:
            _DERIVED.clear()
        entry = _DERIVED[(name, id(part))] = (part, build(part))
    return entry[1]


def _open_joints(blockades: list[dict[str, Any]]) -> dict[int, tuple[str, int]]:
    return {b["joint"]: (b["kind"], b["value"]) for b in blockades if b["owner"] is None}


def _market(slots: list[dict[str, Any]], reserve: list[dict[str, Any]]) -> tuple:
    market = [(m["card"], m["left"]) for m in slots if m["card"]]
    if len(market) < len(slots):
        market += [(r["card"], r["left"]) for r in reserve]
    return tuple(market)


def read(view: Mapping[str, Any], seat: int) -> Position:
    """Parse a player view into the facts bots plan with."""
    seats = view["seats"]
    me = seats[seat]
    blocked = frozenset([(h[0], h[1]) for s in seats for h in s["explorers"] if h is not None])
    slots = view["market"]
    # The reserve list comes with the slots it was built beside: one part of the view.
    market = _derived("market", slots, lambda _: _market(slots, view["reserve"]))
    hand = me.get("hand", ())
    owned: dict[str, int] = dict(me.get("draw_counts", {}))
    get = owned.get
    for pile in (hand, me.get("discard", ()), me["played"]):
        for c in pile:
            slug = c["card"]
            owned[slug] = get(slug, 0) + 1
    turn = view["turn"]
    return Position(
        seat,
        _derived("board", view["map"], lambda _: board_from_view(view)),
        tuple([None if h is None else (h[0], h[1]) for h in me["explorers"]]),
        blocked,
        _derived("open", view["blockades"], _open_joints),
        tuple([(c["id"], c["card"]) for c in hand]),
        tuple([(t["id"], t["kind"]) for t in me["tokens"]]),
        turn["bought"],
        turn["discarding"],
        turn["may_remove"],
        market,
        owned,
        turn["pass_through"],
    )


@lru_cache(maxsize=8192)
def _ball(board: Board, start: Hex, power: int) -> tuple[frozenset[Hex], tuple[int, ...]]:
    """The spaces within `power` steps of `start` and the joints touching them: every step of
    a play costs at least 1, so nothing outside can change what one play reaches."""
    ball = {start}
    edge = [start]
    for _ in range(power):
        edge = [n for h in edge for n in board.adjacent(h) if n not in ball]
        ball.update(edge)
    joints = {
        joint.index
        for h in ball
        for n in board.adjacent(h)
        if (joint := board.joint_between(h, n)) is not None
    }
    return frozenset(ball), tuple(sorted(joints))


# What one play reaches, by the facts near its start: the same neighbourhood recurs across the
# decisions of a turn, across turns and across matches on one map. Results are shared: read-only.
# One table per board, keyed by plain tuples: the collector stops tracking them, so however big
# the tables grow they cost it nothing.
_REACH: dict[Board, dict[tuple, dict[Hex, Path]]] = {}


def reach(pos: Position, start: Hex, kind: str, power: int) -> dict[Hex, Path]:
    """Every space one play of `kind` and `power` reaches from `start`, with a path each."""
    ball, joints = _ball(pos.board, start, power)
    blocked = pos.blocked & ball
    blocked_key = tuple(sorted(blocked - {start})) if blocked else ()
    open_joints = pos.open_joints
    near = tuple([(j, open_joints[j]) for j in joints if j in open_joints])
    table = _REACH.get(pos.board)
    if table is None:
        if len(_REACH) > 16:
            _REACH.clear()
        table = _REACH[pos.board] = {}
    key = (start, kind, power, pos.passing, blocked_key, near)
    found = table.get(key)
    if found is None:
        if len(table) > 50_000:
            table.clear()
        found = table[key] = reachable_spaces(
            pos.board, start, kind, power, frozenset(blocked_key), dict(near), pos.passing
        )
    return found


def distances(
    pos: Position, weights: tuple[float, float, float] = (1.0, 1.0, 1.0), steep: float = 1.0
) -> dict:
    """Estimated cost from every space to El Dorado (kind weights: machete, paddle, coin;
    `steep` > 1 makes high-value spaces, which need strong cards, cost more than their value)."""
    key = tuple(sorted(pos.open_joints.items()))
    return _distances(pos.board, key, weights, steep)


@lru_cache(maxsize=64)
def _entries(
    board: Board,
) -> dict[Hex, tuple[Terrain, int, bool, tuple[tuple[Hex, int | None], ...]]]:
    """Per space: terrain, value, whether final, and the non-mountain neighbours with the
    joint index between them (built once per board; Dijkstra reads it on every pop)."""
    finals = set(board.finals)
    out = {}
    for h, here in board.spaces.items():
        around = []
        for n in board.adjacent(h):
            if board.spaces[n].terrain == Terrain.MOUNTAIN:
                continue
            joint = board.joint_between(n, h)
            around.append((n, None if joint is None else joint.index))
        out[h] = (here.terrain, here.value, h in finals, tuple(around))
    return out


@lru_cache(maxsize=64)
def _enter_costs(
    board: Board, weights: tuple[float, float, float], steep: float
) -> dict[Hex, float]:
    """The cost of entering each space, which no blockade changes: shared by every Dijkstra
    run on a board with the same weights."""
    weight = dict(zip(MOVE_KINDS, weights, strict=True))
    out = {}
    for h, (terrain, value, final, _) in _entries(board).items():
        enter = _enter_cost(terrain, value**steep, weight)
        if final:
            enter = weight[TERRAIN_KIND[terrain]]
        out[h] = enter
    return out


@lru_cache(maxsize=256)
def _distances(
    board: Board, open_key: tuple, weights: tuple[float, float, float], steep: float
) -> dict:
    open_joints = dict(open_key)
    weight = dict(zip(MOVE_KINDS, weights, strict=True))
    # What taking each open joint's blockade adds to a step across it.
    toll = {
        joint: need * (weight[BLOCKADE_KIND[kind]] if kind in BLOCKADE_KIND else 1.2)
        for joint, (kind, need) in open_joints.items()
    }
    entries = _entries(board)
    enter_costs = _enter_costs(board, weights, steep)
    inf = float("inf")
    dist: dict[Hex, float] = {h: 0.0 for h in board.finals}
    heap = [(0.0, h) for h in board.finals]
    pop, push, get = heapq.heappop, heapq.heappush, dist.get
    while heap:
        d, h = pop(heap)
        if d > get(h, inf):
            continue
        enter = enter_costs[h]
        for n, joint in entries[h][3]:
            step = enter
            if joint is not None and joint in toll:
                step += toll[joint]
            nd = d + step
            if nd < get(n, inf):
                dist[n] = nd
                push(heap, (nd, n))
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
    return pay_in_order(payment_order(list(hand)), cost)


def coins(hand: list[tuple[int, str]]) -> int:
    """Total money of some cards, in half coins."""
    return sum(HALF_COINS[slug] for _, slug in hand)
