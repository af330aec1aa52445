"""URL path converters: parts of a URL that can only ever name something real.

Anything else (a NUL byte, say, which PostgreSQL refuses in a query) never reaches a view:
the URL does not match, and the answer is a plain 404.
"""

from __future__ import annotations

from django.urls import register_converter


class UsernameConverter:
    # The characters Django's username validator allows.
    regex = r"[\w.@+-]+"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class TokenConverter:
    # What secrets.token_urlsafe produces.
    regex = r"[A-Za-z0-9_-]+"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(UsernameConverter, "username")
register_converter(TokenConverter, "token")
