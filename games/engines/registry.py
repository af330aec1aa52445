"""Maps a game key to its rules engine module."""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

GAMES: dict[str, str] = {
    "incan-gold": "games.engines.incan_gold",
    "el-dorado": "games.engines.el_dorado",
}


def get_engine(key: str) -> ModuleType:
    """Return the engine module for a game key; unknown keys are a ValueError."""
    try:
        path = GAMES[key]
    except KeyError:
        raise ValueError(f"unknown game {key!r}") from None
    return import_module(path)
