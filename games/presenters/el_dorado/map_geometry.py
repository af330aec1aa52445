"""The geometry and the common pieces of text of the El Dorado board drawings: where a space
lies in SVG units, its outline, a label, a seat's colour class and the drawing's frame."""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache
from xml.sax.saxutils import escape

from games.engines.el_dorado.maps import Board, Hex

SIZE = 20.0  # hex circumradius in SVG units
MARGIN = 12.0
SQRT3 = math.sqrt(3)

# Terrain and seat colours are the site's CSS (`static/css/site.css`): a space's group is classed
# `space <terrain>`, a seat's pawn and trail `seat-colour-<n>` (the colour of the seat's marker
# on every page), for the SEAT_COLOURS seats El Dorado has at most.
SEAT_COLOURS = 4
GOLD = "#d4a017"


def hex_centre(h: Hex) -> tuple[float, float]:
    """Where a space's centre lies in the drawing (flat-topped hexes, axial coordinates)."""
    q, r = h
    return (SIZE * 1.5 * q, SIZE * SQRT3 * (r + q / 2))


def letter_spot(h: Hex) -> tuple[float, float]:
    """Where a space's letter is drawn: beside its centre, so a pawn there leaves it readable."""
    x, y = hex_centre(h)
    return x + SIZE * 0.45, y - SIZE * 0.45


def hex_corners(h: Hex, scale: float = 1.0) -> list[tuple[float, float]]:
    """A space's six corners, `scale` times its size about its centre."""
    x, y = hex_centre(h)
    return [
        (x + SIZE * scale * math.cos(math.pi / 3 * i), y + SIZE * scale * math.sin(math.pi / 3 * i))
        for i in range(6)
    ]


def svg_points(corners: Iterable[tuple[float, float]]) -> str:
    """Points as a polygon's or polyline's `points` attribute."""
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)


def hex_edge(a: Hex, b: Hex) -> tuple[tuple[float, float], tuple[float, float]]:
    """The side two neighbouring hexes share."""
    (ax, ay), (bx, by) = hex_centre(a), hex_centre(b)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    length = math.hypot(bx - ax, by - ay)
    px, py = -(by - ay) / length * SIZE / 2, (bx - ax) / length * SIZE / 2
    return (mx - px, my - py), (mx + px, my + py)


def svg_text(
    x: float, y: float, text: str, *, size: float = 9, fill: str | None = "#fff", extra: str = ""
) -> str:
    """A centred label; `fill` None leaves its colour to the site's CSS."""
    colour = "" if fill is None else f' fill="{fill}"'
    return (
        f'<text x="{x:.1f}" y="{y + size * 0.35:.1f}" font-size="{size:g}"{colour} '
        f'text-anchor="middle"{extra}>{escape(text)}</text>'
    )


def seat_class(player: int) -> str:
    """The class that gives a seat's pieces its colour."""
    return f"seat-colour-{player % SEAT_COLOURS}"


@lru_cache(maxsize=64)
def view_box(board: Board) -> str:
    """The drawing's frame: every space and El Dorado, with a margin."""
    cells = list(board.spaces) + list(board.el_dorado)
    xs = [x for h in cells for x, _ in hex_corners(h)]
    ys = [y for h in cells for _, y in hex_corners(h)]
    left, top = min(xs) - MARGIN, min(ys) - MARGIN
    return f"{left:.1f} {top:.1f} {max(xs) - left + MARGIN:.1f} {max(ys) - top + MARGIN:.1f}"


def edge_path(pairs: Iterable[frozenset[Hex]]) -> str:
    """A path along the sides shared by each pair of neighbouring spaces."""
    lines = []
    for pair in sorted(pairs, key=sorted):
        (x1, y1), (x2, y2) = hex_edge(*sorted(pair))
        lines.append(f"M{x1:.1f},{y1:.1f}L{x2:.1f},{y2:.1f}")
    return "".join(lines)


def svg_root(board: Board, attrs: str) -> str:
    """The opening tag of a drawing of `board`, with `attrs` added."""
    # Hidden from screen readers: a page shows the drawing inside one image that it names and
    # describes in words; its titles (hundreds of them) are for the pointer's hover.
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view_box(board)}" {attrs} '
        f'aria-hidden="true" font-family="sans-serif" font-weight="bold">'
    )
