"""Queries behind the lobby: open matches and a player's own matches, theirs-to-move first."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import ClassVar

from django.db.models import (
    CharField,
    Count,
    F,
    FilteredRelation,
    OuterRef,
    Prefetch,
    Q,
    Subquery,
    Value,
    prefetch_related_objects,
)

from accounts.models import User
from games.models import Invitation, Match, RatingChange, RematchOffer, Seat, Status
from games.play.offers.models import RematchStatus
from games.play.options_text import options_summary
from games.play.services.clock import deadlines_for


@dataclass(frozen=True)
class MyMatch:
    match: Match
    your_turn: bool
    seats_taken: int
    # When the player's move is due, the time they were on vacation left out; None when it is
    # not their move (or there is no clock).
    deadline: datetime | None = None
    opponents: tuple[Seat, ...] = ()


@dataclass(frozen=True)
class FinishedMatch:
    match: Match
    place: int | None
    # Points the player's displayed rating moved by; None in casual matches.
    rating_change: int | None
    opponents: tuple[Seat, ...] = ()


@dataclass(frozen=True)
class PendingOffer:
    """An invitation or a rematch offer the player has yet to answer."""

    INVITATION: ClassVar[str] = "invitation"
    REMATCH: ClassVar[str] = "rematch"

    kind: str
    pk: int
    match_id: int
    game: str
    # The inviter's (or the rematch offerer's) shown name.
    by: str

    @property
    def is_invitation(self) -> bool:
        return self.kind == self.INVITATION


@dataclass(frozen=True)
class Dashboard:
    """A player's matches as their home page shows them, in this order."""

    your_turn: list[MyMatch]
    waiting: list[MyMatch]
    offers: list[PendingOffer]
    finished: list[FinishedMatch]


# What a list shows of a seat: its name (and whether its player is away). A user row has far
# more (password, dates, settings).
_LISTED_SEAT = ("match_id", "position", "bot_level", "resigned", "user__username")
_LISTED_SEAT += ("user__display_name", "user__vacation_until")


def _listed_seats() -> Prefetch:
    seats = Seat.objects.select_related("user").only(*_LISTED_SEAT).order_by("position")
    return Prefetch("seats", queryset=seats)


def _with_seats(queryset):
    # Lists never show a match's state: its snapshot (large, decoded on load) stays unread.
    return queryset.defer("snapshot").prefetch_related(_listed_seats())


def open_matches(limit: int = 50) -> list[Match]:
    """Public matches waiting for players, newest first (with `options_text` to show)."""
    matches = list(
        _with_seats(
            Match.objects.filter(status=Status.OPEN, private=False)
            .annotate(taken=Count("seats"))
            .select_related("created_by")
            .order_by("-created")
        )[:limit]
    )
    for match in matches:
        match.options_text = options_summary(match.game, match.options)
    return matches


def live_matches(limit: int = 20) -> list[Match]:
    """Public matches being played now, most recently moved first: anyone may watch."""
    return list(
        _with_seats(Match.objects.filter(status=Status.ACTIVE, private=False).order_by("-updated"))[
            :limit
        ]
    )


def finished_matches(limit: int = 10) -> list[Match]:
    """Public matches that ended lately, with a replay to step through."""
    return list(
        _with_seats(
            Match.objects.filter(status=Status.FINISHED, private=False).order_by("-finished")
        )[:limit]
    )


def _opponents(match: Match, position: int) -> tuple[Seat, ...]:
    return tuple(seat for seat in match.seats.all() if seat.position != position)


def _mine(user: User):
    # Plain columns only: whose turn it is is stored on the seat, so no state is decoded here.
    return (
        Match.objects.annotate(
            mine=FilteredRelation("seats", condition=Q(seats__user=user, seats__resigned=False))
        )
        .filter(mine__isnull=False, status__in=[Status.OPEN, Status.ACTIVE])
        .annotate(your_turn=F("mine__to_move"), your_position=F("mine__position"))
        .order_by("-your_turn", "-updated")
        .defer("snapshot")
    )


def my_matches(user: User, limit: int = 50) -> list[MyMatch]:
    """The user's unfinished matches: those waiting for their move first, the move due soonest
    first; then the others, those with a clock running first."""
    return _my_items(user, list(_mine(user).prefetch_related(_listed_seats())[:limit]))


