"""Every template's user-facing text is inside a translation tag."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings

from tests.i18n.template_text import untranslated

ROOT = Path(settings.BASE_DIR) / "templates"
TEMPLATES = sorted(p for p in ROOT.rglob("*") if p.suffix in (".html", ".txt"))


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_template_has_no_text_outside_translation_tags(path):
    assert untranslated(path, ROOT) == []


def _write(tmp_path: Path, text: str, name: str = "t.html") -> list[str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return [found.text for found in untranslated(path, tmp_path)]


def test_the_checker_finds_text_nodes_and_read_attributes(tmp_path):
    assert _write(tmp_path, "<p>Hello {{ name }}</p>") == ["Hello"]
    assert _write(tmp_path, '<img alt="A map" src="x.png">') == ["A map"]
    assert _write(tmp_path, '<button aria-label="Close">{% translate "x" %}</button>') == ["Close"]
    assert _write(tmp_path, '<input type="submit" value="Send">') == ["Send"]
    assert _write(tmp_path, '<input type="hidden" name="choice" value="return">') == []
    assert _write(tmp_path, '<button name="a" value="end">{% translate "End" %}</button>') == []
    assert _write(tmp_path, '<meta name="description" content="Play games">') == ["Play games"]
    assert _write(tmp_path, "<svg><text>Start</text></svg>") == ["Start"]
    assert _write(tmp_path, "Your turn in {{ match }}\n", name="mail.txt") == ["Your turn in"]


def test_the_checker_passes_translated_printed_and_hidden_text(tmp_path):
    assert _write(tmp_path, '{% load i18n %}<h1>{% translate "Rules" %}</h1>') == []
    assert (
        _write(
            tmp_path, "{% blocktranslate trimmed with n=x %}Round {{ n }}{% endblocktranslate %}"
        )
        == []
    )
    assert _write(tmp_path, "{% comment %}Why this is so{% endcomment %}<p>{{ x }} · 3</p>") == []
    assert _write(tmp_path, "{# a note #}<script>let a = 'text';</script><style>a{}</style>") == []
    assert _write(tmp_path, '<meta name="viewport" content="width=device-width">') == []
    assert _write(tmp_path, '<a class="button" href="/x" data-id="7">{{ label }}</a>') == []
    assert _write(tmp_path, "<p>日本語</p>") == ["日本語"]
