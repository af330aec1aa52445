"""Canonical text for actions and narration for events."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .cards import ARTIFACT_PRINTED, gem_breakdown

HAZARD_NAMES = {
    "spiders": "Spiders",
    "snakes": "Snakes",
    "mummies": "Mummies",
    "fire": "Fire",
    "rockfall": "Rockfall",
}


def describe_action(action: Mapping[str, Any]) -> str:
    """Short canonical text of an action: "continue" or "return"."""
    if action.get("type") == "decide" and action.get("choice") in ("continue", "return"):
        return str(action["choice"])
    return f"unknown action {dict(action)!r}"


def describe_choice(state: Any, action: Mapping[str, Any]) -> str:
    """The button text of a legal action (the state is not needed: both choices say what they
    are)."""
    return "Continue" if action.get("choice") == "continue" else "Return to camp"


def _names(seats: Sequence[int], names: Sequence[str]) -> str:
    who = [_name(s, names) for s in seats]
    if len(who) <= 2:
        return " and ".join(who)
    return ", ".join(who[:-1]) + " and " + who[-1]


def _verb(seats: Sequence[int], one: str, many: str) -> str:
    return one if len(seats) == 1 else many


def _name(seat: int, names: Sequence[str]) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def _gems(value: int) -> str:
    return "1 gem" if value == 1 else f"{value} gems"


def _artifacts(codes: Sequence[str]) -> str:
    values = [str(ARTIFACT_PRINTED.get(code, code)) for code in codes]
    if len(values) == 1:
        return f"the {values[0]} artifact"
    return "the " + " and ".join(values) + " artifacts"


# A public event its private twin tells in full, to whoever sees both: the log shows one line.
DETAILED_BY: dict[str, str] = {"decided": "decision"}


def gems_text(value: int) -> str:
    """A gem value as the fewest gems: 17 -> "1 gold, 1 obsidian, 2 turquoise"."""
    parts = [f"{n} {name}" for name, n in gem_breakdown(value).items() if n]
    return ", ".join(parts) or "nothing"


def describe_event(
    event: Mapping[str, Any], names: Sequence[str], viewer: int | None = None
) -> str:
    """One line of narration for an event, as `viewer` reads it: a seat's own secret choice is
    marked secret for it while the game is on; a replay (no viewer) tells it plainly."""
    kind = event.get("type")
    if kind == "round_start":
        return (
            f"Round {event['round']} begins: the {event['artifact'][1:]} artifact joins the deck."
        )
    if kind == "flip":
        return _describe_flip(event)
    if kind == "quick_start":
        return "A hazard at the entrance: the next card is turned at once."
    if kind == "hazard":
        hazard = HAZARD_NAMES.get(event["kind"], event["kind"])
        if not event["seats"]:
            return f"{hazard}!"
        verb = _verb(event["seats"], "drops", "drop")
        lost = _gems(event["total"]) if event["total"] else "nothing"
        return f"{hazard}! {_names(event['seats'], names)} {verb} {lost}"
    if kind == "decided":
        return f"{_name(event['seat'], names)} has decided."
    if kind == "decision":
        verb = "changes their mind: now" if event.get("changed") else "chooses to"
        secret = " (secret)" if viewer is not None and viewer == event["seat"] else ""
        return f"{_name(event['seat'], names)} {verb} {event['choice']}{secret}."
    if kind == "reveal":
        parts = []
        if event["returning"]:
            verb = _verb(event["returning"], "heads", "head")
            parts.append(f"{_names(event['returning'], names)} {verb} back to camp")
        if event["continuing"]:
            verb = _verb(event["continuing"], "presses", "press")
            parts.append(f"{_names(event['continuing'], names)} {verb} on")
        return "; ".join(parts) + "."
    if kind == "return":
        return _describe_return(event, names)
    if kind == "round_end":
        text = f"Round {event['round']} is over"
        if event["artifacts_lost"]:
            verb = "is" if len(event["artifacts_lost"]) == 1 else "are"
            text += f"; {_artifacts(event['artifacts_lost'])} left on the path {verb} lost"
        return text + "."
    if kind == "game_over":
        winners = _names(event["winners"], names)
        verb = "wins" if len(event["winners"]) == 1 else "share the win"
        return f"Game over: {winners} {verb}."
    return str(kind)


def _describe_flip(event: Mapping[str, Any]) -> str:
    card = event["card"]
    if event["kind"] == "treasure":
        text = f"Treasure {event['value']}: {_gems(event['share'])} each"
        if event["remainder"]:
            text += f", {event['remainder']} left on the card"
        return text + "."
    if event["kind"] == "artifact":
        return f"The {card[1:]} artifact lies on the path."
    hazard = HAZARD_NAMES.get(card, card)
    if event.get("repeat"):
        return f"{hazard} again!"
    return f"{hazard} on the path."


def _describe_return(event: Mapping[str, Any], names: Sequence[str]) -> str:
    returners = event["returners"]
    codes = [code for code, _ in event["artifacts"]]
    if len(returners) == 1:
        only = returners[0]
        text = f"{_name(only['seat'], names)} returns alone with {_gems(only['gems'])}"
        if codes:
            text += f" and {_artifacts(codes)}"
        return text
    parts = [f"{_name(r['seat'], names)} with {_gems(r['gems'])}" for r in returners]
    text = "Back to camp: " + ", ".join(parts)
    if event["left_on_path"]:
        verb = "stays" if event["left_on_path"] == 1 else "stay"
        text += f"; {_gems(event['left_on_path'])} {verb} on the path"
    return text
