"""Invitations by name, a host calling a match off, and rematches (plain POST and redirect;
the rematch panel also as a fragment that refreshes itself while answers are awaited)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.models import Match
from games.play.access import get_viewable
from games.play.offers.pages import rematch_panel
from games.play.services import ServiceError
from games.play.services import invitations as invitation_service
from games.play.services import lobby as lobby_service
from games.play.services import rematches as rematch_service

REMATCH_PANEL = "games/rematch_panel.html"


def _back(request: HttpRequest, default: str) -> HttpResponse:
    """To the page the form came from (`next`, on this site only), else `default`."""
    target = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}):
        target = default
    return redirect(target)


@login_required
@require_POST
def invite(request: HttpRequest, match_id: int) -> HttpResponse:
    """The host invites a player by username (or display name) from the waiting room."""
    get_viewable(request, match_id)
    try:
        invitation = invitation_service.invite(
            match_id, request.user, request.POST.get("username", "")
        )
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("%(name)s is invited.") % {"name": invitation.user.shown_name})
    return redirect("match", match_id=match_id)


@login_required
@require_POST
def cancel(request: HttpRequest, match_id: int) -> HttpResponse:
    """The host calls the match off before it starts."""
    get_viewable(request, match_id)
    try:
        lobby_service.cancel_match(match_id, request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.info(request, _("You cancelled the match."))
    return redirect("match", match_id=match_id)


@login_required
@require_POST
def accept_invitation(request: HttpRequest, invitation_id: int) -> HttpResponse:
    try:
        match = invitation_service.accept(invitation_id, request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return _back(request, "/")
    messages.success(request, _("You took your seat."))
    return redirect(match)


@login_required
@require_POST
def decline_invitation(request: HttpRequest, invitation_id: int) -> HttpResponse:
    try:
        invitation_service.decline(invitation_id, request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.info(request, _("You declined the invitation."))
    return _back(request, "/")


def _after_rematch(request: HttpRequest, offer, match_id: int) -> HttpResponse:
    if offer.new_match_id is not None:
        messages.success(request, _("The rematch has started."))
        return redirect("match", match_id=offer.new_match_id)
    return redirect("match", match_id=match_id)


@login_required
@require_POST
def offer_rematch(request: HttpRequest, match_id: int) -> HttpResponse:
    """Offer to play a finished match again (or say yes to the offer standing)."""
    get_viewable(request, match_id)
    try:
        offer = rematch_service.offer_rematch(match_id, request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("match", match_id=match_id)
    if offer.new_match_id is None and offer.offered_by_id == request.user.pk:
        messages.info(request, _("Rematch offered: the others are asked."))
    return _after_rematch(request, offer, match_id)


@login_required
@require_POST
def accept_rematch(request: HttpRequest, offer_id: int) -> HttpResponse:
    try:
        offer = rematch_service.accept_rematch(offer_id, request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return _back(request, "/")
    if offer.new_match_id is None:
        messages.info(request, _("You said yes to the rematch."))
    return _after_rematch(request, offer, offer.match_id)


@login_required
@require_POST
def decline_rematch(request: HttpRequest, offer_id: int) -> HttpResponse:
    try:
        offer = rematch_service.decline_rematch(offer_id, request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return _back(request, "/")
    if offer.offered_by_id == request.user.pk:
        messages.info(request, _("You withdrew the rematch offer."))
    else:
        messages.info(request, _("You declined the rematch."))
    return _back(request, Match(pk=offer.match_id).get_absolute_url())


@login_required
@require_GET
def rematch_news(request: HttpRequest, match_id: int) -> HttpResponse:
    """The rematch panel alone, for the page to refresh while answers are awaited."""
    match = get_viewable(request, match_id)
    panel = rematch_panel(match, request.user)
    return render(request, REMATCH_PANEL, {"match": match, "rematch": panel})
