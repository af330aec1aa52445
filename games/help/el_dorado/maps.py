"""The maps' names, as the site says them."""

from __future__ import annotations

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
