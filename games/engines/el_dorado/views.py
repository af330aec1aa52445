"""What each viewer may see, and the text of actions and events for the log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .cards import CARD_TYPES, HALF_COINS
from .maps import Board, load_map
from .outcome import outcome
from .rules.market import offers
from .setup import board_for, board_of, map_seed, random_map
from .state import Seat, State
from .tokens import TOKENS

# Options that fix hidden order for tests; nobody sees them before the end.
SECRET_OPTIONS = frozenset({"decks", "cave_tokens"})


def board_from_view(view: Mapping[str, Any]) -> Board:
    """The board a view is about (what bots and the web layer draw and plan on)."""
    spec = view["map"]
    if "map_seed" in spec:
        return random_map(spec["map_seed"], spec["map_length"])
    if spec.get("custom"):
        return board_for({"map": view["options"]["map"]}, 0)
    return load_map(spec["slug"])


def player_view(state: State, seat: int | None) -> dict[str, Any]:
    """Everything `seat` may see (None: a spectator); everything once the game is over."""
    over = state.over
    turn = state.turn
    board = board_of(state)
    slots, reserve = offers(state)
    view: dict[str, Any] = {
        "game": "el-dorado",
        "players": state.players,
        "viewer": seat,
        "over": over,
        "round": turn.round,
        "to_act": [] if over else [turn.seat],
        "turn": {
            "seat": turn.seat,
            "bought": turn.bought,
            "discarding": turn.discarding,
            "pass_through": turn.pass_through,
            "next_kind": turn.next_kind,
            "may_remove": turn.may_remove,
            "can_undo": state.previous is not None,
            "keep_possible": bool(turn.single_used),
            "single_used": list(turn.single_used),
        },
        "options": {k: v for k, v in state.options.items() if over or k not in SECRET_OPTIONS},
        "map": _map(state, board),
        "blockades": [
            {"joint": i, "kind": k, "value": v, "owner": owner}
            for i, ((k, v), owner) in enumerate(
                zip(state.blockades, state.blockade_owner, strict=True)
            )
        ],
        # "open": a copy may be bought now (from the reserve only while a slot is empty).
        "market": [{"card": slug, "left": left, "open": ok} for slug, left, ok in slots],
        "reserve": [{"card": slug, "left": left, "open": ok} for slug, left, ok in reserve],
        "caves": [
            {"hex": list(h), "left": len(stack)}
            for h, stack in zip(board.caves, state.caves, strict=False)
        ],
        "finished": list(state.finished),
        "seats": [
            _seat(state, i, s, own=over or i == seat, everything=over)
            for i, s in enumerate(state.seats)
        ],
    }
    if over:
        result = outcome(state)
        view["seed"] = state.seed
        view["cave_stacks"] = [_tokens(stack) for stack in state.caves]
        view["outcome"] = result.to_dict() if result else None
    return view


def _seat(state: State, index: int, s: Seat, own: bool, everything: bool) -> dict[str, Any]:
    """A seat's part of a view: its hand, discard pile and which cards its draw pile holds
    (never their order) for its owner only."""
    cards = state.cards
    out: dict[str, Any] = {
        "seat": index,
        "explorers": [None if h is None else [h[0], h[1]] for h in s.explorers],
        "finished": index in state.finished,
        "hand_size": len(s.hand),
        "draw_size": len(s.draw),
        "discard_size": len(s.discard),
        "discard_top": {"id": s.discard[-1], "card": cards[s.discard[-1]]} if s.discard else None,
        "played": [{"id": c, "card": cards[c]} for c in s.played],
        "removed": [{"id": c, "card": cards[c]} for c in s.removed],
        "acquired": [{"id": c, "card": cards[c]} for c in s.acquired],
        "blockades": [
            {"joint": j, "kind": state.blockades[j][0], "value": state.blockades[j][1]}
            for j in s.blockades
        ],
        "tokens": _tokens(s.tokens),
        "spent_tokens": _tokens(s.spent_tokens),
    }
    if own:
        # What each card pays toward a buy, in half coins (every card pays at least ½).
        out["hand"] = [{"id": c, "card": cards[c], "pays": HALF_COINS[cards[c]]} for c in s.hand]
        out["discard"] = [{"id": c, "card": cards[c]} for c in s.discard]
        out["draw_counts"] = _counts(state, s.draw)
    if everything:
        out["draw"] = [{"id": c, "card": cards[c]} for c in s.draw]
    return out


def _counts(state: State, pile: tuple[int, ...]) -> dict[str, int]:
    """How many cards of each type a pile holds, by type name: what its order hides."""
    cards = state.cards
    counts: dict[str, int] = {}
    for c in pile:
        slug = cards[c]
        counts[slug] = counts.get(slug, 0) + 1
    return dict(sorted(counts.items()))


def _tokens(ids: tuple[int, ...]) -> list[dict[str, Any]]:
    return [{"id": t, "kind": TOKENS[t].slug} for t in ids] if ids else []


def _map(state: State, board: Board) -> dict[str, Any]:
    """How to find the board: a map name, or the random map's own seed (never the match's)."""
    spec: dict[str, Any] = {"slug": board.slug, "name": board.name}
    choice = state.options.get("map")
    if choice == "random":
        spec["map_seed"] = map_seed(state.seed)
        spec["map_length"] = state.options.get("map_length")
    elif not isinstance(choice, str):
        spec["custom"] = True  # the layout itself is the public "map" option
    return spec


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


def describe_event(
    event: Mapping[str, Any], names: Sequence[str], viewer: int | None = None
) -> str:
    """One line of narration for the log, as `viewer` reads it: a seat's own private events
    are told to it as "You ...", and to everyone else (after the end, in the replay) by name."""
    seat = event.get("seat")
    who = names[seat] if isinstance(seat, int) and seat < len(names) else "Someone"
    subject = "You" if viewer is not None and viewer == seat else who
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
        return f"{subject} drew {_card_names(event['cards'])}."
    if kind == "shuffle":
        return f"{who} shuffled their discard pile into a new draw pile."
    if kind == "remove":
        return f"{who} removed {_card_names(event['cards'])} from the game."
    if kind == "discard":
        return f"{who} discarded {_count(event['count'], 'card')} from hand."
    if kind == "discarded":
        return f"{subject} discarded {_card_names(event['cards'])}."
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
