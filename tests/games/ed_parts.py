"""The El Dorado board's parts, rendered and put together as the match page does."""

from __future__ import annotations

import re
from collections.abc import Mapping
from html.parser import HTMLParser
from typing import Any

from django.template.loader import render_to_string

from games.presenters.el_dorado.board import BOARD_CLASS, PARTS

SLOT = re.compile(r"<!--part:([\w-]+)-->")
# What a pushed frame leaves out of a form (htmx sends the page's token as a header).
CSRF_INPUT = re.compile(r'<input type="hidden" name="csrfmiddlewaretoken" value="[^"]*">')
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


def render_parts(context: Mapping[str, Any]) -> dict[str, str]:
    """Each part's HTML for a context that the board's builder has filled in."""
    return {part.name: render_to_string(part.template, dict(context)).strip() for part in PARTS}


def compose(parts: Mapping[str, str]) -> str:
    """The whole board: slotted parts in their static parts' slots, the others in order."""
    slotted = {name for p in PARTS if p.static for name in SLOT.findall(parts[p.name])}
    body = "".join(parts[p.name] for p in PARTS if p.name not in slotted)
    return f'<div class="{BOARD_CLASS}">{SLOT.sub(lambda m: parts[m[1]], body)}</div>'


def pushed_size(html: str) -> int:
    """Bytes of a part as a push carries it."""
    return len(CSRF_INPUT.sub("", html).encode())


class _TopLevel(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.found: list[tuple[str, dict[str, str | None]]] = []
        self.stray_text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth == 0:
            self.found.append((tag, dict(attrs)))
        if tag not in VOID:
            self.depth += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth == 0:
            self.found.append((tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth == 0:
            self.stray_text += data.strip()


def top_level(html: str) -> tuple[list[tuple[str, dict[str, str | None]]], str]:
    """The top-level elements of a fragment (tag, attributes), and any text outside them."""
    parser = _TopLevel()
    parser.feed(html)
    parser.close()
    return parser.found, parser.stray_text
