"""Errors a service raises with a sentence fit to show the player."""

from __future__ import annotations


class ServiceError(Exception):
    """Something the player asked for cannot be done; the message says why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class ActionRefused(ServiceError):
    """A move that is illegal, out of turn, malformed, or in a match that is not running."""


class StaleVersion(ActionRefused):
    """The player acted on a board that has changed since they saw it."""
