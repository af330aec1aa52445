"""Who looks at a match page: one of its seats, or the public (spectators and guests), in a
language. Each (viewer, language) has its own group: a page gets its frames in the language it
was served in."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable

from django.conf import settings
from django.core.cache import cache

PUBLIC = "public"
# How long a count of a viewer's open sockets is kept after its last socket opened. A count
# that is gone counts as watched in the site's default language (a push is rendered for a
# viewer unless nobody is known to look); in any other language it counts as nobody, so that a
# language nobody reads costs nothing.
WATCH_SECONDS = 7 * 24 * 3600


def languages() -> list[str]:
    """The languages the site renders in, its default first."""
    codes = [code for code, _name in settings.LANGUAGES]
    default = settings.LANGUAGE_CODE
    return [default, *(code for code in codes if code != default)]


def group_language(language: str | None) -> str:
    """The offered language a socket's pages are rendered in (the default for any other)."""
    if language:
        base = language.split("-")[0].lower()
        if base in languages():
            return base
    return settings.LANGUAGE_CODE


def viewer_key(position: int | None) -> str:
    """The name of a viewer: `seat<n>` for a seat, `public` for everyone else."""
    return PUBLIC if position is None else f"seat{position}"


def viewer_group(match_id: int, position: int | None, language: str | None = None) -> str:
    """The channel-layer group whose sockets see exactly this viewer's fragments in `language`
    (the site's default when not given)."""
    language = group_language(language)
    if position is None:
        return f"match.{match_id}.{PUBLIC}.{language}"
    return f"match.{match_id}.seat.{position}.{language}"


def inbox_group(user_id: int) -> str:
    """The channel-layer group that reaches every open page of one player."""
    return f"inbox.{user_id}"


def _watch_key(match_id: int, position: int | None, language: str | None = None) -> str:
    return f"watching:{match_id}:{viewer_key(position)}:{group_language(language)}"


async def watch(match_id: int, position: int | None, language: str | None = None) -> None:
    """Count a socket open on this viewer of the match in a language (across workers)."""
    key = _watch_key(match_id, position, language)
    await cache.aadd(key, 0, WATCH_SECONDS)
    await cache.aincr(key)
    await cache.atouch(key, WATCH_SECONDS)


async def unwatch(match_id: int, position: int | None, language: str | None = None) -> None:
    """Count a socket of this viewer closed."""
    with contextlib.suppress(ValueError):  # the count expired meanwhile
        await cache.adecr(_watch_key(match_id, position, language))


def unwatched(
    match_id: int, positions: Iterable[int | None], language: str | None = None
) -> set[int | None]:
    """The viewers of the match that no open socket is known to watch in `language`."""
    language = group_language(language)
    keys = {position: _watch_key(match_id, position, language) for position in positions}
    counts = cache.get_many(list(keys.values()))
    if language == settings.LANGUAGE_CODE:
        return {
            position
            for position, key in keys.items()
            if counts.get(key) is not None and counts[key] <= 0
        }
    return {position for position, key in keys.items() if (counts.get(key) or 0) <= 0}


def watched(match_id: int, positions: Iterable[int | None]) -> set[int | None]:
    """The viewers of the match that an open socket is known to watch, in any language.
    Unlike a push, which renders for a count that is gone, telling a player what they missed
    counts it as nobody."""
    positions = list(positions)
    keys = {
        (position, language): _watch_key(match_id, position, language)
        for position in positions
        for language in languages()
    }
    counts = cache.get_many(list(keys.values()))
    return {position for (position, _lang), key in keys.items() if (counts.get(key) or 0) > 0}
