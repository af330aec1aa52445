"""Lookup tables derived from a board, built once per board: `apply` reads them on every move."""

from __future__ import annotations

from dataclasses import dataclass

from .maps import Board, Terrain
from .state import Hex

# The card kind each enterable terrain asks for.
TERRAIN_KIND: dict[Terrain, str] = {
    Terrain.JUNGLE: "machete",
    Terrain.RIVER: "paddle",
    Terrain.VILLAGE: "coin",
}
# Spaces no explorer ever steps onto.
_CLOSED = frozenset({Terrain.MOUNTAIN, Terrain.START})

# One step onto a neighbour: (card kind it asks for or None, its value, the joint index crossed
# or None, True when it is a final space).
Step = tuple[str | None, int, int | None, bool]


@dataclass(frozen=True, slots=True)
class BoardTables:
    # Every (space, neighbour) pair an explorer may step across (no wall, not onto a mountain
    # or a start space); a pair missing here is refused by `check_enterable`.
    steps: dict[tuple[Hex, Hex], Step]
    # Per cave, in board order, the spaces beside it.
    cave_sides: tuple[frozenset[Hex], ...]


def _build(board: Board) -> BoardTables:
    steps: dict[tuple[Hex, Hex], Step] = {}
    finals = board.final_set
    for here in board.spaces:
        for to in board.adjacent(here):
            space = board.spaces[to]
            if space.terrain in _CLOSED:
                continue
            joint = board.joint_between(here, to)
            steps[(here, to)] = (
                TERRAIN_KIND.get(space.terrain),
                space.value,
                None if joint is None else joint.index,
                to in finals,
            )
    sides = tuple(frozenset(board.neighbours(cave)) for cave in board.caves)
    return BoardTables(steps, sides)


# By board identity (boards are immutable and cached): the entry keeps its board alive, so an
# id is never reused while its entry is here.
_TABLES: dict[int, tuple[Board, BoardTables]] = {}


# The last board asked for: play after play asks for the same one.
_last: tuple[Board | None, BoardTables | None] = (None, None)


def tables_of(board: Board) -> BoardTables:
    """The lookup tables of a board."""
    global _last
    last = _last
    if last[0] is board:
        return last[1]  # type: ignore[return-value]
    _last = (board, _tables_of(board))
    return _last[1]  # type: ignore[return-value]


def _tables_of(board: Board) -> BoardTables:
    entry = _TABLES.get(id(board))
    if entry is not None and entry[0] is board:
        return entry[1]
    tables = _build(board)
    if len(_TABLES) > 256:
        _TABLES.clear()
    _TABLES[id(board)] = (board, tables)
    return tables
