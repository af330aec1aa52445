"""The map validator and the layout parser reject every kind of broken map."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.el_dorado.maps import (
    GOAL_TILE,
    Board,
    Joint,
    Space,
    Terrain,
    board_from_layout,
    load_map,
    neighbours_of,
    validate,
)

SHARED = (
    Path(__file__).resolve().parents[3].parent / "shared" / "data" / "el-dorado" / "layouts.json"
)


def _with_spaces(board: Board, **changes: Space) -> Board:
    spaces = dict(board.spaces)
    for space in changes.values():
        spaces[space.hex] = space
    return replace(board, spaces=spaces)


def _tile_hexes(board: Board, tile: str) -> list:
    return sorted(h for h, s in board.spaces.items() if s.tile == tile)


def _problems(board: Board) -> str:
    return " ".join(validate(board))


def test_el_dorado_overlapping_a_space_is_reported() -> None:
    board = load_map("serpentine")
    moved = replace(board, el_dorado=(board.starts[0],) + board.el_dorado[1:])
    assert "overlaps a space" in _problems(moved)


def test_a_hex_listed_twice_is_refused_when_parsing() -> None:
    layout = _small_layout()
    layout["hexes"].append(dict(layout["hexes"][0]))
    with pytest.raises(ValueError, match="listed twice"):
        board_from_layout(layout)


def test_fewer_than_four_start_spaces_is_reported() -> None:
    board = load_map("home-stretch")
    assert "not 4 distinct" in _problems(replace(board, starts=board.starts[:3]))


def test_a_start_space_off_the_first_tile_is_reported() -> None:
    board = load_map("home-stretch")
    far = _tile_hexes(board, "C")[5]
    spaces = dict(board.spaces)
    spaces[far] = Space(far, Terrain.START, 0, "C")
    problems = _problems(replace(board, spaces=spaces, starts=board.starts[:3] + (far,)))
    assert "not the first tile" in problems
    assert "missing from the start list" in _problems(replace(board, spaces=spaces))


def test_two_final_spaces_are_not_enough() -> None:
    board = load_map("winding-path")
    assert "not 3 distinct" in _problems(replace(board, finals=board.finals[:2]))


def test_a_final_space_must_be_jungle_or_river_one() -> None:
    board = load_map("winding-path")
    h = board.finals[1]
    for terrain, value in ((Terrain.RIVER, 2), (Terrain.VILLAGE, 1)):
        broken = _with_spaces(board, f=Space(h, terrain, value, GOAL_TILE))
        assert "not jungle/river 1" in _problems(broken)


def test_final_spaces_must_touch_the_last_tile() -> None:
    board = load_map("hills-of-gold")
    shift = (-40, 0)
    finals = tuple((q + shift[0], r + shift[1]) for q, r in board.finals)
    cells = tuple((q + shift[0], r + shift[1]) for q, r in board.el_dorado)
    spaces = {h: s for h, s in board.spaces.items() if h not in board.finals}
    spaces |= {h: Space(h, Terrain.JUNGLE, 1, GOAL_TILE) for h in finals}
    moved = replace(board, spaces=spaces, finals=finals, el_dorado=cells)
    assert "does not touch the last tile N" in _problems(moved)


def test_a_joint_pair_that_is_not_neighbouring_is_reported() -> None:
    board = load_map("swamplands")
    joint = board.joints[2]
    a, b = _tile_hexes(board, "D")[0], _tile_hexes(board, "H")[-1]
    bad = replace(joint, pairs=joint.pairs | {frozenset((a, b))})
    broken = replace(board, joints=board.joints[:2] + (bad,) + board.joints[3:])
    assert "is not neighbouring" in _problems(broken)


def test_a_joint_pair_inside_one_tile_is_reported() -> None:
    board = load_map("swamplands")
    a = _tile_hexes(board, "D")[10]
    b = next(n for n in neighbours_of(a) if board.spaces[n].tile == "D")
    joint = board.joints[2]
    bad = replace(joint, pairs=joint.pairs | {frozenset((a, b))})
    broken = replace(board, joints=board.joints[:2] + (bad,) + board.joints[3:])
    assert "lies inside tile D" in _problems(broken)


def test_a_blockade_joint_must_lie_between_consecutive_tiles() -> None:
    board = load_map("serpentine")
    swapped = replace(board.joints[1], tiles=("C", "G"))
    broken = replace(board, joints=(board.joints[0], swapped) + board.joints[2:])
    assert "not consecutive tiles" in _problems(broken)


def test_a_crossing_between_consecutive_tiles_outside_the_joint_is_reported() -> None:
    board = load_map("serpentine")
    first = board.joints[0]
    dropped = replace(first, pairs=frozenset(sorted(first.pairs, key=sorted)[1:]))
    broken = replace(board, joints=(dropped,) + board.joints[1:])
    assert "outside any joint" in _problems(broken)


def test_an_unwalled_crossing_between_non_consecutive_tiles_is_reported() -> None:
    board = load_map("hills-of-gold")
    assert "non-consecutive tiles C, K unwalled" in _problems(replace(board, walls=frozenset()))


def test_a_wall_between_consecutive_tiles_is_reported() -> None:
    board = load_map("hills-of-gold")
    pair = next(iter(board.joints[0].pairs))
    broken = replace(board, walls=board.walls | {pair})
    assert "between consecutive tiles B and C" in _problems(broken)


def test_a_cave_must_be_a_mountain() -> None:
    board = load_map("witchs-cauldron")
    jungle = next(h for h, s in board.spaces.items() if s.terrain is Terrain.JUNGLE)
    assert "is not a mountain" in _problems(replace(board, caves=board.caves + (jungle,)))
    marked = _with_spaces(board, s=replace(board.spaces[board.caves[0]], cave=False))
    assert "not marked as a cave" in _problems(marked)


def test_caves_must_be_listed_in_path_order() -> None:
    board = load_map("witchs-cauldron")
    assert "path order" in _problems(replace(board, caves=tuple(reversed(board.caves))))


@pytest.mark.parametrize(
    ("terrain", "value"),
    [
        (Terrain.JUNGLE, 4),
        (Terrain.JUNGLE, 0),
        (Terrain.RIVER, 5),
        (Terrain.VILLAGE, 5),
        (Terrain.RUBBLE, 4),
        (Terrain.BASECAMP, 4),
        (Terrain.MOUNTAIN, 1),
    ],
)
def test_a_value_outside_the_terrain_range_is_reported(terrain: Terrain, value: int) -> None:
    board = load_map("home-stretch")
    h = _tile_hexes(board, "K")[3]
    broken = _with_spaces(board, s=Space(h, terrain, value, "K"))
    assert "outside" in _problems(broken)


def test_terrain_final_is_never_used_for_a_space() -> None:
    board = load_map("home-stretch")
    h = board.finals[0]
    assert "terrain 'final'" in _problems(_with_spaces(board, s=Space(h, Terrain.FINAL, 1, "goal")))


def test_mountains_blocking_every_route_leave_no_path_to_el_dorado() -> None:
    board = load_map("serpentine")
    walled = {
        h: replace(s, terrain=Terrain.MOUNTAIN, value=0)
        for h, s in board.spaces.items()
        if s.tile == "M" and s.terrain is not Terrain.MOUNTAIN
    }
    problems = validate(_with_spaces(board, **{f"{h}": s for h, s in walled.items()}))
    assert problems == [f"No path leads from start {h} to a final space." for h in board.starts]


def test_walls_are_never_crossed_on_the_way_to_el_dorado() -> None:
    board = board_from_layout(_small_layout())
    assert validate(board) == []
    # Wall off the only joint: the two tiles are cut apart and El Dorado is out of reach.
    cut = replace(board, walls=frozenset(board.joints[0].pairs))
    problems = validate(cut)
    for h in board.starts:
        assert f"No path leads from start {h} to a final space." in problems
    assert all(b not in cut.neighbours(a) for a, b in map(sorted, board.joints[0].pairs))


def test_board_from_layout_explains_what_is_wrong() -> None:
    layout = _small_layout()
    with pytest.raises(ValueError, match="unknown terrain 'lava'"):
        board_from_layout({**layout, "hexes": [{**layout["hexes"][0], "kind": "lava"}]})
    with pytest.raises(ValueError, match="no 'joints' entry"):
        board_from_layout({k: v for k, v in layout.items() if k != "joints"})
    with pytest.raises(ValueError, match="is not valid: There are 3 start spaces"):
        board_from_layout({**layout, "starts": layout["starts"][:3]})
    loose = board_from_layout({**layout, "starts": layout["starts"][:3]}, check=False)
    assert len(loose.starts) == 3


def test_official_layout_entries_parse_exactly_as_the_checked_in_maps() -> None:
    if not SHARED.exists():
        pytest.skip("shared board data not present")
    entry = json.loads(SHARED.read_text())["layouts"][3]
    assert board_from_layout(entry) == load_map("serpentine")


def _small_layout() -> dict:
    """The first two pieces of Serpentine with a goal after the second: a small valid map."""
    board = load_map("serpentine")
    a_hexes = _tile_hexes(board, "A")
    c_hexes = _tile_hexes(board, "C")
    # Finals: three cells beyond tile C, touching it, El Dorado behind; found from geometry.
    taken = set(a_hexes) | set(c_hexes)
    for corner in c_hexes:
        for d in range(6):
            trio = _trio(corner, d)
            if trio and not set(trio[0]) & taken and _goal_ok(trio, taken, set(c_hexes)):
                finals, cells = trio
                break
        else:
            continue
        break
    hexes = []
    for h in a_hexes + c_hexes:
        s = board.spaces[h]
        entry = {"q": h[0], "r": h[1], "kind": s.terrain.value, "piece": s.tile}
        if s.terrain not in (Terrain.START, Terrain.MOUNTAIN):
            entry["value"] = s.value
        hexes.append(entry)
    return copy.deepcopy(
        {
            "name": "Small Test",
            "pieces": ["A", "C"],
            "hexes": hexes,
            "starts": [list(h) for h in board.starts],
            "joints": [
                {
                    "between": ["A", "C"],
                    "pairs": [sorted(map(list, p)) for p in board.joints[0].pairs],
                }
            ],
            "finals": [{"q": q, "r": r, "kind": "river", "value": 1} for q, r in finals],
            "el_dorado": [list(h) for h in cells],
            "caves": [list(h) for h in board.caves if board.spaces[h].tile in "AC"],
        }
    )


def _trio(corner: tuple, d: int) -> tuple | None:
    """Goal piece shape (see pieces.json) rotated `d` sixths, its first final next to `corner`."""
    from games.engines.el_dorado.maps.generate import rotate

    finals = [(0, -1), (0, 0), (1, 0)]
    cells = [(-1, 0), (-1, 1), (0, 1)]
    fq, fr = neighbours_of(corner)[d]
    rq, rr = rotate(finals[0], d)
    shift = (fq - rq, fr - rr)

    def place(h: tuple) -> tuple:
        q, r = rotate(h, d)
        return (q + shift[0], r + shift[1])

    return [place(h) for h in finals], [place(h) for h in cells]


def _goal_ok(trio: tuple, taken: set, last: set) -> bool:
    finals, cells = trio
    if set(cells) & taken:
        return False
    touching = all(any(n in last for n in neighbours_of(f)) for f in finals)
    clear = not any(n in taken for c in cells for n in neighbours_of(c))
    return touching and clear


def test_small_layout_helper_builds_a_valid_two_tile_map() -> None:
    board = board_from_layout(_small_layout())
    assert board.pieces == ("A", "C") and len(board.joints) == 1
    assert isinstance(board.joints[0], Joint)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)


@settings(max_examples=80, deadline=None)
@given(
    key=st.sampled_from(
        ["name", "hexes", "starts", "joints", "finals", "el_dorado", "caves", "walls"]
    ),
    index=st.integers(0, 3),
    junk=json_values,
)
def test_a_map_given_as_data_fails_only_with_a_value_error(
    key: str, index: int, junk: object
) -> None:
    layout = _small_layout()
    if isinstance(layout.get(key), list) and layout[key] and index < 3:
        layout[key][index % len(layout[key])] = junk  # one broken entry
    else:
        layout[key] = junk  # the whole entry broken
    try:
        board = board_from_layout(layout)
    except ValueError as exc:
        assert str(exc)
    else:
        assert validate(board) == []


def test_a_layout_that_is_not_an_object_is_refused() -> None:
    for junk in (None, [], "map", 3):
        with pytest.raises(ValueError):
            board_from_layout(junk)  # type: ignore[arg-type]
