"""Time controls: a seat that lets its time run out is played for, then retired.

A player on vacation is not timed out in correspondence matches: their clock stands still
until the vacation ends, and the time that passed meanwhile is not counted. Live clocks run on."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone

from accounts.vacation import Pause, clock_runs_out, pauses
from games.models import Match, Pace, Status
from games.play.services.bot_turns import autopilot_level, choose_for_seat, play_waiting
from games.play.services.errors import ServiceError
from games.play.services.state import current_state, engine_for

log = logging.getLogger(__name__)

TIMEOUTS_BEFORE_RETIRING = 3


def turn_deadline(match: Match, paused: Sequence[Pause] = ()) -> datetime | None:
    """When the current turn runs out for a player whose clock stood still while `paused`."""
    deadline = match.deadline
    if deadline is None or match.pace != Pace.CORRESPONDENCE or not paused:
        return deadline
    return clock_runs_out(match.turn_started, match.move_time, paused)


def turn_due(match: Match, seats: Sequence) -> datetime | None:
    """When the move the match awaits is due, as the board says it: the soonest due time of
    the people it waits for, each later by their vacations since the turn began (a query only
    when one of them has been on vacation since)."""
    deadline = match.deadline
    if deadline is None or match.pace != Pace.CORRESPONDENCE:
        return deadline
    awaited = [s for s in seats if s.to_move and s.user_id and not s.resigned]
    away = [
        s.user_id
        for s in awaited
        if s.user.vacation_until is not None and s.user.vacation_until > match.turn_started
    ]
    if not away:
        return deadline
    paused = pauses(away, match.turn_started)
    return min(turn_deadline(match, paused.get(s.user_id, [])) for s in awaited)


def deadlines_for(user_id: int, matches: Iterable[Match]) -> dict[int, datetime | None]:
    """By match id: when the user's move in each match is due, their vacations left out (at
    most one query)."""
    matches = list(matches)
    paused_since = [
        m.turn_started for m in matches if m.pace == Pace.CORRESPONDENCE and m.deadline is not None
    ]
    paused = pauses([user_id], min(paused_since)).get(user_id, []) if paused_since else []
    return {m.pk: turn_deadline(m, paused) for m in matches}


def overdue(now: datetime | None = None) -> list[int]:
    """Running matches whose current move is past its time."""
    now = now or timezone.now()
    matches = Match.objects.filter(status=Status.ACTIVE, turn_started__isnull=False)
    return [m.pk for m in matches if m.deadline is not None and m.deadline <= now]


@dataclass(frozen=True)
class TimeOut:
    """What a time-out check did: the moves it played, and when to look again for the seats
    whose clocks a vacation stopped (None: no need)."""

    moves: int = 0
    recheck: datetime | None = None


def time_out(match_id: int, now: datetime | None = None, turn_version: int | None = None) -> int:
    """Play a move for every seat that ran out of time; count the moves made.

    With `turn_version`, only while the match is still on that turn."""
    return run_out(match_id, now, turn_version).moves


def run_out(match_id: int, now: datetime | None = None, turn_version: int | None = None) -> TimeOut:
    """`time_out`, telling also when the seats on vacation run out (None: none was skipped)."""
    from games.play.services.play import act_for_seat

    now = now or timezone.now()
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.status != Status.ACTIVE:
        return TimeOut()
    if turn_version is not None and match.turn_version != turn_version:
        return TimeOut()
    if match.deadline is None or match.deadline > now:
        return TimeOut()
    turn = match.turn_version
    engine = engine_for(match)
    state = current_state(match)
    humans = {s.position: s for s in match.seats.all() if s.user_id and not s.resigned}
    paused: dict[int, list[Pause]] = {}
    if match.pace == Pace.CORRESPONDENCE:
        paused = pauses((s.user_id for s in humans.values()), match.turn_started)
    later: list[datetime] = []
    moves = 0
    for position in sorted(engine.to_act(state)):
        seat = humans.get(position)
        if seat is None:
            continue
        due = turn_deadline(match, paused.get(seat.user_id, ()))
        if due is not None and due > now:
            later.append(due)
            continue
        action = choose_for_seat(match, state, position, autopilot_level(match.game), "timeout")
        try:
            # The move counts the time-out in its own transaction, so what follows the commit
            # (a bot turn for a seat retired here, the result of a match it ends) sees both.
            match = act_for_seat(match.pk, position, action, match.version, timed_out=True)
        except ServiceError as exc:
            log.info("time-out move in match %s skipped: %s", match.pk, exc.message)
            break
        moves += 1
        if match.status != Status.ACTIVE:
            break
        state = current_state(match)
    if not later or match.status != Status.ACTIVE or match.turn_version != turn:
        return TimeOut(moves)  # a new turn has a deadline of its own
    return TimeOut(moves, min(later))


def tick(now: datetime | None = None, idle_seconds: float = 0) -> dict[str, int]:
    """One pass of the safety net: overdue time-outs, then any bot turn left waiting.

    With `idle_seconds`, only in matches untouched that long (a queued bot turn goes first)."""
    timed_out = sum(time_out(match_id, now) for match_id in overdue(now))
    bot_moves = 0
    active = Match.objects.filter(status=Status.ACTIVE)
    if idle_seconds:
        active = active.filter(updated__lt=timezone.now() - timedelta(seconds=idle_seconds))
    for match_id in active.values_list("pk", flat=True):
        bot_moves += play_waiting(match_id)
    return {"timeouts": timed_out, "bot_moves": bot_moves}
