"""Playing a running match: actions, resignations, time-outs and the finish."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games.help.errors import illegal_text
from games.models import Match, MatchAction, Pace, Seat, Status
from games.notifications import events as notifications
from games.play.public_lists import lists_changed
from games.play.services.broadcast import announce
from games.play.services.clock import TIMEOUTS_BEFORE_RETIRING
from games.play.services.errors import ActionRefused, ServiceError, StaleVersion
from games.play.services.state import LOG_ACTIONS, current_state, engine_for, log_rows, stored_json
from games.play.services.writing import writing
from games.tasks import after_change


def _locked(match_id: int) -> Match:
    # Every change to a running match happens under this row lock: one writer at a time,
    # so the log never forks and versions never repeat.
    # Its seats come along: the move, its push and its answer all read them from here.
    seats = Prefetch("seats", queryset=Seat.objects.select_related("user"))
    try:
        return Match.objects.select_for_update().prefetch_related(seats).get(pk=match_id)
    except Match.DoesNotExist:
        raise ActionRefused(_("That match does not exist.")) from None


def save_progress(
    match: Match,
    state: Any,
    waiting_before: frozenset[int],
    actor: int | None = None,
    recent: list[dict[str, Any]] | None = None,
    timed_out: bool = False,
) -> None:
    """Bump the version, cache the state, restart the clock when seats are asked anew.

    `recent`: the match's `log_rows` after this change, when the caller read them.
    `timed_out`: the actor's move was played for it at its deadline (its count goes on)."""
    engine = engine_for(match)
    match.version += 1
    match.snapshot = engine.to_json(state)
    match.snapshot_version = match.version
    waiting = engine.to_act(state)
    # Someone newly waited for, or the actor asked again (next card, next step of a turn).
    if not waiting <= waiting_before or actor in waiting:
        match.turn_version = match.version
        match.turn_started = timezone.now()
    if engine.is_over(state):
        _finish(match, state)
    mark_awaited(match, frozenset() if match.is_over else waiting, None if timed_out else actor)
    match.save()
    notifications.progress_saved(match, waiting, actor)
    announce(match, state, recent)
    after_change(match, waiting)


def mark_awaited(match: Match, waiting: frozenset[int], actor: int | None = None) -> None:
    """Store which seats the game waits for, so dashboards need no state to tell turns; the
    seat that just moved has timed out no turn in a row. Only seats that change are written."""
    changed: dict[tuple[bool, bool], list[int]] = {}
    for seat in match.seats_in_order():
        to_move = seat.position in waiting
        reset = seat.position == actor and seat.timeouts != 0
        if seat.to_move != to_move or reset:
            changed.setdefault((to_move, reset), []).append(seat.pk)
            seat.to_move = to_move
            if reset:
                seat.timeouts = 0
    for (to_move, reset), ids in changed.items():
        fields: dict[str, Any] = {"to_move": to_move, **({"timeouts": 0} if reset else {})}
        Seat.objects.filter(pk__in=ids).update(**fields)


def _finish(match: Match, state: Any) -> None:
    engine = engine_for(match)
    result = engine.outcome(state).to_dict()
    match.status = Status.FINISHED
    match.finished = timezone.now()
    lists_changed()
    match.turn_started = None
    seats = list(match.seats.all())
    scores = result["scores"]
    places = list(result["places"])
    places = final_places(places, [s.position for s in seats if s.resigned])
    for seat in seats:
        seat.score = scores[seat.position]
        seat.place = places[seat.position]
        seat.save(update_fields=["score", "place"])
    from games.records.rating_updates import rate_finished_match

    # In the finishing transaction: a match is never finished without its rating changes.
    rate_finished_match(match)


def final_places(places: Sequence[int], resigned: Sequence[int]) -> list[int]:
    """The site's places: the engine's, with resigned players ranked below everyone else."""
    playing = sorted((p for p in range(len(places)) if p not in resigned), key=lambda p: places[p])
    new = list(places)
    rank = 0
    previous = None
    for index, position in enumerate(playing):
        if places[position] != previous:
            rank = index + 1
            previous = places[position]
        new[position] = rank
    for position in resigned:
        new[position] = len(playing) + 1
    return new


def seat_of(match: Match, user: User) -> Seat | None:
    """The user's seat in the match, if any."""
    if not user.is_authenticated:
        return None
    return next((seat for seat in match.seats_in_order() if seat.user_id == user.pk), None)


@writing()
def submit_action(match_id: int, user: User, action: Any, expected_version: int | None) -> Match:
    """Apply a player's action; refuse stale, out-of-turn, malformed or illegal ones."""
    match = _locked(match_id)
    if match.is_over:
        raise ActionRefused(_("This match is over."))
    seat = seat_of(match, user)
    if seat is None:
        raise ActionRefused(_("You are watching this match; only its players can move."))
    if seat.resigned:
        raise ActionRefused(_("You resigned from this match."))
    return _act(match, seat.position, action, expected_version)


