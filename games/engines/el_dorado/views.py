"""What each viewer may see, and the text of actions and events for the log."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .cards import CARD_TYPES, SHOP_TYPES
from .maps import Board, load_map
from .outcome import outcome
from .setup import board_for, board_of, map_seed, random_map
from .state import State
from .tokens import TOKENS

# Options that fix hidden order for tests; nobody sees them before the end.
SECRET_OPTIONS = frozenset({"decks", "cave_tokens"})


def _tokens(ids: Sequence[int]) -> list[dict[str, Any]]:
    return [{"id": t, "kind": TOKENS[t].slug} for t in ids]


def _map(state: State) -> dict[str, Any]:
    """How to find the board: a map name, or the random map's own seed (never the match's)."""
    board = board_of(state)
    spec: dict[str, Any] = {"slug": board.slug, "name": board.name}
    choice = state.options.get("map")
    if choice == "random":
        spec["map_seed"] = map_seed(state.seed)
        spec["map_length"] = state.options.get("map_length")
    elif not isinstance(choice, str):
        spec["custom"] = True  # the layout itself is the public "map" option
    return spec


def board_from_view(view: Mapping[str, Any]) -> Board:
    """The board a view is about (what bots and the web layer draw and plan on)."""
    spec = view["map"]
    if "map_seed" in spec:
        return random_map(spec["map_seed"], spec["map_length"])
    if spec.get("custom"):
        return board_for({"map": view["options"]["map"]}, 0)
    return load_map(spec["slug"])


def _seat_view(
    state: State,
    seat: int,
    own: bool,
    everything: bool,
    before: tuple[Any, dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """A seat's part of a view; `before` (an earlier Seat record of the same seat in the same
    match, and its part for the same viewer) lends every list whose pile did not change."""
    s = state.seats[seat]
    cards = state.cards
    discard = s.discard
    blockades = state.blockades
    if before is None:
        was, old = _NO_SEAT, _NO_PART
    else:
        was, old = before
    out: dict[str, Any] = {
        "seat": seat,
        "explorers": old["explorers"]
        if s.explorers is was.explorers
        else [None if h is None else list(h) for h in s.explorers],
        "finished": seat in state.finished,
        "hand_size": len(s.hand),
        "draw_size": len(s.draw),
        "discard_size": len(discard),
        "discard_top": {"id": discard[-1], "card": cards[discard[-1]]} if discard else None,
        "played": old["played"] if s.played is was.played else _listed(cards, s.played),
        "removed": old["removed"] if s.removed is was.removed else _listed(cards, s.removed),
        "acquired": old["acquired"] if s.acquired is was.acquired else _listed(cards, s.acquired),
        "blockades": old["blockades"]
        if s.blockades is was.blockades
        else [{"joint": j, "kind": blockades[j][0], "value": blockades[j][1]} for j in s.blockades],
        "tokens": old["tokens"] if s.tokens is was.tokens else _tokens(s.tokens),
        "spent_tokens": old["spent_tokens"]
        if s.spent_tokens is was.spent_tokens
        else _tokens(s.spent_tokens),
    }
    if everything or own:
        out["hand"] = old["hand"] if s.hand is was.hand else _listed(cards, s.hand)
        out["discard"] = old["discard"] if discard is was.discard else _listed(cards, discard)
        # The owner knows which cards they own, hence their draw pile's contents, never its order.
        out["draw_counts"] = old["draw_counts"] if s.draw is was.draw else _counted(cards, s.draw)
    if everything:
        out["draw"] = _listed(cards, s.draw)
    return out


class _Nothing:
    """Stands for "no earlier seat": none of its piles is any seat's pile."""

    __slots__ = ("explorers", "played", "removed", "acquired", "blockades", "tokens")
    __slots__ += ("spent_tokens", "hand", "discard", "draw")

    def __init__(self) -> None:
        for name in self.__slots__:
            setattr(self, name, object())


_NO_SEAT: Any = _Nothing()
_NO_PART: dict[str, Any] = {}


def _listed(cards: tuple[str, ...], pile: tuple[int, ...]) -> list[dict[str, Any]]:
    return [{"id": c, "card": cards[c]} for c in pile] if pile else []


