"""El Dorado in words: names and effects of cards, cave tokens, terrain, blockades; errors."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

# The official maps' names (the English names the publisher gives them), and the random one.
MAP_NAMES: dict[str, Promise] = {
    "hills-of-gold": _("Hills of Gold"),
    "home-stretch": _("Home Stretch"),
    "winding-path": _("Winding Path"),
    "serpentine": _("Serpentine"),
    "swamplands": _("Swamplands"),
    "witchs-cauldron": _("Witch's Cauldron"),
    "random": _("Random expedition"),
}


def map_name(key: str) -> str:
    """A map's name in the reader's language (a key we do not know is shown as it is)."""
    return str(MAP_NAMES.get(key, key))


def error_text(code: str | None, params: Mapping[str, Any]) -> str | None:
    """The sentence for an IllegalAction code, or None for a code this module does not know."""
    return None


def rules_context() -> dict[str, Any]:
    """What templates/rules/el_dorado.html draws beside its prose (cards, tokens, terrain)."""
    return {}


# Until the site says them itself, the engine's own words.
from games.engines.el_dorado import DETAILED_BY, describe_action, describe_event  # noqa: E402, F401
