"""Convert the shared El Dorado board data into the project's checked-in map files.

Run once from the repository root:  python scripts/convert_el_dorado_maps.py [SHARED_DIR]

Writes games/engines/el_dorado/maps/data/<slug>.json (the six recommended layouts, in our
format) and pieces.json (tile, strip and goal templates for the random generator). The app
reads only those files, never the shared folder.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from games.engines.el_dorado.maps.board import board_from_layout  # noqa: E402
from games.engines.el_dorado.maps.loader import DATA_DIR, MAP_SLUGS, board_to_json  # noqa: E402

DEFAULT_SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "el-dorado"
TILE_RADIUS = 3

# The utwente transcription names terrains by the card that pays for them.
UTWENTE_TERRAIN = {
    "Machete": "jungle",
    "Paddle": "river",
    "Coin": "village",
    "Discard": "rubble",
    "Basecamp": "basecamp",
    "Mountain": "mountain",
    "Cave": "mountain",
    "Start": "start",
}


def rotate(h: tuple[int, int], times: int) -> tuple[int, int]:
    """Rotate an axial hex by 60 degrees `times` times about the origin."""
    q, r = h
    for _ in range(times % 6):
        q, r = -r, q + r
    return (q, r)


def read_utwente(shared: Path, piece: str) -> dict[tuple[int, int], dict]:
    """One utwente section as {hex: {terrain, value, cave}}, mirrored into our frame."""
    cells = json.loads((shared / "utwente" / f"Section{piece}.json").read_text())
    # utwente's axes are the mirror image of layouts.json's: tiles only match with q and r
    # swapped (every tile but A and J then agrees hex for hex).
    return {
        (c["r"], c["q"]): {
            "terrain": UTWENTE_TERRAIN[c["tileType"]],
            "value": c["power"] if c["tileType"] not in ("Mountain", "Cave", "Start") else 0,
            "cave": c["tileType"] == "Cave",
        }
        for c in cells
    }


def canonical(
    placed: dict[tuple[int, int], dict], reference: dict[tuple[int, int], dict]
) -> tuple[dict[tuple[int, int], dict], int]:
    """Rotate and shift a placed piece onto the reference frame; returns it and its mismatches."""
    shape = set(reference)
    anchor = min(shape)
    best: tuple[int, dict] | None = None
    for times in range(6):
        turned = {rotate(h, times): cell for h, cell in placed.items()}
        low = min(turned)
        shift = (anchor[0] - low[0], anchor[1] - low[1])
        moved = {(h[0] + shift[0], h[1] + shift[1]): cell for h, cell in turned.items()}
        if set(moved) != shape:
            continue
        misses = sum(
            (cell["terrain"], cell["value"]) != (reference[h]["terrain"], reference[h]["value"])
            for h, cell in moved.items()
        )
        if best is None or misses < best[0]:
            best = (misses, moved)
    if best is None:
        raise SystemExit("A placed piece matches no rotation of its reference shape.")
    return best[1], best[0]


def piece_templates(shared: Path, layouts: list[dict]) -> tuple[dict, list[str]]:
    """Tile and strip templates from the layouts (UZH values), aligned on the utwente frames."""
    notes: list[str] = []
    placed: dict[str, dict] = {}
    for layout in layouts:
        caves = {tuple(c) for c in layout["caves"]}
        numbers = {tuple(s): i + 1 for i, s in enumerate(layout["starts"])}
        for h in layout["hexes"]:
            cells = placed.setdefault(h["piece"], {})
            cell = {
                "terrain": h["kind"],
                "value": h.get("value", 0),
                "cave": (h["q"], h["r"]) in caves,
            }
            if (h["q"], h["r"]) in numbers:
                cell["start"] = numbers[(h["q"], h["r"])]  # printed start number #1-#4
            cells.setdefault((h["q"], h["r"]) + (layout["name"],), cell)
    pieces = {}
    for piece in "ABCDEFGHIJKLMNOPQR":
        reference = read_utwente(shared, piece)
        kind = "start" if piece in "AB" else "strip" if piece in "OPQR" else "tile"
        if piece not in placed:
            cells, source = reference, "utwente (not used by any recommended layout)"
        else:
            first = next(iter(placed[piece]))[2]
            one = {k[:2]: v for k, v in placed[piece].items() if k[2] == first}
            cells, misses = canonical(one, reference)
            source = "layouts.json"
            if misses:
                notes.append(f"piece {piece}: {misses} hex(es) differ from utwente")
            for h, cell in cells.items():
                # Caves come from utwente; on tile A its cave hex is no mountain in
                # layouts.json (the known doubt), so the mark is only kept on mountains.
                cave = cell["cave"] or reference[h]["cave"]
                cell["cave"] = cave and cell["terrain"] == "mountain"
        pieces[piece] = {
            "kind": kind,
            "source": source,
            "hexes": [
                {"q": h[0], "r": h[1], **{k: v for k, v in c.items() if k != "cave" or v}}
                for h, c in sorted(cells.items())
            ],
        }
    return pieces, notes


def goal_templates(shared: Path) -> dict:
    """The goal piece (3 final spaces, 3 El Dorado cells) in its river and jungle versions."""
    goals = {}
    for name, fname in (("river", "SectionElDorado"), ("jungle", "SectionElDoradoTwo")):
        cells = json.loads((shared / "utwente" / f"{fname}.json").read_text())
        goals[name] = {
            "finals": [[c["r"], c["q"]] for c in cells if c["isLastWaitingTile"]],
            "el_dorado": [[c["r"], c["q"]] for c in cells if c["tileType"] == "ElDorado"],
        }
    return goals


def dump(data: dict) -> str:
    """JSON with one list entry per line: readable diffs without a 5,000-line file."""
    lines = ["{"]
    items = list(data.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if isinstance(value, list) and value and isinstance(value[0], dict | list):
            inner = ",\n".join("    " + json.dumps(v) for v in value)
            lines.append(f"  {json.dumps(key)}: [\n{inner}\n  ]{comma}")
        elif isinstance(value, dict) and value:
            inner = ",\n".join(f"    {json.dumps(k)}: {json.dumps(v)}" for k, v in value.items())
            lines.append(f"  {json.dumps(key)}: {{\n{inner}\n  }}{comma}")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(shared: Path) -> None:
    layouts = json.loads((shared / "layouts.json").read_text())["layouts"]
    DATA_DIR.mkdir(parents=True, exist_ok=True)
    for layout in layouts:
        board = board_from_layout(layout)  # raises if the validator finds a problem
        if board.slug not in MAP_SLUGS:
            raise SystemExit(f"Unexpected layout {board.name!r}.")
        (DATA_DIR / f"{board.slug}.json").write_text(dump(board_to_json(board)))
        kinds = Counter(s.terrain.value for s in board.spaces.values())
        print(
            f"{board.slug}: {len(board.spaces)} spaces, {len(board.joints)} joints "
            f"({'-'.join(board.pieces)}), {len(board.caves)} caves, "
            f"{len(board.walls)} wall pairs, {dict(sorted(kinds.items()))}"
        )
    pieces, notes = piece_templates(shared, layouts)
    templates = {"about": "Piece templates for random layouts.", "pieces": pieces}
    templates["goals"] = goal_templates(shared)
    (DATA_DIR / "pieces.json").write_text(dump(templates))
    for note in notes:
        print("note:", note)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_SHARED)
