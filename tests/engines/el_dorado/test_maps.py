"""The six official layouts, the Board API and our map format."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from games.engines.el_dorado.maps import (
    GOAL_TILE,
    MAP_SLUGS,
    Board,
    Joint,
    Space,
    Terrain,
    board_from_json,
    board_from_layout,
    board_to_json,
    load_map,
    neighbours_of,
    validate,
)

SHARED = (
    Path(__file__).resolve().parents[3].parent / "shared" / "data" / "el-dorado" / "layouts.json"
)

# Expected facts read off the rulebook layouts (pieces in path order) and layouts.json.
OFFICIAL = {
    "hills-of-gold": ("Hills of Gold", "BCGKJN", 225, 4),
    "home-stretch": ("Home Stretch", "BJQKMC", 204, 4),
    "winding-path": ("Winding Path", "BIFGCN", 225, 5),
    "serpentine": ("Serpentine", "ACEGJM", 225, 5),
    "swamplands": ("Swamplands", "ARDHEOK", 220, 3),
    "witchs-cauldron": ("Witch's Cauldron", "ALGDMI", 225, 5),
}


@pytest.fixture(params=MAP_SLUGS)
def board(request: pytest.FixtureRequest) -> Board:
    return load_map(request.param)


def test_the_six_recommended_layouts_in_rulebook_order() -> None:
    assert tuple(OFFICIAL) == MAP_SLUGS


def test_every_official_map_passes_the_validator(board: Board) -> None:
    assert validate(board) == []


def test_official_map_has_its_name_pieces_and_size(board: Board) -> None:
    name, pieces, spaces, caves = OFFICIAL[board.slug]
    assert board.name == name
    assert "".join(board.pieces) == pieces
    assert len(board.spaces) == spaces
    assert len(board.caves) == caves


def test_map_has_four_start_spaces_on_the_first_tile_in_order(board: Board) -> None:
    assert len(board.starts) == 4 == len(set(board.starts))
    for h in board.starts:
        assert board.spaces[h].terrain is Terrain.START
        assert board.spaces[h].tile == board.pieces[0]
    assert sum(s.terrain is Terrain.START for s in board.spaces.values()) == 4


def test_three_final_spaces_are_jungle_or_river_one_touching_the_last_tile(board: Board) -> None:
    assert len(set(board.finals)) == 3
    kinds = {board.spaces[h].terrain for h in board.finals}
    assert len(kinds) == 1 and kinds <= {Terrain.JUNGLE, Terrain.RIVER}
    last = board.pieces[-1]
    for h in board.finals:
        space = board.spaces[h]
        assert (space.value, space.tile) == (1, GOAL_TILE)
        assert any(board.spaces.get(n, space).tile == last for n in neighbours_of(h))
        assert any(n in board.el_dorado for n in neighbours_of(h))


def test_el_dorado_cells_lie_behind_the_finals_and_are_not_spaces(board: Board) -> None:
    assert len(set(board.el_dorado)) == 3
    assert not set(board.el_dorado) & set(board.spaces)


def test_tiles_touch_and_one_joint_lies_between_each_pair_of_consecutive_tiles(
    board: Board,
) -> None:
    assert len(board.joints) == len(board.pieces) - 1
    for i, joint in enumerate(board.joints):
        assert joint.index == i
        assert joint.tiles == (board.pieces[i], board.pieces[i + 1])
        strip = any(t in "OPQR" for t in joint.tiles)
        # A full tile edge is 7 neighbouring pairs; a strip's long side is 8, or 7 where the
        # tile sits one hex along it (Swamplands E-O in the shared data).
        assert len(joint.pairs) in ((7, 8) if strip else (7,))
        for pair in joint.pairs:
            a, b = sorted(pair)
            assert b in neighbours_of(a)
            assert {board.spaces[a].tile, board.spaces[b].tile} == set(joint.tiles)
            assert board.joint_between(a, b) is joint is board.joint_between(b, a)


def test_no_map_has_more_joints_than_the_six_blockades(board: Board) -> None:
    assert 1 <= len(board.joints) <= 6


def test_space_values_are_in_the_rulebook_ranges(board: Board) -> None:
    ranges = {"jungle": (1, 3), "river": (1, 4), "village": (1, 4), "rubble": (1, 3)}
    ranges |= {"basecamp": (1, 3), "mountain": (0, 0), "start": (0, 0)}
    for space in board.spaces.values():
        low, high = ranges[space.terrain.value]
        assert low <= space.value <= high, space


def test_cave_mountains_are_mountains_listed_in_path_order(board: Board) -> None:
    order = [board.pieces.index(board.spaces[h].tile) for h in board.caves]
    assert order == sorted(order)
    for h in board.caves:
        assert board.spaces[h].terrain is Terrain.MOUNTAIN and board.spaces[h].cave
    assert {h for h, s in board.spaces.items() if s.cave} == set(board.caves)


def test_walls_separate_only_non_consecutive_tiles() -> None:
    hills, winding = load_map("hills-of-gold"), load_map("winding-path")
    for board, tiles in ((hills, {"C", "K"}), (winding, {"C", "F"})):
        assert len(board.walls) == 7
        for pair in board.walls:
            a, b = sorted(pair)
            assert {board.spaces[a].tile, board.spaces[b].tile} == tiles
            assert b not in board.neighbours(a) and a not in board.neighbours(b)
            assert board.joint_between(a, b) is None
    assert all(not load_map(s).walls for s in MAP_SLUGS if s not in (hills.slug, winding.slug))


def test_neighbours_lists_on_board_spaces_in_axial_order(board: Board) -> None:
    start = board.starts[0]
    expected = [n for n in neighbours_of(start) if n in board.spaces]
    assert board.neighbours(start) == expected
    assert board.neighbours((999, 999)) == []
    finals_and_tile = {n for f in board.finals for n in board.neighbours(f)}
    assert not finals_and_tile & set(board.el_dorado)


def test_neighbours_of_gives_the_six_flat_topped_axial_neighbours() -> None:
    assert neighbours_of((2, -1)) == ((3, -1), (3, -2), (2, -2), (1, -1), (1, 0), (2, 0))


def test_joint_between_is_none_inside_a_tile_and_for_non_neighbours() -> None:
    board = load_map("serpentine")
    a = board.starts[0]
    inside = next(n for n in board.neighbours(a) if board.spaces[n].tile == board.spaces[a].tile)
    assert board.joint_between(a, inside) is None
    assert board.joint_between(a, board.finals[0]) is None


def test_map_round_trips_through_our_json_format(board: Board) -> None:
    data = board_to_json(board)
    again = board_from_json(json.loads(json.dumps(data)))
    assert again == board
    assert hash(again) == hash(board)
    assert board_to_json(again) == data


def test_checked_in_files_are_what_the_converter_makes_from_the_shared_data() -> None:
    if not SHARED.exists():
        pytest.skip("shared board data not present")
    layouts = json.loads(SHARED.read_text())["layouts"]
    assert [board_from_layout(entry).slug for entry in layouts] == list(MAP_SLUGS)
    for entry in layouts:
        fresh = board_from_layout(entry)
        assert fresh == load_map(fresh.slug)
        assert len(fresh.spaces) == len(entry["hexes"]) + 3


def test_load_map_rejects_an_unknown_slug_and_caches() -> None:
    with pytest.raises(ValueError, match="Unknown map"):
        load_map("atlantis")
    assert load_map("swamplands") is load_map("swamplands")


def test_board_from_json_rejects_an_unknown_format_and_broken_entries() -> None:
    data = board_to_json(load_map("home-stretch"))
    with pytest.raises(ValueError, match="format"):
        board_from_json({**data, "format": 99})
    with pytest.raises(ValueError, match="Malformed"):
        board_from_json({**data, "spaces": [{"q": 0}]})
    with pytest.raises(ValueError, match="pieces"):
        board_from_json({**data, "pieces": ["B", "J"]})
    doubled = {**data, "spaces": data["spaces"] + data["spaces"][:1]}
    with pytest.raises(ValueError, match="twice"):
        board_from_json(doubled)


def test_map_terrains_match_the_shared_data_counts() -> None:
    counts = Counter(s.terrain for s in load_map("witchs-cauldron").spaces.values())
    assert counts[Terrain.START] == 4 and counts[Terrain.FINAL] == 0
    assert counts[Terrain.MOUNTAIN] == 28 and counts[Terrain.BASECAMP] == 7


def test_space_and_joint_are_frozen_values() -> None:
    space = Space((0, 0), Terrain.JUNGLE, 1, "C")
    with pytest.raises(AttributeError):
        space.value = 2  # type: ignore[misc]
    joint = Joint(0, ("B", "C"), frozenset({frozenset({(0, 0), (1, 0)})}))
    assert hash(joint) == hash(Joint(0, ("B", "C"), frozenset({frozenset({(1, 0), (0, 0)})})))
    assert not space.cave
