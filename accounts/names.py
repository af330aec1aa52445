"""Which names a player may go by: none that another player goes by, and none that reads like a
bot, the site or a line of a match's log.

Names are compared as people read them: ignoring case and the spaces around and between words.
Whether a name reads like a bot's is looser still: punctuation, spacing and numbers anywhere
are ignored, so "Expert_Bot #2" and "expertbot2" read like "Expert bot 2".
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.models import User
from games.bots.registry import BOTS
from games.seat_names import bot_name, former_player_name

# Names the site or a match's log uses for no one player: a log says "You ..." to its reader,
# "Someone" for an unknown seat, "Seat 3" for a seat without a name.
RESERVED = (
    "bot",
    "bots",
    "expedition",
    "admin",
    "administrator",
    "staff",
    "moderator",
    "support",
    "system",
    "you",
    "someone",
    "nobody",
    "seat",
)


def tidy(name: str) -> str:
    """The name as it is kept: without spaces around it, one space between its words."""
    return " ".join(name.split())


def _skeleton(name: str) -> str:
    """What a name reads as, for telling it from a bot's: its letters only, in one case
    ("Expert-Bot #2" -> "expertbot"), as a bot's number may stand anywhere in a language."""
    return "".join(c for c in unicodedata.normalize("NFKC", name).casefold() if c.isalpha())


@cache
def _reserved_skeletons() -> frozenset[str]:
    # In every language the site speaks: a bot is named in its viewer's language.
    levels = {level for game in BOTS.values() for level in game}
    found = {_skeleton(word) for word in RESERVED}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            found.update(_skeleton(bot_name(level)) for level in levels)
            found.update(_skeleton(bot_name(level, 2)) for level in levels)
            found.add(_skeleton(former_player_name()))
    found.discard("")
    return frozenset(found)


def reads_like_a_bot(name: str) -> bool:
    """Whether a name could be taken for a bot's, the site's or a log's own word."""
    return _skeleton(name) in _reserved_skeletons()


def taken_by_another(name: str, exclude_pk: int | None = None) -> bool:
    """Whether another player goes by this name, as username or display name."""
    words = name.split()
    if not words:
        return False
    # Display names kept before they were tidied may hold more spaces than the name asked for.
    spaced = r"^\s*" + r"\s+".join(re.escape(word) for word in words) + r"\s*$"
    others = User.objects.filter(Q(username__iexact=tidy(name)) | Q(display_name__iregex=spaced))
    if exclude_pk is not None:
        others = others.exclude(pk=exclude_pk)
    return others.exists()


def check_name(name: str, exclude_pk: int | None = None) -> None:
    """Refuse (ValidationError) a name a player may not go by; `exclude_pk`: the player's own."""
    if reads_like_a_bot(name):
        raise ValidationError(
            _("“%(name)s” could be taken for a bot or for the site; pick another name."),
            code="impersonates",
            params={"name": tidy(name)},
        )
    if taken_by_another(name, exclude_pk):
        raise ValidationError(
            _("“%(name)s” is another player's name; pick one nobody could mistake."),
            code="taken",
            params={"name": tidy(name)},
        )
