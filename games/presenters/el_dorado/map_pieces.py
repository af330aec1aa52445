"""What moves on an El Dorado board during a match, as SVG: the trail of recent moves, the
blockades, the cave token stacks and the pawns."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from django.utils.translation import gettext, ngettext

from games.engines.el_dorado.maps import Board, Hex
from games.help.el_dorado import blockade_effect, blockade_name

from .map_geometry import (
    GOLD,
    SEAT_COLOURS,
    SIZE,
    edge_path,
    hex_centre,
    seat_class,
    svg_points,
    svg_text,
)

BLOCKADE_FILL = {"jungle": "#2e6b28", "river": "#1f5f99", "village": "#c9a400", "rubble": "#666"}
STUB = 0.7  # how far toward the next space a blockade taken without moving is traced


def joint_bar(board: Board, index: int) -> str:
    """The bar of a joint, to draw in the colour of its blockade (`render_map` defines it)."""
    joint = board.joints[index]
    return (
        f'<path id="ed-joint-{index}" d="{edge_path(joint.pairs)}" stroke-width="6" '
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
        else f'<path d="{edge_path(joint.pairs)}" stroke="{colour}" stroke-width="6" '
        f'stroke-linecap="round"{dash}/>'
    )
    parts = [
        f'<g class="blockade {state}" data-joint="{index}"><title>{escape(title)}</title>',
        bar,
    ]
    if kind is not None and "value" in info:
        mids = [hex_centre(h) for pair in joint.pairs for h in pair]
        cx = sum(x for x, _ in mids) / len(mids)
        cy = sum(y for _, y in mids) / len(mids)
        parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="9" fill="{colour}" stroke="#fff"/>')
        parts.append(svg_text(cx, cy, str(info["value"]), size=10))
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


def pawn_shape(x: float, y: float, player: int) -> str:
    """A seat's pawn centred on (x, y), numbered; coloured by the seat class of the group it is
    drawn in."""
    r = SIZE * 0.55
    corners = _PAWN_CORNERS.get(player % SEAT_COLOURS)
    outline = 'class="pawn-disc" stroke="#111" stroke-width="1.5"'
    if corners is None:
        body = f'<circle {outline} cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}"/>'
    else:
        points = svg_points((x + dx * r, y + dy * r) for dx, dy in corners)
        body = f'<polygon {outline} points="{points}"/>'
    return body + svg_text(x, y, str(player + 1), size=10, fill=None)


def _pawn(h: Hex, player: int, linked: bool = False) -> str:
    x, y = hex_centre(h)
    # Linked: the pawn is in the map's drawing, at the origin, and here only where it stands.
    body = (
        f'<use href="#ed-pawn-{player}" x="{x:.1f}" y="{y:.1f}"/>'
        if linked
        else pawn_shape(x, y, player)
    )
    title = gettext("player %(number)s") % {"number": player + 1}
    return (
        f'<g class="explorer {seat_class(player)}" data-player="{player}">'
        f"<title>{escape(title)}</title>{body}</g>"
    )


def _cave_count(h: Hex, count: int) -> str:
    x, y = hex_centre(h)
    title = ngettext("%(count)s cave token", "%(count)s cave tokens", count) % {"count": count}
    return (
        f'<g class="cave-tokens" data-cave="{h[0]},{h[1]}"><title>{escape(title)}</title>'
        + svg_text(x, y, str(count), size=10, fill=GOLD)
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
    points = [hex_centre(h) for h in move.hexes]
    if move.toward is not None:
        # Nobody moved: a stub from the explorer across the side it took the blockade on, long
        # enough to show past the pawn and the blockade's bar.
        (ax, ay), (bx, by) = hex_centre(move.hexes[-1]), hex_centre(move.toward)
        points.append((ax + (bx - ax) * STUB, ay + (by - ay) * STUB))
    line = f'points="{svg_points(points)}"'
    x, y = points[0]
    kind = "blockade" if move.toward is not None else "move"
    # The dark casing (the trail group's stroke, which also rims the start dot) keeps the white
    # seat's line visible on the pale village and start spaces. The line and the dot take the
    # seat's colour from the move's seat class.
    return (
        f'<g class="trail-move {seat_class(move.player)}" data-player="{move.player}" '
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


def pieces(
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
