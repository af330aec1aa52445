"""Small maps drawn as text, turned into layouts.json-shaped data (custom and test maps).

Each row string is one axial row r (top row r = 0); its cells, split on spaces, are the
columns q = 0, 1, 2, ...; a "|" between cells starts the next tile and puts a blockade joint
there. Codes: S start, J1-J3 jungle, R1-R4 river, V1-V4 village, X1-X3 rubble,
B1-B3 base camp, M mountain, C cave mountain, "." no space. Three final spaces follow the
last column (rows 0-2) with El Dorado behind them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .maps import neighbours_of

_KINDS = {"J": "jungle", "R": "river", "V": "village", "X": "rubble", "B": "basecamp"}


def sketch_layout(
    rows: Sequence[str], finals: str = "jungle", name: str = "Sketch"
) -> dict[str, Any]:
    """A layouts.json-style map entry from rows of cell codes (see the module docstring)."""
    hexes: list[dict[str, Any]] = []
    tile_of: dict[tuple[int, int], str] = {}
    width = 0
    for r, row in enumerate(rows):
        q, tile = 0, 0
        for code in row.split():
            if code == "|":
                tile += 1
                continue
            piece = chr(ord("A") + tile)
            if code != ".":
                entry: dict[str, Any] = {"q": q, "r": r, "piece": piece}
                if code == "S":
                    entry["kind"] = "start"
                elif code in ("M", "C"):
                    entry["kind"] = "mountain"
                    if code == "C":
                        entry["cave"] = True
                elif code[0] in _KINDS and code[1:].isdigit():
                    entry["kind"], entry["value"] = _KINDS[code[0]], int(code[1:])
                else:
                    raise ValueError(f"Unknown cell code {code!r} in the sketch.")
                hexes.append(entry)
                tile_of[(q, r)] = piece
            q += 1
        width = max(width, q)
    pieces = sorted(set(tile_of.values()))
    joints = []
    for a, b in zip(pieces, pieces[1:], strict=False):
        pairs = sorted(
            {
                tuple(sorted((h, n)))
                for h, t in tile_of.items()
                if t == a
                for n in neighbours_of(h)
                if tile_of.get(n) == b
            }
        )
        joints.append({"between": [a, b], "pairs": [[list(x), list(y)] for x, y in pairs]})
    return {
        "name": name,
        "pieces": pieces,
        "hexes": hexes,
        "starts": [[h["q"], h["r"]] for h in hexes if h["kind"] == "start"],
        "joints": joints,
        "finals": [{"q": width, "r": r, "kind": finals, "value": 1} for r in range(3)],
        "el_dorado": [[width + 1, r] for r in range(3)],
        "caves": [
            [h["q"], h["r"]]
            for h in sorted(hexes, key=lambda h: (h["piece"], h["q"], h["r"]))
            if h.get("cave")
        ],
    }
