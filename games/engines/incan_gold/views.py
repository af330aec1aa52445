"""What each viewer may see of an Incan Gold game."""

from __future__ import annotations

from typing import Any

from .cards import ARTIFACT_PRINTED, ARTIFACTS, HAZARD_KINDS, ROUNDS, Kind, kind_of
from .rules import legal_actions, to_act
from .scoring import outcome
from .state import Phase, State, to_json


def _card(code: str, gems: int) -> dict[str, Any]:
    kind = kind_of(code)
    value = None
    if kind is Kind.TREASURE:
        value = int(code[1:])
    elif kind is Kind.ARTIFACT:
        value = ARTIFACT_PRINTED[code]
    return {"card": code, "kind": kind.value, "value": value, "gems": gems}


def player_view(state: State, seat: int | None) -> dict[str, Any]:
    """The game as `seat` may see it (None: a spectator); everything once the game is over."""
    if seat is not None and not (
        isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < state.players
    ):
        raise ValueError(f"there is no seat {seat!r} in this {state.players}-player game")
    over = state.phase is Phase.OVER
    waiting = to_act(state)
    seats = []
    for index, s in enumerate(state.seats):
        entry: dict[str, Any] = {
            "seat": index,
            "in_temple": s.in_temple,
            # Who has decided is public; what they chose is not.
            "decided": s.in_temple and not over and index not in waiting,
            "carried": s.carried,
            "artifacts": [{"code": a.code, "value": a.value} for a in s.artifacts],
            "artifact_value": s.artifact_value,
            # When each seat went home is public: everyone sees who leaves at each reveal.
            "home": s.home,
        }
        if over or index == seat:
            entry["tent"] = s.tent
        seats.append(entry)
    on_path = [code for code in (c.code for c in state.path) if code in HAZARD_KINDS]
    added = ARTIFACTS[: state.round]
    view: dict[str, Any] = {
        "game": "incan-gold",
        "players": state.players,
        "viewer": seat,
        "round": state.round,
        "rounds": ROUNDS,
        "turn": state.turn,
        "phase": state.phase.value,
        "options": state.options.public(),
        "path": [_card(c.code, c.gems) for c in state.path],
        "path_gems": state.path_gems,
        "hazards_on_path": on_path,
        "removed_hazards": list(state.removed),
        "artifacts_on_path": [c.code for c in state.path if kind_of(c.code) is Kind.ARTIFACT],
        # Which artifacts are still in the deck is public: each was announced and none seen.
        "artifacts_in_deck": [code for code in added if code in state.deck],
        "artifacts_taken": state.artifacts_taken,
        "deck_count": len(state.deck),
        "seats": seats,
        "to_act": sorted(waiting),
        # Every card turned this round (artifacts taken home included) and every earlier round
        # as the table saw it: its cards and when each seat went home.
        "turned": list(state.turned),
        "history": [
            {
                "round": number,
                "path": list(past.path),
                "home": list(past.home),
                "hazard": past.hazard,
            }
            for number, past in enumerate(state.history, start=1)
        ],
    }
    if seat is not None:
        own = state.seats[seat]
        view["tent"] = own.tent
        view["decision"] = None if own.decision is None else own.decision.value
        view["legal_actions"] = legal_actions(state, seat)
    if over:
        final = outcome(state)
        assert final is not None
        view["outcome"] = final.to_dict()
        view["state"] = to_json(state)
    return view
