"""Seats the site plays itself: bots, and resigned players' seats. Never on the request path."""

from __future__ import annotations

import logging
import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from django.conf import settings
from django.db import close_old_connections

from games.bots.registry import bot_levels, get_bot
from games.models import Match, Pace, Status
from games.services.errors import ServiceError
from games.services.state import current_state, engine_for

log = logging.getLogger(__name__)

_executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="bots")
_pending: set[int] = set()
_pending_lock = threading.Lock()


def autopilot_level(game: str) -> str:
    """The bot that plays on for a player who resigned: the middle strength."""
    levels = bot_levels(game)
    return levels[len(levels) // 2]


def _site_seats(match: Match) -> dict[int, str]:
    seats = {}
    for seat in match.seats.all():
        if seat.bot_level:
            seats[seat.position] = seat.bot_level
        elif seat.resigned:
            seats[seat.position] = autopilot_level(match.game)
    return seats


def choose_for_seat(match: Match, state: object, position: int, level: str, why: str) -> dict:
    """The action a bot of `level` picks for a seat, seeing only that seat's view."""
    view = engine_for(match).player_view(state, position)
    # Its randomness comes from the match, so a choice can be explained after the fact.
    rng = random.Random(f"{match.seed}:{why}:{position}:{match.version}")
    return get_bot(match.game, level)(view, position, rng)


def play_one(match_id: int) -> bool:
    """Let one site-played seat move, if the match waits for one. True when a move was made."""
    match = Match.objects.get(pk=match_id)
    if match.status != Status.ACTIVE:
        return False
    engine = engine_for(match)
    state = current_state(match)
    seats = _site_seats(match)
    for position in sorted(engine.to_act(state)):
        level = seats.get(position)
        if level is None:
            continue
        action = choose_for_seat(match, state, position, level, "bot")
        from games.services.play import act_for_seat

        try:
            act_for_seat(match.pk, position, action, match.version)
        except ServiceError as exc:
            # Another worker moved first (stale), or the bot misjudged: log, never loop.
            log.info("bot move in match %s skipped: %s", match.pk, exc.message)
            return False
        return True
    return False


def play_bots(match_id: int, pace: str = Pace.CORRESPONDENCE) -> int:
    """Play site-played seats until a person is awaited or the match ends; count the moves."""
    moves = 0
    delay = settings.BOT_LIVE_DELAY if pace == Pace.LIVE else 0
    limit = settings.BOT_MOVE_LIMIT
    while moves < limit:
        if delay:
            # Live players should see a bot think, not a wall of instant moves.
            time.sleep(delay)
        if not play_one(match_id):
            break
        moves += 1
    return moves


def _run(match_id: int, pace: str) -> None:
    try:
        play_bots(match_id, pace)
    except Exception:
        log.exception("bot runner failed for match %s", match_id)
    finally:
        with _pending_lock:
            _pending.discard(match_id)
        close_old_connections()


_inline_running: set[int] = set()


def runner_busy(match_id: int) -> bool:
    """Whether this process's bot runner is playing (or about to play) the match."""
    with _pending_lock:
        return match_id in _pending or match_id in _inline_running


def schedule_bots(match_id: int, pace: str = Pace.CORRESPONDENCE) -> None:
    """Play waiting bots in the background (or at once when BOT_RUNNER is "inline")."""
    if settings.BOT_RUNNER == "inline":
        # Each bot move schedules the bots again after its commit: the loop already running
        # for this match plays them, so a match of bots alone never nests one call per move.
        if match_id in _inline_running:
            return
        _inline_running.add(match_id)
        try:
            play_bots(match_id, Pace.CORRESPONDENCE)
        finally:
            _inline_running.discard(match_id)
        return
    if settings.BOT_RUNNER != "thread":
        return  # "off": only `manage.py tick` plays bots
    with _pending_lock:
        if match_id in _pending:
            return
        _pending.add(match_id)
    _executor.submit(_run, match_id, pace)


def bots_waiting(match: Match) -> bool:
    """Whether the match is waiting for a seat the site plays."""
    if match.status != Status.ACTIVE:
        return False
    state = current_state(match)
    return bool(engine_for(match).to_act(state) & set(_site_seats(match)))
