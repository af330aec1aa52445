"""A board is drawn as named parts, so a move pushes only the parts that changed."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class BoardPart:
    """One piece of a board: a template partial whose single top-level element has `id=name`.

    A static part depends on nothing but the match's options (the El Dorado map's drawing):
    it is rendered once per match, sent with the page and never pushed. A shared part shows
    only what every viewer sees alike (the Incan Gold path): rendered once per version. A part
    with `alike` reads the same to every viewer for whom `alike(context)` gives the same key
    (the status line differs only between whose turn it is and whose it is not): rendered
    once per version and key. The key must name everything of the viewer the part shows."""

    name: str
    template: str
    static: bool = False
    shared: bool = False
    alike: Callable[[Mapping[str, Any]], Hashable] | None = None
