"""The trail of recent moves on the El Dorado map, read from the public events of the log."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext_lazy

from games.models import Match, MatchAction
from games.presenters.el_dorado.map_pieces import TrailMove

# Events that take an explorer from one space to another: each says where it left from.
MOVES = frozenset({"move", "rubble", "basecamp", "native"})
BATCH = 50  # log rows read per query: a round of play usually fits in one
CAPTION_SEATED = gettext_lazy(
    "Lines: moves since your last turn, in each player's colour; a dot marks where a move began."
)
CAPTION_ROUND = gettext_lazy(
    "Lines: moves of the last round, in each player's colour; a dot marks where a move began."
)

Events = Sequence[Mapping[str, Any]]


def _logged_events(
    match: Match, recent: Sequence[Mapping[str, Any]] | None = None
) -> Iterator[Events]:
    """Each logged action's events, newest first, a batch at a time as they are needed.

    `recent`: the newest log rows (seq, events), oldest first, already read for this version;
    the database is asked only for what lies before them."""
    before: int | None = None
    if recent:
        for row in reversed(recent):
            yield row["events"]
        if recent[0]["seq"] <= 1:
            return
        before = recent[0]["seq"]
    while True:
        rows = MatchAction.objects.filter(match=match)
        if before is not None:
            rows = rows.filter(seq__lt=before)
        batch = list(rows.order_by("-seq").values_list("seq", "events")[:BATCH])
        for _, events in batch:
            yield events
        if len(batch) < BATCH:
            return
        before = batch[-1][0]


def _standing(log: Iterable[Events]) -> Iterator[tuple[list[Mapping[str, Any]], int | None]]:
    """(public events, seat whose turn it ended or None) of each action no undo took back,
    newest first."""
    undone = 0
    for events in log:
        public = [e for e in events if e.get("visible_to") is None]
        ended = next((e.get("seat") for e in public if e.get("type") == "end_turn"), None)
        if ended is not None:
            undone = 0  # an ended turn cannot be undone
        elif any(e.get("type") == "undo" for e in public):
            undone += 1
            continue
        elif undone:
            # Newest first, an undo takes back the next action met that is still standing.
            undone -= 1
            continue
        yield public, ended


def traced(events: Events) -> list[TrailMove]:
    """The moves one action's events show (a stroke for a blockade taken standing)."""
    out = []
    moved = False
    for e in events:
        start = e.get("from")
        if not isinstance(start, list) or not isinstance(e.get("seat"), int):
            continue  # a log written before events said where moves began
        if e.get("type") in MOVES:
            stops = e["path"] if e["type"] == "move" else [e["to"]]
            out.append(TrailMove(e["seat"], tuple(tuple(h) for h in [start, *stops])))
            moved = True
        elif e.get("type") == "blockade" and not moved:
            # Taken without moving: a short stroke across the side where it was taken.
            out.append(TrailMove(e["seat"], (tuple(start),), tuple(e["to"])))
    return out


def trail_moves(
    log: Iterable[Events], players: int, viewer: int | None, to_play: int | None
) -> list[TrailMove]:
    """The moves to trace for a viewer, oldest first. `log` holds each action's events, newest
    first; `to_play` is the seat whose turn is under way (None once the game is over). A seated
    viewer sees every turn since their own last one, anyone else the last round (the turn under
    way counting as one of its turns)."""
    window: list[list[TrailMove]] = []
    turns = 0 if to_play is None else 1
    for public, ended in _standing(log):
        if ended is not None:
            if turns == players or ended == viewer:
                break
            turns += 1
        elif moves := traced(public):
            window.append(moves)
    return [move for moves in reversed(window) for move in moves]


def match_trail(
    match: Any,
    view: Mapping[str, Any],
    viewer: int | None,
    recent: Sequence[Mapping[str, Any]] | None = None,
) -> tuple[list[TrailMove], str]:
    """The trail a viewer of a stored match sees, and the caption under the map (`recent`:
    the newest log rows, as the match's snapshot read them)."""
    if not isinstance(match, Match):
        return [], ""
    over = bool(view.get("over"))
    # Once the game is over everyone looks back on the same last round.
    seated = None if over else viewer
    trail = trail_moves(
        _logged_events(match, recent),
        view["players"],
        seated,
        None if over else view["turn"]["seat"],
    )
    if not trail:
        return [], ""
    return trail, str(CAPTION_SEATED if seated is not None else CAPTION_ROUND)
