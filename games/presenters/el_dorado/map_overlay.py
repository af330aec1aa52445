"""The El Dorado overlay: what changes during a match, laid over the map's drawing, with the
spaces a card reaches outlined and lettered."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from xml.sax.saxutils import escape

from games.engines.el_dorado.maps import Board, Hex

from .map_geometry import hex_centre, hex_corners, letter_spot, svg_points, svg_root
from .map_pieces import TrailMove, pieces


def _reach_outline(h: Hex) -> str:
    x, y = hex_centre(h)
    return f'<use data-hex="{h[0]},{h[1]}" href="#ed-hex" x="{x:.1f}" y="{y:.1f}"/>'


def hex_outline() -> str:
    """The outline of a space centred on the origin, for the overlay to place on its spaces."""
    return f'<polygon id="ed-hex" points="{svg_points(hex_corners((0, 0), 0.97))}"/>'


def _reach_letters(letters: Mapping[Hex, str]) -> str:
    spots = {h: letter_spot(h) for h in letters}
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
        svg_root(board, f'id="{element_id}" class="ed-overlay" pointer-events="none"'),
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
        *pieces(board, blockades, explorers, cave_tokens, trail, linked=True),
        # Over the pieces: a letter stays readable on a space a pawn stands on.
        *(
            group(key, "reach-labels", "", (_reach_letters(letters),))
            for key, letters in reach.items()
        ),
        "</svg>",
    ]
    return "".join(parts)
