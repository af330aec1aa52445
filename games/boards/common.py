"""Parts of a match page shared by every game: players, the narrated log, the clock."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.urls import reverse

from accounts.models import User
from games.bots.registry import bot_levels
from games.models import Match, MatchAction, Seat
from games.services.state import current_state, engine_for

LOG_ACTIONS = 60  # how many recent log entries a page shows


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


def viewer_seat(match: Match, seats: Sequence[Seat], user: User | None) -> int | None:
    """The position the user plays in this match, or None for a spectator."""
    if user is None or not user.is_authenticated:
        return None
    for seat in seats:
        if seat.user_id == user.pk:
            return seat.position
    return None


def players(seats: Sequence[Seat], you: int | None) -> list[PlayerInfo]:
    """Who sits where, as the page shows them."""
    return [
        PlayerInfo(
            position=seat.position,
            name=seat.name,
            is_bot=seat.is_bot,
            is_you=seat.position == you,
            resigned=seat.resigned,
            profile_url=reverse("profile", args=[seat.user.username]) if seat.user else None,
            score=seat.score,
            place=seat.place,
        )
        for seat in seats
    ]


def visible(event: Mapping[str, Any], viewer: int | None, over: bool) -> bool:
    """Whether a viewer may read an event: public ones, their own, or all once it is over."""
    audience = event.get("visible_to")
    return over or audience is None or (viewer is not None and viewer in audience)


def log_lines(match: Match, names: Sequence[str], viewer: int | None) -> list[LogLine]:
    """The narrated recent log for one viewer, newest last."""
    engine = engine_for(match)
    over = match.is_over
    rows = list(
        MatchAction.objects.filter(match=match)
        .order_by("-seq")
        .values("seq", "events")[:LOG_ACTIONS]
    )
    rows.reverse()
    entries: list[tuple[int, Mapping[str, Any]]] = []
    if not rows or rows[0]["seq"] == 1:
        entries.extend((0, event) for event in match.opening_events)
    for row in rows:
        entries.extend((row["seq"], event) for event in row["events"])
    shown = [(seq, event) for seq, event in entries if visible(event, viewer, over)]
    detailed = getattr(engine, "DETAILED_BY", {})
    # (action, seat, type) of the private events this viewer sees: their public twins are dropped.
    private = {
        (seq, event.get("seat"), event.get("type"))
        for seq, event in shown
        if event.get("visible_to") is not None
    }
    lines = []
    for seq, event in shown:
        twin = detailed.get(str(event.get("type", "")))
        if twin and (seq, event.get("seat"), twin) in private:
            continue
        lines.append(
            LogLine(
                seq=seq,
                text=engine.describe_event(event, names),
                kind=str(event.get("type", "")),
                private=event.get("visible_to") is not None and not over,
            )
        )
    return lines


def base_context(
    match: Match, user: User | None, selected_card: int | None = None
) -> dict[str, Any]:
    """Everything a match page needs apart from the game's own board."""
    seats = list(match.seats.select_related("user").order_by("position"))
    you = viewer_seat(match, seats, user)
    names = [seat.name for seat in seats]
    context: dict[str, Any] = {
        "match": match,
        "engine": engine_for(match),
        "players": players(seats, you),
        "names": names,
        "you": you,
        "you_resigned": you is not None and seats[you].resigned,
        "version": match.version,
        "bot_levels": bot_levels(match.game),
    }
    if match.status != 0 and not match.is_cancelled:  # started: there is a state to show
        state = current_state(match)
        engine = context["engine"]
        view = engine.player_view(state, you)
        waiting = engine.to_act(state)
        context.update(
            # The full state stays server-side: boards use it only to list the viewer's own moves.
            state=state if you is not None else None,
            selected_card=selected_card,
            view=view,
            waiting=sorted(waiting),
            waiting_names=[names[p] for p in sorted(waiting)],
            your_turn=you is not None and you in waiting and not context["you_resigned"],
            log=log_lines(match, names, you),
        )
    return context
