"""What an El Dorado bot reads from its view: board, explorers, blockades, hand, distances."""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from games.engines.el_dorado import board_from_view
from games.engines.el_dorado.cards import HALF_COINS, pay_in_order, payment_order
from games.engines.el_dorado.cards import MOVE_KINDS as ENGINE_MOVE_KINDS
from games.engines.el_dorado.maps import Board, Terrain
from games.engines.el_dorado.rules.blockades import BLOCKADE_KIND
from games.engines.el_dorado.rules.movement import TERRAIN_KIND, reachable_spaces

Hex = tuple[int, int]
Path = tuple[Hex, ...]
MOVE_KINDS = tuple(str(k) for k in ENGINE_MOVE_KINDS)
OpenJoints = Mapping[int, tuple[str, int]]  # joint index -> blockade still there (kind, value)
OpenKey = tuple[tuple[int, str, int], ...]  # the same, as (joint, kind, value) by joint


# Not frozen: a frozen dataclass's __init__ costs several times more, on every bot decision.
@dataclass(slots=True)
class Position:
    seat: int
    board: Board
    explorers: tuple[Hex | None, ...]
    blocked: frozenset[Hex]  # every explorer on the board
    open_joints: OpenJoints
    hand: tuple[tuple[int, str], ...]  # (card id, slug)
    tokens: tuple[tuple[int, str], ...]
    bought: bool
    discarding: bool
    may_remove: int
    market: tuple[tuple[str, int], ...]  # buyable (slug, copies left)
    owned: Mapping[str, int]  # every card this seat owns, by slug
    passing: bool


def open_joints_of(view: Mapping[str, Any]) -> dict[int, tuple[str, int]]:
    """The blockades still on the board, by joint index."""
    return {b["joint"]: (b["kind"], b["value"]) for b in view["blockades"] if b["owner"] is None}


def market_of(view: Mapping[str, Any]) -> tuple[tuple[str, int], ...]:
    """Buyable (slug, copies left): the market slots, the reserve once a slot is empty."""
    slots = view["market"]
    market = [(m["card"], m["left"]) for m in slots if m["card"]]
    if len(market) < len(slots):
        market += [(r["card"], r["left"]) for r in view["reserve"]]
    return tuple(market)


def occupied(view: Mapping[str, Any]) -> frozenset[Hex]:
    """Every space an explorer stands on."""
    return frozenset(
        [(h[0], h[1]) for seat in view["seats"] for h in seat["explorers"] if h is not None]
    )


def read(view: Mapping[str, Any], seat: int) -> Position:
    """Parse a player view into the facts bots plan with."""
    me = view["seats"][seat]
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
        board_from_view(view),  # the engine keeps each board by its map, by value
        tuple([None if h is None else (h[0], h[1]) for h in me["explorers"]]),
        occupied(view),
        open_joints_of(view),
        tuple([(c["id"], c["card"]) for c in hand]),
        tuple([(t["id"], t["kind"]) for t in me["tokens"]]),
        turn["bought"],
        turn["discarding"],
        turn["may_remove"],
        market_of(view),
        owned,
        turn["pass_through"],
    )


# Where one play could go. The spaces a play of `kind` and `power` from `start` reaches with
# nobody and no blockade in the way are its region: a blockade only adds to a step's cost and
# an explorer only bars a space, so what the play reaches depends on the explorers in the
# region and the blockades on the joints of steps into it, nothing else. Both searches below
# are the engine's `reachable_spaces`; the answers are kept by those facts (values only), so
# the same play in the same surroundings, in any match on the board, is searched once.
Region = tuple[frozenset[Hex], tuple[int, ...], dict[Hex, Path], frozenset[int]]


@lru_cache(maxsize=8192)
def _region(board: Board, start: Hex, kind: str, power: int) -> Region:
    """The play's region (without the start), the joints of the steps into it (in order, and
    as a set), and what the play reaches with nobody and no blockade in the way."""
    plain = reachable_spaces(board, start, kind, power, frozenset(), {}, False)
    spaces = frozenset(plain)
    # The joints beside the region: every step into it that crosses one (and a few more).
    joints = tuple([j for j, hexes in _joint_spaces(board) if not spaces.isdisjoint(hexes)])
    return spaces, joints, plain, frozenset(joints)