def _counted(cards: tuple[str, ...], pile: tuple[int, ...]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for c in pile:
        slug = cards[c]
        counts[slug] = counts.get(slug, 0) + 1
    return dict(sorted(counts.items()))


# The latest part built per match, seat and viewer kind. An action changes one seat, and mostly
# one or two of its piles: the next part is the same object while the seat is, else it is built
# lending the lists of the piles that stayed (views share them: they are read-only).
_PARTS: dict[tuple[int, int, bool], tuple[Any, Any, Any, bool, dict[str, Any]]] = {}


def _shared_seat_view(state: State, seat: int, own: bool) -> dict[str, Any]:
    s = state.seats[seat]
    cards = state.cards
    key = (id(cards), seat, own)
    entry = _PARTS.get(key)
    finished = seat in state.finished
    if entry is not None and entry[0] is cards and entry[1] is state.blockades:
        if entry[2] is s and entry[3] == finished:
            return dict(entry[4])
        part = _seat_view(state, seat, own, False, (entry[2], entry[4]))
    else:
        if len(_PARTS) > 4096:
            _PARTS.clear()
        part = _seat_view(state, seat, own, False)
    _PARTS[key] = (cards, state.blockades, s, finished, part)
    return dict(part)


# Parts of a view that change only when two parts of the state do: built once and kept while
# both state objects (which later states of the match share) stay the same. Every view reads
# three of them, so the check is two identity tests, nothing more.
_KEPT: dict[tuple[Callable[[State], Any], int, int], tuple[Any, Any, Any]] = {}


def _kept(state: State, build: Callable[[State], Any], first: Any, second: Any) -> Any:
    key = (build, id(first), id(second))
    entry = _KEPT.get(key)
    if entry is None or entry[0] is not first or entry[1] is not second:
        if len(_KEPT) > 1536:
            _KEPT.clear()
        entry = _KEPT[key] = (first, second, build(state))
    return entry[2]


def _shop_parts(state: State) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    supply, market = state.supply, state.market
    slots = [{"card": slug, "left": len(supply[slug]) if slug else 0} for slug in market]
    reserve = [
        {"card": slug, "left": len(supply[slug])}
        for slug in SHOP_TYPES
        if supply[slug] and slug not in market
    ]
    return slots, reserve


def _blockade_list(state: State) -> list[dict[str, Any]]:
    owners = state.blockade_owner
    return [
        {"joint": i, "kind": k, "value": v, "owner": owners[i]}
        for i, (k, v) in enumerate(state.blockades)
    ]


def player_view(state: State, seat: int | None) -> dict[str, Any]:
    """Everything `seat` may see (None: a spectator); everything once the game is over.

    Views share the parts that did not change with earlier views: treat them as read-only."""
    everything = state.over
    turn = state.turn
    # Kept while the state objects they come from stay: how to find the board (options and
    # seed), the shop (changes when a card is bought), the blockades (when one is taken).
    slots, reserve = _kept(state, _shop_parts, state.supply, state.market)
    view: dict[str, Any] = {
        "game": "el-dorado",
        "players": state.players,
        "viewer": seat,
        "over": everything,
        "round": turn.round,
        "to_act": [] if everything else [turn.seat],
        "turn": {
            "seat": turn.seat,
            "bought": turn.bought,
            "discarding": turn.discarding,
            "pass_through": turn.pass_through,
            "next_kind": turn.next_kind,
            "may_remove": turn.may_remove,
            "can_undo": bool(state.history),
            "keep_possible": bool(turn.single_used),
            "single_used": list(turn.single_used),
        },
        "options": {
            k: v for k, v in state.options.items() if everything or k not in SECRET_OPTIONS
        },
        "map": _kept(state, _map, state.options, state.seed),
        "blockades": _kept(state, _blockade_list, state.blockades, state.blockade_owner),
        "market": slots,
        "reserve": reserve,
        "caves": [
            {"hex": list(h), "left": len(stack)}
            for h, stack in zip(board_of(state).caves, state.caves, strict=False)
        ]
        if state.caves
        else [],
        "finished": list(state.finished),
        "seats": [_seat_view(state, i, True, True) for i in range(state.players)]
        if everything
        else [_shared_seat_view(state, i, i == seat) for i in range(state.players)],
    }
    if everything:
        view["seed"] = state.seed
        view["cave_stacks"] = [_tokens(stack) for stack in state.caves]
        result = outcome(state)
        view["outcome"] = result.to_dict() if result else None
    return view


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
