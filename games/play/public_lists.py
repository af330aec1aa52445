"""When the lobby's public lists (open, live and finished matches) last changed.

The lists are the same for every visitor, so the lobby renders them once per change; flows that
add, fill, start or finish a match say so here, and the number they bump names the rendering.
"""

from __future__ import annotations

from django.core.cache import cache
from django.db import transaction

LISTS_GENERATION = "lobby:lists-generation"


def lists_generation() -> int:
    """A number that changes whenever a match enters, leaves or changes in the public lists."""
    return cache.get_or_set(LISTS_GENERATION, 0, None)


def lists_changed() -> None:
    """After commit: a match was created, joined, left, started or finished."""

    def bump() -> None:
        try:
            cache.incr(LISTS_GENERATION)
        except ValueError:  # not kept yet (or evicted): any new number will do
            cache.set(LISTS_GENERATION, 1, None)

    transaction.on_commit(bump)
