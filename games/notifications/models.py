"""What the site told a player, and how each player wants to be told."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    YOUR_TURN = "your_turn", _("It is your turn")
    STARTED = "started", _("A match you are in started")
    FINISHED = "finished", _("A match you are in finished")
    INVITATION = "invitation", _("An invitation to a match")
    REMATCH = "rematch", _("A rematch offer")
    CHAT = "chat", _("A chat message while you are away")
    DEADLINE = "deadline", _("Your time to move is running out")


class Channel(models.TextChoices):
    APP = "app", _("On the site")
    EMAIL = "email", _("By email")


# What a player who never changed a setting gets: everything in the app; by mail, what a
# correspondence player must not miss.
DEFAULT_CHANNELS: dict[str, dict[str, bool]] = {
    Kind.YOUR_TURN: {"app": True, "email": True},
    Kind.STARTED: {"app": True, "email": False},
    Kind.FINISHED: {"app": True, "email": True},
    Kind.INVITATION: {"app": True, "email": True},
    Kind.REMATCH: {"app": True, "email": True},
    Kind.CHAT: {"app": True, "email": False},
    Kind.DEADLINE: {"app": True, "email": True},
}


class Notification(models.Model):
    """One event told to one player. `key` names the event: a second attempt to tell the same
    event (another worker, a task run twice) finds the row and tells nothing."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(max_length=16, choices=Kind.choices)
    key = models.CharField(max_length=80)
    match = models.ForeignKey(
        "games.Match", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    # Codes and numbers only (place, rating change, a name): the text is made when read, in
    # the reader's language.
    data = models.JSONField(default=dict, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    read = models.DateTimeField(null=True, blank=True)
    # Shown on the site (the player's setting when it was made).
    in_app = models.BooleanField(default=True)
    # Sent alone or in a digest, or decided not to be: never mailed twice.
    mailed = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="one_notification_per_event"),
        ]
        indexes = [
            models.Index(
                fields=["user"],
                condition=models.Q(read__isnull=True, in_app=True),
                name="unread_notifications",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.kind} {self.key}"


class NotificationPrefs(models.Model):
    """A player's choices: per kind and channel, and a daily digest instead of single mails."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_prefs"
    )
    # {kind: {"app": bool, "email": bool}}; a kind or channel not named takes the default.
    channels = models.JSONField(default=dict, blank=True)
    digest = models.BooleanField(default=False)
    last_digest = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "notification preferences"

    def __str__(self) -> str:
        return f"{self.user} notification preferences"

    def wants(self, kind: str, channel: str) -> bool:
        chosen = self.channels.get(kind, {})
        if channel in chosen:
            return bool(chosen[channel])
        return DEFAULT_CHANNELS.get(kind, {}).get(channel, False)
