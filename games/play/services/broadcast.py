"""Tell every open page of a match that it changed (after the change is committed)."""

from __future__ import annotations

import threading
from typing import Any

from django.db import transaction

from games.models import Match
from games.play.live.publish import CommittedMatch, after_commit

# Per thread: the last change announced for each match, so that of several changes committed
# together only the last is pushed (the pages want the newest version, not each step).
_announced = threading.local()


def _latest() -> dict[int, CommittedMatch]:
    if not hasattr(_announced, "matches"):
        _announced.matches = {}
    return _announced.matches


def announce(
    match: Match, state: Any | None = None, recent: list[dict[str, Any]] | None = None
) -> None:
    """After commit: render the new version once per viewer and push it to their sockets.

    The match as saved, its decoded state and its recent log rows go along, so the push
    reads none of them again."""
    match_id = match.pk
    committed = CommittedMatch(match, match.version, state, recent)
    latest = _latest()
    latest[match_id] = committed

    def push() -> None:
        if latest.get(match_id) is not committed:
            return  # a later change of the same commit pushes the newest version
        del latest[match_id]
        after_commit(match_id, committed)

    transaction.on_commit(push)
