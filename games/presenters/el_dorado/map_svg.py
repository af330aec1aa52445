"""Draw an El Dorado board (and optionally the pieces on it) as an SVG string."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from xml.sax.saxutils import escape, quoteattr

from django.utils.translation import get_language, gettext, ngettext, pgettext

from games.engines.el_dorado.maps import GOAL_TILE, Board, Hex, Terrain
from games.help.el_dorado import (
    blockade_effect,
    blockade_name,
    board_title,
    terrain_effect,
    terrain_name,
)

SIZE = 20.0  # hex circumradius in SVG units
MARGIN = 12.0
SQRT3 = math.sqrt(3)

# Terrain and seat colours are the site's CSS (`static/css/site.css`): a space's group is classed
# `space <terrain>`, a seat's pawn and trail `seat-colour-<n>` (the colour of the seat's marker
# on every page), for the SEAT_COLOURS seats El Dorado has at most.
SEAT_COLOURS = 4
GOLD = "#d4a017"
BLOCKADE_FILL = {"jungle": "#2e6b28", "river": "#1f5f99", "village": "#c9a400", "rubble": "#666"}
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
STUB = 0.7  # how far toward the next space a blockade taken without moving is traced


def _centre(h: Hex) -> tuple[float, float]:
    q, r = h
    return (SIZE * 1.5 * q, SIZE * SQRT3 * (r + q / 2))


def _corners(h: Hex, scale: float = 1.0) -> list[tuple[float, float]]:
    x, y = _centre(h)
    return [
        (x + SIZE * scale * math.cos(math.pi / 3 * i), y + SIZE * scale * math.sin(math.pi / 3 * i))
        for i in range(6)
    ]


def _points(corners: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)


def _edge(a: Hex, b: Hex) -> tuple[tuple[float, float], tuple[float, float]]:
    """The side two neighbouring hexes share."""
    (ax, ay), (bx, by) = _centre(a), _centre(b)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    length = math.hypot(bx - ax, by - ay)
    px, py = -(by - ay) / length * SIZE / 2, (bx - ax) / length * SIZE / 2
    return (mx - px, my - py), (mx + px, my + py)


def _text(
    x: float, y: float, text: str, *, size: float = 9, fill: str | None = "#fff", extra=""
) -> str:
    """A centred label; `fill` None leaves its colour to the site's CSS."""
    colour = "" if fill is None else f' fill="{fill}"'
    return (
        f'<text x="{x:.1f}" y="{y + size * 0.35:.1f}" font-size="{size:g}"{colour} '
        f'text-anchor="middle"{extra}>{escape(text)}</text>'
    )


def _seat_class(player: int) -> str:
    return f"seat-colour-{player % SEAT_COLOURS}"


@lru_cache(maxsize=64)
def _view_box(board: Board) -> str:
    cells = list(board.spaces) + list(board.el_dorado)
    xs = [x for h in cells for x, _ in _corners(h)]
    ys = [y for h in cells for _, y in _corners(h)]
    left, top = min(xs) - MARGIN, min(ys) - MARGIN
    return f"{left:.1f} {top:.1f} {max(xs) - left + MARGIN:.1f} {max(ys) - top + MARGIN:.1f}"


def _space(board: Board, h: Hex, highlighted: bool, caves: bool = True) -> str:
    space = board.spaces[h]
    x, y = _centre(h)
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
        f'<polygon points="{_points(_corners(h, 0.97))}" '
        f'stroke="{stroke[0]}" stroke-width="{stroke[1]}"/>',
    ]
    if space.terrain is Terrain.START:
        parts.append(_text(x, y, f"#{board.starts.index(h) + 1}", fill=None))
    elif space.terrain is not Terrain.MOUNTAIN:
        mark = {Terrain.RUBBLE: "\u2715", Terrain.BASECAMP: "\u2302"}.get(space.terrain, "")
        parts.append(_text(x, y + 2, f"{mark}{space.value}", size=10, fill=None))
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
            f'<polygon points="{_points(_corners(h, 0.97))}" fill="{GOLD}" stroke="#8a6d0b"/>'
        )
    if board.el_dorado:
        xs, ys = zip(*(_centre(h) for h in board.el_dorado), strict=True)
        cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
        parts.append(_text(cx, cy, gettext("El Dorado"), size=8, fill="#3b2a00"))
    parts.append("</g>")
    return "".join(parts)


