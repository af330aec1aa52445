"""Parts of a match page shared by every game: players, the narrated log, the clock."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from django.urls import reverse

from accounts.models import User
from games.bots.registry import bot_levels
from games.help.narration import narrator
from games.models import Match, Seat
from games.play.offers.pages import InvitedPlayer, invited_players
from games.play.services.clock import turn_due
from games.play.services.state import current_state, engine_for, log_rows
from games.presenters.seat_marks import named_seats
from games.seat_names import bot_name, seat_names


@dataclass(frozen=True)
class PlayerInfo:
    position: int
    name: str
    is_bot: bool
    is_you: bool
    resigned: bool
    profile_url: str | None
    score: int | None
    place: int | None


@dataclass(frozen=True)
class LogLine:
    seq: int
    text: str
    kind: str
    private: bool
    # The seats the line names, for their markers beside it.
    seats: tuple[int, ...] = ()


def viewer_seat(match: Match, seats: Sequence[Seat], user: User | None) -> int | None:
    """The position the user plays in this match, or None for a spectator."""
    if user is None or not user.is_authenticated:
        return None
    for seat in seats:
        if seat.user_id == user.pk:
            return seat.position
    return None


def players(
    seats: Sequence[Seat], you: int | None, everyone: Sequence[PlayerInfo] | None = None
) -> list[PlayerInfo]:
    """Who sits where, as the page shows them (from `everyone` as nobody sees them, if given)."""
    if everyone is None:
        everyone = [
            PlayerInfo(
                position=seat.position,
                name=name,
                is_bot=seat.is_bot,
                is_you=False,
                resigned=seat.resigned,
                profile_url=reverse("profile", args=[seat.user.username]) if seat.user else None,
                score=seat.score,
                place=seat.place,
            )
            for seat, name in zip(seats, seat_names(seats), strict=True)
        ]
    return [replace(p, is_you=True) if p.position == you else p for p in everyone]


def visible(event: Mapping[str, Any], viewer: int | None, over: bool) -> bool:
    """Whether a viewer may read an event: public ones, their own, or all once it is over."""
    audience = event.get("visible_to")
    return over or audience is None or (viewer is not None and viewer in audience)


def log_lines(
    match: Match,
    names: Sequence[str],
    viewer: int | None,
    rows: Sequence[Mapping[str, Any]] | None = None,
    described: dict[tuple[int, int, int | None], LogLine] | None = None,
) -> list[LogLine]:
    """The narrated recent log for one viewer, newest last.

    `described` keeps each event's line by (seq, place in the log, reader) for the next viewer
    of the same version: a line reads the same to everyone but the seat it is about, which is
    told its own private events as "You ..." (the reader is that seat, else None)."""
    engine = engine_for(match)
    over = match.is_over
    if rows is None:
        rows = log_rows(match)
    entries: list[tuple[int, int, Mapping[str, Any]]] = []
    if not rows or rows[0]["seq"] == 1:
        entries.extend((0, i, event) for i, event in enumerate(match.opening_events))
    for row in rows:
        entries.extend((row["seq"], i, event) for i, event in enumerate(row["events"]))
    shown = [(seq, i, event) for seq, i, event in entries if visible(event, viewer, over)]
    if described is None:
        described = {}
    teller = narrator(engine)
    detailed = getattr(teller, "DETAILED_BY", {})
    # (action, seat, type) of the private events this viewer sees: their public twins are dropped.
    private = {
        (seq, event.get("seat"), event.get("type"))
        for seq, _, event in shown
        if event.get("visible_to") is not None
    }
    lines = []
    for seq, index, event in shown:
        twin = detailed.get(str(event.get("type", "")))
        if twin and (seq, event.get("seat"), twin) in private:
            continue
        reader = viewer if viewer is not None and event.get("seat") == viewer else None
        line = described.get((seq, index, reader))
        if line is None:
            line = described[(seq, index, reader)] = LogLine(
                seq=seq,
                text=teller.describe_event(event, names, reader),
                kind=str(event.get("type", "")),
                private=event.get("visible_to") is not None and not over,
                seats=named_seats(event),
            )
        lines.append(line)
    return lines


def announcements(lines: Sequence[LogLine], viewer: int | None) -> list[str]:
    """What a screen reader says when a version arrives: the lines of the newest move, less
    those about the viewer alone (the player knows what they just did)."""
    if not lines:
        return []
    newest = lines[-1].seq
    own = (viewer,)
    return [line.text for line in lines if line.seq == newest and line.seats != own]


@dataclass(frozen=True)
class Snapshot:
    """What every viewer of one version of a match shares, read and decoded once."""

    match: Match
    seats: list[Seat]
    state: Any | None
    log_rows: list[dict[str, Any]]
    everyone: list[PlayerInfo] = field(default_factory=list)
    # Before the start: who was invited by name and has no seat (the waiting room lists them).
    invited: list[InvitedPlayer] = field(default_factory=list)
    # When the awaited move is due (vacations of the awaited people left out).
    due: datetime | None = None
    # Filled by the first viewer rendered: what is the same for every viewer of this version.
    described: dict[tuple[int, int, int | None], LogLine] = field(default_factory=dict)
    shared_parts: dict[Hashable, str] = field(default_factory=dict)
    log_items: dict[LogLine, str] = field(default_factory=dict)

    @property
    def site_played(self) -> set[int]:
        """Seats the site plays itself: bots, and players who resigned."""
        return {s.position for s in self.seats if s.bot_level or s.resigned}


def take_snapshot(
    match: Match, state: Any | None = None, recent: list[dict[str, Any]] | None = None
) -> Snapshot:
    """Read a match's seats, state and recent log once, for all of its viewers.

    `state` and `recent` (its `log_rows`): when the caller holds them already."""
    seats = match.seats_in_order()
    started = not match.is_open and not match.is_cancelled
    if started and state is None:
        state = current_state(match)
    return Snapshot(
        match=match,
        seats=seats,
        state=state if started else None,
        log_rows=(log_rows(match) if recent is None else recent) if started else [],
        everyone=players(seats, None),
        invited=invited_players(match, seats) if match.is_open else [],
        due=turn_due(match, seats) if match.is_active else None,
    )


def base_context(
    match: Match,
    user: User | None,
    selected_card: int | None = None,
    *,
    snapshot: Snapshot | None = None,
    you: int | None = None,
) -> dict[str, Any]:
    """Everything a match page needs apart from the game's own board.

    With a snapshot, the viewer is the seat `you` (None: the public), not a user."""
    if snapshot is None:
        snapshot = take_snapshot(match)
        you = viewer_seat(match, snapshot.seats, user)
    seats = snapshot.seats
    names = [player.name for player in snapshot.everyone] or seat_names(seats)
    context: dict[str, Any] = {
        "match": match,
        "due": snapshot.due,
        "engine": engine_for(match),
        "players": players(seats, you, snapshot.everyone),
        "names": names,
        "you": you,
        "you_resigned": you is not None and seats[you].resigned,
        "version": match.version,
        # Reversed once here: the move forms repeat it for every choice.
        "act_url": reverse("match_act", args=[match.pk]),
        "bot_levels": [(level, bot_name(level)) for level in bot_levels(match.game)],
        "is_host": you is not None and seats[you].user_id == match.created_by_id,
        "invite_path": reverse("match_invite", args=[match.invite_token])
        if match.private and you is not None
        else "",
        # Whom the host invited is for the players to know, not the public.
        "invited": snapshot.invited if you is not None else [],
    }
    if snapshot.state is not None:  # started: there is a state to show
        state = snapshot.state
        engine = context["engine"]
        view = engine.player_view(state, you)
        waiting = engine.to_act(state)
        context.update(
            # The full state stays server-side: boards use it only to list the viewer's own moves.
            state=state if you is not None else None,
            selected_card=selected_card,
            view=view,
            waiting=sorted(waiting),
            waiting_players=[context["players"][p] for p in sorted(waiting)],
            your_turn=you is not None and you in waiting and not context["you_resigned"],
            log=log_lines(match, names, you, snapshot.log_rows, snapshot.described),
            log_rows=snapshot.log_rows,
            bots_thinking=match.is_active and bool(waiting & snapshot.site_played),
        )
        context["announce"] = announcements(context["log"], you)
    return context