@lru_cache(maxsize=64)
def _joint_spaces(board: Board) -> tuple[tuple[int, frozenset[Hex]], ...]:
    """Per joint, by index: the spaces on either side of it."""
    return tuple((j.index, frozenset().union(*j.pairs)) for j in board.joints)


@lru_cache(maxsize=8192)
def _reach_in_way(
    board: Board,
    start: Hex,
    kind: str,
    power: int,
    in_way: frozenset[Hex],
    near: tuple[tuple[int, tuple[str, int]], ...],
    passing: bool,
) -> dict[Hex, Path]:
    return reachable_spaces(board, start, kind, power, in_way, dict(near), passing)


def reach_spaces(
    board: Board,
    blocked: frozenset[Hex],
    open_joints: OpenJoints,
    passing: bool,
    start: Hex,
    kind: str,
    power: int,
) -> dict[Hex, Path]:
    """Every space one play of `kind` and `power` reaches from `start`, with a path each:
    `reachable_spaces` (shared answers: read-only)."""
    spaces, joints, plain, _ = _region(board, start, kind, power)
    near = tuple([(j, open_joints[j]) for j in joints if j in open_joints])
    in_way = blocked & spaces
    if not in_way:
        if not near:
            return plain
        passing = False  # nobody in the way: passing through changes nothing
    return _reach_in_way(board, start, kind, power, in_way, near, passing)


def reach(pos: Position, start: Hex, kind: str, power: int) -> dict[Hex, Path]:
    """Every space one play of `kind` and `power` reaches from `start`, with a path each."""
    return reach_spaces(pos.board, pos.blocked, pos.open_joints, pos.passing, start, kind, power)


def best_step(found: Mapping[Hex, Path], start: Hex, dist: Mapping[Hex, float]) -> tuple:
    """The biggest distance gained by one of the spaces reached and its path: the first of
    equals in the order of `found` (-inf and None if it reaches none). A final space is at 0.0
    in every map `distances` builds."""
    get = dist.get
    here = get(start, 1e6)
    gain, path = float("-inf"), None
    for dest, p in found.items():
        g = here - get(dest, 1e6)
        if g > gain:
            gain, path = g, p
    return gain, path


def distances(
    pos: Position, weights: tuple[float, float, float] = (1.0, 1.0, 1.0), steep: float = 1.0
) -> dict:
    """Estimated cost from every space to El Dorado (kind weights: machete, paddle, coin;
    `steep` > 1 makes high-value spaces, which need strong cards, cost more than their value)."""
    key = tuple(sorted(pos.open_joints.items()))
    return _distances(pos.board, key, weights, steep)


Entry = tuple[dict[Hex, Path], float, "Path | None"]
Play = tuple[Hex, str, int]  # where a play starts, the kind it plays as, its power
# A play in its surroundings: (start, kind, power), who stands in its region, the open
# blockades beside it, whether it passes through explorers.
PlayKey = tuple[Play, frozenset[Hex], tuple[tuple[int, tuple[str, int]], ...], bool]


class Facts(NamedTuple):
    """What every greedy decision reads of the board: the board, the blockades still on it (as
    a mapping, a set of joints and the plain value that keys what is kept of them), `distances`
    with plain weights, what plays reach there and their best steps on those distances
    (`play_entry`)."""

    board: Board
    open_joints: OpenJoints
    open_set: frozenset[int]
    dist: dict
    open_key: OpenKey
    # Each play's region, kept with the board (whatever blockades are open).
    regions: dict[Play, Region]
    # By play alone, or by `PlayKey` when something is in its way.
    entries: dict[Any, Entry]


