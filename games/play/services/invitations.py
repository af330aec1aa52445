"""Inviting a player by name to an open match, and their answer."""

from __future__ import annotations

import re

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games.models import Invitation, Match
from games.notifications.models import Kind
from games.notifications.service import mark_read, notify
from games.play.services.errors import ServiceError
from games.play.services.lobby import _locked, _require_host, _touch, join_match
from games.play.services.writing import writing

# Longer than any username or display name: nobody could be called that.
LONGEST_NAME = 150


def find_player(name: str) -> User:
    """The active player called `name`: their username ignoring case, else a display name
    (ignoring case and spacing) that only one player goes by."""
    words = name.split()
    if not words or len(name) > LONGEST_NAME:
        raise ServiceError(_("Type the username of the player to invite."))
    tidy = " ".join(words)
    if not tidy.isprintable():  # no name holds control characters (PostgreSQL refuses NUL)
        raise ServiceError(_("Names hold no control characters: check what you typed."))
    found = User.objects.filter(username__iexact=tidy, is_active=True).first()
    if found is not None:
        return found
    spaced = r"^\s*" + r"\s+".join(re.escape(word) for word in words) + r"\s*$"
    named = list(User.objects.filter(display_name__iregex=spaced, is_active=True)[:2])
    if len(named) == 1:
        return named[0]
    if named:
        raise ServiceError(
            _("Several players go by “%(name)s”: use their username.") % {"name": tidy}
        )
    raise ServiceError(_("There is no player called “%(name)s”.") % {"name": tidy})


@writing()
def invite(match_id: int, host: User, name: str) -> Invitation:
    """The host of an open match with a free seat invites a player by name; the player is
    told once. Refused for the host, someone seated or already invited, or a full match."""
    match = _locked(match_id)
    _require_host(match, host)
    if match.is_cancelled:
        raise ServiceError(_("This match was cancelled before it started."))
    if not match.is_open:
        raise ServiceError(_("This match has already started."))
    if match.seats.count() >= match.players:
        raise ServiceError(_("This match has no free seat."))
    invitee = find_player(name)
    if invitee.pk == host.pk:
        raise ServiceError(_("You are the host: you have a seat already."))
    if match.seats.filter(user=invitee).exists():
        raise ServiceError(
            _("%(name)s already has a seat in this match.") % {"name": invitee.shown_name}
        )
    try:
        # Its own savepoint: the unique pending invitation is the judge of a second one.
        with transaction.atomic():
            invitation = Invitation.objects.create(match=match, user=invitee, invited_by=host)
    except IntegrityError:
        raise ServiceError(
            _("%(name)s is invited already and has not answered yet.")
            % {"name": invitee.shown_name}
        ) from None
    notify(
        invitee.pk,
        Kind.INVITATION,
        f"invite:{invitation.pk}",
        match.pk,
        game=match.game,
        by=host.shown_name,
        url=match.get_absolute_url(),
    )
    _touch(match)  # the seated players' waiting rooms list the invitation
    return invitation


def _pending_for(invitation_id: int, user: User) -> tuple[Invitation, Match]:
    invitation = Invitation.objects.filter(pk=invitation_id).first()
    if invitation is None:
        raise ServiceError(_("That invitation does not exist."))
    if invitation.user_id != user.pk:
        raise ServiceError(_("That invitation is for another player."))
    match = _locked(invitation.match_id)
    invitation.refresh_from_db()
    if match.is_cancelled:
        raise ServiceError(_("The host cancelled that match."))
    if not invitation.is_pending:
        raise ServiceError(_("You have answered that invitation already."))
    return invitation, match


@writing()
def accept(invitation_id: int, user: User) -> Match:
    """Take the seat an invitation offers (private matches too); the match starts when full."""
    invitation, match = _pending_for(invitation_id, user)
    mark_read(user.pk, match_id=match.pk, kinds=[Kind.INVITATION])
    # Joining marks the invitation accepted.
    return join_match(match.pk, user, invite_token=match.invite_token)


@writing()
def decline(invitation_id: int, user: User) -> Invitation:
    """Say no: the invitation leaves the player's dashboard and the host sees it declined."""
    invitation, match = _pending_for(invitation_id, user)
    invitation.answered = timezone.now()
    invitation.accepted = False
    invitation.save(update_fields=["answered", "accepted"])
    mark_read(user.pk, match_id=match.pk, kinds=[Kind.INVITATION])
    if match.is_open:
        _touch(match)
    return invitation
