"""Who in a match is on vacation, and what that does to the clock, as the match page says it.

Read per request, in the page around the live part: a vacation starts and ends without a move,
so the renderings kept per version (and pushed) cannot carry it."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from accounts.models import User
from accounts.vacation import pauses
from games.models import Match, Pace
from games.play.services.clock import turn_deadline


@dataclass(frozen=True)
class AwayPlayer:
    name: str
    until: datetime
    # When their move is due, their paused time left out: only while the match waits for it
    # in a correspondence match (live clocks run on).
    due: datetime | None = None


@dataclass(frozen=True)
class ClockNotes:
    away: list[AwayPlayer] = field(default_factory=list)
    # The viewer's own move, when time on vacation made it due later than the turn's deadline.
    your_due: datetime | None = None


def clock_notes(match: Match, user: User | None) -> ClockNotes:
    """The other players on vacation, and when the viewer's own paused move is due."""
    if match.is_over:
        return ClockNotes()
    seats = match.seats_in_order()
    you = user.pk if user is not None and user.is_authenticated else None
    clocked = match.pace == Pace.CORRESPONDENCE and match.deadline is not None
    awaited = {s.user_id: s for s in seats if s.user_id and s.to_move and not s.resigned}
    paused = pauses(awaited, match.turn_started) if clocked and awaited else {}

    def due(user_id: int) -> datetime | None:
        if user_id not in awaited or not clocked:
            return None
        return turn_deadline(match, paused.get(user_id, ()))

    away = []
    for seat in seats:
        until = seat.user.away_until if seat.user is not None and seat.user_id != you else None
        if until is not None:
            away.append(AwayPlayer(seat.name, until, due(seat.user_id)))
    yours = due(you) if you is not None else None
    return ClockNotes(away, yours if yours != match.deadline else None)