def board_facts(view: Mapping[str, Any]) -> Facts:
    """The board, the open blockades and `distances` with plain weights."""
    global _last_facts
    spec, blockades = view["map"], view["blockades"]
    # Most decisions follow one on the same board with the same blockades: compared by value
    # (a copy of what the facts were built from), they are not read again.
    last_spec, last_blockades, facts = _last_facts
    if spec == last_spec and blockades == last_blockades and not spec.get("custom"):
        return facts
    open_key = tuple([(b["joint"], b["kind"], b["value"]) for b in blockades if b["owner"] is None])
    facts = _facts(board_from_view(view), open_key)
    # One tuple, replaced whole: a reader sees an old entry or a new one.
    _last_facts = (dict(spec), [dict(b) for b in blockades], facts)
    return facts


_last_facts: tuple[Any, Any, Any] = (None, None, None)


@lru_cache(maxsize=64)
def _board_regions(board: Board) -> dict[Play, Region]:
    return {}


@lru_cache(maxsize=256)
def _facts(board: Board, open_key: OpenKey) -> Facts:
    """`board_facts` for a board with the blockades `open_key` still on it: kept by those
    values, with the entries of the plays weighed there (shared answers: read-only)."""
    open_joints = {joint: (kind, value) for joint, kind, value in open_key}
    dist = _distances(board, tuple(sorted(open_joints.items())), (1.0, 1.0, 1.0), 1.0)
    regions = _board_regions(board)
    return Facts(board, open_joints, frozenset(open_joints), dist, open_key, regions, {})


def play_entry(facts: Facts, blocked: frozenset[Hex], passing: bool, play: Play) -> Entry:
    """What one play (start, kind, power) reaches (`reach_spaces`), with its best step on the
    plain distance map (`best_step`). What it reaches is kept by the play and its surroundings
    (who stands in its region, the blockades beside it, as `reach_spaces` keeps it); its best
    step with the facts, as the distances change when any blockade is taken."""
    region = facts.regions.get(play)
    if region is None:
        region = facts.regions[play] = _region(facts.board, *play)
    spaces, joints, plain, joint_set = region
    near = ()
    if joint_set and not facts.open_set.isdisjoint(joint_set):
        open_joints = facts.open_joints
        near = tuple([(j, open_joints[j]) for j in joints if j in open_joints])
    if not near and spaces.isdisjoint(blocked):
        key: Any = play  # the usual play: nothing in its way, it reaches its whole region
    else:
        in_way = blocked & spaces
        # Nobody in the way: passing through changes nothing.
        key = (play, in_way, near, passing and bool(in_way))
    entry = facts.entries.get(key)
    if entry is None:
        # Nothing in its way: its whole region; else the search kept by its surroundings.
        found = plain if key is play else _reach_in_way(facts.board, *play, key[1], near, key[3])
        if len(facts.entries) > 20_000:
            facts.entries.clear()
        # A play that reaches nothing has no best step on any map.
        scored = best_step(found, play[0], facts.dist) if found else (float("-inf"), None)
        entry = facts.entries[key] = (found, *scored)
    return entry


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


@lru_cache(maxsize=64)
def _graph(
    board: Board, weights: tuple[float, float, float], steep: float
) -> tuple[dict[Hex, tuple[float, tuple[Hex, ...], tuple[tuple[Hex, int], ...]]], dict]:
    """Per space: the cost of entering it, the neighbours a step from it reaches across no
    joint, and those across one (with the joint index); per joint, its steps (from, to).
    Built once per board and weights: Dijkstra reads it on every pop."""
    enter_costs = _enter_costs(board, weights, steep)
    graph = {}
    across: dict[int, list[tuple[Hex, Hex]]] = {}
    for h, (_, _, _, around) in _entries(board).items():
        joints = tuple([(n, j) for n, j in around if j is not None])
        graph[h] = (enter_costs[h], tuple([n for n, j in around if j is None]), joints)
        for n, j in joints:
            across.setdefault(j, []).append((h, n))
    return graph, {j: tuple(steps) for j, steps in across.items()}


