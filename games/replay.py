"""View models for replays: a finished match at any step, with everything that was hidden.

A replay is rebuilt by folding the move log from the seed, never read from the snapshot. The
engines' spectator views hide hands, tents and decks until the very end, so the secret parts
come from the engine state itself; that is fine here because the match is over.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse

from games.boards.common import PlayerInfo, players
from games.boards.el_dorado import card_info, map_svg, shop
from games.boards.el_dorado_trail import traced
from games.boards.incan_gold import gems
from games.engines.el_dorado import TOKENS, board_from_view
from games.engines.incan_gold.cards import ARTIFACT_PRINTED, Kind, kind_of
from games.engines.incan_gold.text import HAZARD_NAMES
from games.models import Match, MatchAction
from games.services.state import engine_for, fold, logged_actions

# An event that only summarises a detailed one in the same step is left out of the narration:
# "Ana has decided" beside "Ana chooses to return", "drew 4 cards" beside the cards drawn.
SUMMARY_OF = {"decided": "decision", "draw": "drew", "discard": "discarded"}


@dataclass(frozen=True)
class Move:
    """One entry of the move list: what a step did, linked to the board after it."""

    step: int
    name: str  # who moved ("" for the opening)
    action: str  # the engine's canonical text of the action
    headline: str  # the narration of the step, without the mover's name in front
    details: list[str]
    url: str
    current: bool


@dataclass(frozen=True)
class Replay:
    """Everything the replay template needs for one step."""

    match: Match
    game_name: str
    step: int
    last: int
    players: list[PlayerInfo]
    mover: str | None
    action: str | None
    narration: list[str]
    moves: list[Move]
    board_template: str
    board: dict[str, Any]
    state: Any  # the engine state after `step` actions
    stage_template: str | None = None  # drawn full width above the columns (a wide map)
    urls: dict[str, str | None] = field(default_factory=dict)


def replay_url(match: Match, step: int) -> str:
    """The shareable address of a replay step."""
    return f"{reverse('match_replay', args=[match.pk])}?step={step}"


def step_count(match: Match) -> int:
    """How many steps (logged actions) a replay has after the opening."""
    return match.actions.count()


def build_replay(match: Match, step: int, with_moves: bool = True) -> Replay:
    """The match after `step` actions (0: the opening), with every hidden thing shown.

    Without `with_moves` the move list is left empty: a page stepping by htmx keeps its own.
    """
    engine = engine_for(match)
    log = logged_actions(match)
    step = max(0, min(step, len(log)))
    folded = fold(match, log, upto=step)
    seats = list(match.seats.select_related("user").order_by("position"))
    names = [seat.name for seat in seats]
    here = [event for seq, event in folded.events if seq == step]
    mover = names[log[step - 1][0]] if step else None
    action = engine.describe_action(log[step - 1][1]) if step else None
    board_template, board = BOARDS[match.game](engine, folded.state, names, here)
    urls = {
        "first": replay_url(match, 0) if step > 0 else None,
        "prev": replay_url(match, step - 1) if step > 0 else None,
        "next": replay_url(match, step + 1) if step < len(log) else None,
        "last": replay_url(match, len(log)) if step < len(log) else None,
        "base": reverse("match_replay", args=[match.pk]),
    }
    return Replay(
        match=match,
        game_name=engine.NAME,
        step=step,
        last=len(log),
        players=players(seats, None),
        mover=mover,
        action=action,
        narration=narrate(engine, here, names),
        moves=move_list(match, engine, names, step) if with_moves else [],
        board_template=board_template,
        board=board,
        state=folded.state,
        stage_template=STAGES.get(match.game),
        urls=urls,
    )


def narrate(engine: Any, events: Sequence[Mapping[str, Any]], names: Sequence[str]) -> list[str]:
    """The lines of narration of one step's events, told as a spectator after the end."""
    kinds = {event.get("type") for event in events}
    lines = []
    for event in events:
        if SUMMARY_OF.get(event.get("type")) in kinds:
            continue
        # Told to no seat in particular: after the end, private events read like any other.
        lines.append(engine.describe_event(event, names, None))
    return lines


