"""Reads what a person sees or hears of a page and finds the English words left in it."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from tests.i18n.template_text import read_attributes

WORD = re.compile(r"[A-Za-z]{2,}")
# Proper names a Japanese page may show as they are: the site's name, the language switcher's
# "English", the rating model's authors, file formats, and the usernames the tests sign up with.
PROPER_NAMES = {
    "expedition",
    "english",
    "hanako",
    "taro",
    "jiro",
    "plackett",
    "luce",
    "json",
    "ndjson",
}


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self._hidden: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        # Key caps (<kbd>) read as printed on every keyboard.
        if tag in ("script", "style", "template", "kbd") or values.get("translate") == "no":
            if tag not in ("img", "input", "br", "meta", "link"):
                self._hidden.append(tag)
            return
        if self._hidden:
            return
        self.texts.extend(read_attributes(tag, attrs))

    def handle_endtag(self, tag: str) -> None:
        if self._hidden and self._hidden[-1] == tag:
            self._hidden.pop()

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.texts.append(data)


def read_text(html: str) -> list[str]:
    """Every text node and read attribute outside scripts, styles and translate="no"."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return [" ".join(t.split()) for t in reader.texts if t.strip()]


def english(html: str, also: set[str] | frozenset[str] = frozenset()) -> list[str]:
    """The pieces of text that hold an English word which is not a proper name."""
    allowed = PROPER_NAMES | {name.lower() for name in also}
    return [
        text
        for text in read_text(html)
        if any(word.lower() not in allowed for word in WORD.findall(text))
    ]
