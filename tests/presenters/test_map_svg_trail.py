"""The trail of recent moves on the SVG board: lines, colours, start dots and layering."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from games.engines.el_dorado.maps import load_map
from games.presenters.el_dorado.map_geometry import SEAT_COLOURS, hex_centre
from games.presenters.el_dorado.map_pieces import STUB, TrailMove
from games.presenters.el_dorado.map_svg import render_board

SVG = "{http://www.w3.org/2000/svg}"
BOARD = load_map("hills-of-gold")
SITE_CSS = (Path(__file__).resolve().parents[2] / "static/css/site.css").read_text()


def _path(length: int, skip: int = 0) -> tuple:
    """A walk of neighbouring spaces from a start space of the board."""
    here = BOARD.starts[0]
    hexes = [here]
    while len(hexes) < length + skip:
        here = next(n for n in sorted(BOARD.neighbours(here)) if n not in hexes)
        hexes.append(here)
    return tuple(hexes[skip:])


def _moves(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if "trail-move" in g.get("class", "").split()]


def _points(polyline: ET.Element) -> list[tuple[float, float]]:
    return [tuple(map(float, p.split(","))) for p in polyline.get("points").split()]


def test_a_move_is_a_line_through_the_hex_centres_in_the_seat_colour() -> None:
    hexes = _path(3)
    root = ET.fromstring(render_board(BOARD, trail=[TrailMove(1, hexes)]))
    (move,) = _moves(root)
    assert move.get("data-player") == "1"
    # The seat's colour comes from the move's seat class (the site's CSS), not the line itself.
    assert "seat-colour-1" in move.get("class").split()
    line = next(p for p in move.iter(f"{SVG}polyline") if p.get("class") == "trail-line")
    assert line.get("stroke") is None
    # Unfilled: the lines share the trail group's fill.
    (trail,) = [g for g in root.iter(f"{SVG}g") if g.get("class") == "trail"]
    assert line.get("fill", trail.get("fill")) == "none"
    assert _points(line) == [pytest.approx(hex_centre(h), abs=0.06) for h in hexes]
    dot = move.find(f"{SVG}circle")
    assert dot.get("class") == "trail-start" and dot.get("fill") is None
    assert (float(dot.get("cx")), float(dot.get("cy"))) == pytest.approx(hex_centre(hexes[0]), 0.1)


def test_the_site_css_gives_each_seat_its_colour_for_lines_dots_and_pawns() -> None:
    # The seat colours of every page (`seat-colour-<n>`), the markers beside names included.
    colours = [re.search(rf"--seat-{n}: (#[0-9a-f]{{6}})", SITE_CSS) for n in range(SEAT_COLOURS)]
    assert all(colours) and len({c[1] for c in colours}) == SEAT_COLOURS
    for n in range(SEAT_COLOURS):
        assert re.search(rf"\.seat-colour-{n} {{ --seat: var\(--seat-{n}\)", SITE_CSS)
    for rule in (
        ".trail-line { stroke: var(--seat); }",
        ".trail-start { fill: var(--seat); }",
        ".pawn-disc { fill: var(--seat); }",
    ):
        assert rule in SITE_CSS


def test_no_moves_draw_no_trail() -> None:
    assert render_board(BOARD, trail=[]) == render_board(BOARD)
    assert "trail" not in render_board(BOARD)


def test_moves_are_drawn_in_order_so_the_newest_lies_on_top() -> None:
    trail = [TrailMove(2, _path(2)), TrailMove(0, _path(3, skip=1)), TrailMove(3, _path(2))]
    root = ET.fromstring(render_board(BOARD, trail=trail))
    assert [m.get("data-player") for m in _moves(root)] == ["2", "0", "3"]


def test_the_trail_lies_above_the_terrain_and_below_blockades_and_pawns() -> None:
    hexes = _path(3)
    svg = render_board(BOARD, trail=[TrailMove(0, hexes)], explorers={hexes[-1]: 0})
    root = ET.fromstring(svg)
    order = [child.get("class", "").split(" ")[0] for child in root]
    trail = order.index("trail")
    assert order.index("spaces") < trail < order.index("blockade") < order.index("explorer")
    # Drawn over the spaces, it must not take their clicks.
    assert root[trail].get("pointer-events") == "none"


def test_a_blockade_taken_without_moving_is_a_stub_across_the_side_it_was_taken() -> None:
    joint = BOARD.joints[0]
    here, there = sorted(sorted(joint.pairs, key=sorted)[0])
    root = ET.fromstring(render_board(BOARD, trail=[TrailMove(1, (here,), toward=there)]))
    (move,) = _moves(root)
    assert move.get("data-kind") == "blockade"
    line = next(p for p in move.iter(f"{SVG}polyline") if p.get("class") == "trail-line")
    (x1, y1), (x2, y2) = hex_centre(here), hex_centre(there)
    assert _points(line) == [
        pytest.approx((x1, y1), abs=0.06),
        pytest.approx((x1 + (x2 - x1) * STUB, y1 + (y2 - y1) * STUB), abs=0.06),
    ]


def test_moves_off_the_board_or_going_nowhere_are_left_out() -> None:
    trail = [TrailMove(0, (BOARD.starts[0], (500, 500))), TrailMove(1, (BOARD.starts[1],))]
    assert "trail" not in render_board(BOARD, trail=trail)
