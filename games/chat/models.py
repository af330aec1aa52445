"""What players say beside a match, whom they chose not to hear, and what they reported.

Chat carries only what people typed, who typed it and when: the same for every viewer, so it
is rendered once per message and never holds anything of the game's hidden state."""

from __future__ import annotations

from django.conf import settings
from django.db import models

MAX_LENGTH = 500
REASON_LENGTH = 200


class ChatMessage(models.Model):
    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="chat_messages")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    # The author's seat when they wrote it; None for a spectator (who gets no seat marker).
    position = models.PositiveSmallIntegerField(null=True, blank=True)
    # Plain text: escaped wherever it is shown.
    text = models.CharField(max_length=MAX_LENGTH)
    created = models.DateTimeField(auto_now_add=True)
    # Taken down by staff: left out of every page from then on.
    hidden = models.BooleanField(default=False)

    class Meta:
        ordering = ["pk"]
        indexes = [models.Index(fields=["match", "id"], name="chat_by_match")]

    def __str__(self) -> str:
        return f"{self.match} chat #{self.pk}"

    @property
    def author_name(self) -> str:
        return self.user.shown_name


class ChatMute(models.Model):
    """One player no longer sees another's messages, in every match (site-wide)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_mutes"
    )
    muted = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "muted"], name="one_mute_per_pair"),
            models.CheckConstraint(
                condition=~models.Q(user=models.F("muted")), name="no_muting_oneself"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} mutes {self.muted}"


class ChatReport(models.Model):
    """A message someone thinks staff should look at; staff resolve it in the admin."""

    message = models.ForeignKey(ChatMessage, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    reason = models.CharField(max_length=REASON_LENGTH, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    resolved = models.BooleanField(default=False)

    class Meta:
        ordering = ["resolved", "-created"]
        constraints = [
            models.UniqueConstraint(fields=["message", "reporter"], name="one_report_per_reader"),
        ]

    def __str__(self) -> str:
        return f"report of {self.message} by {self.reporter}"
