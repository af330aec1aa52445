"""El Dorado in words: names and effects of cards, cave tokens, terrain, blockades; errors."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def error_text(code: str | None, params: Mapping[str, Any]) -> str | None:
    """The sentence for an IllegalAction code, or None for a code this module does not know."""
    return None


def rules_context() -> dict[str, Any]:
    """What templates/rules/el_dorado.html draws beside its prose (cards, tokens, terrain)."""
    return {}


# Until the site says them itself, the engine's own words.
from games.engines.el_dorado import DETAILED_BY, describe_action, describe_event  # noqa: E402, F401
