"""Random expedition: seeded layouts chained from the real tile, strip and goal templates."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cache, lru_cache

from .board import GOAL_TILE, Board, Hex, Joint, Space, Terrain, neighbours_of
from .loader import DATA_DIR
from .validate import validate

# Pieces after the start tile, i.e. joints; at most 6 because only 6 blockades exist.
LENGTHS = range(3, 7)
DEFAULT_LENGTH = 5
STRIP_CHANCE = 0.25
MAX_ATTEMPTS = 200
# A full edge: 7 neighbouring pairs between two tiles, 8 when a strip is involved.
TILE_EDGE, STRIP_EDGE = 7, 8

Cell = tuple[Terrain, int, bool, int]  # terrain, value, cave, printed start number (0 if none)
Pose = tuple[int, Hex]  # rotation (sixths of a turn), then the translation


@dataclass(frozen=True, slots=True)
class Template:
    piece: str
    kind: str  # "start", "tile" or "strip"
    cells: dict[Hex, Cell]


def rotate(h: Hex, times: int) -> Hex:
    """Rotate an axial hex by 60 degrees `times` times about the origin."""
    q, r = h
    for _ in range(times % 6):
        q, r = -r, q + r
    return (q, r)


def _place(h: Hex, pose: Pose) -> Hex:
    q, r = rotate(h, pose[0])
    return (q + pose[1][0], r + pose[1][1])


@cache
def templates() -> dict[str, Template]:
    """Every tile and strip, as converted from the shared data into pieces.json."""
    with (DATA_DIR / "pieces.json").open(encoding="utf-8") as fh:
        data = json.load(fh)
    out = {}
    for piece, entry in data["pieces"].items():
        cells = {
            (c["q"], c["r"]): (
                Terrain(c["terrain"]),
                c["value"],
                c.get("cave", False),
                c.get("start", 0),
            )
            for c in entry["hexes"]
        }
        out[piece] = Template(piece, entry["kind"], cells)
    return out


@cache
def _goals() -> dict[str, tuple[tuple[Hex, ...], tuple[Hex, ...]]]:
    with (DATA_DIR / "pieces.json").open(encoding="utf-8") as fh:
        data = json.load(fh)["goals"]
    return {
        kind: (tuple(map(tuple, g["finals"])), tuple(map(tuple, g["el_dorado"])))
        for kind, g in data.items()
    }


def _contacts(a: frozenset[Hex], b: frozenset[Hex]) -> int:
    return sum(1 for h in a for n in neighbours_of(h) if n in b)


def _halo(cells: frozenset[Hex]) -> frozenset[Hex]:
    return frozenset(n for h in cells for n in neighbours_of(h)) - cells


@cache
def _attachments(shape_a: frozenset[Hex], shape_b: frozenset[Hex], edge: int) -> tuple[Pose, ...]:
    """Poses of shape B, in A's frame, meeting A edge to edge without overlap."""
    found = set()
    rim = _halo(shape_a)
    for rot in range(6):
        turned = frozenset(rotate(h, rot) for h in shape_b)
        offsets = {(c[0] - p[0], c[1] - p[1]) for c in rim for p in turned}
        for dq, dr in offsets:
            moved = frozenset((q + dq, r + dr) for q, r in turned)
            if not moved & shape_a and _contacts(moved, shape_a) == edge:
                found.add((rot, (dq, dr)))
    return tuple(sorted(found))


@cache
def _goal_attachments(shape: frozenset[Hex], kind: str) -> tuple[Pose, ...]:
    """Poses of the goal piece with all 3 finals touching the tile and El Dorado clear of it."""
    finals, cells = _goals()[kind]
    rim = _halo(shape)
    found = set()
    for rot in range(6):
        for anchor in rim:
            for f in finals:
                fq, fr = rotate(f, rot)
                pose = (rot, (anchor[0] - fq, anchor[1] - fr))
                placed_f = {_place(h, pose) for h in finals}
                placed_e = {_place(h, pose) for h in cells}
                if placed_f <= rim and not placed_e & (rim | shape):
                    found.add(pose)
    return tuple(sorted(found))


def _compose(outer: Pose, inner: Pose) -> Pose:
    """Pose of something placed at `inner` within a frame that sits at `outer`."""
    q, r = rotate(inner[1], outer[0])
    return ((outer[0] + inner[0]) % 6, (q + outer[1][0], r + outer[1][1]))


