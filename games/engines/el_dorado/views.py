"""What each viewer may see, and the text of actions and events for the log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .cards import CARD_TYPES
from .maps import Board, load_map
from .outcome import outcome
from .seat_parts import seat_part, seat_parts
from .setup import board_for, random_map
from .state import State
from .tokens import TOKENS
from .view_parts import (
    _PARTS,  # noqa: F401 - clearing it has every next view made afresh
    blockades_entry,
    caves_list,
    match_parts,
    shop_entry,
    tokens_part,
    turn_entry,
)


def board_from_view(view: Mapping[str, Any]) -> Board:
    """The board a view is about (what bots and the web layer draw and plan on)."""
    spec = view["map"]
    if "map_seed" in spec:
        return random_map(spec["map_seed"], spec["map_length"])
    if spec.get("custom"):
        return board_for({"map": view["options"]["map"]}, 0)
    return load_map(spec["slug"])


def player_view(state: State, seat: int | None) -> dict[str, Any]:
    """Everything `seat` may see (None: a spectator); everything once the game is over.

    Views share the parts that did not change with earlier views: treat them as read-only."""
    if state.over:
        return _final_view(state, seat)
    m = match_parts(state)
    # Each kept part is checked against the state objects it was built from, and made again
    # (and kept with those objects, and put in the match's view frame) when one of them changed.
    frame = m.frame
    turn = state.turn
    kept_turn = m.turn
    if kept_turn[0] is not turn:
        kept_turn = m.turn = turn_entry(turn)
        frame["round"] = turn.round
        frame["to_act"] = kept_turn[1]
    shop = m.shop
    if shop[0] is not state.supply or shop[1] is not state.market:
        shop = m.shop = shop_entry(state)
        frame["market"] = shop[2]
        frame["reserve"] = shop[3]
    blockades = m.blockades
    if blockades[0] is not state.blockades or blockades[1] is not state.blockade_owner:
        blockades = m.blockades = blockades_entry(state)
        frame["blockades"] = blockades[2]
    caves = m.caves
    if caves[0] is not state.caves:
        caves = m.caves = (state.caves, caves_list(m.cave_hexes, state.caves))
        frame["caves"] = caves[1]
    finished = m.finished
    if finished[0] is not state.finished:
        finished = m.finished = (state.finished, list(state.finished))
        frame["finished"] = finished[1]
    frame["turn"] = kept_turn[3] if state.history else kept_turn[2]
    # Copying the kept frame costs a fraction of building a dict of its size key by key.
    view = frame.copy()
    view["viewer"] = seat
    view["seats"] = seat_parts(m, state, seat)
    return view


def _final_view(state: State, seat: int | None) -> dict[str, Any]:
    """The view of a finished game: every secret shown, to everybody."""
    m = match_parts(state)
    _, _, slots, reserve = shop_entry(state)
    result = outcome(state)
    return {
        "game": "el-dorado",
        "players": state.players,
        "viewer": seat,
        "over": True,
        "round": state.turn.round,
        "to_act": [],
        "turn": turn_entry(state.turn)[3 if state.history else 2],
        "options": dict(state.options),
        "map": m.map,
        "blockades": blockades_entry(state)[2],
        "market": slots,
        "reserve": reserve,
        "caves": caves_list(m.cave_hexes, state.caves),
        "finished": list(state.finished),
        "seats": [seat_part(m, state, i, True, True) for i in range(state.players)],
        "seed": state.seed,
        "cave_stacks": [tokens_part(stack) for stack in state.caves],
        "outcome": result.to_dict() if result else None,
    }


# A public event its private twin tells in full, to whoever sees both: the log shows one line.
DETAILED_BY: dict[str, str] = {"draw": "drew", "discard": "discarded"}


def events_for(events: Sequence[Mapping[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """The events a viewer may see."""
    return [
        dict(e)
        for e in events
        if e.get("visible_to") is None or (seat is not None and seat in e["visible_to"])
    ]


def _hexes(path: Sequence[Sequence[int]]) -> str:
    return " ".join(f"{q},{r}" for q, r in path)


def describe_action(action: Mapping[str, Any]) -> str:
    """Canonical short text of an action, for logs."""
    kind = action.get("type")
    who = f" explorer {action['explorer']}" if action.get("explorer") else ""
    src = f"token {action['token']}" if "token" in action else f"card {action.get('card')}"
    if kind == "move":
        wild = f" as {action['as']}" if action.get("as") else ""
        return f"move{who} {src}{wild} to {_hexes(action.get('path', []))}"
    if kind in ("rubble", "camp"):
        to = action.get("to", [])
        return f"{kind}{who} to {_hexes([to])} giving {_ids(action.get('cards', []))}"
    if kind == "blockade":
        pay = _ids(action["cards"]) if "cards" in action else src
        return f"blockade{who} toward {_hexes([action.get('to', [])])} paying {pay}"
    if kind == "buy":
        return f"buy {action.get('card')} paying {_ids(action.get('pay', []))}"
    if kind == "action":
        extra = "".join(f" {k} {v}" for k, v in sorted(action.items()) if k not in ("type", "card"))
        return f"action card {action.get('card')}{extra}"
    if kind == "token":
        extra = "".join(
            f" {k} {v}" for k, v in sorted(action.items()) if k not in ("type", "token")
        )
        return f"token {action.get('token')}{extra}"
    if kind in ("remove", "discard"):
        return f"{kind} {_ids(action.get('cards', []))}"
    if kind == "end_turn" and action.get("discard"):
        return f"end turn discarding {_ids(action['discard'])}"
    return str(kind).replace("_", " ")


def _count(n: int, word: str) -> str:
    return f"1 {word}" if n == 1 else f"{n} {word}s"


def _ids(ids: Sequence[int]) -> str:
    return ",".join(str(i) for i in ids) if ids else "nothing"


def _card_names(cards: Sequence[Mapping[str, Any]]) -> str:
    names = [CARD_TYPES[c["card"]].name for c in cards]
    return ", ".join(names) if names else "no cards"


def describe_event(event: Mapping[str, Any], names: Sequence[str]) -> str:
    """One line of narration for the log."""
    seat = event.get("seat")
    who = names[seat] if isinstance(seat, int) and seat < len(names) else "Someone"
    kind = event.get("type")
    if kind == "move":
        card = CARD_TYPES[event["card"]].name if event["card"] in CARD_TYPES else event["card"]
        steps = len(event["path"])
        return f"{who} played {card} as {event['as']} and moved {_count(steps, 'space')}."
    if kind == "rubble":
        return f"{who} discarded {_count(event['count'], 'card')} to enter the rubble."
    if kind == "basecamp":
        return f"{who} removed {_card_names(event['cards'])} to enter the base camp."
    if kind == "blockade":
        return f"{who} took the {event['kind']} {event['value']} blockade."
    if kind == "el_dorado":
        return f"{who}'s explorer reached El Dorado!"
    if kind == "buy":
        return f"{who} bought {CARD_TYPES[event['card']].name}."
    if kind == "gain":
        return f"{who} gained {CARD_TYPES[event['card']].name}."
    if kind == "action":
        return f"{who} played {CARD_TYPES[event['card']].name}."
    if kind == "native":
        return f"{who}'s explorer moved one space with the Native's help."
    if kind == "draw":
        return f"{who} drew {_count(event['count'], 'card')}."
    if kind == "drew":
        return f"You drew {_card_names(event['cards'])}."
    if kind == "shuffle":
        return f"{who} shuffled their discard pile into a new draw pile."
    if kind == "remove":
        return f"{who} removed {_card_names(event['cards'])} from the game."
    if kind == "discard":
        return f"{who} discarded {_count(event['count'], 'card')} from hand."
    if kind == "discarded":
        return f"You discarded {_card_names(event['cards'])}."
    if kind == "cave_token":
        return f"{who} found a {TOKENS[event['token']].label()} in a cave."
    if kind == "token":
        return f"{who} used a {TOKENS[event['token']].label()}."
    if kind == "swap":
        return f"{who} swapped {_card_names(event['cards'])} for as many new cards."
    if kind == "keep":
        return f"{who} kept {CARD_TYPES[event['card']].name} instead of removing it."
    if kind == "end_turn":
        return f"{who} ended their turn."
    if kind == "undo":
        return f"{who} took back their last action."
    if kind == "game_over":
        winners = " and ".join(names[s] for s in event["winners"] if s < len(names))
        return f"The game is over. Winner: {winners or 'nobody'}."
    return f"{who}: {kind}."
