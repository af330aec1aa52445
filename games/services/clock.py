"""Time controls: a seat that lets its time run out is played for, then retired."""

from __future__ import annotations

import logging
import threading
import time
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from games.models import Match, Seat, Status
from games.services.bots import autopilot_level, choose_for_seat, play_bots, runner_busy
from games.services.errors import ServiceError
from games.services.state import current_state, engine_for

log = logging.getLogger(__name__)

TIMEOUTS_BEFORE_RETIRING = 3
# The in-process clock picks up a bot turn only in a match idle this long: the runner of the
# process that took the last move (maybe another one) plays it first, at its live pace.
CLOCK_IDLE_SECONDS = 30


def overdue(now=None) -> list[int]:
    """Running matches whose current move is past its time."""
    now = now or timezone.now()
    matches = Match.objects.filter(status=Status.ACTIVE, turn_started__isnull=False)
    return [m.pk for m in matches if m.deadline is not None and m.deadline <= now]


def time_out(match_id: int, now=None) -> int:
    """Play a move for every seat that ran out of time; count the moves made."""
    from games.services.play import act_for_seat

    now = now or timezone.now()
    match = Match.objects.get(pk=match_id)
    if match.status != Status.ACTIVE or match.deadline is None or match.deadline > now:
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
            match = act_for_seat(match.pk, position, action, match.version)
        except ServiceError as exc:
            log.info("time-out move in match %s skipped: %s", match.pk, exc.message)
            break
        moves += 1
        with transaction.atomic():
            timeouts = seat.timeouts + 1
            Seat.objects.filter(pk=seat.pk).update(
                timeouts=timeouts, resigned=timeouts >= TIMEOUTS_BEFORE_RETIRING
            )
        if match.status != Status.ACTIVE:
            break
        state = current_state(match)
    return moves


def tick(now=None, idle_seconds: float = 0) -> dict[str, int]:
    """One pass of the periodic job: time-outs, then any bot turn left waiting (in matches
    untouched for `idle_seconds`: a runner busy elsewhere is given time to move first)."""
    timed_out = sum(time_out(match_id, now) for match_id in overdue(now))
    bot_moves = 0
    active = Match.objects.filter(status=Status.ACTIVE)
    if idle_seconds:
        active = active.filter(updated__lt=timezone.now() - timedelta(seconds=idle_seconds))
    for match_id in active.values_list("pk", flat=True):
        # A match this process's runner is already playing keeps its live pace.
        if not runner_busy(match_id):
            bot_moves += play_bots(match_id)
    return {"timeouts": timed_out, "bot_moves": bot_moves}


_clock_started = threading.Event()


def start_clock(interval: float) -> bool:
    """Run `tick` every `interval` seconds in a daemon thread of this process (once).

    Several web processes may each run one: every move is applied under a row lock against the
    version it was chosen for, so a time-out or bot move is never played twice."""
    if interval <= 0 or _clock_started.is_set():
        return False
    _clock_started.set()

    def loop() -> None:
        from django.db import close_old_connections

        while True:
            time.sleep(interval)
            try:
                tick(idle_seconds=CLOCK_IDLE_SECONDS)
                close_old_connections()
            except Exception:
                # The clock must outlive any one failed pass; the next one tries again.
                log.exception("clock tick failed")

    threading.Thread(target=loop, name="match-clock", daemon=True).start()
    return True
