"""A match is its players plus an append-only move log; everything else is derived."""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.catalog import game_name
from games.seat_names import bot_name, seat_names


def new_invite_token() -> str:
    return secrets.token_urlsafe(12)


class Status(models.IntegerChoices):
    # Stored numbers never change meaning; add new statuses with new numbers.
    OPEN = 0, _("Waiting for players")
    ACTIVE = 1, _("In progress")
    FINISHED = 2, _("Finished")
    ABANDONED = 3, _("Abandoned")


class Pace(models.TextChoices):
    LIVE = "live", _("Live")
    CORRESPONDENCE = "correspondence", _("Correspondence")


class Match(models.Model):
    game = models.CharField(max_length=32)
    options = models.JSONField(default=dict, blank=True)
    seed = models.BigIntegerField()
    players = models.PositiveSmallIntegerField()
    status = models.PositiveSmallIntegerField(choices=Status.choices, default=Status.OPEN)
    version = models.PositiveIntegerField(default=0)
    rated = models.BooleanField(default=True)
    pace = models.CharField(max_length=16, choices=Pace.choices, default=Pace.LIVE)
    move_seconds = models.PositiveIntegerField(default=120)
    private = models.BooleanField(default=False)
    invite_token = models.CharField(max_length=32, default=new_invite_token, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)
    # When the seats the game waits for last changed; the time control counts from here.
    turn_started = models.DateTimeField(null=True, blank=True)
    # Version at which the seats the game waits for were last asked anew: an action based on
    # an older version was chosen on a board that has changed since.
    turn_version = models.PositiveIntegerField(default=0)
    snapshot = models.JSONField(null=True, blank=True)
    snapshot_version = models.PositiveIntegerField(default=0)
    # Events of setting the game up (the first round's cards, say), shown in the log.
    opening_events = models.JSONField(default=list, blank=True)

    class Meta:
        indexes = [models.Index(fields=["status", "game"]), models.Index(fields=["-updated"])]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"{self.game} #{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("match", args=[self.pk])

    @property
    def game_name(self) -> str:
        """The game's name in the reader's language."""
        return game_name(self.game)

    @property
    def is_open(self) -> bool:
        return self.status == Status.OPEN

    @property
    def is_active(self) -> bool:
        return self.status == Status.ACTIVE

    @property
    def is_over(self) -> bool:
        return self.status in (Status.FINISHED, Status.ABANDONED)

    @property
    def is_finished(self) -> bool:
        """Played to its end, with a result."""
        return self.status == Status.FINISHED

    @property
    def is_abandoned(self) -> bool:
        return self.status == Status.ABANDONED

    @property
    def is_cancelled(self) -> bool:
        """Given up by every person before it started: there is no game to show."""
        return self.status == Status.ABANDONED and self.started is None

    @property
    def move_time(self) -> timedelta:
        return timedelta(seconds=self.move_seconds)

    def loaded_seats(self) -> list[Seat] | None:
        """The seats loaded with the match (a move loads them under its row lock and keeps
        them current), by position; None when they were not."""
        loaded = getattr(self, "_prefetched_objects_cache", {}).get("seats")
        return None if loaded is None else sorted(loaded, key=lambda seat: seat.position)

    def seats_in_order(self) -> list[Seat]:
        """The seats by position, their users joined: those loaded with the match, else read now."""
        loaded = self.loaded_seats()
        if loaded is not None:
            return loaded
        return list(self.seats.select_related("user").order_by("position"))

    def seat_names(self) -> list[str]:
        """Every seat's name, by position (see `games.seat_names`)."""
        return seat_names(self.seats_in_order())

    @property
    def deadline(self):
        if not self.is_active or self.turn_started is None:
            return None
        return self.turn_started + self.move_time


