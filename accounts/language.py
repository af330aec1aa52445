"""Which language a reader gets: their own setting, else the visitor's choice (the language
cookie), else the browser's, else the site's default."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header


def offered(code: str | None) -> str | None:
    """The offered language a code names (`ja-JP` is `ja`), or None when none is offered."""
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


def user_language(user: Any) -> str | None:
    """A signed-in player's own setting, when it names an offered language."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return offered(getattr(user, "language", ""))


def reader_language(user: Any) -> str:
    """The language to write to a player in when no request says it (mails, notices)."""
    return user_language(user) or settings.LANGUAGE_CODE


def _header(scope: Mapping[str, Any], name: bytes) -> str:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return value.decode("latin-1")
    return ""


def scope_language(scope: Mapping[str, Any]) -> str:
    """The language of a socket's pages, from its connection as a request's would be read."""
    chosen = user_language(scope.get("user"))
    if chosen:
        return chosen
    cookies = scope.get("cookies") or {}
    chosen = offered(cookies.get(settings.LANGUAGE_COOKIE_NAME))
    if chosen:
        return chosen
    for code, _quality in parse_accept_lang_header(_header(scope, b"accept-language")):
        chosen = offered(code) if code != "*" else None
        if chosen:
            return chosen
    return settings.LANGUAGE_CODE