def _tile_labels(board: Board) -> str:
    parts = []
    for tile in board.pieces:
        hexes = [h for h, s in board.spaces.items() if s.tile == tile]
        if tile == GOAL_TILE or not hexes:
            continue
        xs, ys = zip(*(_centre(h) for h in hexes), strict=True)
        cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
        parts.append(_text(cx, cy, tile, size=40, fill="#000", extra=' opacity="0.12"'))
    return "".join(parts)


def _segments(pairs: Iterable[frozenset[Hex]]) -> str:
    lines = []
    for pair in sorted(pairs, key=sorted):
        (x1, y1), (x2, y2) = _edge(*sorted(pair))
        lines.append(f"M{x1:.1f},{y1:.1f}L{x2:.1f},{y2:.1f}")
    return "".join(lines)


def _joint_bar(board: Board, index: int) -> str:
    """The bar of a joint, to draw in the colour of its blockade (`render_map` defines it)."""
    joint = board.joints[index]
    return (
        f'<path id="ed-joint-{index}" d="{_segments(joint.pairs)}" stroke-width="6" '
        f'stroke-linecap="round"/>'
    )


def _blockade_title(
    index: int, kind: str | None, value: int | None, taken: bool, who: int | None
) -> str:
    """What a blockade's title says: which it is, what crossing it costs, who took it."""
    if kind is None or value is None:
        title = gettext("Blockade %(number)s") % {"number": index + 1}
    else:
        title = gettext("Blockade %(number)s: %(name)s. %(effect)s") % {
            "number": index + 1,
            "name": blockade_name(kind, value),
            "effect": blockade_effect(kind, value),
        }
    if taken and isinstance(who, int):
        title += " " + gettext("(taken by player %(number)s)") % {"number": who + 1}
    elif taken:
        title += " " + gettext("(taken)")
    return title


def _blockade(board: Board, index: int, info: Mapping | None, linked: bool = False) -> str:
    joint = board.joints[index]
    info = info or {}
    kind = info.get("kind")
    taken = bool(info.get("taken")) or info.get("taken_by") is not None
    colour = "#bbb" if taken else BLOCKADE_FILL.get(kind, "#5a3b1a")
    dash = ' stroke-dasharray="4 4" opacity="0.6"' if taken else ""
    state = "taken" if taken else "open"
    title = _blockade_title(index, kind, info.get("value"), taken, info.get("taken_by"))
    # Linked: the bar's shape is in the map's drawing, sent once, and only its colour here.
    bar = (
        f'<use href="#ed-joint-{index}" stroke="{colour}"{dash}/>'
        if linked
        else f'<path d="{_segments(joint.pairs)}" stroke="{colour}" stroke-width="6" '
        f'stroke-linecap="round"{dash}/>'
    )
    parts = [
        f'<g class="blockade {state}" data-joint="{index}"><title>{escape(title)}</title>',
        bar,
    ]
    if kind is not None and "value" in info:
        mids = [_centre(h) for pair in joint.pairs for h in pair]
        cx = sum(x for x, _ in mids) / len(mids)
        cy = sum(y for _, y in mids) / len(mids)
        parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="9" fill="{colour}" stroke="#fff"/>')
        parts.append(_text(cx, cy, str(info["value"]), size=10))
    parts.append("</g>")
    return "".join(parts)


# A pawn's outline around its centre, by seat: the shape of the seat's marker beside its name
# (circle, square, triangle, diamond), so a pawn is told apart by more than its colour. Each
# polygon's corners average to its centre.
_PAWN_CORNERS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((-0.9, -0.9), (0.9, -0.9), (0.9, 0.9), (-0.9, 0.9)),
    2: ((0.0, -1.3), (1.13, 0.65), (-1.13, 0.65)),
    3: ((0.0, -1.2), (1.2, 0.0), (0.0, 1.2), (-1.2, 0.0)),
}


def _pawn_shape(x: float, y: float, player: int) -> str:
    # Coloured by the seat class of the group it is drawn in.
    r = SIZE * 0.55
    corners = _PAWN_CORNERS.get(player % SEAT_COLOURS)
    outline = 'class="pawn-disc" stroke="#111" stroke-width="1.5"'
    if corners is None:
        body = f'<circle {outline} cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}"/>'
    else:
        points = _points((x + dx * r, y + dy * r) for dx, dy in corners)
        body = f'<polygon {outline} points="{points}"/>'
    return body + _text(x, y, str(player + 1), size=10, fill=None)


