"""What each viewer may see, and which events each viewer is shown."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .cards import HALF_COINS
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


def events_for(events: Sequence[Mapping[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """The events a viewer may see."""
    return [
        dict(e)
        for e in events
        if e.get("visible_to") is None or (seat is not None and seat in e["visible_to"])
    ]
