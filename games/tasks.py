"""Background work as tasks (Django's Tasks API): bot turns, move deadlines, post-game analyses.

Tasks take ids, never objects, and are idempotent: each re-reads the match and acts only if it
is still at the version (or turn) the task was queued for, and every move goes through the row
lock and version check of `act_for_seat`, so a task run twice, late, or by two workers at once
plays once. The database backend's `manage.py db_worker` runs them; `manage.py tick` is the
safety net for anything a lost task left waiting.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django_tasks import task

from games.models import Match, Pace, Status
from games.notifications.events import warning_time
from games.play.services import bot_turns
from games.play.services.clock import deadlines_for, run_out
from games.play.services.state import current_state, engine_for


@task
def bot_turn(match_id: int, version: int) -> int:
    """Play the site-played seats the match awaits at `version`; count the moves."""
    if bot_turns.hand_over(match_id, version):
        # Run inside the loop already playing this match (a backend that runs each task at
        # once, inside `enqueue`): that loop plays it next, so no call nests per turn.
        return 0
    moves = 0
    with bot_turns.playing(match_id):
        turn: int | None = version
        while turn is not None and moves < settings.BOT_MOVE_LIMIT:
            played, after = bot_turns.play_turn(match_id, turn)
            moves += played
            if after is None:
                break
            _queue_next_turn(after)
            turn = bot_turns.handed_over(match_id)
    return moves


@task
def analyse_match(match_id: int) -> int:
    """Work out a finished match's post-game analysis; how many decisions were judged."""
    from games.records.analysis import run_analysis

    return run_analysis(match_id)


@task
def move_deadline(match_id: int, turn_version: int) -> int:
    """At a turn's deadline: play for the seats out of time, if the match is still on that turn.

    A seat whose player is on vacation is looked at again when its paused clock runs out."""
    result = run_out(match_id, turn_version=turn_version)
    if result.recheck is not None:
        queue_deadline(match_id, turn_version, result.recheck)
    return result.moves


@task
def deadline_warning(match_id: int, turn_version: int) -> int:
    """Most of a correspondence turn's time gone: warn the people it still waits for."""
    from games.notifications.sweep import warn_if_due

    return warn_if_due(match_id, turn_version)


@task
def send_notification_mail(notification_id: int) -> bool:
    """Mail one notification (at most once, whoever runs it)."""
    from games.notifications.mail import send_one

    return send_one(notification_id)


@task
def send_digest(user_id: int) -> int:
    """A player's daily digest, if due."""
    from games.notifications.mail import send_digest as send

    return send(user_id)


def _queue_next_turn(match: Match) -> None:
    if match.is_active and bot_turns.bots_waiting(match):
        pace, match_id, version = match.pace, match.pk, match.version
        transaction.on_commit(lambda: queue_bot_turn(match_id, version, pace), robust=True)


def queue_bot_turn(match_id: int, version: int, pace: str = Pace.CORRESPONDENCE) -> None:
    """Queue the bot turn of the match at `version`: at once, or after a pause when live."""
    job = bot_turn
    delay = settings.BOT_LIVE_DELAY if pace == Pace.LIVE else 0
    if delay and job.get_backend().supports_defer:
        # Live players should see a bot think, not a wall of instant moves.
        job = job.using(run_after=timezone.now() + timedelta(seconds=delay))
    job.enqueue(match_id, version)


def queue_deadline(match_id: int, turn_version: int, deadline: datetime) -> None:
    """Queue the time-out check of a turn for its deadline (a backend that cannot wait: tick)."""
    job = move_deadline
    if not job.get_backend().supports_defer:
        return
    job.using(run_after=deadline).enqueue(match_id, turn_version)


def queue_warning(match_id: int, turn_version: int, when: datetime | None) -> None:
    """Queue the deadline warning of a turn (a backend that cannot wait: tick sends it)."""
    job = deadline_warning
    if when is None or not job.get_backend().supports_defer:
        return
    job.using(run_after=when).enqueue(match_id, turn_version)


def queue_paused_deadlines(user_id: int) -> None:
    """After a vacation ends early: the player's paused turns run out sooner than the checks
    already queued for them, so queue each turn's check for its new time."""
    matches = list(
        Match.objects.filter(
            status=Status.ACTIVE,
            pace=Pace.CORRESPONDENCE,
            seats__user_id=user_id,
            seats__to_move=True,
            seats__resigned=False,
        ).defer("snapshot")
    )
    due = deadlines_for(user_id, matches)
    for match in matches:
        if due[match.pk] is not None:
            queue_deadline(match.pk, match.turn_version, due[match.pk])


def after_change(match: Match, waiting: frozenset[int] | None = None) -> None:
    """After commit: queue the bot turn the match now awaits, and the deadline of a new turn."""
    if not match.is_active:
        return
    if waiting is None:
        waiting = engine_for(match).to_act(current_state(match))
    match_id, version, pace = match.pk, match.version, match.pace
    new_turn = match.turn_version == match.version
    deadline = match.deadline
    warning = warning_time(match)

    def queue() -> None:
        # After the commit, from the seats the move held: a seat retired in the same
        # transaction (a last time-out) is the site's by now.
        site = set(bot_turns.site_seats(match))
        if waiting & site and not bot_turns.is_playing(match_id):
            queue_bot_turn(match_id, version, pace)
        if new_turn and deadline is not None and waiting - site:
            queue_deadline(match_id, version, deadline)
            if pace == Pace.CORRESPONDENCE:
                queue_warning(match_id, version, warning)

    # A queue that fails must not fail the committed move: `tick` picks up what was lost.
    transaction.on_commit(queue, robust=True)
