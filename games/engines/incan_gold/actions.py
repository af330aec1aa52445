"""Actions of Incan Gold: their validation and the error for illegal ones."""

from __future__ import annotations

from collections.abc import Mapping

from .state import Choice


class IllegalAction(ValueError):
    """An action the rules do not allow, with a sentence saying why."""


def parse_action(action: object) -> Choice:
    """The choice an action carries; a malformed action is an IllegalAction."""
    if not isinstance(action, Mapping):
        raise IllegalAction("an action must be an object such as {'type': 'decide', ...}")
    if "type" not in action:
        raise IllegalAction("the action has no type")
    if action["type"] != "decide":
        raise IllegalAction(f"unknown action type {action['type']!r}; Incan Gold only has 'decide'")
    extra = sorted(str(key) for key in action if key not in ("type", "choice"))
    if extra:
        raise IllegalAction(f"unexpected field {extra[0]!r} in a decide action")
    if "choice" not in action:
        raise IllegalAction("a decide action needs a choice: 'continue' or 'return'")
    choice = action["choice"]
    if choice not in ("continue", "return"):
        raise IllegalAction(f"unknown choice {choice!r}; choose 'continue' or 'return'")
    return Choice(choice)
