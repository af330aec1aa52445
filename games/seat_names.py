"""What each seat of a match is called, on every page, log line and record that names it.

People go by the name they chose; bots by their level, numbered apart when a match has more
than one bot of that level ("Expert bot 1", "Expert bot 2"), so every seat reads differently.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

if TYPE_CHECKING:
    from games.models import Seat

# The bot levels as players read them; a level missing here reads as its key, capitalised.
LEVEL_LABELS = {
    "random": gettext_lazy("Random"),
    "cautious": gettext_lazy("Cautious"),
    "greedy": gettext_lazy("Greedy"),
    "expert": gettext_lazy("Expert"),
}


def level_label(level: str) -> str:
    """A bot level's name: "Expert"."""
    return str(LEVEL_LABELS.get(level, level.capitalize()))


def bot_name(level: str, number: int | None = None) -> str:
    """A bot's name: "Expert bot", or "Expert bot 2" when it shares its level with others."""
    if number is None:
        return _("%(level)s bot") % {"level": level_label(level)}
    return _("%(level)s bot %(number)s") % {"level": level_label(level), "number": number}


def former_player_name(number: int | None = None) -> str:
    """The name of a seat whose account is gone."""
    if number is None:
        return _("Former player")
    return _("Former player %(number)s") % {"number": number}


def _kind(seat: Seat) -> str | None:
    """What a seat is numbered among: its bot level, or the former players; None for a person."""
    if seat.bot_level:
        return seat.bot_level
    if seat.user_id is None:
        return ""
    return None


def seat_names(seats: Sequence[Seat]) -> list[str]:
    """The name of each seat of one match, in the order given.

    Bots of a level that appears more than once are numbered by position among themselves (as
    are seats whose accounts are gone); a bot alone at its level keeps the plain name."""
    kinds = [_kind(seat) for seat in seats]
    repeated = {kind for kind, count in Counter(kinds).items() if kind is not None and count > 1}
    numbers: dict[int, int] = {}
    counted: Counter[str] = Counter()
    for index in sorted(range(len(seats)), key=lambda i: seats[i].position):
        kind = kinds[index]
        if kind in repeated:
            counted[kind] += 1
            numbers[index] = counted[kind]
    names = []
    for index, seat in enumerate(seats):
        kind, number = kinds[index], numbers.get(index)
        if kind is None:
            names.append(seat.user.shown_name)
        elif kind:
            names.append(bot_name(kind, number))
        else:
            names.append(former_player_name(number))
    return names
