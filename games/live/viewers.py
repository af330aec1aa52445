"""Who looks at a match page: one of its seats, or the public (spectators and guests)."""

from __future__ import annotations

PUBLIC = "public"


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
