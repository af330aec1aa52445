"""URL path converters: parts of a URL that can only ever name something real.

Anything else (a NUL byte, say, which PostgreSQL refuses in a query) never reaches a view:
the URL does not match, and the answer is a plain 404.
"""

from __future__ import annotations

from django.urls import register_converter


class _TextConverter:
    """A part of the URL taken as it is, once it matches `regex`."""

    regex: str

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class UsernameConverter(_TextConverter):
    regex = r"[\w.@+-]+"  # the characters Django's username validator allows


class TokenConverter(_TextConverter):
    regex = r"[A-Za-z0-9_-]+"  # what secrets.token_urlsafe produces


register_converter(UsernameConverter, "username")
register_converter(TokenConverter, "token")
