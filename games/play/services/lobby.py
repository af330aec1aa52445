"""Creating, joining and starting matches."""

from __future__ import annotations

import math
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import User
from games.bots.registry import bot_levels
from games.catalog import game_name
from games.engines.registry import GAMES, get_engine
from games.models import Match, Pace, Seat, Status
from games.notifications import events as notifications
from games.notifications.models import Kind
from games.notifications.service import mark_read
from games.play.public_lists import lists_changed
from games.play.services.broadcast import announce
from games.play.services.errors import ServiceError
from games.play.services.state import start_state
from games.play.services.writing import writing

LIVE_MOVE_SECONDS = (60, 120, 300, 600)
CORRESPONDENCE_MOVE_SECONDS = (86400, 2 * 86400, 3 * 86400, 7 * 86400)


@dataclass(frozen=True)
class MatchSpec:
    """What a host asks for when creating a match."""

    game: str
    players: int
    options: Mapping[str, Any] = field(default_factory=dict)
    bots: tuple[str, ...] = ()
    rated: bool = True
    pace: str = Pace.LIVE
    move_seconds: int = 120
    private: bool = False


def _check_spec(spec: MatchSpec) -> None:
    if spec.game not in GAMES:
        raise ServiceError(_("There is no game called %(game)s.") % {"game": repr(spec.game)})
    engine = get_engine(spec.game)
    if not engine.MIN_PLAYERS <= spec.players <= engine.MAX_PLAYERS:
        raise ServiceError(
            _("%(game)s is for %(low)s to %(high)s players.")
            % {"game": game_name(spec.game), "low": engine.MIN_PLAYERS, "high": engine.MAX_PLAYERS}
        )
    if len(spec.bots) >= spec.players:
        raise ServiceError(_("Leave at least one seat for a person: you."))
    for level in spec.bots:
        if level not in bot_levels(spec.game):
            raise ServiceError(
                _("There is no %(level)s bot for %(game)s.")
                % {"level": repr(level), "game": game_name(spec.game)}
            )
    allowed = LIVE_MOVE_SECONDS if spec.pace == Pace.LIVE else CORRESPONDENCE_MOVE_SECONDS
    if spec.pace not in Pace.values or spec.move_seconds not in allowed:
        raise ServiceError(_("Pick one of the offered time controls."))
    try:
        # The engine is the judge of options; a test game proves them before anyone joins.
        engine.new_game(spec.players, 0, dict(spec.options))
    except ValueError:
        # The engine's reason is for developers (the form offers only options that work).
        raise ServiceError(_("Those options do not work.")) from None


def _check_limits(host: User, spec: MatchSpec) -> None:
    # Counted in the database, so the limits hold however many workers serve the host. The
    # host's row is locked first: two requests at once cannot both pass the same count.
    list(User.objects.select_for_update().filter(pk=host.pk).values_list("pk", flat=True))
    limit, minutes = settings.MATCHES_PER_WINDOW, settings.MATCH_WINDOW_MINUTES
    if limit > 0 and minutes > 0:
        now = timezone.now()
        window = timedelta(minutes=minutes)
        recent = list(
            Match.objects.filter(created_by=host, created__gt=now - window)
            .order_by("-created")
            .values_list("created", flat=True)[:limit]
        )
        if len(recent) >= limit:
            # The oldest of those leaves the window first, and frees a place.
            wait = max(1, math.ceil((recent[-1] + window - now).total_seconds() / 60))
            raise ServiceError(
                ngettext(
                    "You have created %(count)s matches in the last %(minutes)s minutes, the "
                    "most allowed: try again in %(wait)s minute.",
                    "You have created %(count)s matches in the last %(minutes)s minutes, the "
                    "most allowed: try again in %(wait)s minutes.",
                    wait,
                )
                % {"count": len(recent), "minutes": minutes, "wait": wait}
            )
    open_limit = settings.OPEN_MATCHES_PER_USER
    # A match the host fills with bots starts at once: it never waits for players.
    stays_open = len(spec.bots) + 1 < spec.players
    if stays_open and open_limit > 0:
        waiting = Match.objects.filter(created_by=host, status=Status.OPEN).count()
        if waiting >= open_limit:
            raise ServiceError(
                ngettext(
                    "You already have %(count)s match waiting for players, the most at "
                    "once: start, fill or leave it before creating another.",
                    "You already have %(count)s matches waiting for players, the most at "
                    "once: start, fill or leave one of them before creating another.",
                    waiting,
                )
                % {"count": waiting}
            )


