"""Actions of Incan Gold: their validation and the error for illegal ones."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .state import Choice

# Every code an IllegalAction of this game can carry; the site has a sentence for each.
ERROR_CODES: tuple[str, ...] = (
    "not_an_object",
    "no_type",
    "unknown_type",
    "unexpected_field",
    "no_choice",
    "unknown_choice",
    "game_over",
    "no_such_seat",
    "left_temple",
)


class IllegalAction(ValueError):
    """An action the rules do not allow: a `code` from ERROR_CODES and its `params`, which the
    site turns into a sentence. The message is for logs and tracebacks only."""

    def __init__(self, code: str, params: Mapping[str, Any] | None = None) -> None:
        self.code = code
        self.params: dict[str, Any] = dict(params or {})
        detail = ", ".join(f"{key}={value!r}" for key, value in sorted(self.params.items()))
        super().__init__(f"{code} ({detail})" if detail else code)


def parse_action(action: object) -> Choice:
    """The choice an action carries; a malformed action is an IllegalAction."""
    if not isinstance(action, Mapping):
        raise IllegalAction("not_an_object")
    if "type" not in action:
        raise IllegalAction("no_type")
    if action["type"] != "decide":
        raise IllegalAction("unknown_type", {"type": str(action["type"])})
    extra = sorted(str(key) for key in action if key not in ("type", "choice"))
    if extra:
        raise IllegalAction("unexpected_field", {"field": extra[0]})
    if "choice" not in action:
        raise IllegalAction("no_choice")
    choice = action["choice"]
    if choice not in ("continue", "return"):
        raise IllegalAction("unknown_choice", {"choice": str(choice)})
    return Choice(choice)