def _count_time_out(match: Match, position: int) -> None:
    # Before the move is saved: a seat retired by the move that ends the match ranks last.
    seat = next(s for s in match.seats_in_order() if s.position == position)
    seat.timeouts += 1
    seat.resigned = seat.resigned or seat.timeouts >= TIMEOUTS_BEFORE_RETIRING
    seat.save(update_fields=["timeouts", "resigned"])


def _act(
    match: Match,
    position: int,
    action: Any,
    expected_version: int | None,
    timed_out: bool = False,
) -> Match:
    if match.status == Status.OPEN:
        raise ActionRefused(_("The match has not started yet."))
    if match.is_over:
        raise ActionRefused(_("This match is over."))
    if not isinstance(action, Mapping):
        raise ActionRefused(_("That move is not understood."))
    if expected_version is not None and expected_version != match.version:
        if expected_version > match.version:
            raise StaleVersion(_("That move came from a board that does not exist yet."))
        mine_since = match.actions.filter(seat=position, version__gt=expected_version)
        last_mine = mine_since.order_by("-seq").first()
        if last_mine is not None and last_mine.action == dict(action):
            return match  # the same move sent twice (double click, retry): already done
        if last_mine is not None or expected_version < match.turn_version:
            raise StaleVersion(
                _("The board changed while you were choosing; have another look and move again.")
            )
    engine = engine_for(match)
    state = current_state(match)
    if engine.is_over(state):
        raise ActionRefused(_("This match is over."))
    waiting = engine.to_act(state)
    try:
        progress = engine.apply(state, position, action)
    except ValueError as exc:
        raise ActionRefused(illegal_text(match.game, exc)) from None
    if not progress.events and progress.state == state:
        return match  # the choice already made, pressed again: no log line, no new version
    # The recent log, read under the lock, numbers the move and goes on to its push.
    recent = log_rows(match)
    seq = recent[-1]["seq"] + 1 if recent else 1
    logged = MatchAction.objects.create(
        match=match,
        seq=seq,
        seat=position,
        action=dict(action),
        events=list(progress.events),
        version=match.version + 1,
    )
    recent = [*recent, {"seq": seq, "events": stored_json(logged, "events")}][-LOG_ACTIONS:]
    if timed_out:
        _count_time_out(match, position)
    save_progress(
        match, progress.state, waiting, actor=position, recent=recent, timed_out=timed_out
    )
    return match


@writing()
def resign(match_id: int, user: User) -> Match:
    """Leave a running match for good: a bot plays the seat on, the player ranks last.

    The match always goes on to its end, even when every person resigned: the bots finish it
    and it is rated, so resigning a lost match never erases it."""
    match = _locked(match_id)
    seat = seat_of(match, user)
    if seat is None:
        raise ServiceError(_("You have no seat in this match."))
    if not match.is_active:
        raise ServiceError(_("Only a running match can be resigned."))
    if seat.resigned:
        raise ServiceError(_("You have already resigned."))
    seat.resigned = True
    seat.save(update_fields=["resigned"])
    _new_version(match)
    after_change(match)
    return match


def _new_version(match: Match) -> None:
    """A change without a move (a resignation, a clock paused): a new version for every board."""
    match.version += 1
    match.snapshot_version = match.version if match.snapshot is not None else 0
    match.save()
    announce(match)


@writing()
def clocks_changed(user_id: int) -> int:
    """A player's vacation began or ended: their running correspondence matches move to a new
    version (no move, as with a resignation) so every board shows when the move is now due;
    how many."""
    running = Match.objects.filter(
        status=Status.ACTIVE, pace=Pace.CORRESPONDENCE, seats__user_id=user_id
    ).values_list("pk", flat=True)
    changed = 0
    for match_id in list(running):
        match = _locked(match_id)
        if not match.is_active:
            continue
        _new_version(match)
        changed += 1
    return changed


def act_for_seat(
    match_id: int,
    position: int,
    action: Mapping,
    expected_version: int,
    *,
    timed_out: bool = False,
) -> Match:
    """Apply an action chosen by the site itself (a bot, an autopilot, a time-out).

    `timed_out`: played because the seat ran out of time; the seat's count of time-outs in
    a row goes up, and the last one it may have retires it."""
    with writing():
        match = _locked(match_id)
        if match.version != expected_version:
            raise StaleVersion(_("The match moved on before this seat's move was applied."))
        return _act(match, position, action, None, timed_out)