def _new_match(host: User, spec: MatchSpec) -> Match:
    return Match.objects.create(
        game=spec.game,
        options=dict(spec.options),
        seed=secrets.randbits(62),
        players=spec.players,
        rated=spec.rated,
        pace=spec.pace,
        move_seconds=spec.move_seconds,
        private=spec.private,
        created_by=host,
    )


@writing()
def create_match(host: User, spec: MatchSpec) -> Match:
    """Create a match with the host in seat 1 and any bots after; start it if full."""
    _check_spec(spec)
    _check_limits(host, spec)
    match = _new_match(host, spec)
    Seat.objects.create(match=match, position=0, user=host)
    for position, level in enumerate(spec.bots, start=1):
        Seat.objects.create(match=match, position=position, bot_level=level)
    if len(spec.bots) + 1 == spec.players:
        _start(match, host.pk)  # which tells the lists itself
    else:
        lists_changed()
    return match


@writing()
def create_seated_match(
    host: User, spec: MatchSpec, seating: Sequence[User | str], actor_id: int | None = None
) -> Match:
    """Create a match with every seat taken as `seating` lists them (a person, or a bot's
    level) and start it: a rematch seats everyone as they sat. The seating, not `spec`, says
    how many play and which bots; `actor_id` is the player whose click started it."""
    bots = tuple(taker for taker in seating if isinstance(taker, str))
    spec = replace(spec, players=len(seating), bots=bots)
    _check_spec(spec)
    if host not in seating:
        raise ServiceError(_("The host must have a seat in the match."))
    _check_limits(host, spec)
    match = _new_match(host, spec)
    for position, taker in enumerate(seating):
        if isinstance(taker, str):
            Seat.objects.create(match=match, position=position, bot_level=taker)
        else:
            Seat.objects.create(match=match, position=position, user=taker)
    _start(match, actor_id)
    return match


def _locked(match_id: int) -> Match:
    # Lock the match row so two joins (or a join and a start) cannot both take the last seat.
    try:
        return Match.objects.select_for_update().get(pk=match_id)
    except Match.DoesNotExist:
        raise ServiceError(_("That match does not exist.")) from None


def _free_position(match: Match) -> int:
    taken = set(match.seats.values_list("position", flat=True))
    for position in range(match.players):
        if position not in taken:
            return position
    raise ServiceError(_("This match is full."))


def _touch(match: Match) -> None:
    match.version += 1
    match.save()
    announce(match)
    lists_changed()


def _start_if_full(match: Match, actor_id: int | None = None) -> None:
    if match.seats.count() == match.players:
        _start(match, actor_id)
    else:
        _touch(match)


@writing()
def join_match(match_id: int, user: User, invite_token: str | None = None) -> Match:
    """Take a free seat; the match starts when the last seat is taken."""
    match = _locked(match_id)
    if match.is_cancelled:
        raise ServiceError(_("This match was cancelled before it started."))
    if not match.is_open:
        raise ServiceError(_("This match has already started."))
    if match.private and invite_token != match.invite_token:
        raise ServiceError(_("This match is private: you need its invite link."))
    if match.seats.filter(user=user).exists():
        raise ServiceError(_("You already have a seat in this match."))
    try:
        Seat.objects.create(match=match, position=_free_position(match), user=user)
    except IntegrityError:
        raise ServiceError(_("That seat was just taken; please try again.")) from None
    # However they came (the invitation, a link, the open list), an invitee has said yes.
    match.invitations.filter(user=user, answered__isnull=True).update(
        answered=timezone.now(), accepted=True
    )
    _start_if_full(match, user.pk)
    return match


