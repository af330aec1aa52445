"""The SVG board renderer: every layout draws, with its spaces, blockades, pawns and marks."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from games.engines.el_dorado.maps import MAP_SLUGS, Board, load_map, random_board
from games.presenters.el_dorado.map_geometry import hex_centre
from games.presenters.el_dorado.map_svg import render_board

NS = {"svg": "http://www.w3.org/2000/svg"}


def _parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def _groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{{{NS['svg']}}}g") if cls in g.get("class", "").split()]


def _hexes(root: ET.Element, attribute: str) -> set[tuple[int, int]]:
    found = set()
    for element in root.iter():
        value = element.get(attribute)
        if value is not None:
            q, r = value.split(",")
            found.add((int(q), int(r)))
    return found


@pytest.fixture(params=[*MAP_SLUGS, "random"])
def board(request: pytest.FixtureRequest) -> Board:
    return random_board(2024, 6) if request.param == "random" else load_map(request.param)


def test_every_layout_renders_as_well_formed_svg_with_every_space(board: Board) -> None:
    root = _parse(render_board(board))
    assert root.tag == f"{{{NS['svg']}}}svg"
    assert _hexes(root, "data-space") == set(board.spaces)
    assert root.findtext("svg:title", namespaces=NS) == board.name


def test_view_box_fits_the_whole_board(board: Board) -> None:
    left, top, width, height = map(float, _parse(render_board(board)).get("viewBox").split())
    for h in [*board.spaces, *board.el_dorado]:
        x, y = hex_centre(h)
        assert left < x < left + width and top < y < top + height
    xs = [hex_centre(h)[0] for h in board.spaces]
    assert width < max(xs) - min(xs) + 100  # fitted, not a fixed canvas


def test_every_joint_has_a_blockade_and_walls_are_drawn(board: Board) -> None:
    root = _parse(render_board(board))
    joints = [int(g.get("data-joint")) for g in _groups(root, "blockade")]
    assert joints == [j.index for j in board.joints]
    walls = [p for p in root.iter(f"{{{NS['svg']}}}path") if p.get("class") == "walls"]
    assert len(walls) == (1 if board.walls else 0)
    if board.walls:
        assert walls[0].get("d").count("M") == len(board.walls)


def test_blockades_show_their_kind_and_value_and_when_taken() -> None:
    board = load_map("hills-of-gold")
    given = {0: {"kind": "jungle", "value": 2}, 1: {"kind": "rubble", "value": 1, "taken": True}}
    given[2] = {"kind": "river", "value": 1, "taken_by": 2}
    root = _parse(render_board(board, blockades=given))
    groups = {int(g.get("data-joint")): g for g in _groups(root, "blockade")}
    assert "open" in groups[0].get("class") and "taken" in groups[1].get("class")
    assert "taken" in groups[2].get("class") and "open" in groups[3].get("class")
    assert groups[0].findtext("svg:text", namespaces=NS) == "2"
    assert "jungle 2" in groups[0].findtext("svg:title", namespaces=NS)
    assert "taken by player 3" in groups[2].findtext("svg:title", namespaces=NS)
    assert groups[3].findtext("svg:text", namespaces=NS) is None  # kind not given: no value


def test_values_are_printed_on_spaces_and_starts_are_numbered(board: Board) -> None:
    root = _parse(render_board(board))
    by_hex = {}
    for g in _groups(root, "space"):
        q, r = map(int, g.get("data-space").split(","))
        by_hex[(q, r)] = g.findtext("svg:text", namespaces=NS)
    for h, space in board.spaces.items():
        if space.terrain.value == "mountain":
            assert by_hex[h] is None
        elif space.terrain.value == "start":
            assert by_hex[h] == f"#{board.starts.index(h) + 1}"
        else:
            assert by_hex[h].endswith(str(space.value))


def test_explorers_are_drawn_as_coloured_pawns_on_their_spaces() -> None:
    board = load_map("serpentine")
    explorers = {h: i for i, h in enumerate(board.starts)}
    root = _parse(render_board(board, explorers=explorers))
    pawns = _groups(root, "explorer")
    assert sorted(int(p.get("data-player")) for p in pawns) == [0, 1, 2, 3]
    # Each seat's colour is its class in the site's CSS; the pawn carries no colour of its own.
    seats = {c for p in pawns for c in p.get("class").split() if c.startswith("seat-colour-")}
    assert seats == {"seat-colour-0", "seat-colour-1", "seat-colour-2", "seat-colour-3"}
    bodies = {int(p.get("data-player")): _pawn_body(p) for p in pawns}
    assert {body.get("fill") for body in bodies.values()} == {None}
    # Shaped like the seat's marker beside its name: circle, square, triangle, diamond.
    assert [bodies[n].tag.split("}")[1] for n in range(4)] == ["circle", *["polygon"] * 3]
    assert [len(bodies[n].get("points", "").split()) for n in range(1, 4)] == [4, 3, 4]
    for player, body in bodies.items():
        h = board.starts[player]
        assert _body_centre(body) == pytest.approx(hex_centre(h), abs=0.1)


def _pawn_body(pawn: ET.Element) -> ET.Element:
    (body,) = [e for e in pawn if e.get("class") == "pawn-disc"]
    return body


def _body_centre(body: ET.Element) -> tuple[float, float]:
    if body.get("cx") is not None:
        return float(body.get("cx")), float(body.get("cy"))
    corners = [tuple(map(float, p.split(","))) for p in body.get("points").split()]
    return sum(x for x, _ in corners) / len(corners), sum(y for _, y in corners) / len(corners)


def test_highlighted_spaces_carry_data_hex_and_nothing_else_does() -> None:
    board = load_map("swamplands")
    reachable = board.neighbours(board.starts[0])
    root = _parse(render_board(board, highlight=[*reachable, (500, 500)]))
    assert _hexes(root, "data-hex") == set(reachable)
    assert {g.get("data-hex") for g in _groups(root, "reachable")} == {
        f"{q},{r}" for q, r in reachable
    }
    assert _hexes(_parse(render_board(board)), "data-hex") == set()


def test_caves_are_marked_and_their_token_stacks_counted(board: Board) -> None:
    tokens = {h: 4 - i % 4 for i, h in enumerate(board.caves)}
    root = _parse(render_board(board, cave_tokens=tokens))
    marks = [c for c in root.iter(f"{{{NS['svg']}}}circle") if c.get("class") == "cave"]
    assert len(marks) == len(board.caves)
    counted = {
        g.get("data-cave"): g.findtext("svg:text", namespaces=NS)
        for g in _groups(root, "cave-tokens")
    }
    assert counted == {f"{q},{r}": str(n) for (q, r), n in tokens.items()}


def test_el_dorado_and_final_spaces_are_drawn_in_gold(board: Board) -> None:
    root = _parse(render_board(board))
    (goal,) = _groups(root, "el-dorado")
    assert len(goal.findall("svg:polygon", NS)) == 3
    finals = {f"{q},{r}" for q, r in board.finals}
    for g in _groups(root, "space"):
        stroke = g.find("svg:polygon", NS).get("stroke")
        assert (stroke == "#d4a017") == (g.get("data-space") in finals)


def test_rendering_is_pure_and_escapes_text() -> None:
    board = load_map("witchs-cauldron")
    assert render_board(board) == render_board(board)
    odd = replace(board, slug="ruins", name='Ruins <of> "&" gold')  # a map given as data
    root = _parse(render_board(odd))
    assert root.findtext("svg:title", namespaces=NS) == 'Ruins <of> "&" gold'


def test_cave_rings_are_drawn_only_for_a_match_with_caves():
    from games.engines.el_dorado.maps import load_map
    from games.presenters.el_dorado.map_svg import render_board

    board = load_map("hills-of-gold")
    assert any(s.cave for s in board.spaces.values())
    assert 'class="cave"' in render_board(board)
    assert 'class="cave"' not in render_board(board, show_caves=False)


def test_every_space_of_a_coloured_terrain_carries_its_mark_too(board: Board) -> None:
    """Colour is not the only cue: jungle, river, village and mountain each have a mark, and the
    rubble and base camp costs their letters."""
    from games.engines.el_dorado.maps import Terrain
    from games.presenters.el_dorado.map_svg import TERRAIN_MARKS, render_map

    for svg in (render_board(board), render_map(board)):
        root = _parse(svg)
        defined = {g.get("id") for g in root.iter(f"{{{NS['svg']}}}g") if g.get("id")}
        assert {f"ed-mark-{t}" for t in TERRAIN_MARKS} <= defined
        for group in _groups(root, "space"):
            terrain = Terrain(group.get("class").split()[1])
            uses = [u.get("href") for u in group.iter(f"{{{NS['svg']}}}use")]
            if terrain in TERRAIN_MARKS:
                assert uses == [f"#ed-mark-{terrain}"]
            else:
                assert uses == []


def test_the_marks_keep_the_cached_map_small() -> None:
    """Each mark is one short <use> of a shape defined once: the marks add about a tenth."""
    import re

    from games.presenters.el_dorado.map_svg import render_map

    for slug in MAP_SLUGS:
        svg = render_map(load_map(slug))
        marks = re.findall(r'<use href="#ed-mark-[^>]*/>', svg)
        assert all(len(mark) <= 55 for mark in marks)
        assert sum(map(len, marks)) < 0.12 * len(svg)
