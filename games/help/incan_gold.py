"""Incan Gold in words: names and effects of cards, hazards and artifacts; refused moves."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def error_text(code: str | None, params: Mapping[str, Any]) -> str | None:
    """The sentence for an IllegalAction code, or None for a code this module does not know."""
    return None


def rules_context() -> dict[str, Any]:
    """What templates/rules/incan_gold.html draws beside its prose (the cards, the hazards)."""
    return {}


# Until the site says them itself, the engine's own words.
from games.engines.incan_gold import DETAILED_BY, describe_action, describe_event  # noqa: E402, F401
