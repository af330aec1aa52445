"""Checks a Board against what a playable El Dorado map must satisfy."""

from __future__ import annotations

from collections import deque

from .board import GOAL_TILE, VALUE_RANGES, Board, Hex, Terrain, neighbours_of

START_COUNT = 4
FINAL_COUNT = 3
FINAL_TERRAINS = (Terrain.JUNGLE, Terrain.RIVER)


def validate(board: Board) -> list[str]:
    """Problems found on `board`, one sentence each; [] when the map is valid."""
    problems: list[str] = []
    problems += _check_spaces(board)
    problems += _check_starts(board)
    problems += _check_finals(board)
    problems += _check_pieces(board)
    problems += _check_joints(board)
    problems += _check_crossings(board)
    problems += _check_caves(board)
    problems += _check_paths(board)
    return problems


def _check_spaces(board: Board) -> list[str]:
    problems = []
    for h, space in board.spaces.items():
        if space.hex != h:
            problems.append(f"Space {space.hex} is filed under hex {h}.")
        if space.terrain is Terrain.FINAL:
            problems.append(f"Hex {h} uses terrain 'final'; final spaces keep jungle or river.")
            continue
        allowed = VALUE_RANGES[space.terrain]
        if space.value not in allowed:
            problems.append(
                f"Hex {h} ({space.terrain}) has value {space.value}, "
                f"outside {allowed.start}-{allowed.stop - 1}."
            )
    for cell in board.el_dorado:
        if cell in board.spaces:
            problems.append(f"El Dorado cell {cell} overlaps a space.")
    if len(set(board.el_dorado)) != FINAL_COUNT or len(board.el_dorado) != FINAL_COUNT:
        problems.append(f"There are {len(board.el_dorado)} El Dorado cells, not 3 distinct ones.")
    return problems


def _check_starts(board: Board) -> list[str]:
    problems = []
    if len(board.starts) != START_COUNT or len(set(board.starts)) != START_COUNT:
        problems.append(f"There are {len(board.starts)} start spaces, not 4 distinct ones.")
    first = board.pieces[0] if board.pieces else None
    for h in board.starts:
        space = board.spaces.get(h)
        if space is None or space.terrain is not Terrain.START:
            problems.append(f"Start {h} is not a start space on the board.")
        elif space.tile != first:
            problems.append(f"Start {h} lies on tile {space.tile}, not the first tile {first}.")
    listed = set(board.starts)
    for h, space in board.spaces.items():
        if space.terrain is Terrain.START and h not in listed:
            problems.append(f"Hex {h} is a start space missing from the start list.")
    return problems


def _check_finals(board: Board) -> list[str]:
    problems = []
    if len(board.finals) != FINAL_COUNT or len(set(board.finals)) != FINAL_COUNT:
        problems.append(f"There are {len(board.finals)} final spaces, not 3 distinct ones.")
    last = board.pieces[-1] if board.pieces else None
    for h in board.finals:
        space = board.spaces.get(h)
        if space is None:
            problems.append(f"Final space {h} is not on the board.")
            continue
        if space.terrain not in FINAL_TERRAINS or space.value != 1:
            problems.append(
                f"Final space {h} is {space.terrain} {space.value}, not jungle/river 1."
            )
        if space.tile != GOAL_TILE:
            problems.append(f"Final space {h} is printed on tile {space.tile}, not the goal.")
        if not any(_tile_at(board, n) == last for n in neighbours_of(h)):
            problems.append(f"Final space {h} does not touch the last tile {last}.")
        if not any(n in board.el_dorado for n in neighbours_of(h)):
            problems.append(f"Final space {h} does not touch El Dorado.")
    finals = set(board.finals)
    for h, space in board.spaces.items():
        if space.tile == GOAL_TILE and h not in finals:
            problems.append(f"Hex {h} lies on the goal piece but is not a final space.")
    return problems


def _check_pieces(board: Board) -> list[str]:
    pieces = board.pieces
    problems = []
    if len(set(pieces)) != len(pieces):
        problems.append(f"The path repeats a piece: {'-'.join(pieces)}.")
    on_board = {s.tile for s in board.spaces.values() if s.tile != GOAL_TILE}
    for tile in sorted(on_board - set(pieces)):
        problems.append(f"Tile {tile} has spaces but no joint links it into the path.")
    for tile in [t for t in pieces if t not in on_board]:
        problems.append(f"Tile {tile} is on the path but has no spaces.")
    return problems