def _choose_pieces(rng: random.Random, length: int, strips: bool) -> list[str]:
    kinds = templates()
    tiles = sorted(p for p, t in kinds.items() if t.kind == "tile")
    strip_pool = sorted(p for p, t in kinds.items() if t.kind == "strip") if strips else []
    order = [rng.choice(sorted(p for p, t in kinds.items() if t.kind == "start"))]
    rng.shuffle(tiles)
    rng.shuffle(strip_pool)
    for i in range(length):
        # Strips sit between two tiles, never last (the goal meets a full tile).
        last = i == length - 1
        strip_fits = strip_pool and not last and kinds[order[-1]].kind != "strip"
        if strip_fits and rng.random() < STRIP_CHANCE:
            order.append(strip_pool.pop())
        else:
            order.append(tiles.pop())
    return order


def _attempt(rng: random.Random, seed: int, length: int, strips: bool) -> Board | None:
    kinds = templates()
    order = _choose_pieces(rng, length, strips)
    poses: list[Pose] = [(rng.randrange(6), (0, 0))]
    placed: list[frozenset[Hex]] = [frozenset(_place(h, poses[0]) for h in kinds[order[0]].cells)]
    starts = frozenset(
        _place(h, poses[0]) for h, c in kinds[order[0]].cells.items() if c[0] is Terrain.START
    )
    for prev, piece in zip(order, order[1:], strict=False):
        edge = STRIP_EDGE if "strip" in (kinds[prev].kind, kinds[piece].kind) else TILE_EDGE
        options = _attachments(frozenset(kinds[prev].cells), frozenset(kinds[piece].cells), edge)
        older = frozenset().union(*placed[:-1]) | starts
        fits = []
        for rel in options:
            pose = _compose(poses[-1], rel)
            cells = frozenset(_place(h, pose) for h in kinds[piece].cells)
            if not cells & placed[-1] and not cells & older and not _halo(cells) & older:
                fits.append((pose, cells))
        if not fits:
            return None
        pose, cells = rng.choice(fits)
        poses.append(pose)
        placed.append(cells)
    goal_kind = rng.choice(sorted(_goals()))
    finals, el_dorado = _goals()[goal_kind]
    occupied = frozenset().union(*placed)
    older = frozenset().union(*placed[:-1])
    fits = []
    for rel in _goal_attachments(frozenset(kinds[order[-1]].cells), goal_kind):
        pose = _compose(poses[-1], rel)
        cells = frozenset(_place(h, pose) for h in finals + el_dorado)
        if not cells & occupied and not _halo(cells) & older:
            fits.append(pose)
    if not fits:
        return None
    goal_pose = rng.choice(fits)
    return _assemble(seed, order, poses, goal_kind, goal_pose)


def _assemble(
    seed: int, order: list[str], poses: list[Pose], goal_kind: str, goal_pose: Pose
) -> Board:
    kinds = templates()
    spaces: dict[Hex, Space] = {}
    numbered: dict[int, Hex] = {}
    caves = []
    for piece, pose in zip(order, poses, strict=True):
        for h, (terrain, value, cave, number) in sorted(kinds[piece].cells.items()):
            at = _place(h, pose)
            spaces[at] = Space(at, terrain, value, piece, cave)
            if number:
                numbered[number] = at
            if cave:
                caves.append(at)
    finals, cells = _goals()[goal_kind]
    terrain = Terrain(goal_kind)
    final_hexes = tuple(_place(h, goal_pose) for h in finals)
    for h in final_hexes:
        spaces[h] = Space(h, terrain, 1, GOAL_TILE)
    joints = []
    for i, (a, b) in enumerate(zip(order, order[1:], strict=False)):
        pairs = frozenset(
            frozenset((h, n))
            for h, s in spaces.items()
            if s.tile == a
            for n in neighbours_of(h)
            if n in spaces and spaces[n].tile == b
        )
        joints.append(Joint(i, (a, b), pairs))
    return Board(
        slug="random",
        name=f"Random expedition #{seed}",
        spaces=spaces,
        joints=tuple(joints),
        starts=tuple(numbered[n] for n in sorted(numbered)),
        finals=final_hexes,
        el_dorado=tuple(_place(h, goal_pose) for h in cells),
        walls=frozenset(),
        caves=tuple(caves),
    )


@lru_cache(maxsize=64)
def random_board(seed: int, length: int = DEFAULT_LENGTH, *, strips: bool = True) -> Board:
    """A "Random expedition" map, the same for the same seed, length and strips option."""
    if length not in LENGTHS:
        raise ValueError(
            f"A random expedition has {LENGTHS.start}-{LENGTHS.stop - 1} pieces after the "
            f"start tile (one blockade per joint, 6 blockades exist); got {length}."
        )
    rng = random.Random(f"el-dorado-map:{seed}:{length}:{strips}")
    for _ in range(MAX_ATTEMPTS):
        board = _attempt(rng, seed, length, strips)
        if board is not None and not validate(board):
            return board
    raise RuntimeError(f"No valid random expedition found for seed {seed}.")  # pragma: no cover
