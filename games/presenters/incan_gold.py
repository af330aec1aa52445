"""The Incan Gold board as a template sees it: live for one viewer, and in a replay."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engines.incan_gold import (
    ARTIFACT_PRINTED,
    HAZARD_NAMES,
    Kind,
    describe_choice,
    describe_event,
    gem_breakdown,
    kind_of,
    round_summary,
)
from games.presenters.common import visible
from games.presenters.parts import BoardPart

TEMPLATE = "games/boards/incan_gold.html"
REPLAY_TEMPLATE = "games/replay/incan_gold.html"
BOARD_CLASS = "ig-board"
PARTS = (
    BoardPart("ig-status", f"{TEMPLATE}#status", shared=True),
    BoardPart("ig-reveal", f"{TEMPLATE}#reveal", shared=True),
    BoardPart("ig-path", f"{TEMPLATE}#path", shared=True),
    BoardPart("ig-decide", f"{TEMPLATE}#decide"),
    # The page marks the viewer's own row: the table is the same for everyone.
    BoardPart("ig-players", f"{TEMPLATE}#players", shared=True),
)


def gems(value: int) -> list[dict[str, Any]]:
    """A gem value as the fewest gems, for drawing: 17 -> 1 gold, 1 obsidian, 2 turquoise."""
    return [{"name": name, "count": count} for name, count in gem_breakdown(value).items() if count]


def _card(card: Mapping[str, Any]) -> dict[str, Any]:
    kind = card["kind"]
    label = HAZARD_NAMES.get(card["card"], card["card"]) if kind == "hazard" else card["value"]
    return {**card, "label": label, "sideways": kind == "hazard", "gem_pieces": gems(card["gems"])}


def _last_reveal(context: Mapping[str, Any]) -> str | None:
    for line in reversed(context.get("log", [])):
        if line.kind == "reveal":
            return line.text
        if line.kind == "round_start":
            return None
    return None


def _last_round(context: Mapping[str, Any]) -> list[str]:
    """How the previous round ended (the engine's summary of the log), while the new one has
    not had its first reveal."""
    match, you = context.get("match"), context.get("you")
    if match is None:
        return []
    over = match.is_over
    events = [
        event
        for row in context.get("log_rows", [])
        for event in row["events"]
        if visible(event, you, over)
    ]
    summary = round_summary(events)
    if summary is None:
        return []
    return [describe_event(event, context["names"], you) for event in summary["events"]]


def board_context(context: Mapping[str, Any]) -> dict[str, Any]:
    """Add what the Incan Gold template needs to the common match context."""
    view = context["view"]
    hazards_seen = view["hazards_on_path"]
    rows = []
    for player, seat in zip(context["players"], view["seats"], strict=True):
        rows.append(
            {
                "player": player,
                "in_temple": seat["in_temple"],
                "decided": seat["decided"],
                "carried": seat["carried"],
                "carried_gems": gems(seat["carried"]),
                "artifacts": seat["artifacts"],
                "tent": seat.get("tent"),
                # Shown once the game is over, when every tent is open: gems plus artifacts.
                "total": None
                if seat.get("tent") is None
                else seat["tent"] + seat["artifact_value"],
            }
        )
    you = context["you"]
    choices = [
        {"choice": a["choice"], "label": describe_choice(context.get("state"), a)}
        for a in view.get("legal_actions", [])
    ]
    return {
        "path": [_card(card) for card in view["path"]],
        "rows": rows,
        "hazard_names": HAZARD_NAMES,
        "hazards_on_path": [HAZARD_NAMES.get(h, h) for h in hazards_seen],
        "removed": [HAZARD_NAMES.get(h, h) for h in view["removed_hazards"]],
        "your_tent": view.get("tent") if you is not None else None,
        "your_tent_gems": gems(view["tent"]) if you is not None else [],
        "your_decision": view.get("decision"),
        "choices": choices if not context.get("you_resigned") else [],
        "in_temple": you is not None and view["seats"][you]["in_temple"],
        "last_reveal": _last_reveal(context),
        "last_round": _last_round(context),
        "outcome": view.get("outcome"),
    }


# --- The replay board -----------------------------------------------------------------------


def _ig_card(code: str, gems_on_card: int = 0) -> dict[str, Any]:
    kind = kind_of(code)
    if kind is Kind.HAZARD:
        label = HAZARD_NAMES.get(code, code)
    elif kind is Kind.ARTIFACT:
        label = f"Artifact {ARTIFACT_PRINTED[code]}"
    else:
        label = code[1:]
    return {
        "code": code,
        "kind": kind.value,
        "label": label,
        "sideways": kind is Kind.HAZARD,
        "gems": gems_on_card,
        "gem_pieces": gems(gems_on_card),
    }


def replay_board(
    engine: Any, state: Any, names: Sequence[str], events: Sequence[Mapping[str, Any]] = ()
) -> tuple[str, dict]:
    """The temple path, every seat's holdings and pending choice, and the deck still to come."""
    view = engine.player_view(state, None)
    waiting = engine.to_act(state)
    rows = []
    for position, seat in enumerate(state.seats):
        rows.append(
            {
                "position": position,
                "name": names[position],
                "in_temple": seat.in_temple,
                "deciding": position in waiting,
                "decision": None if seat.decision is None else seat.decision.value,
                "carried": seat.carried,
                "carried_gems": gems(seat.carried),
                "artifacts": [a.value for a in seat.artifacts],
                "tent": seat.tent,
                "tent_gems": gems(seat.tent),
                "total": seat.tent + seat.artifact_value,
            }
        )
    board = {
        "round": state.round,
        "rounds": view["rounds"],
        "turn": state.turn,
        "over": engine.is_over(state),
        "path": [_ig_card(card.code, card.gems) for card in state.path],
        "path_gems": state.path_gems,
        "hazards_on_path": [HAZARD_NAMES[h] for h in view["hazards_on_path"]],
        "removed": [HAZARD_NAMES.get(h, h) for h in state.removed],
        "deck": [_ig_card(code) for code in state.deck],
        "rows": rows,
        "waiting": [{"position": p, "name": names[p]} for p in sorted(waiting)],
    }
    return REPLAY_TEMPLATE, board
