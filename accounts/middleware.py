"""Applies a signed-in player's time zone and language to every request.

Django's LocaleMiddleware (before this one) has already chosen the visitor's language from
the language cookie, else the browser's Accept-Language, else the default; a player's own
setting, when they made one, wins over both."""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation

from accounts.language import user_language


class UserPreferencesMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            try:
                timezone.activate(zoneinfo.ZoneInfo(user.time_zone))
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                timezone.deactivate()
            language = user_language(user)
            if language:
                translation.activate(language)
                request.LANGUAGE_CODE = translation.get_language()
        else:
            timezone.deactivate()
        return self.get_response(request)
