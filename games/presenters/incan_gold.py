"""The Incan Gold board as a template sees it: live for one viewer, and in a replay."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engines.incan_gold import Kind, gem_breakdown, kind_of, round_summary
from games.help.incan_gold import (
    artifact_effect,
    artifact_name,
    card_effect,
    card_name,
    choice_effect,
    describe_choice,
    describe_event,
    hazard_effect,
    hazard_name,
    tent_effect,
    tip_text,
)
from games.models import Seat, Status
from games.presenters.common import visible
from games.presenters.incan_gold_odds import odds_alike, odds_panel
from games.presenters.parts import BoardPart

TEMPLATE = "games/boards/incan_gold.html"
REPLAY_TEMPLATE = "games/replay/incan_gold.html"
BOARD_CLASS = "ig-board"
PARTS = (
    # Open for a seat in its first match of the game, closed for everyone else.
    BoardPart("ig-help", f"{TEMPLATE}#help", alike=lambda context: _how_to_open(context)),
    BoardPart("ig-status", f"{TEMPLATE}#status", shared=True),
    BoardPart("ig-reveal", f"{TEMPLATE}#reveal", shared=True),
    BoardPart("ig-path", f"{TEMPLATE}#path", shared=True),
    # For learners: in casual matches only, and about the viewer's own gems carried.
    BoardPart("ig-odds", f"{TEMPLATE}#odds", alike=odds_alike),
    BoardPart("ig-decide", f"{TEMPLATE}#decide"),
    # The page marks the viewer's own row: the table is the same for everyone.
    BoardPart("ig-players", f"{TEMPLATE}#players", shared=True),
    # When each player went home in the earlier rounds: public, and changed only by a round's end.
    BoardPart("ig-rounds", f"{TEMPLATE}#rounds", shared=True),
)


def gems(value: int) -> list[dict[str, Any]]:
    """A gem value as the fewest gems, for drawing: 17 -> 1 gold, 1 obsidian, 2 turquoise."""
    return [{"name": name, "count": count} for name, count in gem_breakdown(value).items() if count]


def _card(card: Mapping[str, Any], scheme: str) -> dict[str, Any]:
    kind = card["kind"]
    code = card["card"]
    label = card["value"] if kind == "treasure" else card_name(code)
    return {
        **card,
        "label": label,
        "name": card_name(code),
        "tip": tip_text(card_name(code), card_effect(code, scheme)),
        "sideways": kind == "hazard",
        "gem_pieces": gems(card["gems"]),
    }


def _hazards(codes: Sequence[str]) -> list[dict[str, str]]:
    return [
        {"code": c, "name": hazard_name(c), "tip": tip_text(hazard_name(c), hazard_effect(c))}
        for c in codes
    ]


def _artifacts(
    codes: Sequence[str], scheme: str, values: Sequence[int] | None = None
) -> list[dict[str, Any]]:
    """Artifacts with name and effect; `value` is what each scores (Diamant values differ from
    the printed ones), the printed value when not given."""
    scored = list(values) if values is not None else [int(c[1:]) for c in codes]
    return [
        {
            "code": c,
            "value": v,
            "name": artifact_name(c),
            "tip": tip_text(artifact_name(c), artifact_effect(c, scheme)),
        }
        for c, v in zip(codes, scored, strict=True)
    ]


def _how_to_open(context: Mapping[str, Any]) -> bool:
    if "how_to_open" in context:
        return bool(context["how_to_open"])
    return first_match(context.get("match"), context.get("you"))


def first_match(match: Any, you: int | None) -> bool:
    """Whether the viewer is a seat playing their first match of this game (no finished match
    of it before): the board then opens its "How to play" panel. One small query."""
    if you is None or match is None or not getattr(match, "is_active", False):
        return False
    return not (
        Seat.objects.filter(
            match__game=match.game,
            match__status=Status.FINISHED,
            user__seats__match=match,
            user__seats__position=you,
        )
        .exclude(match=match)
        .exists()
    )


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


def earlier_rounds(view: Mapping[str, Any], players: Sequence[Any]) -> dict[str, Any]:
    """The finished rounds as columns (how many cards were turned and what ended each) and a row
    per player: after how many cards it went home in each round (None: caught inside)."""
    columns = []
    for past in view.get("history", []):
        hazard = past["hazard"]
        columns.append(
            {
                "round": past["round"],
                "cards": len(past["path"]),
                "hazard": None if hazard is None else hazard_name(hazard),
            }
        )
    rows = [
        {
            "player": player,
            "cells": [
                {"round": past["round"], "home": past["home"][index]}
                for past in view.get("history", [])
            ],
        }
        for index, player in enumerate(players)
    ]
    return {"columns": columns, "rows": rows if columns else []}


def board_context(context: Mapping[str, Any]) -> dict[str, Any]:
    """Add what the Incan Gold template needs to the common match context."""
    view = context["view"]
    scheme = view.get("options", {}).get("artifact_values", "incan-gold")
    rows = []
    for player, seat in zip(context["players"], view["seats"], strict=True):
        rows.append(
            {
                "player": player,
                "in_temple": seat["in_temple"],
                "decided": seat["decided"],
                "carried": seat["carried"],
                "carried_gems": gems(seat["carried"]),
                "artifacts": _artifacts(
                    [a["code"] for a in seat["artifacts"]],
                    scheme,
                    [a["value"] for a in seat["artifacts"]],
                ),
                "tent": seat.get("tent"),
                # Shown once the game is over, when every tent is open: gems plus artifacts.
                "total": None
                if seat.get("tent") is None
                else seat["tent"] + seat["artifact_value"],
            }
        )
    you = context["you"]
    choices = [
        {
            "choice": a["choice"],
            "label": describe_choice(context.get("state"), a),
            "effect": choice_effect(a["choice"]),
        }
        for a in view.get("legal_actions", [])
    ]
    match = context.get("match")
    odds = None
    if match is not None and match.is_active and not match.rated:
        inside = you is not None and view["seats"][you]["in_temple"]
        odds = odds_panel(view, view["seats"][you]["carried"] if inside else None)
    return {
        "odds": odds,
        "path": [_card(card, scheme) for card in view["path"]],
        "rows": rows,
        "hazards_on_path": _hazards(view["hazards_on_path"]),
        "removed": _hazards(view["removed_hazards"]),
        "artifacts_in_deck": _artifacts(view["artifacts_in_deck"], scheme),
        "artifacts_on_path": _artifacts(view["artifacts_on_path"], scheme),
        "tent_effect": tent_effect(),
        "how_to_open": first_match(context.get("match"), you),
        "your_tent": view.get("tent") if you is not None else None,
        "your_tent_gems": gems(view["tent"]) if you is not None else [],
        "your_decision": view.get("decision"),
        "choices": choices if not context.get("you_resigned") else [],
        "in_temple": you is not None and view["seats"][you]["in_temple"],
        "last_reveal": _last_reveal(context),
        "last_round": _last_round(context),
        "outcome": view.get("outcome"),
        "rounds": earlier_rounds(view, context["players"]),
    }


# --- The replay board -----------------------------------------------------------------------


def _ig_card(code: str, gems_on_card: int = 0, scheme: str = "incan-gold") -> dict[str, Any]:
    kind = kind_of(code)
    return {
        "code": code,
        "kind": kind.value,
        "label": code[1:] if kind is Kind.TREASURE else card_name(code),
        "name": card_name(code),
        "tip": tip_text(card_name(code), card_effect(code, scheme)),
        "sideways": kind is Kind.HAZARD,
        "gems": gems_on_card,
        "gem_pieces": gems(gems_on_card),
    }


def replay_board(
    engine: Any, state: Any, names: Sequence[str], events: Sequence[Mapping[str, Any]] = ()
) -> tuple[str, dict]:
    """The temple path, every seat's holdings and pending choice, and the deck still to come."""
    view = engine.player_view(state, None)
    scheme = view["options"]["artifact_values"]
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
                "artifacts": _artifacts(
                    [a.code for a in seat.artifacts], scheme, [a.value for a in seat.artifacts]
                ),
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
        "path": [_ig_card(card.code, card.gems, scheme) for card in state.path],
        "path_gems": state.path_gems,
        "hazards_on_path": _hazards(view["hazards_on_path"]),
        "removed": _hazards(state.removed),
        "deck": [_ig_card(code, 0, scheme) for code in state.deck],
        "rows": rows,
        "waiting": [{"position": p, "name": names[p]} for p in sorted(waiting)],
        "odds": None if engine.is_over(state) else odds_panel(view),
    }
    return REPLAY_TEMPLATE, board
