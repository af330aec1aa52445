"""Finished matches as portable JSON, and importing such an export back through the engine."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from accounts.models import User
from games.bots.registry import bot_levels
from games.engines.registry import GAMES, get_engine
from games.models import Match, MatchAction, Seat, Status
from games.play.public_lists import lists_changed
from games.play.services.play import final_places
from games.play.services.state import start_state
from games.seat_names import seat_names

FORMAT = "expedition-match"
FORMAT_VERSION = 1


def export_match(match: Match) -> dict[str, Any]:
    """A finished match as JSON-safe data that replays exactly through the engine."""
    if match.status != Status.FINISHED:
        # Before the end the seed and the hidden cards are secret; an abandoned match never ended.
        raise ValueError("Only a finished match can be exported.")
    # Sorted here rather than in SQL so that prefetched seats and actions are used as they are.
    seats = sorted(match.seats.all(), key=lambda seat: seat.position)
    names = seat_names(seats)
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "id": match.pk,
        "game": match.game,
        "options": match.options,
        "seed": match.seed,
        "private": match.private,
        "players": [
            {
                "seat": seat.position,
                "name": name,
                "username": seat.user.username if seat.user else None,
                "bot_level": seat.bot_level or None,
                "resigned": seat.resigned,
            }
            for seat, name in zip(seats, names, strict=True)
        ],
        "actions": [
            {"seq": row.seq, "seat": row.seat, "action": row.action}
            for row in sorted(match.actions.all(), key=lambda row: row.seq)
        ],
        "result": {
            "scores": [seat.score for seat in seats],
            "places": [seat.place for seat in seats],
        },
        "started": _iso(match.started),
        "finished": _iso(match.finished),
    }


def export_lines(matches: Iterable[Match]) -> str:
    """Matches as newline-delimited JSON: one export per line."""
    return "".join(json.dumps(export_match(m), separators=(",", ":")) + "\n" for m in matches)


def finished_matches_of(user: User, viewer: User | None) -> QuerySet[Match]:
    """A user's finished matches, oldest first; private ones only when they ask themselves."""
    matches = Match.objects.filter(status=Status.FINISHED, seats__user=user)
    if viewer is None or not viewer.is_authenticated or viewer.pk != user.pk:
        matches = matches.filter(private=False)
    return matches.order_by("finished", "pk")


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


# --- Import -------------------------------------------------------------------------------


def import_match(data: Any) -> Match:
    """Check an export, replay it through the engine, and store it as a finished casual match."""
    checked = _check(data)
    probe = Match(
        game=checked["game"],
        players=len(checked["players"]),
        seed=checked["seed"],
        options=checked["options"],
    )
    state, opening, rows = _replay(probe, checked["actions"])
    engine = get_engine(checked["game"])
    result = engine.outcome(state).to_dict()
    resigned = [p["seat"] for p in checked["players"] if p["resigned"]]
    replayed = {"scores": result["scores"], "places": final_places(result["places"], resigned)}
    if replayed != checked["result"]:
        raise ValueError(
            f"The replay ends with scores {replayed['scores']} and places {replayed['places']}, "
            f"not the exported {checked['result']['scores']} and {checked['result']['places']}."
        )
    return _store(checked, engine.to_json(state), opening, rows, replayed)


def _check(data: Any) -> dict[str, Any]:
    if not isinstance(data, Mapping):
        raise ValueError("An export must be a JSON object.")
    if data.get("format") != FORMAT:
        raise ValueError(f"This is not an Expedition match export (no format {FORMAT!r}).")
    if data.get("format_version") != FORMAT_VERSION:
        raise ValueError(f"Unsupported export version {data.get('format_version')!r}.")
    game = data.get("game")
    if game not in GAMES:
        raise ValueError(f"Unknown game {game!r}.")
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError("The seed must be a whole number.")
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise ValueError("The options must be a JSON object.")
    players = _check_players(game, data.get("players"))
    return {
        "game": game,
        "seed": seed,
        "options": dict(options),
        "private": data.get("private", False) is True,
        "players": players,
        "actions": _check_actions(data.get("actions"), len(players)),
        "result": _check_result(data.get("result"), len(players)),
        "started": _moment(data.get("started"), "started"),
        "finished": _moment(data.get("finished"), "finished"),
    }


