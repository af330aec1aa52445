"""The site's user: Django's auth user plus the preferences a player sets."""

from __future__ import annotations

import zoneinfo
from datetime import datetime
from functools import cache

from django.conf import settings
from django.contrib.auth.models import AbstractUser, UserManager
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


@cache
def time_zone_choices() -> list[tuple[str, str]]:
    """Every IANA time zone name, sorted, as form choices."""
    names = sorted(zoneinfo.available_timezones() - {"localtime", "Factory"})
    return [(name, name.replace("_", " ")) for name in names]


class CaseInsensitiveUserManager(UserManager):
    def get_by_natural_key(self, username: str | None) -> User:
        # "Ana" and "ana" are one account: log in with either spelling.
        return self.get(**{f"{self.model.USERNAME_FIELD}__iexact": username})


class User(AbstractUser):
    display_name = models.CharField(
        _("display name"),
        max_length=40,
        blank=True,
        help_text=_("Shown to other players instead of your username. Leave empty to use it."),
    )
    time_zone = models.CharField(
        _("time zone"), max_length=64, default="UTC", choices=time_zone_choices
    )
    # Empty: the browser's language (or the one the visitor picked in the switcher).
    language = models.CharField(
        _("language"), max_length=8, blank=True, default="", choices=settings.LANGUAGES
    )
    # The end of the latest vacation (its rows are the record): read with the player's name.
    vacation_until = models.DateTimeField(null=True, blank=True)

    objects = CaseInsensitiveUserManager()

    class Meta:
        constraints = [
            models.UniqueConstraint(Lower("username"), name="unique_username_ignoring_case"),
        ]

    def __str__(self) -> str:
        return self.username

    @property
    def shown_name(self) -> str:
        """The name other players see."""
        return self.display_name or self.username

    @property
    def away_until(self) -> datetime | None:
        """When the vacation the player is on now ends; None when they are not on one."""
        until = self.vacation_until
        return until if until is not None and until > timezone.now() else None


class Vacation(models.Model):
    """Time off a player took: their correspondence clocks stand still from `starts` to `ends`."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="vacations")
    starts = models.DateTimeField()
    ends = models.DateTimeField()
    # The calendar year (in the player's time zone) whose allowance the days are taken from.
    year = models.PositiveSmallIntegerField()
    days = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["starts"]
        indexes = [models.Index(fields=["user", "ends"])]

    def __str__(self) -> str:
        return f"{self.user} away {self.starts:%Y-%m-%d} to {self.ends:%Y-%m-%d}"
