"""Draw an El Dorado board (and optionally the pieces on it) as an SVG string: the terrain,
which stays the same all match long, and the whole board with its pieces."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from xml.sax.saxutils import escape, quoteattr

from django.utils.translation import get_language, gettext, pgettext

from games.engines.el_dorado.maps import GOAL_TILE, Board, Hex, Terrain
from games.help.el_dorado import board_title, terrain_effect, terrain_name

from .map_geometry import (
    GOLD,
    SEAT_COLOURS,
    SIZE,
    edge_path,
    hex_centre,
    hex_corners,
    letter_spot,
    seat_class,
    svg_points,
    svg_root,
    svg_text,
)
from .map_overlay import hex_outline
from .map_pieces import TrailMove, joint_bar, pawn_shape, pieces

# A mark per terrain drawn above a space's cost, so no space is told apart by its colour alone
# (the rubble and base camp marks are letters in the cost's text). Defined once per drawing
# and placed with <use>, which keeps the cached map small.
TERRAIN_MARKS = {
    Terrain.JUNGLE: '<path d="M0-4 3.5 2H-3.5ZM-.8 2H.8V4H-.8Z"/>',
    Terrain.RIVER: (
        '<path d="M-4-1.5q1-1.5 2 0t2 0 2 0 2 0M-4 1.5q1-1.5 2 0t2 0 2 0 2 0" '
        'fill="none" stroke-width="1.1"/>'
    ),
    Terrain.VILLAGE: '<path d="M-3.5 0 0-3.5 3.5 0V3.5H-3.5Z"/>',
    Terrain.MOUNTAIN: '<path d="M-5 3-1.5-3 0-.5 1.5-3 5 3Z"/>',
}


def _space(board: Board, h: Hex, highlighted: bool, caves: bool = True) -> str:
    space = board.spaces[h]
    x, y = hex_centre(h)
    final = h in board.finals
    name = terrain_name(str(space.terrain))
    label = name
    if space.value:
        label = pgettext("El Dorado space", "%(terrain)s %(value)s") % {
            "terrain": name,
            "value": space.value,
        }
    if final:
        label = gettext("final space (%(space)s)") % {"space": label}
    # The title says what entering costs, for hover and screen readers.
    label = pgettext("El Dorado map space title", "%(space)s (%(q)s,%(r)s): %(effect)s") % {
        "space": label,
        "q": h[0],
        "r": h[1],
        "effect": terrain_effect("final" if final else str(space.terrain)),
    }
    attrs = f' data-space="{h[0]},{h[1]}" class="space {space.terrain}'
    attrs += ' reachable"' if highlighted else '"'
    if highlighted:
        attrs += f' data-hex="{h[0]},{h[1]}"'
    stroke = (GOLD, 2.5) if final else ("#ffeb3b", 3) if highlighted else ("#2b2b2b", 1)
    parts = [
        f"<g{attrs}><title>{escape(label)}</title>",
        f'<polygon points="{svg_points(hex_corners(h, 0.97))}" '
        f'stroke="{stroke[0]}" stroke-width="{stroke[1]}"/>',
    ]
    if space.terrain is Terrain.START:
        parts.append(svg_text(x, y, f"#{board.starts.index(h) + 1}", fill=None))
    elif space.terrain is not Terrain.MOUNTAIN:
        mark = {Terrain.RUBBLE: "\u2715", Terrain.BASECAMP: "\u2302"}.get(space.terrain, "")
        parts.append(svg_text(x, y + 2, f"{mark}{space.value}", size=10, fill=None))
    if space.terrain in TERRAIN_MARKS:
        top = y - SIZE * 0.45 if space.terrain is not Terrain.MOUNTAIN else y
        parts.append(f'<use href="#ed-mark-{space.terrain}" x="{x:.1f}" y="{top:.1f}"/>')
    if space.cave and caves:
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{SIZE * 0.45:.1f}" fill="#111" '
            f'stroke="{GOLD}" stroke-width="1.5" class="cave"/>'
        )
    parts.append("</g>")
    return "".join(parts)


def _el_dorado(board: Board) -> str:
    name = escape(gettext("El Dorado"))
    parts = [f'<g class="el-dorado"><title>{name}</title>']
    for h in board.el_dorado:
        parts.append(
            f'<polygon points="{svg_points(hex_corners(h, 0.97))}" fill="{GOLD}" stroke="#8a6d0b"/>'
        )
    if board.el_dorado:
        xs, ys = zip(*(hex_centre(h) for h in board.el_dorado), strict=True)
        cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
        parts.append(svg_text(cx, cy, gettext("El Dorado"), size=8, fill="#3b2a00"))
    parts.append("</g>")
    return "".join(parts)


def _tile_labels(board: Board) -> str:
    parts = []
    for tile in board.pieces:
        hexes = [h for h, s in board.spaces.items() if s.tile == tile]
        if tile == GOAL_TILE or not hexes:
            continue
        xs, ys = zip(*(hex_centre(h) for h in hexes), strict=True)
        cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
        parts.append(svg_text(cx, cy, tile, size=40, fill="#000", extra=' opacity="0.12"'))
    return "".join(parts)


def _label(h: Hex, text: str) -> str:
    x, y = letter_spot(h)
    return (
        f'<g class="space-label" data-label="{escape(text)}">'
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="8" fill="#fff" stroke="#d62728" stroke-width="2"/>'
        + svg_text(x, y, text, size=10, fill="#d62728")
        + "</g>"
    )


def _terrain(board: Board, marked: set[Hex], show_caves: bool) -> list[str]:
    """The board itself: its spaces (`marked` ones outlined), El Dorado, tile names, walls."""
    marks = "".join(f'<g id="ed-mark-{t}">{d}</g>' for t, d in TERRAIN_MARKS.items())
    parts = [
        f"<title>{escape(board_title(board))}</title>",
        f"<defs>{marks}</defs>",
        '<g class="spaces">',
        *(_space(board, h, h in marked, show_caves) for h in sorted(board.spaces)),
        "</g>",
        _el_dorado(board),
        _tile_labels(board),
    ]
    if board.walls:
        parts.append(
            f'<path class="walls" d="{edge_path(board.walls)}" stroke="#111" stroke-width="5"/>'
        )
    return parts


def render_board(
    board: Board,
    *,
    blockades: Mapping[int, Mapping] | None = None,
    explorers: Mapping[Hex, int] | None = None,
    highlight: Iterable[Hex] = (),
    cave_tokens: Mapping[Hex, int] | None = None,
    labels: Mapping[Hex, str] | None = None,
    show_caves: bool = True,
    trail: Sequence[TrailMove] = (),
) -> str:
    """SVG of `board`; blockades by joint index ({kind, value, taken/taken_by}), pawns by hex,
    and short `labels` (the letters of the destinations on offer) drawn on their spaces;
    `show_caves` False leaves cave mountains plain (a match played without caves); `trail`
    traces recent moves, oldest first, so the newest lies on top."""
    marked = {h for h in highlight if h in board.spaces}
    parts = [
        svg_root(board, f'class="el-dorado-board" data-map={quoteattr(board.slug)}'),
        *_terrain(board, marked, show_caves),
        *pieces(board, blockades, explorers, cave_tokens, trail),
    ]
    for h, text in sorted((labels or {}).items()):
        if h in board.spaces:
            parts.append(_label(h, text))
    parts.append("</svg>")
    return "\n".join(parts)


def render_map(board: Board, show_caves: bool = True) -> str:
    """The drawing of `board` that stays the same all match long (see `render_overlay`), with
    the shapes of the blockade bars and the pawns the overlay draws from."""
    return _render_map(board, show_caves, get_language())


# Kept per language too: the titles are in the reader's words.
@lru_cache(maxsize=64)
def _render_map(board: Board, show_caves: bool, language: str | None) -> str:
    shapes = [hex_outline(), *(joint_bar(board, j.index) for j in board.joints)]
    shapes += [
        f'<g id="ed-pawn-{p}" class="{seat_class(p)}">{pawn_shape(0, 0, p)}</g>'
        for p in range(SEAT_COLOURS)
    ]
    parts = [
        svg_root(board, f'class="el-dorado-board ed-drawing" data-map={quoteattr(board.slug)}'),
        f"<defs>{''.join(shapes)}</defs>",
        *_terrain(board, set(), show_caves),
        "</svg>",
    ]
    return "\n".join(parts)
