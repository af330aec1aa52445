"""The Japanese catalogue is complete and current, and the checked-in .mo files are its own."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command

LOCALE = Path(settings.BASE_DIR) / "locale"
DOMAINS = ("django", "djangojs")
PLACEHOLDER = re.compile(r"%\((\w+)\)[sdif]")
POSITIONAL = re.compile(r"%(?!\()(?!%)[-+ #0]*\d*(?:\.\d+)?[sdif]")
# What `make makemessages` reads (it leaves out .venv, staticfiles, tests and bench).
SOURCES = ("accounts", "config", "games", "templates", "static")


def _catalogue(language: str, domain: str) -> polib.POFile:
    return polib.pofile(str(LOCALE / language / "LC_MESSAGES" / f"{domain}.po"))


def _live(po: polib.POFile) -> list[polib.POEntry]:
    return [entry for entry in po if not entry.obsolete]


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_japanese_message_is_translated_and_none_is_fuzzy(domain):
    po = _catalogue("ja", domain)
    assert _live(po)
    missing = [e.msgid for e in _live(po) if not e.translated()]
    fuzzy = [e.msgid for e in _live(po) if "fuzzy" in e.flags]
    assert missing == []
    assert fuzzy == []
    assert "nplurals=1; plural=0" in po.metadata.get("Plural-Forms", "").replace(" ;", ";")


@pytest.mark.parametrize("domain", DOMAINS)
def test_japanese_messages_keep_every_placeholder(domain):
    wrong = []
    for entry in _live(_catalogue("ja", domain)):
        wanted = set(PLACEHOLDER.findall(entry.msgid_plural or entry.msgid))
        strings = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        for text in strings:
            if set(PLACEHOLDER.findall(text)) != wanted:
                wrong.append((entry.msgid, text))
    assert wrong == []


@pytest.mark.parametrize("domain", DOMAINS)
def test_placeholders_are_named(domain):
    positional = [
        e.msgid
        for e in _live(_catalogue("ja", domain))
        if "python-format" in e.flags
        and POSITIONAL.search((e.msgid + (e.msgid_plural or "")).replace("%%", ""))
    ]
    assert positional == []


@pytest.mark.parametrize("language", ["ja", "en"])
@pytest.mark.parametrize("domain", DOMAINS)
def test_checked_in_mo_files_are_compiled_from_their_po(language, domain):
    folder = LOCALE / language / "LC_MESSAGES"
    po = polib.pofile(str(folder / f"{domain}.po"))
    mo = polib.mofile(str(folder / f"{domain}.mo"))

    def table(catalogue) -> dict:
        return {
            (e.msgctxt, e.msgid, e.msgid_plural): (e.msgstr, tuple(sorted(e.msgstr_plural.items())))
            for e in catalogue
            if e.msgid
            and not e.obsolete
            and "fuzzy" not in e.flags
            and (e.msgstr or any(e.msgstr_plural.values()))
        }

    assert table(mo) == table(po)


def test_the_languages_offered_are_the_complete_catalogues():
    codes = [code for code, _ in settings.LANGUAGES]
    assert codes == ["en", "ja"]
    assert all((LOCALE / code / "LC_MESSAGES" / "django.po").exists() for code in codes)


@pytest.mark.skipif(shutil.which("xgettext") is None, reason="needs GNU gettext's xgettext")
def test_the_catalogues_hold_every_message_the_sources_mark(tmp_path, settings, monkeypatch):
    # makemessages writes beside the sources it reads: it reads a copy here.
    root = Path(settings.BASE_DIR)
    for folder in SOURCES:
        shutil.copytree(
            root / folder, tmp_path / folder, ignore=shutil.ignore_patterns("__pycache__")
        )
    (tmp_path / "locale").mkdir()
    monkeypatch.chdir(tmp_path)
    settings.LOCALE_PATHS = [tmp_path / "locale"]
    for domain in DOMAINS:
        call_command("makemessages", locale=["ja"], domain=domain, verbosity=0, no_obsolete=True)
        made = tmp_path / "locale" / "ja" / "LC_MESSAGES" / f"{domain}.po"
        fresh = {(e.msgctxt, e.msgid) for e in polib.pofile(str(made))} if made.exists() else set()
        kept = {(e.msgctxt, e.msgid) for e in _live(_catalogue("ja", domain))}
        assert fresh - kept == set(), f"run make makemessages and translate ({domain})"