def _pawn(h: Hex, player: int, linked: bool = False) -> str:
    x, y = _centre(h)
    # Linked: the pawn is in the map's drawing, at the origin, and here only where it stands.
    body = (
        f'<use href="#ed-pawn-{player}" x="{x:.1f}" y="{y:.1f}"/>'
        if linked
        else _pawn_shape(x, y, player)
    )
    title = gettext("player %(number)s") % {"number": player + 1}
    return (
        f'<g class="explorer {_seat_class(player)}" data-player="{player}">'
        f"<title>{escape(title)}</title>{body}</g>"
    )


def _cave_count(h: Hex, count: int) -> str:
    x, y = _centre(h)
    title = ngettext("%(count)s cave token", "%(count)s cave tokens", count) % {"count": count}
    return (
        f'<g class="cave-tokens" data-cave="{h[0]},{h[1]}"><title>{escape(title)}</title>'
        + _text(x, y, str(count), size=10, fill=GOLD)
        + "</g>"
    )


@dataclass(frozen=True, slots=True)
class TrailMove:
    """One explorer move to trace: `hexes` from the space left to the space reached; `toward`,
    for a blockade taken without moving, is the neighbour across it (`hexes` is then one space)."""

    player: int
    hexes: tuple[Hex, ...]
    toward: Hex | None = None


def _trail_move(move: TrailMove) -> str:
    points = [_centre(h) for h in move.hexes]
    if move.toward is not None:
        # Nobody moved: a stub from the explorer across the side it took the blockade on, long
        # enough to show past the pawn and the blockade's bar.
        (ax, ay), (bx, by) = _centre(move.hexes[-1]), _centre(move.toward)
        points.append((ax + (bx - ax) * STUB, ay + (by - ay) * STUB))
    line = f'points="{_points(points)}"'
    x, y = points[0]
    kind = "blockade" if move.toward is not None else "move"
    # The dark casing (the trail group's stroke, which also rims the start dot) keeps the white
    # seat's line visible on the pale village and start spaces. The line and the dot take the
    # seat's colour from the move's seat class.
    return (
        f'<g class="trail-move {_seat_class(move.player)}" data-player="{move.player}" '
        f'data-kind="{kind}">'
        f'<polyline {line} stroke-opacity="0.45" stroke-width="4.5"/>'
        f'<polyline class="trail-line" {line} stroke-width="2.5"/>'
        f'<circle class="trail-start" cx="{x:.1f}" cy="{y:.1f}" r="{SIZE * 0.17:.1f}"/></g>'
    )


def _trail(board: Board, trail: Sequence[TrailMove]) -> str:
    moves = [
        m
        for m in trail
        if m.hexes
        and all(h in board.spaces for h in m.hexes)
        and (m.toward is None or m.toward in board.spaces)
        and (len(m.hexes) > 1 or m.toward is not None)
    ]
    if not moves:
        return ""
    # Not clickable: the reachable spaces underneath stay buttons.
    return "".join(
        [
            '<g class="trail" pointer-events="none" fill="none" stroke="#111" '
            'stroke-linejoin="round" stroke-linecap="round">',
            *(_trail_move(m) for m in moves),
            "</g>",
        ]
    )


def _label(h: Hex, text: str) -> str:
    x, y = _centre(h)
    # Beside the centre, so a pawn on the space leaves its letter readable.
    x, y = x + SIZE * 0.45, y - SIZE * 0.45
    return (
        f'<g class="space-label" data-label="{escape(text)}">'
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="8" fill="#fff" stroke="#d62728" stroke-width="2"/>'
        + _text(x, y, text, size=10, fill="#d62728")
        + "</g>"
    )


def _root(board: Board, attrs: str) -> str:
    # Hidden from screen readers: a page shows the drawing inside one image that it names and
    # describes in words; its titles (hundreds of them) are for the pointer's hover.
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_view_box(board)}" {attrs} '
        f'aria-hidden="true" font-family="sans-serif" font-weight="bold">'
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
            f'<path class="walls" d="{_segments(board.walls)}" stroke="#111" stroke-width="5"/>'
        )
    return parts


