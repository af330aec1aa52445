"""Walking an explorer: one card play along a path, and every space a play can reach."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from functools import lru_cache

from .board_tables import TERRAIN_KIND, tables_of
from .errors import IllegalAction
from .maps import Board, Terrain, neighbours_of
from .state import Hex, State

BLOCKADE_KIND: dict[str, str] = {"jungle": "machete", "river": "paddle", "village": "coin"}
KIND_TERRAIN: dict[str, str] = {"machete": "jungle", "paddle": "river", "coin": "village"}


def occupied(state: State, moving: Hex | None = None) -> frozenset[Hex]:
    """Spaces holding an explorer, except the one that is moving."""
    return frozenset(h for s in state.seats for h in s.explorers if h is not None and h != moving)


def space_name(board: Board, h: Hex) -> str:
    """Human text for a space: "river 2", "a mountain", "rubble 1"."""
    space = board.spaces.get(h)
    if space is None:
        return "off the board"
    if space.terrain == Terrain.MOUNTAIN:
        return "a mountain"
    if space.terrain == Terrain.START:
        return "a start space"
    return f"{space.terrain} {space.value}"


def blockade_name(blockade: tuple[str, int]) -> str:
    """Human text for a blockade: "the jungle 2 blockade"."""
    return f"the {blockade[0]} {blockade[1]} blockade"


def open_blockade(state: State, board: Board, a: Hex, b: Hex) -> int | None:
    """The joint index between a and b whose blockade is still on the board, if any."""
    joint = board.joint_between(a, b)
    if joint is None or state.blockade_owner[joint.index] is not None:
        return None
    return joint.index


def check_enterable(
    state: State, board: Board, here: Hex, to: Hex, blocked: AbstractSet[Hex], passing: bool
) -> None:
    """Raise unless an explorer on `here` may step onto the neighbouring `to` at all
    (`passing`: on its way further, as a pass token allows; no explorer ever stops there)."""
    if to not in board.spaces:
        raise IllegalAction(f"Space {list(to)} is not on the board.")
    if to not in board.adjacent(here):
        if to in neighbours_of(here):
            raise IllegalAction(f"A wall separates {list(here)} from {list(to)}.")
        raise IllegalAction(f"Space {list(to)} is not next to {list(here)}.")
    terrain = board.spaces[to].terrain
    if terrain == Terrain.MOUNTAIN:
        raise IllegalAction(f"Space {list(to)} is a mountain; no explorer may enter it.")
    if terrain == Terrain.START:
        raise IllegalAction(f"Space {list(to)} is a start space; explorers only leave those.")
    if to in blocked and not passing:
        raise IllegalAction(f"Space {list(to)} holds another explorer.")


def others(state: State, moving: Hex) -> set[Hex]:
    """`occupied` as a plain set, for a single move's own checks."""
    held = {h for s in state.seats for h in s.explorers}
    held.discard(None)
    held.discard(moving)
    return held


def walk(
    state: State,
    board: Board,
    start: Hex,
    path: list[Hex],
    kind: str,
    power: int,
    label: str,
    passing: bool = False,
    claim: str | None = None,
) -> tuple[Hex | None, tuple[int, ...]]:
    """Check one card play of `kind` and `power` along `path`; raise with the reason if illegal.
    `claim` says what the play counts as, for messages ("<label> is a <kind> card" if None).
    Returns where the explorer ends (None: in El Dorado) and the joints whose blockade the play
    took, in order."""
    if not path:
        raise IllegalAction("A move needs a path of at least one space.")
    steps = tables_of(board).steps
    owners = state.blockade_owner
    seats = state.seats
    taken: tuple[int, ...] = ()
    here = start
    last = len(path) - 1
    for i, to in enumerate(path):
        step = steps.get((here, to))
        if step is None:
            check_enterable(state, board, here, to, others(state, start), passing)  # it raises
        if not passing and to != start:
            for other in seats:
                if to in other.explorers:
                    raise IllegalAction(f"Space {list(to)} holds another explorer.")
        wanted, value, joint, final = step  # type: ignore[misc]
        if joint is not None and owners[joint] is None and joint not in taken:
            blockade = state.blockades[joint]
            need = BLOCKADE_KIND.get(blockade[0])
            if need != kind:
                how = (
                    f"take it first by discarding {blockade[1]} cards"
                    if need is None
                    else f"it needs {need} {blockade[1]}"
                )
                claim = claim or f"{label} is a {kind} card"
                raise IllegalAction(f"{claim}; {blockade_name(blockade)} is in the way ({how}).")
            if blockade[1] > power:
                raise IllegalAction(
                    f"{label} has {power} {kind} to spend; "
                    f"{blockade_name(blockade)} needs {blockade[1]}."
                )
            power -= blockade[1]
            taken = (*taken, joint)
        if wanted != kind:
            claim = claim or f"{label} is a {kind} card"
            raise IllegalAction(f"{claim}; the next space is {space_name(board, to)}.")
        if value > power:
            raise IllegalAction(
                f"{label} has {power} {kind} to spend; the next space is {space_name(board, to)}."
            )
        power -= value
        if final:
            if i != last:
                raise IllegalAction("A final space leads to El Dorado; the path ends there.")
            return None, taken
        here = to
    if passing and here in others(state, start):
        # A pass token lets a play pass occupied spaces, never stop on one.
        raise IllegalAction(f"Space {list(here)} holds another explorer; a move cannot end there.")
    return here, taken


