"""Who looks at a match page: one of its seats, or the public (spectators and guests)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable

from django.core.cache import cache

PUBLIC = "public"
# How long a count of a viewer's open sockets is kept after its last socket opened. A count
# that is gone counts as watched: a push is rendered for a viewer unless nobody is known to look.
WATCH_SECONDS = 7 * 24 * 3600


def viewer_key(position: int | None) -> str:
    """The name of a viewer: `seat<n>` for a seat, `public` for everyone else."""
    return PUBLIC if position is None else f"seat{position}"


def viewer_group(match_id: int, position: int | None) -> str:
    """The channel-layer group whose sockets see exactly this viewer's fragments."""
    if position is None:
        return f"match.{match_id}.{PUBLIC}"
    return f"match.{match_id}.seat.{position}"


def inbox_group(user_id: int) -> str:
    """The channel-layer group that reaches every open page of one player."""
    return f"inbox.{user_id}"


def _watch_key(match_id: int, position: int | None) -> str:
    return f"watching:{match_id}:{viewer_key(position)}"


async def watch(match_id: int, position: int | None) -> None:
    """Count a socket open on this viewer of the match (across workers, in the cache)."""
    key = _watch_key(match_id, position)
    await cache.aadd(key, 0, WATCH_SECONDS)
    await cache.aincr(key)
    await cache.atouch(key, WATCH_SECONDS)


async def unwatch(match_id: int, position: int | None) -> None:
    """Count a socket of this viewer closed."""
    with contextlib.suppress(ValueError):  # the count expired meanwhile
        await cache.adecr(_watch_key(match_id, position))


def unwatched(match_id: int, positions: Iterable[int | None]) -> set[int | None]:
    """The viewers of the match that no open socket is known to watch."""
    keys = {position: _watch_key(match_id, position) for position in positions}
    counts = cache.get_many(list(keys.values()))
    return {
        position
        for position, key in keys.items()
        if counts.get(key) is not None and counts[key] <= 0
    }


def watched(match_id: int, positions: Iterable[int | None]) -> set[int | None]:
    """The viewers of the match that an open socket is known to watch. Unlike a push, which
    renders for a count that is gone, telling a player what they missed counts it as nobody."""
    keys = {position: _watch_key(match_id, position) for position in positions}
    counts = cache.get_many(list(keys.values()))
    return {position for position, key in keys.items() if (counts.get(key) or 0) > 0}