def _my_items(user: User, matches: list[Match]) -> list[MyMatch]:
    yours = [m for m in matches if m.your_turn and m.is_active]
    due = deadlines_for(user.pk, yours)
    result = [
        MyMatch(
            match,
            match.pk in due,
            len(match.seats.all()),
            due.get(match.pk),
            _opponents(match, match.your_position),
        )
        for match in matches
    ]

    def order(item: MyMatch) -> tuple:
        deadline = item.deadline if item.your_turn else item.match.deadline
        return (not item.your_turn, deadline is None, deadline or 0)

    result.sort(key=order)
    return result


def your_turn_count(user: User) -> int:
    """How many running matches wait for the user's move (one indexed count)."""
    return Seat.objects.filter(
        user=user, to_move=True, resigned=False, match__status=Status.ACTIVE
    ).count()


def _finished(user: User):
    change = RatingChange.objects.filter(match=OuterRef("pk"), seat__user=user).values_list(
        F("display_after") - F("display_before")
    )[:1]
    return (
        Match.objects.annotate(mine=FilteredRelation("seats", condition=Q(seats__user=user)))
        .filter(mine__isnull=False, status=Status.FINISHED)
        .annotate(
            your_place=F("mine__place"),
            your_position=F("mine__position"),
            rating_change=Subquery(change),
        )
        .order_by("-finished")
        .defer("snapshot")
    )


def recent_finished(user: User, limit: int = 5) -> list[FinishedMatch]:
    """The user's latest finished matches, with their place and rating change."""
    return _finished_items(list(_finished(user).prefetch_related(_listed_seats())[:limit]))


def _finished_items(matches: list[Match]) -> list[FinishedMatch]:
    return [
        FinishedMatch(
            match,
            match.your_place,
            match.rating_change if match.rated else None,
            _opponents(match, match.your_position),
        )
        for match in matches
    ]


def pending_offers(user: User, limit: int = 20) -> list[PendingOffer]:
    """Invitations to open matches and rematch offers waiting for the user's answer, newest
    first (one query)."""
    columns = ("pk", "match_id", "match__game", "by_name", "by_username", "created", "kind")
    invitations = (
        Invitation.objects.filter(user=user, answered__isnull=True, match__status=Status.OPEN)
        .exclude(match__seats__user=user)
        .annotate(
            by_name=F("invited_by__display_name"),
            by_username=F("invited_by__username"),
            kind=Value(PendingOffer.INVITATION, output_field=CharField()),
        )
        .order_by()  # each side unordered: SQL orders only the union
        .values_list(*columns)
    )
    rematches = (
        RematchOffer.objects.filter(status=RematchStatus.OPEN, match__seats__user=user)
        .exclude(answers__user=user)
        .annotate(
            by_name=F("offered_by__display_name"),
            by_username=F("offered_by__username"),
            kind=Value(PendingOffer.REMATCH, output_field=CharField()),
        )
        .order_by()  # each side unordered: SQL orders only the union
        .values_list(*columns)
    )
    rows = invitations.union(rematches, all=True).order_by("-created")[:limit]
    return [
        PendingOffer(kind, pk, match_id, game, by_name or by_username)
        for pk, match_id, game, by_name, by_username, _created, kind in rows
    ]


def dashboard(user: User) -> Dashboard:
    """The user's matches for their home page: whose move first, then what waits on others,
    offers to answer, and what ended lately (a few queries, however many matches)."""
    mine = list(_mine(user)[:50])
    ended = list(_finished(user)[:5])
    # One read of the seats for both lists.
    prefetch_related_objects([*mine, *ended], _listed_seats())
    mine_items = _my_items(user, mine)
    return Dashboard(
        your_turn=[m for m in mine_items if m.your_turn],
        waiting=[m for m in mine_items if not m.your_turn],
        offers=pending_offers(user),
        finished=_finished_items(ended),
    )


def next_to_move(user: User, exclude: int | None = None) -> int | None:
    """The id of the user's match whose move is due soonest, other than `exclude`."""
    waiting = Match.objects.filter(
        status=Status.ACTIVE, seats__user=user, seats__to_move=True, seats__resigned=False
    )
    if exclude is not None:
        waiting = waiting.exclude(pk=exclude)
    matches = list(waiting.only("status", "pace", "move_seconds", "turn_started", "updated"))
    if not matches:
        return None
    due = deadlines_for(user.pk, matches)
    # Without a clock, the match that has waited longest.
    soonest = min(matches, key=lambda m: (due[m.pk] is None, due[m.pk] or m.updated))
    return soonest.pk
