"""Reading an action's fields: card ids, lists of cards and hexes, each checked for its type."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import IllegalAction
from .state import Hex


def _is_int(value: Any) -> bool:
    # bool is an int to Python, never a card id or a coordinate here.
    return isinstance(value, int) and not isinstance(value, bool)


def card_ref(action: Mapping[str, Any], key: str = "card") -> int:
    """The card id an action names under `key`."""
    value = action.get(key)
    if not _is_int(value):
        raise IllegalAction(f"The action needs a card id under {key!r}.", "malformed_action")
    return value


def card_list(action: Mapping[str, Any], key: str = "cards") -> list[int]:
    """The distinct card ids an action lists under `key` (missing means none)."""
    value = action.get(key, ())
    if not isinstance(value, (list, tuple)) or not all(_is_int(v) for v in value):
        raise IllegalAction(f"The action lists card ids under {key!r}.", "malformed_action")
    if len(set(value)) != len(value):
        raise IllegalAction("The same card is listed twice.", "card_twice")
    return list(value)


def hex_ref(value: Any, what: str = "space") -> Hex:
    """A hex given as [q, r]."""
    if isinstance(value, (list, tuple)) and len(value) == 2:
        q, r = value
        if _is_int(q) and _is_int(r):
            return (q, r)
    raise IllegalAction(f"The {what} is given as [q, r].", "malformed_action")


def explorer_index(action: Mapping[str, Any], explorers: int) -> int:
    """The explorer an action names (the first by default)."""
    index = action.get("explorer", 0)
    if not _is_int(index) or not 0 <= index < explorers:
        raise IllegalAction(f"You have no explorer {index!r}.", "no_such_explorer")
    return index
