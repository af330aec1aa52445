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
from games.engines.el_dorado.rules.movement import BLOCKADE_KIND, TERRAIN_KIND, reachable_spaces

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


def derived(name: str, part: Any, build: Any) -> Any:
    """What `build` makes of a view part, kept while the part is the same object."""
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


def market_of(view: Mapping[str, Any]) -> tuple[tuple[str, int], ...]:
    """Buyable (slug, copies left): the market slots, the reserve once a slot is empty."""
    slots = view["market"]
    # The reserve list comes with the slots it was built beside: one part of the view.
    return derived("market", slots, lambda _: _market(slots, view["reserve"]))


def occupied(view: Mapping[str, Any]) -> frozenset[Hex]:
    """Every space an explorer stands on."""
    return frozenset(
        [(h[0], h[1]) for seat in view["seats"] for h in seat["explorers"] if h is not None]
    )


def read(view: Mapping[str, Any], seat: int) -> Position:
    """Parse a player view into the facts bots plan with."""
    me = view["seats"][seat]
    blocked = occupied(view)
    market = market_of(view)
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
        derived("board", view["map"], lambda _: board_from_view(view)),
        tuple([None if h is None else (h[0], h[1]) for h in me["explorers"]]),
        blocked,
        derived("open", view["blockades"], _open_joints),
        tuple([(c["id"], c["card"]) for c in hand]),
        tuple([(t["id"], t["kind"]) for t in me["tokens"]]),
        turn["bought"],
        turn["discarding"],
        turn["may_remove"],
        market,
        owned,
        turn["pass_through"],
    )


@lru_cache(maxsize=64)
def _kind_steps(board: Board) -> dict[str, dict[Hex, tuple[tuple[Hex, int, int | None], ...]]]:
    """Per card kind, per space: the neighbours that kind may enter, with their value and the
    joint between (built once per board)."""
    out: dict[str, dict[Hex, tuple[tuple[Hex, int, int | None], ...]]] = {}
    for kind in MOVE_KINDS:
        table = out[kind] = {}
        for h in board.spaces:
            row = []
            for to in board.adjacent(h):
                if TERRAIN_KIND.get(board.spaces[to].terrain) == kind:
                    joint = board.joint_between(h, to)
                    row.append((to, board.spaces[to].value, None if joint is None else joint.index))
            table[h] = tuple(row)
    return out


def _region(
    board: Board, start: Hex, kind: str, power: int
) -> tuple[frozenset[Hex], tuple[int, ...], dict[Hex, Path]]:
    """The spaces but the start that one play could reach with no explorer and no blockade in
    the way, the joints of the steps into them, and what `reachable_spaces` gives then. A
    blockade only adds to a step's cost and an explorer only bars a space: no other space and
    no other joint can change what the play reaches."""
    table = _kind_steps(board)[kind]
    finals = board.final_set
    best = {start: power}
    out: dict[Hex, Path] = {}
    spaces: set[Hex] = set()
    joints: set[int] = set()
    # `reachable_spaces`' own search (same order, same paths) without the checks for
    # blockades and explorers: the region comes with the plain answer for free.
    frontier: list[tuple[Hex, int, Path]] = [(start, power, ())]
    while frontier:
        here, left, path = frontier.pop()
        for to, value, joint in table.get(here, ()):
            if value > left:
                continue
            spaces.add(to)
            if joint is not None:
                joints.add(joint)
            if to in finals:
                if to not in out:
                    out[to] = (*path, to)
                continue
            rest = left - value
            if best.get(to, -1) >= rest:
                continue
            best[to] = rest
            out[to] = new_path = (*path, to)
            frontier.append((to, rest, new_path))
    out.pop(start, None)
    spaces.discard(start)
    return frozenset(spaces), tuple(sorted(joints)), out


# What one play reaches, by the facts in its region: the same region recurs across the
# decisions of a turn, across turns and across matches on one map. Results are shared: read-only.
# Per board, per start, kind and power: the region, a table of plays keyed by plain tuples (the
# collector stops tracking them, so however big the tables grow they cost it nothing) and, apart,
# the entry of the usual play, with no explorer and no blockade in the region: it needs no key.
# An entry is (spaces reached, the distance map its best step was scored on, that step's gain,
# its path): the scoring is kept until the map changes.
Entry = tuple[dict[Hex, Path], Any, float, Path | None]
# An entry's gain before it is scored: what scoring gives when no space is reached.
_UNSCORED = float("-inf")
# [spaces, joints, table of plays by (passing, explorers, blockades in the way), plain entry]
Region = list[Any]
Regions = dict[tuple[Hex, str, int], Region]
_REACH: dict[Board, Regions] = {}


def reach_tables(board: Board) -> Regions:
    """The board's regions and their tables of plays (look up once per decision)."""
    regions = _REACH.get(board)
    if regions is None:
        if len(_REACH) > 16:
            _REACH.clear()
        regions = _REACH[board] = {}
    return regions


