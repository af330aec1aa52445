"""What the site tells players about each game (names, player counts, blurbs)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True, slots=True)
class GameInfo:
    key: str
    name: str | Promise
    players: str | Promise
    minutes: str | Promise
    tagline: str | Promise
    description: str | Promise


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        key="incan-gold",
        name=_("Incan Gold"),
        players=_("3–8 players"),
        minutes=_("20 min"),
        tagline=_("Push deeper into the temple, or run home with your gems?"),
        description=_(
            "Five temples, one card at a time. Everyone decides in secret whether to press on "
            "or return to camp. Treasure is split among those still inside; a second spider, "
            "snake, mummy, fire or rockfall sends everyone still in the temple home empty-handed."
        ),
    ),
    GameInfo(
        key="el-dorado",
        name=_("The Quest for El Dorado"),
        players=_("2–4 players"),
        minutes=_("45 min"),
        tagline=_("Build your expedition deck and race through jungle, river and village."),
        description=_(
            "A deck-building race across a hex map. Machetes cut through jungle, paddles carry "
            "you down rivers, coins buy stronger companions. Break through blockades, thin your "
            "deck at base camps, and be first to reach the golden city."
        ),
    ),
)


def game_name(key: str) -> str:
    """A game's name in the reader's language (the key itself for a game the site lacks)."""
    for game in GAMES:
        if game.key == key:
            return str(game.name)
    return key
