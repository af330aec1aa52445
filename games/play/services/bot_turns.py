"""Seats the site plays itself: bots, and resigned players' seats. Never on the request path."""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings

from games.bots.registry import bot_levels, get_bot
from games.models import Match, Status
from games.play.services.errors import ServiceError
from games.play.services.state import current_state, engine_for

log = logging.getLogger(__name__)

# Games whose seats are all asked at once for one decision: a seat asked again has seen the
# next card, and that is the next turn. Elsewhere a seat takes several actions a turn.
ONE_ACTION_TURNS = frozenset({"incan-gold"})


def autopilot_level(game: str) -> str:
    """The bot that plays on for a player who resigned: the middle strength."""
    levels = bot_levels(game)
    return levels[len(levels) // 2]


def site_seats(match: Match) -> dict[int, str]:
    """The seats the site plays, by position, with the bot level that plays each."""
    seats = {}
    for seat in match.seats_in_order():
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


def bots_waiting(match: Match) -> bool:
    """Whether the match is waiting for a seat the site plays."""
    if match.status != Status.ACTIVE:
        return False
    state = current_state(match)
    return bool(engine_for(match).to_act(state) & set(site_seats(match)))


def play_turn(match_id: int, version: int) -> tuple[int, Match | None]:
    """Play the turn of the site-played seats the match awaits at `version`, with no pause.

    Returns the moves made and the match after them; None instead of the match when nothing
    was played (the match had moved on or ended) or the turn was cut short by another writer.
    Each seat awaited at the start plays on while the match keeps waiting for it (the steps of
    an El Dorado turn); a seat awaited only later is the next turn's."""
    from games.play.services.play import act_for_seat

    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.status != Status.ACTIVE or match.version != version:
        return 0, None
    engine = engine_for(match)
    state = current_state(match)
    seats = site_seats(match)
    turn = engine.to_act(state) & set(seats)
    done: set[int] = set()
    moves = 0
    while moves < settings.BOT_MOVE_LIMIT:
        playable = sorted((engine.to_act(state) & turn) - done)
        if not playable:
            break
        position = playable[0]
        action = choose_for_seat(match, state, position, seats[position], "bot")
        try:
            match = act_for_seat(match.pk, position, action, match.version)
        except ServiceError as exc:
            # Another writer moved first (stale), or the bot misjudged: log, never loop.
            log.info("bot move in match %s skipped: %s", match.pk, exc.message)
            return moves, None
        moves += 1
        if match.status != Status.ACTIVE:
            break
        state = current_state(match)
        if match.game in ONE_ACTION_TURNS or position not in engine.to_act(state):
            done.add(position)
    return moves, (match if moves else None)


# Per thread: the matches whose site turns a loop here is playing, each with the version of
# a turn handed over to that loop (None when none is).
_loops = threading.local()


def _playing_now() -> dict[int, int | None]:
    if not hasattr(_loops, "matches"):
        _loops.matches = {}
    return _loops.matches


@contextmanager
def playing(match_id: int) -> Iterator[None]:
    """Mark the match's site turns as played by a loop of this thread, which queues what follows."""
    loops = _playing_now()
    outer = match_id in loops
    loops.setdefault(match_id, None)
    try:
        yield
    finally:
        if not outer:
            loops.pop(match_id, None)


def is_playing(match_id: int) -> bool:
    """Whether a loop of this thread is playing the match's site turns."""
    return match_id in _playing_now()


def hand_over(match_id: int, version: int) -> bool:
    """Leave the turn at `version` to the loop of this thread playing the match, if there is one."""
    loops = _playing_now()
    if match_id not in loops:
        return False
    loops[match_id] = version
    return True


def handed_over(match_id: int) -> int | None:
    """The version of the turn handed over to this thread's loop since it last asked, if any."""
    loops = _playing_now()
    version = loops.get(match_id)
    if match_id in loops:
        loops[match_id] = None
    return version


def play_waiting(match_id: int) -> int:
    """Play site turn after turn, with no pause, until only people are awaited or it ends."""
    moves = 0
    with playing(match_id):
        while moves < settings.BOT_MOVE_LIMIT:
            match = Match.objects.filter(pk=match_id).first()
            if match is None:
                break
            played, after = play_turn(match_id, match.version)
            moves += played
            if after is None:
                break
    return moves
