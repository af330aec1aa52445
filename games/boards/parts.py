"""A board is drawn as named parts, so a move pushes only the parts that changed."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class BoardPart:
    """One piece of a board: a template partial whose single top-level element has `id=name`.

    A static part depends on nothing but the match's options (the El Dorado map's drawing):
    it is rendered once per match, sent with the page and never pushed. A shared part shows
    only what every viewer sees alike (the Incan Gold path): rendered once per version."""

    name: str
    template: str
    static: bool = False
    shared: bool = False
