"""A match's options as players read them: only what every player may see."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, ngettext

from games.engines import el_dorado
from games.help.el_dorado import map_name


def options_summary(game: str, options: Mapping[str, Any]) -> str:
    """Short text of the public options (fixed deck orders and cave stacks never show)."""
    if game == "incan-gold":
        diamant = options.get("artifact_values") == "diamant"
        values = gettext("Diamant artifacts") if diamant else ""
        quick = (
            gettext("quick start")
            if options.get("quick_start", True)
            else gettext("no quick start")
        )
        return " · ".join(part for part in (quick, values) if part)
    choice = options.get("map", el_dorado.DEFAULT_MAP)
    if isinstance(choice, str):
        name = map_name(choice)
        length = options.get("map_length")
        if choice == "random" and length:
            name = ngettext("%(map)s (%(tiles)s tile)", "%(map)s (%(tiles)s tiles)", length) % {
                "map": name,
                "tiles": length,
            }
    else:
        name = gettext("Custom map")
    caves = gettext("caves") if options.get("caves") else ""
    return " · ".join(part for part in (name, caves) if part)
