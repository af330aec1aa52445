"""Playing a finished match again: the same game, options, seats and clock, once every person
at it says yes."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games.models import Match, RematchAnswer, RematchOffer, Seat
from games.notifications.models import Kind
from games.notifications.service import mark_read, notify
from games.play.offers.models import RematchStatus
from games.play.services.errors import ServiceError
from games.play.services.lobby import MatchSpec, create_seated_match
from games.play.services.writing import writing


def _locked_finished(match_id: int) -> tuple[Match, list[Seat]]:
    # The finished match's row lock orders every offer and answer of its rematch: two clicks
    # at once are one after the other, and the second finds what the first made.
    match = Match.objects.select_for_update().filter(pk=match_id).first()
    if match is None:
        raise ServiceError(_("That match does not exist."))
    if not match.is_finished:
        raise ServiceError(_("Only a finished match can be played again."))
    return match, list(match.seats.select_related("user").order_by("position"))


def _people(seats: list[Seat]) -> list[User]:
    return [seat.user for seat in seats if seat.user_id is not None and not seat.is_bot]


def _require_player(seats: list[Seat], user: User) -> None:
    if user.pk not in {person.pk for person in _people(seats)}:
        raise ServiceError(_("Only the players of this match can play it again."))


def _standing(match: Match) -> RematchOffer | None:
    return RematchOffer.objects.filter(
        match=match, status__in=[RematchStatus.OPEN, RematchStatus.ACCEPTED]
    ).first()


@writing()
def offer_rematch(match_id: int, user: User) -> RematchOffer:
    """A player of a finished match offers to play it again; every other person is told once.
    With nobody else to ask (bots only), the rematch starts now.

    Idempotent: with an offer standing, offering again says yes to it (or changes nothing)."""
    match, seats = _locked_finished(match_id)
    _require_player(seats, user)
    standing = _standing(match)
    if standing is not None:
        if standing.is_open and not standing.answers.filter(user=user).exists():
            return _say_yes(standing, match, seats, user)
        return standing
    if any(seat.user_id is None and not seat.is_bot for seat in seats):
        raise ServiceError(_("A player of this match has left the site: it cannot be replayed."))
    try:
        # SQLite has no row locks: two processes may both get here, and the database's one
        # standing offer per match lets only the first through.
        with transaction.atomic():
            offer = RematchOffer.objects.create(match=match, offered_by=user)
    except IntegrityError:
        raise ServiceError(_("A rematch of this match was offered already.")) from None
    RematchAnswer.objects.create(offer=offer, user=user, accepted=True)
    others = [person for person in _people(seats) if person.pk != user.pk]
    if not others:
        _start_rematch(offer, match, seats, user)
        return offer
    for person in others:
        notify(
            person.pk,
            Kind.REMATCH,
            f"rematch:{offer.pk}",
            match.pk,
            game=match.game,
            by=user.shown_name,
            url=match.get_absolute_url(),
        )
    return offer


def _locked_offer(offer_id: int, user: User) -> tuple[RematchOffer, Match, list[Seat]]:
    found = RematchOffer.objects.filter(pk=offer_id).values_list("match_id", flat=True).first()
    if found is None:
        raise ServiceError(_("That rematch offer does not exist."))
    match, seats = _locked_finished(found)
    _require_player(seats, user)
    offer = RematchOffer.objects.select_related("offered_by").get(pk=offer_id)
    if offer.status == RematchStatus.ACCEPTED:
        raise ServiceError(_("That rematch has started already."))
    if offer.status == RematchStatus.DECLINED:
        raise ServiceError(_("That rematch offer was declined."))
    if offer.status == RematchStatus.CANCELLED:
        raise ServiceError(_("That rematch offer was withdrawn."))
    return offer, match, seats


@writing()
def accept_rematch(offer_id: int, user: User) -> RematchOffer:
    """Say yes to a rematch; the last yes starts it (the offer names the new match)."""
    offer, match, seats = _locked_offer(offer_id, user)
    if offer.answers.filter(user=user).exists():
        return offer  # a second click of the same yes
    return _say_yes(offer, match, seats, user)


@writing()
def decline_rematch(offer_id: int, user: User) -> RematchOffer:
    """Say no (or, for its maker, withdraw it): the offer closes for everyone."""
    offer, match, seats = _locked_offer(offer_id, user)
    if offer.offered_by_id == user.pk:
        offer.status = RematchStatus.CANCELLED
    else:
        # A yes may be taken back: the no replaces it.
        RematchAnswer.objects.update_or_create(offer=offer, user=user, defaults={"accepted": False})
        offer.status = RematchStatus.DECLINED
    offer.closed = timezone.now()
    offer.closed_by = user
    offer.save(update_fields=["status", "closed", "closed_by"])
    # Nothing is left to answer: the offer's news is read; the page says why.
    for person in _people(seats):
        mark_read(person.pk, match_id=match.pk, kinds=[Kind.REMATCH])
    return offer


def _say_yes(offer: RematchOffer, match: Match, seats: list[Seat], user: User) -> RematchOffer:
    RematchAnswer.objects.create(offer=offer, user=user, accepted=True)
    mark_read(user.pk, match_id=match.pk, kinds=[Kind.REMATCH])
    said_yes = set(offer.answers.filter(accepted=True).values_list("user_id", flat=True))
    if {person.pk for person in _people(seats)} <= said_yes:
        _start_rematch(offer, match, seats, user)
    return offer


def _start_rematch(offer: RematchOffer, match: Match, seats: list[Seat], actor: User) -> None:
    """Create and start the new match, everyone where they sat, the offer's maker hosting;
    everyone but `actor` (whose yes started it) is told it started."""
    spec = MatchSpec(
        game=match.game,
        players=match.players,
        options=dict(match.options),
        rated=match.rated,
        pace=match.pace,
        move_seconds=match.move_seconds,
        private=match.private,
    )
    seating = [seat.bot_level if seat.is_bot else seat.user for seat in seats]
    host = next(person for person in _people(seats) if person.pk == offer.offered_by_id)
    new_match = create_seated_match(host, spec, seating, actor_id=actor.pk)
    offer.status = RematchStatus.ACCEPTED
    offer.new_match = new_match
    offer.closed = timezone.now()
    offer.save(update_fields=["status", "new_match", "closed"])