class Seat(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="seats",
    )
    bot_level = models.CharField(max_length=16, blank=True)
    joined = models.DateTimeField(auto_now_add=True)
    resigned = models.BooleanField(default=False)
    timeouts = models.PositiveSmallIntegerField(default=0)
    score = models.IntegerField(null=True, blank=True)
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    # The game waits for this seat now (whoever plays it: person, bot or a resigned player's
    # autopilot). Stored when it changes, so dashboards count turns without decoding a state.
    to_move = models.BooleanField(default=False)

    class Meta:
        ordering = ["position"]
        indexes = [
            # "Your turn" lists and counts: the few seats of a user that are awaited.
            models.Index(
                fields=["user"], condition=models.Q(to_move=True), name="seat_to_move_by_user"
            ),
        ]
        constraints = [
            models.UniqueConstraint(fields=["match", "position"], name="one_seat_per_position"),
            models.UniqueConstraint(
                fields=["match", "user"],
                condition=models.Q(user__isnull=False),
                name="one_seat_per_user",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match} seat {self.position}: {self.name}"

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    @property
    def name(self) -> str:
        """This seat's name in its match (see `seat_names`); a page naming every seat of a
        match calls `seat_names` once instead."""
        if self.user_id is not None and not self.is_bot:
            return self.user.shown_name
        # A bot's number depends on the other bots of its match: the seats loaded with it.
        seats = self.match.seats_in_order()
        for seat, name in zip(seats, seat_names(seats), strict=True):
            if seat.position == self.position:
                return name
        return seat_names([self])[0]


class MatchAction(models.Model):
    """One entry of a match's log. Rows are only ever added, never changed or removed."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    action = models.JSONField()
    # The match version this action produced: what a player saw is "every action up to it".
    version = models.PositiveIntegerField()
    # What the action caused, written once with it, so the log needs no replay to be read.
    events = models.JSONField(default=list)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="one_action_per_seq"),
        ]

    def __str__(self) -> str:
        return f"{self.match} #{self.seq} seat {self.seat}: {self.action}"


class MatchAnalysis(models.Model):
    """The post-game analysis of a finished match: each decision judged by the expert bot.
    Worked out once, on the task queue, the first time someone asks for it."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="analysis")
    done = models.PositiveIntegerField(default=0)  # decisions judged so far
    total = models.PositiveIntegerField(default=0)
    decisions = models.JSONField(default=list)
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"analysis of {self.match} ({self.done}/{self.total})"


class PlayerRating(models.Model):
    """A player's (or a bot level's) current rating in one game."""

    game = models.CharField(max_length=32)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    bot_level = models.CharField(max_length=16, blank=True)
    mu = models.FloatField()
    sigma = models.FloatField()
    display = models.IntegerField()
    provisional = models.BooleanField(default=True)
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    last_played = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["game", "user"],
                condition=models.Q(user__isnull=False),
                name="one_rating_per_user_and_game",
            ),
            models.UniqueConstraint(
                fields=["game", "bot_level"],
                condition=models.Q(user__isnull=True),
                name="one_rating_per_bot_and_game",
            ),
        ]
        indexes = [models.Index(fields=["game", "-display"])]

    def __str__(self) -> str:
        return f"{self.name} {self.game}: {self.display}"

    @property
    def name(self) -> str:
        # A rating is per bot level, so its bot keeps the level's plain name.
        if self.user_id is None:
            return bot_name(self.bot_level)
        return self.user.shown_name


class RatingChange(models.Model):
    """One seat's rating before and after one rated match: the rating history."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rating_changes")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="rating_changes")
    rating = models.ForeignKey(PlayerRating, on_delete=models.CASCADE, related_name="changes")
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    display_before = models.IntegerField()
    display_after = models.IntegerField()
    place = models.PositiveSmallIntegerField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="one_change_per_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.match} seat {self.seat.position}: {self.delta:+d}"

    @property
    def delta(self) -> int:
        return self.display_after - self.display_before


# Models kept beside the code that uses them, registered with this app (label `games`).
from games.chat.models import ChatMessage, ChatMute, ChatReport  # noqa: E402, F401
from games.notifications.models import Notification, NotificationPrefs  # noqa: E402, F401
from games.play.offers.models import (  # noqa: E402, F401
    Invitation,
    RematchAnswer,
    RematchOffer,
)
