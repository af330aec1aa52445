"""Incan Gold: the pure rules engine (no Django, no I/O).

The API is the shared one of `ARCHITECTURE.md`. Two Incan Gold specifics:
- `to_act` lists the seats in the temple that have not decided yet; a seat that has decided
  is not awaited but may still `apply` a new choice until the last decision is in.
- `new_game` already plays the opening flip(s) of round 1; `new_game_with_events` returns the
  same state together with the events of those flips, for the move log.
"""

from __future__ import annotations

from .actions import ERROR_CODES, IllegalAction
from .cards import ARTIFACT_PRINTED, Kind, gem_breakdown, kind_of
from .options import DEFAULT_OPTIONS, Options
from .rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Progress,
    apply,
    is_over,
    legal_actions,
    new_game,
    new_game_with_events,
    to_act,
)
from .scoring import Outcome, outcome
from .state import Choice, Phase, State, from_json, to_json
from .summary import round_summary
from .views import player_view

KEY = "incan-gold"
NAME = "Incan Gold"

__all__ = [
    "ARTIFACT_PRINTED",
    "ERROR_CODES",
    "Kind",
    "gem_breakdown",
    "kind_of",
    "round_summary",
    "DEFAULT_OPTIONS",
    "KEY",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME",
    "Choice",
    "IllegalAction",
    "Options",
    "Outcome",
    "Phase",
    "Progress",
    "State",
    "apply",
    "from_json",
    "is_over",
    "legal_actions",
    "new_game",
    "new_game_with_events",
    "outcome",
    "player_view",
    "to_act",
    "to_json",
]
