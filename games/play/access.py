"""Who may see and act in a match (small checks the views and sockets share)."""

from __future__ import annotations

from django.http import Http404, HttpRequest
from django.utils.translation import gettext as _

from accounts.models import User
from games.models import Match

SESSION_INVITES = "match_invites"


def may_view(match: Match, user: User | None, invites: list[int] | None = None) -> bool:
    """Public matches are open to everyone; private ones to their players and invitees (by
    link, or by name: an invitation answered or not)."""
    if not match.private:
        return True
    if match.pk in (invites or []):
        return True
    if user is None or not user.is_authenticated:
        return False
    return match.seats.filter(user=user).exists() or match.invitations.filter(user=user).exists()


def get_viewable(request: HttpRequest, match_id: int) -> Match:
    """The match if this request may see it, else 404 (a private match stays unlisted)."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or not may_view(match, request.user, request.session.get(SESSION_INVITES)):
        raise Http404(_("No such match."))
    return match


def remember_invite(request: HttpRequest, match: Match) -> None:
    """Let this browser see a private match after following its invite link."""
    invites = list(request.session.get(SESSION_INVITES, []))
    if match.pk not in invites:
        invites.append(match.pk)
        request.session[SESSION_INVITES] = invites[-50:]
