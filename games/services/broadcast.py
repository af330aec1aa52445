"""Tell every open page of a match that it changed (after the change is committed)."""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from games.models import Match

log = logging.getLogger(__name__)


def match_group(match_id: int) -> str:
    """The channel-layer group of one match's sockets."""
    return f"match.{match_id}"


def announce(match: Match) -> None:
    """After commit: send `match.updated` with the new version; each socket renders its own view."""
    match_id, version = match.pk, match.version

    def send() -> None:
        layer = get_channel_layer()
        if layer is None:
            return
        try:
            async_to_sync(layer.group_send)(
                match_group(match_id), {"type": "match.updated", "version": version}
            )
        except Exception:  # a lost push is repaired by the page's refetch; never fail the move
            log.exception("could not announce match %s version %s", match_id, version)

    transaction.on_commit(send)
