"""El Dorado maps: the Board API, the six official layouts, validation and random layouts."""

from .board import (
    GOAL_TILE,
    Board,
    Hex,
    Joint,
    Space,
    Terrain,
    board_from_layout,
    neighbours_of,
)
from .generate import DEFAULT_LENGTH, LENGTHS, random_board
from .loader import MAP_SLUGS, board_from_json, board_to_json, load_map
from .validate import validate

# Slug the match settings use for a "Random expedition" (built by random_board).
RANDOM_SLUG = "random"

__all__ = [
    "DEFAULT_LENGTH",
    "LENGTHS",
    "RANDOM_SLUG",
    "GOAL_TILE",
    "MAP_SLUGS",
    "Board",
    "Hex",
    "Joint",
    "Space",
    "Terrain",
    "board_from_json",
    "board_from_layout",
    "board_to_json",
    "load_map",
    "neighbours_of",
    "random_board",
    "validate",
]
