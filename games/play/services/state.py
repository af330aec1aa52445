"""A match's engine state: from the cached snapshot, or rebuilt by folding its move log."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from games.engines.registry import get_engine
from games.models import Match, MatchAction

LOG_ACTIONS = 60  # how many recent log entries a page shows


@dataclass(frozen=True, slots=True)
class Folded:
    """A state rebuilt from the log, with every event in order as (seq, event)."""

    state: Any
    events: list[tuple[int, Mapping[str, Any]]]


def engine_for(match: Match) -> ModuleType:
    """The rules engine of the match's game."""
    return get_engine(match.game)


def fold(
    match: Match, actions: Iterable[tuple[int, Mapping[str, Any]]], upto: int | None = None
) -> Folded:
    """Replay the match from its seed through the given (seat, action) log entries."""
    engine = engine_for(match)
    state, events = start_state(match)
    collected = [(0, event) for event in events]
    for seq, (seat, action) in enumerate(actions, start=1):
        if upto is not None and seq > upto:
            break
        progress = engine.apply(state, seat, action)
        state = progress.state
        collected.extend((seq, event) for event in progress.events)
    return Folded(state, collected)


def start_state(match: Match) -> tuple[Any, tuple]:
    """The state before any action, and the events of setting up."""
    engine = engine_for(match)
    maker = getattr(engine, "new_game_with_events", None)
    if maker is not None:
        progress = maker(match.players, match.seed, match.options)
        return progress.state, tuple(progress.events)
    return engine.new_game(match.players, match.seed, match.options), ()


def log_rows(match: Match) -> list[dict[str, Any]]:
    """The recent log entries of a match as (seq, events) rows, oldest first."""
    rows = list(
        MatchAction.objects.filter(match=match)
        .order_by("-seq")
        .values("seq", "events")[:LOG_ACTIONS]
    )
    rows.reverse()
    return rows


def stored_json(instance: Any, field: str) -> Any:
    """A JSON field's value as reading the row back gives it (tuples become lists, ...)."""
    model_field = instance._meta.get_field(field)
    encoded = json.dumps(getattr(instance, field), cls=model_field.encoder)
    return json.loads(encoded, cls=model_field.decoder)


def logged_actions(match: Match) -> list[tuple[int, Mapping[str, Any]]]:
    """The (seat, action) pairs of the match's log, in order."""
    return [(row.seat, row.action) for row in match.actions.order_by("seq")]


def current_state(match: Match) -> Any:
    """The engine state now: the snapshot when it is current, else a fold of the log."""
    engine = engine_for(match)
    if match.snapshot is not None and match.snapshot_version == match.version:
        try:
            return engine.from_json(match.snapshot)
        except ValueError:
            pass  # a snapshot in an earlier form of the state: the log still tells it
    return fold(match, logged_actions(match)).state