@writing()
def leave_match(match_id: int, user: User) -> Match:
    """Give up a seat before the start; a host leaving alone cancels the match."""
    match = _locked(match_id)
    seat = match.seats.filter(user=user).first()
    if seat is None:
        raise ServiceError(_("You have no seat in this match."))
    if match.is_over:
        raise ServiceError(_("This match is over."))
    if not match.is_open:
        raise ServiceError(_("The match has started: resign instead of leaving."))
    seat.delete()
    if not match.seats.filter(user__isnull=False).exists():
        match.status = Status.ABANDONED
        match.finished = timezone.now()
    _touch(match)
    return match


@writing()
def cancel_match(match_id: int, user: User) -> Match:
    """The host calls off a match before it starts, with everyone in it: nobody plays it.
    Seated players see it cancelled (their pages are pushed the change); invitations to it
    lapse and leave their invitees' dashboards."""
    match = _locked(match_id)
    _require_host(match, user)
    if match.is_cancelled:
        raise ServiceError(_("This match was cancelled before it started."))
    if not match.is_open:
        raise ServiceError(_("The match has started: resign instead of cancelling."))
    now = timezone.now()
    match.status = Status.ABANDONED
    match.finished = now
    pending = match.invitations.filter(answered__isnull=True)
    for invitee_id in pending.values_list("user_id", flat=True):
        mark_read(invitee_id, match_id=match.pk, kinds=[Kind.INVITATION])
    pending.update(answered=now)
    _touch(match)
    return match


def _require_host(match: Match, user: User) -> None:
    if match.created_by_id != user.pk:
        raise ServiceError(_("Only the host can do that."))


@writing()
def add_bot(match_id: int, user: User, level: str) -> Match:
    """The host fills a free seat with a bot; the match starts when full."""
    match = _locked(match_id)
    _require_host(match, user)
    if not match.is_open:
        raise ServiceError(_("This match has already started."))
    if level not in bot_levels(match.game):
        raise ServiceError(_("There is no %(level)s bot for this game.") % {"level": repr(level)})
    Seat.objects.create(match=match, position=_free_position(match), bot_level=level)
    _start_if_full(match, user.pk)
    return match


@writing()
def remove_bot(match_id: int, user: User, position: int) -> Match:
    """The host frees a bot's seat before the start."""
    match = _locked(match_id)
    _require_host(match, user)
    if not match.is_open:
        raise ServiceError(_("This match has already started."))
    deleted, _count = match.seats.filter(position=position, user__isnull=True).delete()
    if not deleted:
        raise ServiceError(_("There is no bot in that seat."))
    _touch(match)
    return match


@writing()
def start_match(match_id: int, user: User) -> Match:
    """The host starts early with the seats taken so far (if the game allows that many)."""
    match = _locked(match_id)
    _require_host(match, user)
    if not match.is_open:
        raise ServiceError(_("This match has already started."))
    engine = get_engine(match.game)
    count = match.seats.count()
    if count < engine.MIN_PLAYERS:
        raise ServiceError(
            ngettext(
                "%(game)s needs at least %(count)s player.",
                "%(game)s needs at least %(count)s players.",
                engine.MIN_PLAYERS,
            )
            % {"game": game_name(match.game), "count": engine.MIN_PLAYERS}
        )
    # Close the gaps left by players who left, so positions run 0..count-1.
    for new_position, seat in enumerate(match.seats.order_by("position")):
        if seat.position != new_position:
            Seat.objects.filter(pk=seat.pk).update(position=new_position)
    match.players = count
    _start(match, user.pk)
    return match


def _start(match: Match, actor_id: int | None = None) -> None:
    """Deal the game and ask the first seats; everyone seated but `actor_id` (whose join or
    click started it) is told."""
    from games.play.services.play import save_progress

    state, events = start_state(match)
    now = timezone.now()
    match.status = Status.ACTIVE
    match.started = now
    match.opening_events = list(events)
    save_progress(match, state, waiting_before=frozenset())
    notifications.match_started(match, actor_id)
    lists_changed()