def _check_players(game: str, players: Any) -> list[dict[str, Any]]:
    engine = get_engine(game)
    if not isinstance(players, list):
        raise ValueError("'players' must be a list of seats.")
    if not engine.MIN_PLAYERS <= len(players) <= engine.MAX_PLAYERS:
        raise ValueError(
            f"{engine.NAME} is for {engine.MIN_PLAYERS} to {engine.MAX_PLAYERS} players, "
            f"not {len(players)}."
        )
    checked = []
    usernames: set[str] = set()
    for position, player in enumerate(players):
        if not isinstance(player, Mapping) or player.get("seat", position) != position:
            raise ValueError(f"Seat {position + 1} is malformed or out of order.")
        username = player.get("username")
        level = player.get("bot_level")
        if username is not None and (not isinstance(username, str) or not username):
            raise ValueError(f"Seat {position + 1} has a malformed username.")
        if level is not None and level not in bot_levels(game):
            raise ValueError(f"Seat {position + 1}: there is no {level!r} bot for {engine.NAME}.")
        if username is not None and level is not None:
            raise ValueError(f"Seat {position + 1} cannot be both a person and a bot.")
        if username is not None:
            if username.lower() in usernames:
                raise ValueError(f"{username!r} sits in more than one seat.")
            usernames.add(username.lower())
        checked.append(
            {
                "seat": position,
                "username": username,
                "bot_level": level or "",
                "resigned": player.get("resigned", False) is True,
            }
        )
    return checked


def _check_actions(actions: Any, players: int) -> list[tuple[int, dict[str, Any]]]:
    if not isinstance(actions, list):
        raise ValueError("'actions' must be a list.")
    checked = []
    for seq, entry in enumerate(actions, start=1):
        if not isinstance(entry, Mapping) or entry.get("seq", seq) != seq:
            raise ValueError(f"Action {seq} is malformed or out of order.")
        seat, action = entry.get("seat"), entry.get("action")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"Action {seq} names no seat of this match.")
        if not isinstance(action, Mapping):
            raise ValueError(f"Action {seq} must be a JSON object.")
        checked.append((seat, dict(action)))
    return checked


def _check_result(result: Any, players: int) -> dict[str, list[int]]:
    if not isinstance(result, Mapping):
        raise ValueError("'result' must hold the final scores and places.")
    out = {}
    for key in ("scores", "places"):
        values = result.get(key)
        if not isinstance(values, list) or len(values) != players:
            raise ValueError(f"'result' must give {players} {key}.")
        out[key] = values
    return out


def _moment(value: Any, field: str) -> datetime | None:
    if value is None:
        return None
    try:
        moment = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise ValueError(f"'{field}' must be an ISO 8601 date and time.") from None
    return moment if timezone.is_aware(moment) else timezone.make_aware(moment, UTC)


def _replay(
    probe: Match, actions: list[tuple[int, dict[str, Any]]]
) -> tuple[Any, list, list[tuple[int, dict[str, Any], list]]]:
    engine = get_engine(probe.game)
    try:
        state, opening = start_state(probe)
    except ValueError as exc:
        raise ValueError(f"The game cannot be set up: {exc}") from None
    rows = []
    for seq, (seat, action) in enumerate(actions, start=1):
        try:
            progress = engine.apply(state, seat, action)
        # Imported data is untrusted: an engine tripping over a malformed action is a refusal.
        except (ValueError, KeyError, TypeError, IndexError) as exc:
            raise ValueError(f"Action {seq} (seat {seat + 1}) does not replay: {exc}") from None
        state = progress.state
        rows.append((seat, action, _plain(list(progress.events))))
    if not engine.is_over(state):
        raise ValueError(f"The {len(actions)} actions do not finish the game.")
    return state, _plain(list(opening)), rows


def _plain(value: Any) -> Any:
    # Stored exactly as the database gives it back (tuples become lists).
    return json.loads(json.dumps(value))


@transaction.atomic
def _store(
    checked: dict[str, Any],
    snapshot: dict[str, Any],
    opening: list,
    rows: list[tuple[int, dict[str, Any], list]],
    result: dict[str, list[int]],
) -> Match:
    finished = checked["finished"] or timezone.now()
    version = len(rows)
    match = Match.objects.create(
        game=checked["game"],
        options=checked["options"],
        seed=checked["seed"],
        players=len(checked["players"]),
        status=Status.FINISHED,
        rated=False,
        private=checked["private"],
        version=version,
        turn_version=version,
        snapshot=snapshot,
        snapshot_version=version,
        opening_events=opening,
        started=checked["started"] or finished,
        finished=finished,
    )
    lists_changed()
    for player in checked["players"]:
        position = player["seat"]
        user = None
        if player["username"] is not None:
            user = User.objects.filter(username__iexact=player["username"]).first()
        Seat.objects.create(
            match=match,
            position=position,
            user=user,
            bot_level=player["bot_level"],
            resigned=player["resigned"],
            score=result["scores"][position],
            place=result["places"][position],
        )
    MatchAction.objects.bulk_create(
        MatchAction(match=match, seq=seq, seat=seat, action=action, events=events, version=seq)
        for seq, (seat, action, events) in enumerate(rows, start=1)
    )
    return match
