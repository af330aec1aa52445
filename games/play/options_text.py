"""A match's options as players read them: only what every player may see."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engines import el_dorado

_MAP_NAMES = el_dorado.map_names()


def options_summary(game: str, options: Mapping[str, Any]) -> str:
    """Short text of the public options (fixed deck orders and cave stacks never show)."""
    if game == "incan-gold":
        values = "Diamant artifacts" if options.get("artifact_values") == "diamant" else ""
        quick = "quick start" if options.get("quick_start", True) else "no quick start"
        return " · ".join(part for part in (quick, values) if part)
    choice = options.get("map", el_dorado.DEFAULT_MAP)
    if isinstance(choice, str):
        name = _MAP_NAMES.get(choice, choice)
        if choice == "random" and options.get("map_length"):
            name += f" ({options['map_length']} tiles)"
    else:
        name = "Custom map"
    return " · ".join(part for part in (name, "caves" if options.get("caves") else "") if part)
