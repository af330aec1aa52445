"""Which module tells a game's events and moves in words: the site's, not the engine's."""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import Any

from games.engines.registry import GAMES as ENGINE_PATHS
from games.help.errors import GLOSSARIES

_KEYS = {path: key for key, path in ENGINE_PATHS.items()}


def narrator(engine: Any) -> ModuleType:
    """The games.help module of an engine's game: its `describe_event(event, names, viewer)`,
    `describe_action(action)` and `DETAILED_BY` say the engine's codes in the reader's
    language."""
    return import_module(GLOSSARIES[_KEYS[engine.__name__]])
