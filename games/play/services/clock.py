"""Time controls: a seat that lets its time run out is played for, then retired."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.utils import timezone

from games.models import Match, Status
from games.play.services.bot_turns import autopilot_level, choose_for_seat, play_waiting
from games.play.services.errors import ServiceError
from games.play.services.state import current_state, engine_for

log = logging.getLogger(__name__)

TIMEOUTS_BEFORE_RETIRING = 3


def overdue(now: datetime | None = None) -> list[int]:
    """Running matches whose current move is past its time."""
    now = now or timezone.now()
    matches = Match.objects.filter(status=Status.ACTIVE, turn_started__isnull=False)
    return [m.pk for m in matches if m.deadline is not None and m.deadline <= now]


def time_out(match_id: int, now: datetime | None = None, turn_version: int | None = None) -> int:
    """Play a move for every seat that ran out of time; count the moves made.

    With `turn_version`, only while the match is still on that turn."""
    from games.play.services.play import act_for_seat

    now = now or timezone.now()
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.status != Status.ACTIVE:
        return 0
    if turn_version is not None and match.turn_version != turn_version:
        return 0
    if match.deadline is None or match.deadline > now:
        return 0
    engine = engine_for(match)
    state = current_state(match)
    humans = {s.position: s for s in match.seats.all() if s.user_id and not s.resigned}
    moves = 0
    for position in sorted(engine.to_act(state)):
        seat = humans.get(position)
        if seat is None:
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
    return moves


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
