"""The one error an illegal action raises."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow; the message says why in one sentence."""
