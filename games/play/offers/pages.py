"""What a match page shows of invitations and rematch offers."""

from __future__ import annotations

from dataclasses import dataclass

from accounts.models import User
from games.models import Invitation, Match, RematchOffer, Seat
from games.play.offers.models import RematchStatus


@dataclass(frozen=True)
class InvitedPlayer:
    """An invitee not seated (yet), as the waiting room lists them."""

    name: str
    declined: bool


def invited_players(match: Match, seats: list[Seat]) -> list[InvitedPlayer]:
    """The latest invitation of each invitee who has no seat: waiting for an answer, or
    declined (an invitation answered by joining shows as the seat itself)."""
    seated = {seat.user_id for seat in seats if seat.user_id}
    latest: dict[int, Invitation] = {}
    for invitation in match.invitations.select_related("user").order_by("created", "pk"):
        latest[invitation.user_id] = invitation
    return [
        InvitedPlayer(invitation.user.shown_name, invitation.accepted is False)
        for user_id, invitation in latest.items()
        if user_id not in seated and (invitation.is_pending or invitation.accepted is False)
    ]


def pending_invitation(match: Match, user: User | None) -> Invitation | None:
    """The viewer's unanswered invitation to this open match, to answer on its page."""
    if user is None or not user.is_authenticated or not match.is_open:
        return None
    return (
        Invitation.objects.filter(match=match, user=user, answered__isnull=True)
        .select_related("invited_by")
        .first()
    )


@dataclass(frozen=True)
class RematchPanel:
    """The latest rematch offer of a finished match, as one of its players sees it."""

    offer: RematchOffer
    offered_by: str
    # The people who have not answered yet, by name.
    waiting_for: tuple[str, ...]
    you_offered: bool
    you_answered: bool
    closed_by: str

    @property
    def you_may_answer(self) -> bool:
        return self.offer.is_open and not self.you_answered

    @property
    def polls(self) -> bool:
        """Whether the panel asks again for news: only while answers are awaited."""
        return self.offer.is_open


def rematch_panel(match: Match, user: User | None) -> RematchPanel | None:
    """The rematch news of a finished match for a player of it; None for anyone else, or when
    nobody has offered one."""
    if user is None or not user.is_authenticated or not match.is_finished:
        return None
    seats = match.seats_in_order()
    people = {seat.user_id: seat.user for seat in seats if seat.user_id and not seat.is_bot}
    if user.pk not in people:
        return None
    offer = (
        RematchOffer.objects.filter(match=match)
        .select_related("offered_by", "closed_by")
        .order_by("-created", "-pk")
        .first()
    )
    if offer is None:
        return None
    answered = set(offer.answers.values_list("user_id", flat=True))
    waiting = (
        tuple(person.shown_name for pk, person in people.items() if pk not in answered)
        if offer.status == RematchStatus.OPEN
        else ()
    )
    return RematchPanel(
        offer=offer,
        offered_by=offer.offered_by.shown_name,
        waiting_for=waiting,
        you_offered=offer.offered_by_id == user.pk,
        you_answered=user.pk in answered,
        closed_by=offer.closed_by.shown_name if offer.closed_by else "",
    )