@lru_cache(maxsize=64)
def _numbered(
    board: Board, weights: tuple[float, float, float], steep: float
) -> tuple[tuple[Hex, ...], list[tuple[float, tuple[int, ...], tuple[tuple[int, int], ...]]], dict]:
    """`_graph` with the spaces numbered: the spaces in order, then per space number the same
    facts with neighbours as numbers, and per joint its steps as numbers. Dijkstra reads a
    list by number for less than a dict by hex costs it."""
    graph, across = _graph(board, weights, steep)
    spaces = tuple(graph)
    number = {h: i for i, h in enumerate(spaces)}
    nodes = [
        (enter, tuple([number[n] for n in plain]), tuple([(number[n], j) for n, j in joints]))
        for enter, plain, joints in graph.values()
    ]
    steps = {j: tuple([(number[h], number[n]) for h, n in pairs]) for j, pairs in across.items()}
    return spaces, nodes, steps


# Recent distance maps per board and weights, by the open blockades they were built with: each
# as a list by space number (inf: not reached), to build on.
_SOLVED: dict[tuple, list[tuple[frozenset, list[float]]]] = {}


def blockade_tolls(
    open_key: tuple[tuple[int, tuple[str, int]], ...], weights: tuple[float, float, float]
) -> dict[int, float]:
    """What taking each open joint's blockade adds to a step across it."""
    weight = dict(zip(MOVE_KINDS, weights, strict=True))
    return {
        joint: need * (weight[BLOCKADE_KIND[kind]] if kind in BLOCKADE_KIND else 1.2)
        for joint, (kind, need) in open_key
    }


@lru_cache(maxsize=256)
def _distances(
    board: Board, open_key: tuple, weights: tuple[float, float, float], steep: float
) -> dict:
    toll = blockade_tolls(open_key, weights)
    spaces, nodes, across = _numbered(board, weights, steep)
    inf = float("inf")
    items = frozenset(open_key)
    if len(_SOLVED) > 64:
        _SOLVED.clear()
    recent = _SOLVED.setdefault((board, weights, steep), [])
    base = None
    for seen, found in recent:
        if items <= seen and (base is None or len(seen) < len(base[0])):
            base = (seen, found)
    # Spaces waiting to be settled, by their distance: distances repeat a lot (most costs are
    # whole numbers), so the heap holds each distance once, and only floats to compare.
    waiting: dict[float, list[int]] = {}
    if base is None:
        dist = [inf] * len(spaces)
        finals = [spaces.index(h) for h in board.finals]
        for h in finals:
            dist[h] = 0.0
        waiting[0.0] = finals
    else:
        # Blockades are only ever taken: steps get cheaper, distances only shrink. Relaxing
        # the steps across the joints taken since, from a map built before, reaches the same
        # fixed point as a search from scratch: every other step already holds there.
        dist = list(base[1])
        for joint in {j for j, _ in base[0]} - {j for j, _ in open_key}:
            for h, n in across.get(joint, ()):
                d = dist[h]
                if d != inf and (nd := d + nodes[h][0]) < dist[n]:
                    dist[n] = nd
                    waiting.setdefault(nd, []).append(n)
    heap = list(waiting)
    heapq.heapify(heap)
    pop, push, later = heapq.heappop, heapq.heappush, waiting.get
    # Every step costs more than nothing: what a space settles at waits behind it in the heap.
    while heap:
        d = pop(heap)
        for h in waiting.pop(d):
            if dist[h] != d:
                continue  # settled nearer since
            enter, plain, joints = nodes[h]
            nd = d + enter
            for n in plain:
                if nd < dist[n]:
                    dist[n] = nd
                    queue = later(nd)
                    if queue is None:
                        waiting[nd] = [n]
                        push(heap, nd)
                    else:
                        queue.append(n)
            for n, joint in joints:
                extra = toll.get(joint)
                jd = nd if extra is None else d + (enter + extra)
                if jd < dist[n]:
                    dist[n] = jd
                    queue = later(jd)
                    if queue is None:
                        waiting[jd] = [n]
                        push(heap, jd)
                    else:
                        queue.append(n)
    recent.append((items, dist))
    if len(recent) > 8:
        del recent[0]
    return {h: d for h, d in zip(spaces, dist, strict=True) if d != inf}


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