def reach_entry(
    regions: Regions,
    board: Board,
    blocked: frozenset[Hex],
    open_joints: Mapping[int, tuple[str, int]],
    passing: bool,
    start: Hex,
    kind: str,
    power: int,
    dist: Mapping[Hex, float] | None = None,
) -> Entry:
    """The entry of one play of `kind` and `power` from `start`; given `dist`, with its best
    step scored on it: the biggest distance gained, the first of equals in the order of the
    spaces reached (the gain is -inf if none is reached). `dist` is a map `_distances` built:
    a final space is at 0.0 there."""
    return play_entry(regions, board, blocked, open_joints, passing, (start, kind, power), dist)


def play_entry(
    regions: Regions,
    board: Board,
    blocked: frozenset[Hex],
    open_joints: Mapping[int, tuple[str, int]],
    passing: bool,
    play: tuple[Hex, str, int],
    dist: Mapping[Hex, float] | None,
) -> Entry:
    """`reach_entry` of the play (start, kind, power)."""
    region = regions.get(play)
    if region is None:
        if len(regions) > 20_000:
            regions.clear()
        spaces, joints, plain = _region(board, *play)
        region = regions[play] = [spaces, joints, {}, (plain, None, _UNSCORED, None)]
    spaces, joints, table = region[0], region[1], region[2]
    near = tuple([(j, open_joints[j]) for j in joints if j in open_joints]) if joints else ()
    if spaces.isdisjoint(blocked):
        if not near:
            entry = region[3]
            # An entry that reaches nothing scores -inf on every map: it is never scored.
            if dist is not None and entry[1] is not dist and entry[0]:
                entry = region[3] = _scored(entry[0], play[0], dist)
            return entry
        # Nobody else in the way: then passing through changes nothing.
        blocked_key: tuple[Hex, ...] = ()
        passing = False
    else:
        blocked_key = tuple(sorted(blocked & spaces))
    key = (passing, blocked_key, near)
    entry = table.get(key)
    if entry is None:
        if len(table) > 1024:
            table.clear()
        found = reachable_spaces(
            board, play[0], play[1], play[2], frozenset(blocked_key), dict(near), passing
        )
        entry = table[key] = (found, None, _UNSCORED, None)
    if dist is not None and entry[1] is not dist and entry[0]:
        entry = table[key] = _scored(entry[0], play[0], dist)
    return entry


def _scored(found: dict[Hex, Path], start: Hex, dist: Mapping[Hex, float]) -> Entry:
    """An entry with its best step scored on `dist` (`found` reaches some space)."""
    get = dist.get
    here = get(start, 1e6)
    gain, path = _UNSCORED, None
    # The finals are at 0.0 in every distance map: no need to tell them apart.
    for dest, p in found.items():
        g = here - get(dest, 1e6)
        if g > gain:
            gain, path = g, p
    return (found, dist, gain, path)


def reach(pos: Position, start: Hex, kind: str, power: int) -> dict[Hex, Path]:
    """Every space one play of `kind` and `power` reaches from `start`, with a path each."""
    board = pos.board
    regions = reach_tables(board)
    return reach_entry(
        regions, board, pos.blocked, pos.open_joints, pos.passing, start, kind, power
    )[0]


def distances(
    pos: Position, weights: tuple[float, float, float] = (1.0, 1.0, 1.0), steep: float = 1.0
) -> dict:
    """Estimated cost from every space to El Dorado (kind weights: machete, paddle, coin;
    `steep` > 1 makes high-value spaces, which need strong cards, cost more than their value)."""
    key = tuple(sorted(pos.open_joints.items()))
    return _distances(pos.board, key, weights, steep)


# Per blockade part of a view (and its map part): what every decision reads until a blockade
# is taken. Two matches may share a blockade part while their boards differ: both parts key it.
_FACTS: dict[int, tuple[Any, Any, Board, Mapping[int, tuple[str, int]], dict, Any]] = {}


def board_facts(
    view: Mapping[str, Any],
) -> tuple[Board, Mapping[int, tuple[str, int]], dict, Any]:
    """The board, the open blockades, `distances` with plain weights and the board's play
    tables: what `read` and `distances` would give, kept while the view parts stay the same."""
    blockades = view["blockades"]
    spec = view["map"]
    entry = _FACTS.get(id(blockades))
    if entry is None or entry[0] is not blockades or entry[1] is not spec:
        board = derived("board", spec, lambda _: board_from_view(view))
        open_joints = derived("open", blockades, _open_joints)
        dist = _distances(board, tuple(sorted(open_joints.items())), (1.0, 1.0, 1.0), 1.0)
        if len(_FACTS) > 256:
            _FACTS.clear()
        entry = _FACTS[id(blockades)] = (
            blockades,
            spec,
            board,
            open_joints,
            dist,
            reach_tables(board),
        )
    return entry[2], entry[3], entry[4], entry[5]


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


@lru_cache(maxsize=256)
def _distances(
    board: Board, open_key: tuple, weights: tuple[float, float, float], steep: float
) -> dict:
    weight = dict(zip(MOVE_KINDS, weights, strict=True))
    # What taking each open joint's blockade adds to a step across it.
    toll = {
        joint: need * (weight[BLOCKADE_KIND[kind]] if kind in BLOCKADE_KIND else 1.2)
        for joint, (kind, need) in open_key
    }
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
