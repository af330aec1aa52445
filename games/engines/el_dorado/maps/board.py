"""The El Dorado board: hexes, terrain, blockade joints and the layout parser."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

Hex = tuple[int, int]

# Axial directions for flat-topped hexes, in the order the shared data lists them.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

# Tile id given to the three final spaces: they sit on the El Dorado goal piece, not on a tile.
GOAL_TILE = "goal"


class Terrain(StrEnum):
    JUNGLE = "jungle"
    RIVER = "river"
    VILLAGE = "village"
    RUBBLE = "rubble"
    BASECAMP = "basecamp"
    MOUNTAIN = "mountain"
    START = "start"
    FINAL = "final"


# Allowed requirement values per terrain; start and mountain spaces carry 0.
VALUE_RANGES: Mapping[Terrain, range] = MappingProxyType(
    {
        Terrain.JUNGLE: range(1, 4),
        Terrain.RIVER: range(1, 5),
        Terrain.VILLAGE: range(1, 5),
        Terrain.RUBBLE: range(1, 4),
        Terrain.BASECAMP: range(1, 4),
        Terrain.MOUNTAIN: range(0, 1),
        Terrain.START: range(0, 1),
    }
)


@dataclass(frozen=True, slots=True)
class Space:
    hex: Hex
    terrain: Terrain
    value: int
    tile: str
    cave: bool = False


@dataclass(frozen=True, slots=True)
class Joint:
    index: int
    tiles: tuple[str, str]
    pairs: frozenset[frozenset[Hex]]


@dataclass(frozen=True, slots=True)
class Board:
    slug: str
    name: str
    spaces: Mapping[Hex, Space]
    joints: tuple[Joint, ...]
    starts: tuple[Hex, ...]
    finals: tuple[Hex, ...]
    el_dorado: tuple[Hex, ...]
    walls: frozenset[frozenset[Hex]]
    caves: tuple[Hex, ...]
    # Lookup tables built once: the engine asks for neighbours and joints on every move.
    _adjacent: Mapping[Hex, tuple[Hex, ...]] = field(init=False, repr=False, compare=False)
    _joint_of: Mapping[tuple[Hex, Hex], Joint] = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)
    final_set: frozenset[Hex] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        spaces = MappingProxyType(dict(self.spaces))
        object.__setattr__(self, "spaces", spaces)
        adjacent = {
            h: tuple(
                n for n in neighbours_of(h) if n in spaces and frozenset((h, n)) not in self.walls
            )
            for h in spaces
        }
        object.__setattr__(self, "_adjacent", MappingProxyType(adjacent))
        # Keyed by both orders of each pair: a tuple is far cheaper to build than a frozenset.
        joint_of = {}
        for joint in self.joints:
            for pair in joint.pairs:
                a, b = tuple(pair)
                joint_of[(a, b)] = joint_of[(b, a)] = joint
        object.__setattr__(self, "_joint_of", MappingProxyType(joint_of))
        # Boards key the caches of distances and move tables: hash the joints only once.
        key = (self.slug, self.name, self.joints, self.starts, self.finals)
        object.__setattr__(self, "_hash", hash(key))
        object.__setattr__(self, "final_set", frozenset(self.finals))

    def __hash__(self) -> int:
        return self._hash

    def neighbours(self, h: Hex) -> list[Hex]:
        """On-board neighbours of `h` (mountains included), never across a wall."""
        return list(self._adjacent.get(h, ()))

    def adjacent(self, h: Hex) -> tuple[Hex, ...]:
        """`neighbours` as a shared tuple, for loops that only read it."""
        return self._adjacent.get(h, ())

    def joint_between(self, a: Hex, b: Hex) -> Joint | None:
        """The blockade joint separating neighbours `a` and `b`, if any."""
        return self._joint_of.get((a, b))

    @property
    def pieces(self) -> tuple[str, ...]:
        """Tiles and strips in path order, start tile first (from the joints)."""
        if self.joints:
            return (self.joints[0].tiles[0],) + tuple(j.tiles[1] for j in self.joints)
        tiles = {s.tile for s in self.spaces.values() if s.tile != GOAL_TILE}
        return tuple(sorted(tiles))


def neighbours_of(h: Hex) -> tuple[Hex, ...]:
    """The six axial neighbours of `h`, on the board or not."""
    q, r = h
    return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)


def slugify(name: str) -> str:
    """Map name to slug: "Witch's Cauldron" -> "witchs-cauldron"."""
    plain = name.lower().replace("'", "").replace("\u2019", "")
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")


def _hex(value: object, what: str) -> Hex:
    if isinstance(value, Mapping):
        value = (value.get("q"), value.get("r"))
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise ValueError(f"{what} is not a hex [q, r]: {value!r}.")
    return (value[0], value[1])


def _pair(value: object, what: str) -> frozenset[Hex]:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise ValueError(f"{what} is not a pair of hexes: {value!r}.")
    a, b = _hex(value[0], what), _hex(value[1], what)
    if a == b:
        raise ValueError(f"{what} pairs a hex with itself: {a}.")
    return frozenset((a, b))


def _terrain(kind: object, where: Hex) -> Terrain:
    try:
        return Terrain(kind)
    except ValueError:
        raise ValueError(f"Hex {where} has an unknown terrain {kind!r}.") from None


# Far above any real layout (under 300 spaces); keeps maps given as data cheap to check.
MAX_SPACES = 1000


def _list(data: Mapping, key: str, *, required: bool = True) -> list:
    if key not in data:
        if required:
            raise ValueError(f"The layout has no {key!r} entry.")
        return []
    value = data[key]
    if not isinstance(value, list | tuple):
        raise ValueError(f"The layout's {key!r} entry is not a list.")
    return list(value)


def _entry(value: object, what: str) -> Mapping:
    if not isinstance(value, Mapping):
        raise ValueError(f"{what} is not an object: {value!r}.")
    return value


def _space_entries(data: Mapping) -> list[tuple[Mapping, str]]:
    entries = [
        (entry, str(entry.get("piece") or ""))
        for entry in (_entry(e, "A hex") for e in _list(data, "hexes"))
    ]
    entries += [(_entry(e, "A final space"), GOAL_TILE) for e in _list(data, "finals")]
    if len(entries) > MAX_SPACES:
        raise ValueError(f"The layout has {len(entries)} spaces; at most {MAX_SPACES} allowed.")
    return entries


def board_from_layout(data: Mapping, *, check: bool = True) -> Board:
    """Build a Board from one entry shaped like layouts.json's "layouts" list.

    Raises ValueError on any malformed entry; with `check` (the default) also on any
    problem the validator finds.
    """
    if not isinstance(data, Mapping):
        raise ValueError("A layout must be an object.")
    if "name" not in data:
        raise ValueError("The layout has no 'name' entry.")
    name = str(data["name"])
    caves = tuple(_hex(h, "A cave") for h in _list(data, "caves", required=False))
    spaces: dict[Hex, Space] = {}
    for entry, tile in _space_entries(data):
        h = _hex(entry, "A space")
        if h in spaces:
            raise ValueError(f"Hex {h} is listed twice (tiles {spaces[h].tile} and {tile}).")
        terrain = _terrain(entry.get("kind"), h)
        value = entry.get("value", 0)
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"Hex {h} has a non-integer value {value!r}.")
        if not tile:
            raise ValueError(f"Hex {h} names no piece.")
        spaces[h] = Space(h, terrain, value, tile, bool(entry.get("cave")) or h in caves)
    joints = []
    for index, raw in enumerate(_list(data, "joints")):
        entry = _entry(raw, f"Joint {index}")
        tiles = entry.get("between")
        if not isinstance(tiles, list | tuple) or len(tiles) != 2:
            raise ValueError(f"Joint {index} does not name the two pieces it separates.")
        pairs = entry.get("pairs", ())
        if not isinstance(pairs, list | tuple):
            raise ValueError(f"Joint {index} has no list of pairs.")
        pairs = frozenset(_pair(p, f"A pair of joint {index}") for p in pairs)
        joints.append(Joint(index, (str(tiles[0]), str(tiles[1])), pairs))
    board = Board(
        slug=str(data.get("slug") or slugify(name)),
        name=name,
        spaces=spaces,
        joints=tuple(joints),
        starts=tuple(_hex(h, "A start") for h in _list(data, "starts")),
        finals=tuple(_hex(h, "A final space") for h in _list(data, "finals")),
        el_dorado=tuple(_hex(h, "An El Dorado cell") for h in _list(data, "el_dorado")),
        walls=frozenset(_pair(p, "A wall") for p in _list(data, "walls", required=False)),
        caves=caves,
    )
    if check:
        raise_if_invalid(board)
    return board


def raise_if_invalid(board: Board) -> None:
    """Raise ValueError naming every problem the validator finds on `board`."""
    from .validate import validate  # validate.py imports this module

    problems = validate(board)
    if problems:
        raise ValueError(f"Map {board.slug!r} is not valid: " + " ".join(problems))
