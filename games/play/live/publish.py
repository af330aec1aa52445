"""After a change commits: render each viewer's fragment once and send it to that viewer's group.

A process that serves no sockets (the task worker on the embedded default, whose channel layer
lives only in memory) cannot reach the web server's sockets: it relays "this match changed" to
the web server over HTTP instead, signed with the site's secret key.
"""

from __future__ import annotations

import asyncio
import json
import logging
import urllib.request
from dataclasses import dataclass
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.core import signing
from django.utils import translation

from games.models import Match
from games.play.live import render
from games.play.live.viewers import languages, unwatched, viewer_group
from games.presenters.common import Snapshot, take_snapshot

log = logging.getLogger(__name__)
RELAY_SALT = "games.live.relay"
RELAY_MAX_AGE = 60  # seconds a relayed notice stays valid


@dataclass(frozen=True)
class CommittedMatch:
    """A match as a transaction saved it, at `version`, with its decoded state and recent
    log rows if known."""

    match: Match
    version: int
    state: Any | None = None
    recent: list[dict[str, Any]] | None = None

    def current(self) -> tuple[Match, Any | None, list[dict[str, Any]] | None] | None:
        """The match, state and rows, unless the match was changed again after it was saved."""
        if self.match.version != self.version:
            return None
        return self.match, self.state, self.recent


def publish(match_id: int, committed: CommittedMatch | None = None) -> int:
    """Render the match's current version for each viewer, keep it, push it; count the frames."""
    known = committed.current() if committed is not None else None
    if known is not None:
        match, state, recent = known
    else:
        match, state, recent = Match.objects.filter(pk=match_id).first(), None, None
    layer = get_channel_layer()
    if match is None:
        return 0
    messages = []
    with translation.override(settings.LANGUAGE_CODE):
        first = snapshot = take_snapshot(match, state, recent)
    positions = [None, *(seat.position for seat in snapshot.seats)]
    for language in languages():
        idle = unwatched(match.pk, positions, language)
        if language != settings.LANGUAGE_CODE:
            if len(idle) == len(positions):
                continue  # nobody reads the match in this language: nothing to render or send
            # Its own snapshot: the names, parts and log lines one keeps are text.
            snapshot = None
        with translation.override(language):
            if snapshot is None:
                snapshot = take_snapshot(match, first.state, first.log_rows)
            messages.extend(_render_language(snapshot, positions, idle, language))
    if layer is None:
        return 0
    async_to_sync(_send_all)(layer, messages)
    return len(messages)


def _render_language(
    snapshot: Snapshot, positions: list[int | None], idle: set[int | None], language: str
) -> list[tuple[str, dict]]:
    match = snapshot.match
    messages = []
    # The public first: the parts every viewer shares are rendered from its view.
    for position in positions:
        group = viewer_group(match.pk, position, language)
        if position in idle:
            # Rendered when someone asks for it; a socket the count missed refetches.
            if position is None:
                render.render_viewer(snapshot, None, shared_only=True)
            html = render.notice(match.version)
        else:
            new = render.render_viewer(snapshot, position)
            old = render.cached(match, match.version - 1, position)
            render.store(match, new, position)
            html = render.push_frame(match, new, old)
        messages.append((group, {"type": "live.frame", "version": match.version, "html": html}))
    return messages


async def _send_all(layer, messages: list[tuple[str, dict]]) -> None:
    # One hop to the event loop for all of a change's frames, not one per viewer, and the
    # sends side by side: with Redis each is a round trip, and the request thread waits.
    await asyncio.gather(*(layer.group_send(group, message) for group, message in messages))


def relay_token(match_id: int) -> str:
    """A signed notice that a match changed, for the web server's relay endpoint."""
    return signing.dumps({"match": match_id}, salt=RELAY_SALT)


def read_relay_token(token: str) -> int:
    """The match a relayed notice names; `signing.BadSignature` when forged or stale."""
    return int(signing.loads(token, salt=RELAY_SALT, max_age=RELAY_MAX_AGE)["match"])


def _relay(url: str, match_id: int) -> None:
    post_to_relay(url, {"token": relay_token(match_id)})


def post_to_relay(url: str, notice: dict[str, str]) -> None:
    """Hand a signed notice to the web server's relay endpoint."""
    body = json.dumps(notice).encode()
    request = urllib.request.Request(
        url, data=body, headers={"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=5) as response:  # noqa: S310 - our own server
        response.read()


def after_commit(match_id: int, committed: CommittedMatch | None = None) -> None:
    """Publish a committed change here, or relay it to the web server that holds the sockets."""
    try:
        if settings.LIVE_RELAY_URL:
            _relay(settings.LIVE_RELAY_URL, match_id)
        else:
            publish(match_id, committed)
    except Exception:  # a lost push is repaired by the page's refetch; never fail the move
        log.exception("could not publish match %s", match_id)
