"""The sentence a refused move shows, in the reader's language, from the engine's code."""

from __future__ import annotations

from importlib import import_module

from django.utils.translation import gettext

GLOSSARIES = {
    "incan-gold": "games.help.incan_gold",
    "el-dorado": "games.help.el_dorado",
}


def illegal_text(game: str, exc: Exception) -> str:
    """What to tell a player whose move `exc` refused: the game's sentence for the error's
    `code` (with its `params`), or a plain refusal when the engine gave no code we know."""
    module = import_module(GLOSSARIES[game])
    text = module.error_text(getattr(exc, "code", None), getattr(exc, "params", {}) or {})
    return text or gettext("That move is not allowed.")
