"""A match's live part for one viewer, as the HTTP views and the sockets serve it."""

from __future__ import annotations

from types import EllipsisType

from django.http import HttpRequest
from django.middleware.csrf import get_token

from accounts.models import User
from games.models import Match
from games.play.live import render
from games.presenters.common import take_snapshot
from games.presenters.page import viewer_position


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