def open_blockades(state: State) -> dict[int, tuple[str, int]]:
    """Blockades still on the board, by joint index."""
    return {
        joint: blockade
        for joint, blockade in enumerate(state.blockades)
        if state.blockade_owner[joint] is None
    }


def reachable(
    state: State, board: Board, start: Hex, kind: str, power: int, passing: bool = False
) -> dict[Hex, list[Hex]]:
    """Every space one play of `kind` and `power` can reach from `start`, with one path each.

    A final space stands for El Dorado: a path that enters one ends there.
    """
    blocked = occupied(state, start)
    return reachable_spaces(board, start, kind, power, blocked, open_blockades(state), passing)


@lru_cache(maxsize=64)
def _steps(board: Board) -> dict[Hex, tuple[tuple[Hex, int, str | None, int | None], ...]]:
    """Per space, its neighbours with value, kind asked for and joint index, built once per map."""
    out = {}
    for h in board.spaces:
        row = []
        for to in board.neighbours(h):
            space = board.spaces[to]
            joint = board.joint_between(h, to)
            kind = TERRAIN_KIND.get(space.terrain)
            row.append((to, space.value, kind, None if joint is None else joint.index))
        out[h] = tuple(row)
    return out


@lru_cache(maxsize=64)
def _kind_steps(board: Board) -> dict[str, dict[Hex, tuple[tuple[Hex, int, int | None], ...]]]:
    """Per card kind, per space, the neighbours that kind may enter (order kept): a play walks
    only these, so the search never looks at spaces of the other kinds."""
    return {
        kind: {
            h: tuple((to, value, joint) for to, value, wanted, joint in row if wanted == kind)
            for h, row in _steps(board).items()
        }
        for kind in KIND_TERRAIN
    }


def reachable_spaces(
    board: Board,
    start: Hex,
    kind: str,
    power: int,
    blocked: frozenset[Hex],
    blockades: Mapping[int, tuple[str, int]],
    passing: bool = False,
) -> dict[Hex, tuple[Hex, ...]]:
    """`reachable` from plain facts (occupied spaces, blockades still there), as bots know them.
    Paths are tuples: bots keep these tables for long, and the collector skips immutable data."""
    table = _kind_steps(board).get(kind)
    if table is None:
        return {}
    finals = board.final_set
    best: dict[Hex, int] = {start: power}
    out: dict[Hex, tuple[Hex, ...]] = {}
    frontier: list[tuple[Hex, int, tuple[Hex, ...], frozenset[int]]] = [
        (start, power, (), frozenset())
    ]
    while frontier:
        here, left, path, paid = frontier.pop()
        for to, cost, joint in table[here]:
            opened = paid
            if joint is not None and joint in blockades and joint not in paid:
                blockade = blockades[joint]
                if BLOCKADE_KIND.get(blockade[0]) != kind:
                    continue
                cost += blockade[1]
                opened = paid | {joint}
            if cost > left:
                continue
            taken_space = to in blocked
            if taken_space and not passing:
                continue
            rest = left - cost
            new_path = (*path, to)
            if to in finals:
                if to not in out:
                    out[to] = new_path
                continue
            if best.get(to, -1) >= rest:
                continue
            best[to] = rest
            if not taken_space:  # passed through, never a place to stop
                out[to] = new_path
            frontier.append((to, rest, new_path, opened))
    out.pop(start, None)
    return out