def move_list(match: Match, engine: Any, names: Sequence[str], current: int) -> list[Move]:
    """Every step of the match, from the stored log (its events equal the replay's)."""
    opening = narrate(engine, match.opening_events, names)
    moves = [
        Move(0, "", "", "The opening", opening, replay_url(match, 0), current == 0),
    ]
    rows = (
        MatchAction.objects.filter(match=match)
        .order_by("seq")
        .values_list("seq", "seat", "action", "events")
    )
    for seq, seat, action, events in rows:
        name = names[seat]
        lines = narrate(engine, events, names)
        headline, details = (lines[0], lines[1:]) if lines else (engine.describe_action(action), [])
        if headline.startswith(f"{name} "):
            headline = headline[len(name) + 1 :]
        elif headline.startswith(f"{name}'s "):
            headline = headline[len(name) :]
        else:
            headline = f"· {headline}"
        moves.append(
            Move(
                step=seq,
                name=name,
                action=engine.describe_action(action),
                headline=headline,
                details=details,
                url=replay_url(match, seq),
                current=seq == current,
            )
        )
    return moves


# --- Incan Gold ---------------------------------------------------------------------------


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


def incan_gold_board(
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
        "waiting": [names[p] for p in sorted(waiting)],
    }
    return "games/replay/incan_gold.html", board


# --- El Dorado ----------------------------------------------------------------------------


def _ed_cards(state: Any, ids: Sequence[int]) -> list[dict[str, Any]]:
    return [card_info(card, state.cards[card]) for card in ids]


def _ratio(svg: str) -> str:
    """Width over height of a drawn map, so a long map can be given room to stay legible."""
    found = re.search(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"', svg)
    return f"{float(found[1]) / float(found[2]):.2f}" if found else "1.6"


def el_dorado_board(
    engine: Any, state: Any, names: Sequence[str], events: Sequence[Mapping[str, Any]] = ()
) -> tuple[str, dict]:
    """The map with explorers and blockades (and the move of this step traced), every hand and
    pile in order, and the market."""
    view = engine.player_view(state, None)
    board = board_from_view(view)
    seats = []
    for position, seat in enumerate(state.seats):
        seats.append(
            {
                "position": position,
                "name": names[position],
                "finished": position in state.finished,
                "to_move": not state.over and state.turn.seat == position,
                "hand": _ed_cards(state, seat.hand),
                "played": _ed_cards(state, seat.played),
                "draw": _ed_cards(state, seat.draw),
                # Top of the discard pile first, as it lies on the table.
                "discard": _ed_cards(state, tuple(reversed(seat.discard))),
                "removed": _ed_cards(state, seat.removed),
                "blockades": [
                    {"kind": state.blockades[j][0], "value": state.blockades[j][1]}
                    for j in seat.blockades
                ],
                "tokens": [TOKENS[t].label() for t in seat.tokens],
            }
        )
    caves = [
        {"hex": c["hex"], "tokens": [TOKENS[t].label() for t in stack]}
        for c, stack in zip(view["caves"], state.caves, strict=False)
        if stack
    ]
    svg = map_svg(view, board, trail=traced(events))
    data = {
        "svg": svg,
        "map_ratio": _ratio(svg),
        "map_name": board.name,
        "round": state.turn.round,
        "over": state.over,
        "turn_name": names[state.turn.seat],
        "turn": view["turn"],
        "seats": seats,
        **shop(view),
        "caves": caves,
    }
    return "games/replay/el_dorado.html", data


BOARDS = {"incan-gold": incan_gold_board, "el-dorado": el_dorado_board}
STAGES = {"el-dorado": "games/replay/el_dorado_map.html"}
