"""One viewer's live fragment of a match: rendered once per version, cut into parts.

A rendering is a skeleton (the page's `#match-live` with a `<!--part:NAME-->` slot for every
part) and the HTML of each part. The whole fragment is the skeleton with its slots filled; a
push after a move carries only the parts that differ from the viewer's previous version.
Static parts (the El Dorado map's drawing) depend only on the match's options: they are kept
once per match and never pushed.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape as escape_html
from typing import Any

from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from games.models import Match
from games.play.live.viewers import viewer_key
from games.presenters.common import LogLine, Snapshot, base_context, take_snapshot
from games.presenters.parts import BoardPart
from games.presenters.registry import presenter_for
from games.presenters.seat_marks import seat_markers

# Rendered in place of the CSRF token: pushed fragments are shared by every socket of a viewer,
# so they carry none (htmx sends the page's token as a header); a page served over HTTP gets
# its own token in the same place.
CSRF_SLOT = "csrf-slot"
CSRF_INPUT = f'<input type="hidden" name="csrfmiddlewaretoken" value="{CSRF_SLOT}">'
SLOT = re.compile(r"<!--part:([\w-]+)-->")
VERSION_SLOT = "<!--version-->"
FLASH_EMPTY = '<div id="match-flash"></div>'
_FIRST_TAG = re.compile(r"^<(\w+)")


def _status_alike(context: Mapping[str, Any]) -> Hashable:
    # A finished match's result marks the viewer's own line; before that, only the turn differs.
    return context.get("your_turn"), None if context["match"].is_active else context["you"]


def _controls_alike(context: Mapping[str, Any]) -> Hashable:
    # A player who resigned has no moves, but may still ask for a rematch once it is over.
    return context["you"] is not None, context["you_resigned"]


COMMON_PARTS = (
    BoardPart("match-status", "games/live.html#status", alike=_status_alike),
    BoardPart("match-log", "games/live.html#log"),
    BoardPart("match-controls", "games/live.html#controls", alike=_controls_alike),
    # Read out by screen readers from the polite live region around its slot (games/live.html).
    BoardPart("match-announce", "games/boards/announce.html"),
)
CACHE_SECONDS = 600
STATIC_SECONDS = 24 * 3600
# The board of a game whose template is not cut into parts yet travels as one part.
WHOLE = "board-whole"
SKELETON = "skeleton"


@dataclass(frozen=True)
class Rendered:
    """A viewer's fragment of one version of a match."""

    version: int
    skeleton: str
    parts: dict[str, str] = field(default_factory=dict)
    statics: tuple[str, ...] = ()


def _key(match: Match, version: int, position: int | None) -> str:
    # The invite token is random per match: a reused id never meets another match's pages.
    language = translation.get_language()
    return f"live:{match.pk}:{match.invite_token}:{version}:{viewer_key(position)}:{language}"


def _static_key(match: Match, name: str) -> str:
    return f"live:static:{match.pk}:{match.invite_token}:{name}:{translation.get_language()}"


def _render_part(part: BoardPart, context: dict) -> str:
    html = render_to_string(part.template, context).strip()
    if part.name == WHOLE:
        html = f'<div id="{WHOLE}">{html}</div>'
    return html


def render_viewer(
    snapshot: Snapshot,
    position: int | None,
    selected_card: int | None = None,
    *,
    shared_only: bool = False,
) -> Rendered:
    """Render the fragment of one viewer (a seat, or None for the public) at this version.

    `shared_only`: render only the parts every viewer shares, into the snapshot, for the
    viewers rendered after this one (the public, when nobody watches as the public)."""
    match = snapshot.match
    context = base_context(match, None, selected_card, snapshot=snapshot, you=position)
    context["csrf_token"] = CSRF_SLOT
    parts: dict[str, str] = {}
    statics: list[str] = []
    slots: list[str] = []
    if snapshot.state is not None:
        board = presenter_for(match.game)
        context.update(board.build(context))
        context["board_class"] = board.css_class
        slotted: set[str] = set()
        for part in board.parts:
            if part.static:
                html = cache.get(_static_key(match, part.name))
                if html is None:
                    html = _render_part(part, context)
                    cache.set(_static_key(match, part.name), html, STATIC_SECONDS)
                statics.append(part.name)
                slotted.update(SLOT.findall(html))
        context["log_items"] = log_items(context["log"], snapshot.log_items)
        for part in (*board.parts, *COMMON_PARTS):
            if part.static or (shared_only and not part.shared):
                continue
            if part.shared or part.alike is not None:
                key = (part.name, part.alike(context) if part.alike is not None else None)
                html = snapshot.shared_parts.get(key)
                if html is None:
                    html = snapshot.shared_parts[key] = _render_part(part, context)
                parts[part.name] = html
            else:
                parts[part.name] = _render_part(part, context)
        slots = [part.name for part in board.parts if part.name not in slotted]
    context["board_slots"] = slots
    # Once the match has started, the layout around the parts is the same for every viewer.
    skeleton = snapshot.shared_parts.get(SKELETON) if snapshot.state is not None else None
    if skeleton is None:
        skeleton = render_to_string("games/live.html#live", context).strip()
        if snapshot.state is not None:
            snapshot.shared_parts[SKELETON] = skeleton
    return Rendered(match.version, skeleton, parts, tuple(statics))


