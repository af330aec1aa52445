"""Our own map format (JSON) and the loader for the checked-in layouts.

A map file holds: format (1), slug, name, pieces (path order, start tile first), spaces (every
hex: q, r, terrain, value, tile, cave when true; the 3 final spaces sit on tile "goal"), joints
(path order: the two tiles and every neighbouring pair across the joint), starts (#1-#4),
finals, el_dorado (3 goal cells, not spaces), walls (pairs never crossed) and caves.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from .board import Board, Hex, Joint, Space, Terrain, raise_if_invalid

DATA_DIR = Path(__file__).parent / "data"
FORMAT_VERSION = 1

# The rulebook's six recommended layouts, in its order.
MAP_SLUGS: tuple[str, ...] = (
    "hills-of-gold",
    "home-stretch",
    "winding-path",
    "serpentine",
    "swamplands",
    "witchs-cauldron",
)


def _hex_list(h: Hex) -> list[int]:
    return [h[0], h[1]]


def _pair_list(pair: frozenset[Hex]) -> list[list[int]]:
    return [_hex_list(h) for h in sorted(pair)]


def board_to_json(board: Board) -> dict:
    """The board in our map format: plain JSON types, stable order."""
    return {
        "format": FORMAT_VERSION,
        "slug": board.slug,
        "name": board.name,
        "pieces": list(board.pieces),
        "spaces": [
            {
                "q": s.hex[0],
                "r": s.hex[1],
                "terrain": s.terrain.value,
                "value": s.value,
                "tile": s.tile,
                **({"cave": True} if s.cave else {}),
            }
            for s in sorted(board.spaces.values(), key=lambda s: s.hex)
        ],
        "joints": [
            {"tiles": list(j.tiles), "pairs": sorted(_pair_list(p) for p in j.pairs)}
            for j in board.joints
        ],
        "starts": [_hex_list(h) for h in board.starts],
        "finals": [_hex_list(h) for h in board.finals],
        "el_dorado": [_hex_list(h) for h in board.el_dorado],
        "walls": sorted(_pair_list(p) for p in board.walls),
        "caves": [_hex_list(h) for h in board.caves],
    }


def _hex(value: object) -> Hex:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise ValueError(f"Not a hex [q, r]: {value!r}.")
    q, r = value
    if not isinstance(q, int) or not isinstance(r, int):
        raise ValueError(f"Not a hex [q, r]: {value!r}.")
    return (q, r)


def _pair(value: object) -> frozenset[Hex]:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise ValueError(f"Not a pair of hexes: {value!r}.")
    return frozenset((_hex(value[0]), _hex(value[1])))


def board_from_json(data: Mapping, *, check: bool = True) -> Board:
    """Read a board written by board_to_json; ValueError on a malformed or invalid map."""
    if data.get("format") != FORMAT_VERSION:
        raise ValueError(f"Unknown map format {data.get('format')!r}.")
    try:
        spaces: dict[Hex, Space] = {}
        for entry in data["spaces"]:
            h = (entry["q"], entry["r"])
            if h in spaces:
                raise ValueError(f"Hex {h} is listed twice.")
            spaces[h] = Space(
                h,
                Terrain(entry["terrain"]),
                entry["value"],
                entry["tile"],
                entry.get("cave", False),
            )
        joints = tuple(
            Joint(i, (j["tiles"][0], j["tiles"][1]), frozenset(_pair(p) for p in j["pairs"]))
            for i, j in enumerate(data["joints"])
        )
        board = Board(
            slug=data["slug"],
            name=data["name"],
            spaces=spaces,
            joints=joints,
            starts=tuple(_hex(h) for h in data["starts"]),
            finals=tuple(_hex(h) for h in data["finals"]),
            el_dorado=tuple(_hex(h) for h in data["el_dorado"]),
            walls=frozenset(_pair(p) for p in data.get("walls", ())),
            caves=tuple(_hex(h) for h in data.get("caves", ())),
        )
    except (KeyError, TypeError, IndexError) as exc:
        raise ValueError(f"Malformed map data: {exc!r}.") from None
    if list(board.pieces) != list(data.get("pieces", board.pieces)):
        raise ValueError("The listed pieces disagree with the joints' path order.")
    if check:
        raise_if_invalid(board)
    return board


@cache
def load_map(slug: str) -> Board:
    """One of the six checked-in layouts by slug (cached)."""
    if slug not in MAP_SLUGS:
        raise ValueError(f"Unknown map {slug!r}; choose one of {', '.join(MAP_SLUGS)}.")
    with (DATA_DIR / f"{slug}.json").open(encoding="utf-8") as fh:
        return board_from_json(json.load(fh))
