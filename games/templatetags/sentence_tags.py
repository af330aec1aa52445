"""`{% sentence_gap %}`: what goes between two sentences set side by side, by language."""

from __future__ import annotations

from django import template
from django.utils.translation import get_language

register = template.Library()

# Written without spaces between sentences: a space after "。" shows as a gap mid-paragraph.
_UNSPACED = ("ja", "zh")


@register.simple_tag
def sentence_gap() -> str:
    language = (get_language() or "").split("-")[0]
    return "" if language in _UNSPACED else " "
