"""Finds user-facing text a template holds outside translation tags.

A template is split with Django's own lexer. Text inside {% translate %}, {% blocktranslate %},
{% comment %} and <script>/<style> is left out; so is everything a variable or tag prints (it is
checked where it is made). What remains is read as HTML: a text node, or one of the attributes
a person reads or hears, that still has a letter in it is untranslated.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

from django.template.base import Lexer, TokenType

# Attributes whose values are read or heard by people.
READ_ATTRIBUTES = {
    "title",
    "alt",
    "aria-label",
    "placeholder",
    "aria-description",
    "aria-valuetext",
    "aria-roledescription",
    "hx-confirm",
    "content",
}
# A submit input's value is its label; other values (a <button>'s included) are data.
LABEL_VALUE_TYPES = {"submit", "button", "reset"}
# Stands where a tag or variable printed something: not a letter, so it is never text.
HOLE = "\u2042"
LETTER = re.compile(r"[^\W\d_]", re.UNICODE)
# meta tags whose content is not read (the viewport, the charset).
UNREAD_META = {"viewport", "color-scheme", "robots", "referrer", "theme-color"}


@dataclass(frozen=True)
class Untranslated:
    template: str
    text: str


def _visible_source(source: str) -> str:
    """The template with translated, commented and printed parts replaced by HOLE."""
    out: list[str] = []
    skipping: str | None = None
    for token in Lexer(source).tokenize():
        if token.token_type == TokenType.BLOCK:
            name = token.contents.split()[0] if token.contents.split() else ""
            if skipping:
                if name == skipping:
                    skipping = None
                continue
            if name in ("blocktranslate", "blocktrans", "comment"):
                skipping = "end" + name
            out.append(HOLE)
        elif token.token_type == TokenType.TEXT:
            if not skipping:
                out.append(token.contents)
        elif not skipping:
            out.append(HOLE)
    return "".join(out)


def read_attributes(tag: str, attrs: list[tuple[str, str | None]]) -> list[str]:
    """The values of a tag's attributes that people read or hear."""
    values = dict(attrs)
    if tag == "meta":
        name = values.get("name")
        content = values.get("content")
        return [content] if name and name not in UNREAD_META and content else []
    kind = (values.get("type") or "").lower()
    return [
        value
        for name, value in attrs
        if value
        and name != "content"
        and (
            name in READ_ATTRIBUTES
            or (tag == "input" and name == "value" and kind in LABEL_VALUE_TYPES)
        )
    ]


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._hidden += 1
        for value in read_attributes(tag, attrs):
            self._check(value)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag in ("script", "style"):
            self._hidden -= 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._hidden = max(0, self._hidden - 1)

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self._check(data)

    def _check(self, text: str) -> None:
        text = " ".join(text.replace(HOLE, " ").split())
        if LETTER.search(text):
            self.found.append(text)


def untranslated(path: Path, root: Path) -> list[Untranslated]:
    """The untranslated text of one template."""
    visible = _visible_source(path.read_text(encoding="utf-8"))
    name = str(path.relative_to(root))
    if path.suffix == ".txt":
        # A plain-text template (a mail): every letter left is read.
        return [
            Untranslated(name, line.strip())
            for line in visible.replace(HOLE, " ").splitlines()
            if LETTER.search(line)
        ]
    reader = _Reader()
    reader.feed(visible)
    reader.close()
    return [Untranslated(name, text) for text in reader.found]
