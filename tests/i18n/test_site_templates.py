"""The site's templates (all but the game boards and the games' own rules and replay boards)
hold no user-facing text outside translation tags."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
GAMES_OWN = {
    "rules/incan_gold.html",
    "rules/el_dorado.html",
    "games/replay/incan_gold.html",
    "games/replay/el_dorado.html",
    "games/replay/el_dorado_map.html",
    "games/replay/ed_cards.html",
}
ATTRS = {"title", "alt", "aria-label", "placeholder", "hx-confirm", "aria-valuetext"}
LETTERS = re.compile(r"[A-Za-z]{2,}")


def site_templates() -> list[str]:
    names = []
    for path in sorted(TEMPLATES.rglob("*")):
        name = path.relative_to(TEMPLATES).as_posix()
        boards = name.startswith("games/boards/") or name in GAMES_OWN
        if path.suffix in {".html", ".txt"} and not boards:
            names.append(name)
    return names


def without_tags(source: str) -> str:
    """The template with its translated blocks, comments, tags and variables taken out."""
    for pattern in (
        r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}",
        r"{#.*?#}",
        r"{%\s*blocktranslate.*?{%\s*endblocktranslate\s*%}",
        r"{%.*?%}",
        r"{{.*?}}",
    ):
        source = re.sub(pattern, " ", source, flags=re.S)
    return source


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in {"script", "style", "svg"}:
            self.hidden += 1
        values = dict(attrs)
        for key, value in attrs:
            shown = key in ATTRS or (key.startswith("data-") and key.endswith("-text"))
            if tag == "button" and key == "value":
                shown = False  # a button's value is sent, not shown
            if tag == "input" and key == "value" and values.get("type") in {"submit", "button"}:
                shown = True
            if shown and value and LETTERS.search(value):
                self.found.append(f"{key}={value!r}")

    def handle_endtag(self, tag: str) -> None:
        if tag in {"script", "style", "svg"}:
            self.hidden = max(0, self.hidden - 1)

    def handle_data(self, data: str) -> None:
        if not self.hidden and LETTERS.search(data):
            self.found.append(data.strip())


@pytest.mark.parametrize("name", site_templates())
def test_no_text_outside_translation_tags(name):
    reader = _Reader()
    reader.feed(without_tags((TEMPLATES / name).read_text()))
    assert reader.found == []
