"""View models for replays: a finished match at any step, with everything that was hidden.

A replay is rebuilt by folding the move log from the seed, never read from the snapshot. The
engines' spectator views hide hands, tents and decks until the very end, so the secret parts
come from the engine state itself; that is fine here because the match is over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext

from games.catalog import game_name
from games.help.narration import narrator
from games.models import Match, MatchAction
from games.play.services.state import engine_for, fold, logged_actions
from games.presenters.common import PlayerInfo, players
from games.presenters.registry import presenter_for
from games.presenters.seat_marks import named_seats
from games.records.analysis import GAMES as ANALYSED_GAMES
from games.seat_names import seat_names

# An event that only summarises a detailed one in the same step is left out of the narration:
# "Ana has decided" beside "Ana chooses to return", "drew 4 cards" beside the cards drawn.
SUMMARY_OF = {"decided": "decision", "draw": "drew", "discard": "discarded"}


@dataclass(frozen=True)
class Told:
    """One line of narration and the seats it names (each shown with its marker)."""

    text: str
    seats: tuple[int, ...] = ()

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Move:
    """One entry of the move list: what a step did, linked to the board after it."""

    step: int
    name: str  # who moved ("" for the opening)
    action: str  # the engine's canonical text of the action
    headline: Told  # the first line of the step's narration, as the engine tells it
    details: list[Told]
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
    mover_position: int | None
    action: str | None
    narration: list[Told]
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
    names = seat_names(seats)
    here = [event for seq, event in folded.events if seq == step]
    mover_position = log[step - 1][0] if step else None
    mover = None if mover_position is None else names[mover_position]
    action = narrator(engine).describe_action(log[step - 1][1]) if step else None
    presenter = presenter_for(match.game)
    board_template, board = presenter.replay(engine, folded.state, names, here)
    urls = {
        "first": replay_url(match, 0) if step > 0 else None,
        "prev": replay_url(match, step - 1) if step > 0 else None,
        "next": replay_url(match, step + 1) if step < len(log) else None,
        "last": replay_url(match, len(log)) if step < len(log) else None,
        "base": reverse("match_replay", args=[match.pk]),
        "analysis": (
            f"{reverse('match_analysis', args=[match.pk])}?step={step}"
            if match.game in ANALYSED_GAMES
            else None
        ),
    }
    return Replay(
        match=match,
        game_name=game_name(match.game),
        step=step,
        last=len(log),
        players=players(seats, None),
        mover=mover,
        mover_position=mover_position,
        action=action,
        narration=narrate(engine, here, names),
        moves=move_list(match, engine, names, step) if with_moves else [],
        board_template=board_template,
        board=board,
        state=folded.state,
        stage_template=presenter.replay_stage,
        urls=urls,
    )


def narrate(engine: Any, events: Sequence[Mapping[str, Any]], names: Sequence[str]) -> list[Told]:
    """The lines of narration of one step's events, told as a spectator after the end."""
    kinds = {event.get("type") for event in events}
    teller = narrator(engine)
    lines = []
    for event in events:
        if SUMMARY_OF.get(event.get("type")) in kinds:
            continue
        # Told to no seat in particular: after the end, private events read like any other.
        lines.append(Told(teller.describe_event(event, names, None), named_seats(event)))
    return lines


def move_list(match: Match, engine: Any, names: Sequence[str], current: int) -> list[Move]:
    """Every step of the match, from the stored log (its events equal the replay's)."""
    opening = narrate(engine, match.opening_events, names)
    moves = [
        Move(0, "", "", Told(gettext("The opening")), opening, replay_url(match, 0), current == 0),
    ]
    rows = (
        MatchAction.objects.filter(match=match)
        .order_by("seq")
        .values_list("seq", "seat", "action", "events")
    )
    teller = narrator(engine)
    for seq, seat, action, events in rows:
        name = names[seat]
        lines = narrate(engine, events, names)
        if lines:
            headline, details = lines[0], lines[1:]
        else:
            headline, details = Told(f"{name}: {teller.describe_action(action)}", (seat,)), []
        moves.append(
            Move(
                step=seq,
                name=name,
                action=teller.describe_action(action),
                headline=headline,
                details=details,
                url=replay_url(match, seq),
                current=seq == current,
            )
        )
    return moves
