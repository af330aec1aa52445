"""A match page's view model for one viewer: the common parts plus the game's own board."""

from __future__ import annotations

from typing import Any

from accounts.models import User
from games.models import Match
from games.presenters.common import base_context, viewer_seat
from games.presenters.registry import presenter_for


def match_context(
    match: Match, user: User | None, selected_card: int | None = None
) -> dict[str, Any]:
    """Everything the board templates see for this viewer, and nothing they may not see."""
    context = base_context(match, user, selected_card)
    if context.get("view") is not None:
        context.update(presenter_for(match.game).build(context))
    return context


def viewer_position(match: Match, user: User | None) -> int | None:
    """The seat the user plays in the match, or None: they see what the public sees."""
    if user is None or not user.is_authenticated:
        return None
    loaded = match.loaded_seats()
    if loaded is not None:
        return viewer_seat(match, loaded, user)
    return match.seats.filter(user=user).values_list("position", flat=True).first()