def _check_joints(board: Board) -> list[str]:
    problems = []
    pieces = board.pieces
    for i, joint in enumerate(board.joints):
        if joint.index != i:
            problems.append(f"Joint {joint.index} sits at position {i} of the path.")
        if i + 1 < len(pieces) and joint.tiles != (pieces[i], pieces[i + 1]):
            problems.append(f"Joint {i} separates {joint.tiles}, not consecutive tiles.")
        if not joint.pairs:
            problems.append(f"Joint {i} ({'-'.join(joint.tiles)}) has no crossing pairs.")
        for pair in joint.pairs:
            problem = _pair_problem(board, pair, set(joint.tiles))
            if problem:
                problems.append(f"Joint {i} ({'-'.join(joint.tiles)}): {problem}")
    return problems


def _check_crossings(board: Board) -> list[str]:
    """Every tile-to-tile crossing is a joint pair (consecutive) or a wall (not consecutive)."""
    problems = []
    order = {tile: i for i, tile in enumerate(board.pieces)}
    joint_pairs = {pair for joint in board.joints for pair in joint.pairs}
    for pair in board.walls:
        a, b = sorted(pair)
        problem = _pair_problem(board, pair, None)
        ta, tb = _tile_at(board, a), _tile_at(board, b)
        if problem:
            problems.append(f"Wall {a}-{b}: {problem}")
        elif ta in order and tb in order and abs(order[ta] - order[tb]) == 1:
            problems.append(f"Wall {a}-{b} lies between consecutive tiles {ta} and {tb}.")
    for a in board.spaces:
        for b in neighbours_of(a):
            if b not in board.spaces or b < a:
                continue
            ta, tb = _tile_at(board, a), _tile_at(board, b)
            if ta == tb or GOAL_TILE in (ta, tb):
                continue
            pair = frozenset((a, b))
            consecutive = ta in order and tb in order and abs(order[ta] - order[tb]) == 1
            if consecutive and pair not in joint_pairs:
                problems.append(f"Hexes {a}-{b} cross from {ta} to {tb} outside any joint.")
            if not consecutive and pair not in board.walls:
                problems.append(f"Hexes {a}-{b} join non-consecutive tiles {ta}, {tb} unwalled.")
    return problems


def _check_caves(board: Board) -> list[str]:
    problems = []
    order = {tile: i for i, tile in enumerate(board.pieces)}
    for h in board.caves:
        space = board.spaces.get(h)
        if space is None or space.terrain is not Terrain.MOUNTAIN:
            problems.append(f"Cave {h} is not a mountain on the board.")
        elif not space.cave:
            problems.append(f"Cave {h} is not marked as a cave on its space.")
    marked = {h for h, s in board.spaces.items() if s.cave}
    for h in sorted(marked - set(board.caves)):
        problems.append(f"Hex {h} is marked as a cave but missing from the cave list.")
    if len(set(board.caves)) != len(board.caves):
        problems.append("A cave is listed twice.")
    ranks = [order.get(_tile_at(board, h), -1) for h in board.caves]
    if ranks != sorted(ranks):
        problems.append("Caves are not listed in path order.")
    return problems


def _check_paths(board: Board) -> list[str]:
    finals = set(board.finals)
    problems = []
    for start in board.starts:
        if not _reaches(board, start, finals):
            problems.append(f"No path leads from start {start} to a final space.")
    return problems


def _reaches(board: Board, start: Hex, goals: set[Hex]) -> bool:
    seen = {start}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        if h in goals:
            return True
        for n in board.neighbours(h):
            # Start spaces are where explorers stand, not a way through the jungle.
            if n not in seen and board.spaces[n].terrain not in (Terrain.MOUNTAIN, Terrain.START):
                seen.add(n)
                queue.append(n)
    return False


def _pair_problem(board: Board, pair: frozenset[Hex], tiles: set[str] | None) -> str | None:
    a, b = sorted(pair)
    if a not in board.spaces or b not in board.spaces:
        return f"pair {a}-{b} is not two board spaces."
    if b not in neighbours_of(a):
        return f"pair {a}-{b} is not neighbouring."
    ta, tb = _tile_at(board, a), _tile_at(board, b)
    if ta == tb:
        return f"pair {a}-{b} lies inside tile {ta}."
    if tiles is not None and {ta, tb} != tiles:
        return f"pair {a}-{b} joins {ta} and {tb}, not {'-'.join(sorted(tiles))}."
    return None


def _tile_at(board: Board, h: Hex) -> str | None:
    space = board.spaces.get(h)
    return space.tile if space else None
