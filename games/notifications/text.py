"""What a notification says, in the reader's language (made when read, never stored)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games.catalog import GAMES
from games.notifications.models import Kind, Notification

_GAME_NAMES = {game.key: game.name for game in GAMES}


def match_label(game: str, match_id: int | None) -> str:
    name = _GAME_NAMES.get(game, game)
    if match_id is None:
        return name
    return _("%(game)s #%(match)s") % {"game": name, "match": match_id}


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd... (in Japanese: 1位)."""
    if 10 <= place % 100 <= 20:
        suffix = pgettext("ordinal suffix", "th")
    else:
        suffix = {
            1: pgettext("ordinal suffix", "st"),
            2: pgettext("ordinal suffix", "nd"),
            3: pgettext("ordinal suffix", "rd"),
        }.get(place % 10, pgettext("ordinal suffix", "th"))
    return _("%(place)s%(suffix)s") % {"place": place, "suffix": suffix}


def describe(note: Notification) -> str:
    """One sentence telling the event."""
    data = note.data
    where = match_label(data.get("game", ""), note.match_id)
    by = data.get("by", "")
    if note.kind == Kind.YOUR_TURN:
        return _("It is your turn in %(match)s.") % {"match": where}
    if note.kind == Kind.STARTED:
        return _("%(match)s has started.") % {"match": where}
    if note.kind == Kind.FINISHED:
        return _finished(note, where)
    if note.kind == Kind.INVITATION:
        return _("%(name)s invited you to %(match)s.") % {"name": by, "match": where}
    if note.kind == Kind.REMATCH:
        return _("%(name)s offers a rematch of %(match)s.") % {"name": by, "match": where}
    if note.kind == Kind.CHAT:
        return _("%(name)s wrote in the chat of %(match)s.") % {"name": by, "match": where}
    if note.kind == Kind.DEADLINE:
        return _("Your time to move in %(match)s is running out.") % {"match": where}
    return where


def _finished(note: Notification, where: str) -> str:
    data = note.data
    place, players = data.get("place"), data.get("players")
    if not place or not players:
        return _("%(match)s is over.") % {"match": where}
    text = _("%(match)s is over: you placed %(place)s of %(players)s.") % {
        "match": where,
        "place": ordinal(place),
        "players": players,
    }
    if data.get("rating_change") is not None:
        text += " " + _("Rating %(change)+d.") % {"change": data["rating_change"]}
    return text


def link(note: Notification) -> str:
    """Where reading it leads: the page it names, else the match."""
    if note.data.get("url"):
        return str(note.data["url"])
    if note.match_id is not None:
        return reverse("match", args=[note.match_id])
    return reverse("notifications")


def headline(kind: str) -> str:
    """The few words of a tab title or a browser notification's title."""
    if kind == Kind.YOUR_TURN:
        return _("your turn")
    return str(Kind(kind).label) if kind in Kind.values else _("news")
