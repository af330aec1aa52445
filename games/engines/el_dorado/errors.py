"""The one error an illegal action raises."""

from __future__ import annotations

from typing import Any


class IllegalAction(ValueError):
    """An action the rules do not allow. `code` (snake_case) and `params` (plain data: slugs,
    kinds, numbers) are what the site says to the player in their language; the message is the
    engine's own one-line reason, for `validate`, logs and tests, and is never shown on a page."""

    def __init__(self, message: str, code: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params
