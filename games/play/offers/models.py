"""Invitations to a match by name, and offers to play a finished match again.

Registered with the `games` app (imported at the end of `games.models`)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Invitation(models.Model):
    """A host asked a player by name to take a seat in an open match."""

    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations"
    )
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)
    answered = models.DateTimeField(null=True, blank=True)
    # None while pending; an invitee who takes a seat another way has accepted too.
    accepted = models.BooleanField(null=True, blank=True)

    class Meta:
        ordering = ["created", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "user"],
                condition=models.Q(answered__isnull=True),
                name="one_pending_invitation_per_player",
            ),
        ]
        indexes = [
            # The dashboard's "invitations to answer": the few pending rows of one player.
            models.Index(
                fields=["user"],
                condition=models.Q(answered__isnull=True),
                name="pending_invitations_by_user",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} invited to {self.match_id} by {self.invited_by}"

    @property
    def is_pending(self) -> bool:
        return self.answered is None


class RematchStatus(models.TextChoices):
    OPEN = "open", _("Waiting for answers")
    ACCEPTED = "accepted", _("Started")
    DECLINED = "declined", _("Declined")
    CANCELLED = "cancelled", _("Withdrawn")


class RematchOffer(models.Model):
    """A player of a finished match offered to play it again, seated as before."""

    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="rematches")
    offered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)
    status = models.CharField(
        max_length=16, choices=RematchStatus.choices, default=RematchStatus.OPEN
    )
    closed = models.DateTimeField(null=True, blank=True)
    new_match = models.ForeignKey(
        "games.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Who declined or withdrew it, for the others to read on the page.
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["created", "pk"]
        constraints = [
            # A match is played again at most once, and has one offer standing at a time:
            # two clicks at once cannot make two rematches.
            models.UniqueConstraint(
                fields=["match"],
                condition=models.Q(status__in=["open", "accepted"]),
                name="one_standing_rematch_per_match",
            ),
        ]

    def __str__(self) -> str:
        return f"rematch of {self.match_id} by {self.offered_by} ({self.status})"

    @property
    def is_open(self) -> bool:
        return self.status == RematchStatus.OPEN


class RematchAnswer(models.Model):
    """One person's answer to a rematch offer (its maker says yes by making it)."""

    offer = models.ForeignKey(RematchOffer, on_delete=models.CASCADE, related_name="answers")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    accepted = models.BooleanField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["offer", "user"], name="one_answer_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.user} {'accepts' if self.accepted else 'declines'} {self.offer}"
