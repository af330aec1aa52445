"""Who is told of what the site does: a turn, a start, a finish, a deadline drawing near.

Each is called inside the transaction of the change it tells of; a notification's key names
the event (the match and its turn), so telling it twice tells it once."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from games.models import Match, Pace, RatingChange
from games.notifications.models import Kind
from games.notifications.service import mark_read, notify

# The share of a correspondence move's time after which the player is warned.
DEADLINE_WARNING_AT = 0.8


def warning_time(match: Match) -> datetime | None:
    """When a correspondence player is warned that their time runs out."""
    if match.turn_started is None:
        return None
    return match.turn_started + match.move_time * DEADLINE_WARNING_AT


def _people(match: Match, positions: Collection[int] | None = None) -> list:
    return [
        seat
        for seat in match.seats_in_order()
        if seat.user_id and not seat.resigned and (positions is None or seat.position in positions)
    ]


def progress_saved(match: Match, waiting: frozenset[int], actor: int | None) -> None:
    """After a move (or the start) was saved: the mover's turn news is read; those asked anew
    in a correspondence match are told it is their turn; a finish is told to everyone."""
    if actor is not None and match.pace == Pace.CORRESPONDENCE:
        mover = next((s for s in match.seats_in_order() if s.position == actor), None)
        if mover is not None and mover.user_id:
            mark_read(mover.user_id, match_id=match.pk, kinds=[Kind.YOUR_TURN, Kind.DEADLINE])
    if match.is_finished:
        match_finished(match)
        return
    new_turn = match.turn_version == match.version
    if match.is_active and new_turn and match.pace == Pace.CORRESPONDENCE:
        for seat in _people(match, waiting):
            notify(
                seat.user_id,
                Kind.YOUR_TURN,
                f"turn:{match.pk}:{match.turn_version}",
                match.pk,
                game=match.game,
            )


def match_started(match: Match, actor_id: int | None = None) -> None:
    """Everyone seated but the player whose join or click started it."""
    for seat in _people(match):
        if seat.user_id != actor_id:
            notify(seat.user_id, Kind.STARTED, f"started:{match.pk}", match.pk, game=match.game)


def match_finished(match: Match) -> None:
    """Every person seated (resigned too): their place and, when rated, their rating change."""
    changes = {
        position: after - before
        for position, before, after in RatingChange.objects.filter(match=match).values_list(
            "seat__position", "display_before", "display_after"
        )
    }
    for seat in match.seats_in_order():
        if not seat.user_id:
            continue
        mark_read(seat.user_id, match_id=match.pk, kinds=[Kind.YOUR_TURN, Kind.DEADLINE])
        data = {"game": match.game, "place": seat.place, "players": match.players}
        if seat.position in changes:
            data["rating_change"] = changes[seat.position]
        notify(seat.user_id, Kind.FINISHED, f"finished:{match.pk}", match.pk, **data)


def deadline_near(match: Match, waiting: frozenset[int]) -> int:
    """Warn the people the match still waits for, once per turn; how many were warned."""
    told = 0
    for seat in _people(match, waiting):
        made = notify(
            seat.user_id,
            Kind.DEADLINE,
            f"deadline:{match.pk}:{match.turn_version}",
            match.pk,
            game=match.game,
        )
        told += made is not None
    return told
