"""`{% seat_marker position %}`, `{% seat_markers positions %}`: a seat's marker beside its name."""

from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.utils.safestring import SafeString

from games.presenters import seat_marks

register = template.Library()


@register.simple_tag
def seat_marker(position: int | None) -> SafeString | str:
    # Like any template variable, a missing seat renders as nothing rather than failing a page.
    if not isinstance(position, int) or isinstance(position, bool):
        return ""
    return seat_marks.seat_marker(position)


@register.simple_tag
def seat_markers(positions: Iterable[int] | None) -> SafeString:
    return seat_marks.seat_markers(p for p in positions or () if isinstance(p, int))
