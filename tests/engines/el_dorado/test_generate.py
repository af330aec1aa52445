"""Random expedition: seeded layouts built from the real pieces, always valid."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.el_dorado.maps import (
    DEFAULT_LENGTH,
    LENGTHS,
    MAP_SLUGS,
    Terrain,
    board_from_json,
    board_to_json,
    load_map,
    neighbours_of,
    random_board,
    validate,
)
from games.engines.el_dorado.maps.generate import rotate, templates

fresh_board = random_board.__wrapped__  # bypass the cache to prove determinism

seeds = st.integers(min_value=0, max_value=2**40)
lengths = st.sampled_from(list(LENGTHS))


@settings(max_examples=60, deadline=None)
@given(seed=seeds, length=lengths, strips=st.booleans())
def test_random_expedition_always_passes_the_validator(
    seed: int, length: int, strips: bool
) -> None:
    board = random_board(seed, length, strips=strips)
    assert validate(board) == []
    assert len(board.joints) == length == len(board.pieces) - 1
    assert len(set(board.pieces)) == len(board.pieces)
    assert board.pieces[0] in ("A", "B")
    assert board.slug == "random"
    if not strips:
        assert not set(board.pieces) & set("OPQR")


@settings(max_examples=15, deadline=None)
@given(seed=seeds, length=lengths)
def test_random_expedition_is_the_same_for_the_same_seed(seed: int, length: int) -> None:
    first, second = fresh_board(seed, length), fresh_board(seed, length)
    assert first is not second
    assert first == second
    assert board_to_json(first) == board_to_json(second)


@settings(max_examples=15, deadline=None)
@given(seed=seeds)
def test_random_expedition_round_trips_through_our_json_format(seed: int) -> None:
    board = random_board(seed)
    assert board_from_json(board_to_json(board)) == board


def test_different_seeds_give_different_layouts() -> None:
    layouts = {tuple(board_to_json(random_board(seed))["pieces"]) for seed in range(12)}
    assert len(layouts) > 6


def test_length_counts_the_pieces_after_the_start_tile() -> None:
    assert DEFAULT_LENGTH in LENGTHS
    for length in LENGTHS:
        assert len(random_board(7, length).pieces) == length + 1


@pytest.mark.parametrize("length", [0, 2, 7, 12, -1])
def test_a_length_outside_the_range_is_refused(length: int) -> None:
    with pytest.raises(ValueError, match="6 blockades"):
        random_board(1, length)


def test_random_pieces_never_touch_except_consecutive_ones() -> None:
    for seed in range(20):
        board = random_board(seed, 6)
        order = {tile: i for i, tile in enumerate(board.pieces)}
        assert not board.walls
        for h, space in board.spaces.items():
            for n in neighbours_of(h):
                other = board.spaces.get(n)
                if other is None or "goal" in (space.tile, other.tile):
                    continue
                assert abs(order[space.tile] - order[other.tile]) <= 1


def test_random_expedition_uses_strips_only_between_tiles() -> None:
    seen = Counter()
    for seed in range(40):
        pieces = random_board(seed, 6).pieces
        for i, piece in enumerate(pieces):
            if piece in "OPQR":
                seen[piece] += 1
                assert 0 < i < len(pieces) - 1
                assert pieces[i + 1] not in "OPQR"
    assert seen, "strips never appeared"


def test_random_pieces_are_the_real_tiles_rotated() -> None:
    board = random_board(11, 6)
    kinds = templates()
    for piece in board.pieces:
        placed = {h: board.spaces[h] for h in board.spaces if board.spaces[h].tile == piece}
        assert _congruent(placed, kinds[piece].cells)


def test_templates_match_every_piece_of_the_official_layouts() -> None:
    kinds = templates()
    assert sorted(kinds) == list("ABCDEFGHIJKLMNOPQR")
    for slug in MAP_SLUGS:
        board = load_map(slug)
        for piece in board.pieces:
            placed = {h: s for h, s in board.spaces.items() if s.tile == piece}
            assert _congruent(placed, kinds[piece].cells), (slug, piece)


def test_random_start_spaces_are_numbered_like_the_printed_tile() -> None:
    board = random_board(3)
    numbers = {
        n: h for h, (t, _, _, n) in templates()[board.pieces[0]].cells.items() if t.value == "start"
    }
    assert sorted(numbers) == [1, 2, 3, 4]
    assert all(board.spaces[h].terrain is Terrain.START for h in board.starts)


def test_random_finals_touch_the_last_tile_at_one_corner() -> None:
    for seed in range(10):
        board = random_board(seed)
        last = {h for h, s in board.spaces.items() if s.tile == board.pieces[-1]}
        touches = sorted(sum(n in last for n in neighbours_of(f)) for f in board.finals)
        assert touches == [1, 2, 2]  # as on every printed layout


def _congruent(placed: dict, template: dict) -> bool:
    """Whether the placed spaces are the template turned and shifted (terrain and value)."""
    if len(placed) != len(template):
        return False
    anchor = min(placed)
    for times in range(6):
        turned = {rotate(h, times): c for h, c in template.items()}
        low = min(turned)
        dq, dr = anchor[0] - low[0], anchor[1] - low[1]
        moved = {(q + dq, r + dr): c for (q, r), c in turned.items()}
        if set(moved) == set(placed) and all(
            (placed[h].terrain, placed[h].value, placed[h].cave) == c[:3] for h, c in moved.items()
        ):
            return True
    return False


def test_random_expedition_does_not_depend_on_the_process_hash_seed() -> None:
    code = (
        "import json;from games.engines.el_dorado.maps import board_to_json, random_board;"
        "print(json.dumps([board_to_json(random_board(s, 6)) for s in (1, 99)]))"
    )
    outputs = set()
    for hash_seed in ("1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", code],
            env=env,
            cwd=Path(__file__).resolve().parents[3],
            capture_output=True,
            text=True,
            check=True,
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1
    here = json.dumps([board_to_json(random_board(s, 6)) for s in (1, 99)])
    assert outputs == {here + "\n"}
