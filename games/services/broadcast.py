"""Tell every open page of a match that it changed (after the change is committed)."""

from __future__ import annotations

from django.db import transaction

from games.live.publish import after_commit
from games.models import Match


def announce(match: Match) -> None:
    """After commit: render the new version once per viewer and push it to their sockets."""
    match_id = match.pk
    transaction.on_commit(lambda: after_commit(match_id))
