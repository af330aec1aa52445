"""The rules pages: an index, and one page per game."""

from __future__ import annotations

from importlib import import_module

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from games.catalog import GAMES
from games.help.errors import GLOSSARIES


def rules_index(request: HttpRequest) -> HttpResponse:
    """Every game's rules, one link each."""
    return render(request, "rules/index.html", {"games": GAMES})


def rules(request: HttpRequest, game: str) -> HttpResponse:
    """One game's rules, with a picture and the effect of every card it has."""
    info = next((g for g in GAMES if g.key == game), None)
    if info is None:
        raise Http404
    context = import_module(GLOSSARIES[game]).rules_context()
    template = "rules/" + game.replace("-", "_") + ".html"
    return render(request, template, {"game": info, **context})