def log_items(lines: Sequence[LogLine], memo: dict[LogLine, str] | None = None) -> SafeString:
    """The log's entries newest first, as list items (a loop too hot for the template engine).

    `memo` keeps each line's item for the other viewers of the same version: most lines read
    the same to everyone, and escaping each one again per viewer was most of a push's cost."""
    if memo is None:
        memo = {}
    items = []
    for line in reversed(lines):
        item = memo.get(line)
        if item is None:
            private = " log-private" if line.private else ""
            marks = f"{seat_markers(line.seats)} " if line.seats else ""
            item = memo[line] = (
                f'<li class="log-{escape_html(line.kind)}{private}">'
                f"{marks}{escape_html(line.text)}</li>"
            )
        items.append(item)
    return mark_safe("".join(items))  # noqa: S308 - every value above is escaped


def cached(match: Match, version: int, position: int | None) -> Rendered | None:
    """A viewer's fragment of a version, if it was rendered lately."""
    return cache.get(_key(match, version, position))


def store(match: Match, rendered: Rendered, position: int | None) -> None:
    """Keep a viewer's fragment for the sockets and refetches that ask for it."""
    cache.set(_key(match, rendered.version, position), rendered, CACHE_SECONDS)


def current(match: Match, position: int | None) -> Rendered:
    """A viewer's fragment of the match's current version: from the cache, or rendered now."""
    rendered = cached(match, match.version, position)
    if rendered is None:
        rendered = render_viewer(take_snapshot(match), position)
        store(match, rendered, position)
    return rendered


def _statics(match: Match, rendered: Rendered) -> dict[str, str]:
    found = {name: cache.get(_static_key(match, name)) for name in rendered.statics}
    if any(html is None for html in found.values()):
        render_viewer(take_snapshot(match), None)  # renders and keeps the static parts again
        found = {name: cache.get(_static_key(match, name)) or "" for name in rendered.statics}
    return found


def compose(match: Match, rendered: Rendered) -> str:
    """The whole `#match-live` of a rendering, its slots filled (CSRF slot still in place)."""
    pieces = {**_statics(match, rendered), **rendered.parts}

    def fill(found: re.Match) -> str:
        return pieces.get(found.group(1), "")

    html = SLOT.sub(fill, rendered.skeleton)
    html = SLOT.sub(fill, html)  # slots inside static parts
    return html.replace(VERSION_SLOT, str(rendered.version))


def for_page(html: str, csrf_token: str = "", flash: str = "") -> SafeString:
    """A composed fragment as one browser gets it over HTTP: its own CSRF token, any error."""
    html = html.replace(CSRF_INPUT, CSRF_INPUT.replace(CSRF_SLOT, escape(csrf_token)))
    if flash:
        html = html.replace(FLASH_EMPTY, flash_html(flash), 1)
    return mark_safe(html)  # noqa: S308 - rendered by templates with autoescape


def for_socket(html: str) -> str:
    """A composed fragment or part as every socket of a viewer gets it: no token."""
    return html.replace(CSRF_INPUT, "")


def flash_html(text: str) -> str:
    """The error box of the match page, saying `text`."""
    return (
        f'<div id="match-flash"><p class="message message-error" role="alert">'
        f"{escape(text)}</p></div>"
    )


def version_marker(version: int, base: int | None = None) -> str:
    """The element that tells the page which version it shows (and what a diff applies to)."""
    base_attr = f' data-base="{base}"' if base is not None else ""
    return f'<span id="match-version" data-version="{version}"{base_attr} hidden></span>'


def notice(version: int) -> str:
    """A frame for a viewer nobody was known to watch: only the version, marked as changing
    itself, which a page never shows, so a page that does watch fetches the version whole."""
    return version_marker(version, version)


def changed(new: Rendered, old: Rendered) -> list[str]:
    """The version marker, an emptied error box and the parts of `new` that differ from `old`."""
    parts = [html for name, html in new.parts.items() if old.parts.get(name) != html]
    return [version_marker(new.version, old.version), FLASH_EMPTY, *parts]


def changes(new: Rendered, old: Rendered) -> str:
    """The changed elements as one socket frame (htmx's ws extension swaps each by id)."""
    return for_socket("".join(changed(new, old)))


def out_of_band(new: Rendered, old: Rendered) -> str:
    """The changed elements as an HTTP answer: each marked for htmx to swap in by its id."""
    marked = [
        _FIRST_TAG.sub(r'<\1 hx-swap-oob="true"', html, count=1) for html in changed(new, old)
    ]
    return for_socket("".join(marked))


def push_frame(match: Match, new: Rendered, old: Rendered | None) -> str:
    """What a viewer's sockets are sent for a new version: the changed parts when the
    previous version is known and laid out alike, else the whole fragment."""
    if old is not None and old.version == new.version - 1 and old.skeleton == new.skeleton:
        return changes(new, old)
    return for_socket(compose(match, new))
