"""A match's live part for one viewer, as the HTTP views and the sockets serve it."""

from __future__ import annotations

from types import EllipsisType
from typing import Any

from django.http import HttpRequest
from django.middleware.csrf import get_token

from accounts.models import User
from games.boards.common import base_context, take_snapshot, viewer_seat
from games.boards.registry import board_for
from games.live import render
from games.models import Match


def match_context(
    match: Match, user: User | None, selected_card: int | None = None
) -> dict[str, Any]:
    """Everything the board templates see for this viewer, and nothing they may not see."""
    context = base_context(match, user, selected_card)
    if context.get("view") is not None:
        context.update(board_for(match.game).build(context))
    return context


def viewer_position(match: Match, user: User | None) -> int | None:
    """The seat the user plays in the match, or None: they see what the public sees."""
    if user is None or not user.is_authenticated:
        return None
    loaded = match.loaded_seats()
    if loaded is not None:
        return viewer_seat(match, loaded, user)
    return match.seats.filter(user=user).values_list("position", flat=True).first()


def live_html(
    match: Match,
    user: User | None,
    selected_card: int | None = None,
    position: int | None | EllipsisType = ...,
) -> str:
    """The whole live part for this viewer, from the fragment rendered once per version.

    A card chosen without JavaScript (`?card=`) is rendered for this request alone.
    `position`: the user's seat (None: the public) when the caller knows it already."""
    if position is ...:
        position = viewer_position(match, user)
    if selected_card is None:
        rendered = render.current(match, position)
    else:
        rendered = render.render_viewer(take_snapshot(match), position, selected_card)
    return render.compose(match, rendered)


def render_live(
    match: Match,
    user: User | None,
    *,
    oob: bool = False,
    flash: str = "",
    request: HttpRequest | None = None,
    csrf_token: str = "",
    selected_card: int | None = None,
    position: int | None | EllipsisType = ...,
) -> str:
    """The live part of the match page as HTML: as a socket gets it (`oob`), or for a page."""
    html = live_html(match, user, selected_card, position)
    if oob:
        return render.for_socket(
            html.replace(render.FLASH_EMPTY, render.flash_html(flash), 1) if flash else html
        )
    token = csrf_token or (get_token(request) if request is not None else "")
    return render.for_page(html, token, flash)


def live_changes(match: Match, user: User | None, shown: str) -> str | None:
    """The parts that changed since the version the player's form was on, as out-of-band
    swaps for an htmx answer; None when that version is not at hand (send the whole part)."""
    if not shown.isdigit():
        return None
    position = viewer_position(match, user)
    old = render.cached(match, int(shown), position)
    if old is None or old.version >= match.version:
        return None
    new = render.current(match, position)
    if old.skeleton != new.skeleton:
        return None
    return render.out_of_band(new, old)
