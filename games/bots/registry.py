"""Maps (game key, bot level) to the bot function that plays it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from random import Random
from typing import Any

Bot = Callable[[Mapping[str, Any], int, Random], dict[str, Any]]

BOTS: dict[str, dict[str, str]] = {
    "incan-gold": {
        "random": "games.bots.incan_gold:random_bot",
        "cautious": "games.bots.incan_gold:cautious_bot",
        "expert": "games.bots.incan_gold:expert_bot",
    },
    "el-dorado": {
        "random": "games.bots.el_dorado:random_bot",
        "greedy": "games.bots.el_dorado:greedy_bot",
        "expert": "games.bots.el_dorado:expert_bot",
    },
}


def bot_levels(game: str) -> list[str]:
    """The bot levels a game offers, weakest first."""
    return list(BOTS.get(game, {}))


def get_bot(game: str, level: str) -> Bot:
    """Return the bot function for a game and level; unknown ones are a ValueError."""
    try:
        module_path, name = BOTS[game][level].split(":")
    except KeyError:
        raise ValueError(f"no bot {level!r} for game {game!r}") from None
    return getattr(import_module(module_path), name)