def _pieces(
    board: Board,
    blockades: Mapping[int, Mapping] | None,
    explorers: Mapping[Hex, int] | None,
    cave_tokens: Mapping[Hex, int] | None,
    trail: Sequence[TrailMove],
    linked: bool = False,
) -> list[str]:
    """What moves during a match: the trail, blockades, cave stacks and pawns, bottom to top
    (`linked`: bars and pawns drawn from the shapes `render_map` defines)."""
    parts = []
    # Above the terrain and below blockades and pawns: a trail never hides a piece or a cost.
    traced = _trail(board, trail)
    if traced:
        parts.append(traced)
    blockades = blockades or {}
    parts += [_blockade(board, j.index, blockades.get(j.index), linked) for j in board.joints]
    for h, count in sorted((cave_tokens or {}).items()):
        if h in board.spaces:
            parts.append(_cave_count(h, count))
    for h, player in sorted((explorers or {}).items()):
        parts.append(_pawn(h, player, linked))
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
        _root(board, f'class="el-dorado-board" data-map={quoteattr(board.slug)}'),
        *_terrain(board, marked, show_caves),
        *_pieces(board, blockades, explorers, cave_tokens, trail),
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
    shapes = [_hex_outline(), *(_joint_bar(board, j.index) for j in board.joints)]
    shapes += [
        f'<g id="ed-pawn-{p}" class="{_seat_class(p)}">{_pawn_shape(0, 0, p)}</g>'
        for p in range(SEAT_COLOURS)
    ]
    parts = [
        _root(board, f'class="el-dorado-board ed-drawing" data-map={quoteattr(board.slug)}'),
        f"<defs>{''.join(shapes)}</defs>",
        *_terrain(board, set(), show_caves),
        "</svg>",
    ]
    return "\n".join(parts)


def _reach_outline(h: Hex) -> str:
    x, y = _centre(h)
    return f'<use data-hex="{h[0]},{h[1]}" href="#ed-hex" x="{x:.1f}" y="{y:.1f}"/>'


def _hex_outline() -> str:
    """The outline of a space centred on the origin, for the overlay to place on its spaces."""
    return f'<polygon id="ed-hex" points="{_points(_corners((0, 0), 0.97))}"/>'


def _letter_spot(h: Hex) -> tuple[float, float]:
    x, y = _centre(h)
    # Beside the centre, so a pawn on the space leaves its letter readable.
    return x + SIZE * 0.45, y - SIZE * 0.45


def _reach_letters(letters: Mapping[Hex, str]) -> str:
    spots = {h: _letter_spot(h) for h in letters}
    discs = "".join(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="8"/>' for x, y in spots.values())
    texts = "".join(
        f'<text x="{x:.1f}" y="{y + 3.5:.1f}">{escape(letters[h])}</text>'
        for h, (x, y) in spots.items()
    )
    return (
        f'<g fill="#fff" stroke="#d62728" stroke-width="2">{discs}</g>'
        f'<g fill="#d62728" font-size="10" text-anchor="middle">{texts}</g>'
    )


def render_overlay(
    board: Board,
    *,
    blockades: Mapping[int, Mapping] | None = None,
    explorers: Mapping[Hex, int] | None = None,
    cave_tokens: Mapping[Hex, int] | None = None,
    trail: Sequence[TrailMove] = (),
    reach: Mapping[int, Mapping[Hex, str]] | None = None,
    shown: int | None = None,
    element_id: str = "ed-overlay",
) -> str:
    """What changes during a match, to lay over `render_map` (same viewBox): the trail,
    blockades, cave stacks and pawns, and for each key of `reach` (a card) the spaces it
    reaches, outlined and lettered, hidden unless the key is `shown`. Only those outlines
    take clicks (their `data-hex`); everything else lets them through to the page below.
    Bars, pawns and outlines are drawn from the shapes `render_map` defines: both go on the
    same page."""
    reach = {
        key: {h: text for h, text in sorted(letters.items()) if h in board.spaces}
        for key, letters in (reach or {}).items()
    }
    reach = {key: letters for key, letters in reach.items() if letters}

    def group(key: int, cls: str, attrs: str, body: Iterable[str]) -> str:
        hidden = "" if key == shown else ' display="none"'
        return f'<g class="{cls}" data-card="{key}"{hidden}{attrs}>{"".join(body)}</g>'

    parts = [
        _root(board, f'id="{element_id}" class="ed-overlay" pointer-events="none"'),
        # Under the pieces, as the outline of a reachable space always was.
        *(
            group(
                key,
                "reach",
                ' pointer-events="visible" fill="none" stroke="#ffeb3b" stroke-width="3"',
                (_reach_outline(h) for h in letters),
            )
            for key, letters in reach.items()
        ),
        *_pieces(board, blockades, explorers, cave_tokens, trail, linked=True),
        # Over the pieces: a letter stays readable on a space a pawn stands on.
        *(
            group(key, "reach-labels", "", (_reach_letters(letters),))
            for key, letters in reach.items()
        ),
        "</svg>",
    ]
    return "".join(parts)
