"""The parts of El Dorado views kept per match.

A part is built once and lent to every later view until the part of the state it shows
changes: states are immutable and an action makes new objects only for what it changed, so
identity tells whether a part still holds. Views share these parts: they are read-only."""

from __future__ import annotations

from typing import Any

from .cards import SHOP_TYPES
from .maps import Board
from .setup import board_of, map_seed
from .state import State, Turn
from .tokens import TOKENS

# Options that fix hidden order for tests; nobody sees them before the end.
SECRET_OPTIONS = frozenset({"decks", "cave_tokens"})

# A token is shown the same way wherever it lies, in every view: one dict per token.
_TOKEN_PARTS: tuple[dict[str, Any], ...] = tuple(
    {"id": i, "kind": t.slug} for i, t in enumerate(TOKENS)
)


def tokens_part(ids: tuple[int, ...]) -> list[dict[str, Any]]:
    if not ids:
        return []
    parts = _TOKEN_PARTS
    return [parts[t] for t in ids]


# A kept part before its first build: its sources are no state's objects.
_NOTHING: tuple[Any, ...] = (object(), object(), None, None)


class MatchParts:
    """The view parts of one match. The fixed ones come from what a match never changes (its
    cards, options and seed); every other one is a tuple of the state objects it was built from
    and the part, replaced whole, so that no reader pairs a part with other sources."""

    __slots__ = ("cards", "options", "seed", "players", "card_parts", "map", "public_options")
    __slots__ += ("cave_hexes", "turn", "shop", "blockades", "caves", "finished", "seats")
    __slots__ += ("frame",)

    def __init__(self, state: State) -> None:
        board = board_of(state)
        self.cards = state.cards
        self.options = state.options
        self.seed = state.seed
        self.players = state.players
        # A card is shown the same way in every pile of every view of the match.
        self.card_parts = tuple({"id": c, "card": slug} for c, slug in enumerate(state.cards))
        self.map = _map(state, board)
        self.public_options = {k: v for k, v in state.options.items() if k not in SECRET_OPTIONS}
        self.cave_hexes = board.caves
        self.turn = self.shop = self.blockades = self.caves = self.finished = _NOTHING
        self.seats: tuple[Any, ...] = _NOTHING  # see seat_parts
        # Every view's top level, in view order, holding the kept parts above: a view is a copy
        # of it with its viewer and seats put in. The None entries are set before any view.
        self.frame: dict[str, Any] = {
            "game": "el-dorado",
            "players": state.players,
            "viewer": None,
            "over": False,
            "round": None,
            "to_act": None,
            "turn": None,
            "options": self.public_options,
            "map": self.map,
            "blockades": None,
            "market": None,
            "reserve": None,
            "caves": None,
            "finished": None,
            "seats": None,
        }


# Per match (by its cards, which every state of the match shares).
_PARTS: dict[int, MatchParts] = {}


def match_parts(state: State) -> MatchParts:
    """The kept parts of the state's match."""
    cards = state.cards
    m = _PARTS.get(id(cards))
    if (
        m is None
        or m.cards is not cards
        or m.options is not state.options
        or m.seed != state.seed
        or m.players != state.players
    ):
        if len(_PARTS) > 256:
            _PARTS.clear()
        m = _PARTS[id(cards)] = MatchParts(state)
    return m


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


def turn_entry(turn: Turn) -> tuple[Turn, list[int], dict[str, Any], dict[str, Any]]:
    """Who acts and what their turn did, kept while the Turn record stays: (turn, who acts,
    the turn part without undo, the same with undo), as undo comes and goes within a turn."""
    part = {
        "seat": turn.seat,
        "bought": turn.bought,
        "discarding": turn.discarding,
        "pass_through": turn.pass_through,
        "next_kind": turn.next_kind,
        "may_remove": turn.may_remove,
        "can_undo": False,
        "keep_possible": bool(turn.single_used),
        "single_used": list(turn.single_used),
    }
    undoable = part.copy()
    undoable["can_undo"] = True
    return turn, [turn.seat], part, undoable


def shop_entry(state: State) -> tuple[Any, Any, list[dict[str, Any]], list[dict[str, Any]]]:
    """The market slots and the reserve: kept while the supply and the market stay."""
    supply, market = state.supply, state.market
    # Plain loops: cheaper than list comprehensions, each a function made and called anew.
    slots = []
    for slug in market:
        slots.append({"card": slug, "left": len(supply[slug]) if slug else 0})
    shown = set(market)  # one lookup per type rather than a comparison with every slot
    reserve = []
    for slug in SHOP_TYPES:
        left = supply[slug]
        if left and slug not in shown:
            reserve.append({"card": slug, "left": len(left)})
    return supply, market, slots, reserve


def blockades_entry(state: State) -> tuple[Any, Any, list[dict[str, Any]]]:
    """Every blockade and who took it: kept while both stay."""
    owners = state.blockade_owner
    return (
        state.blockades,
        owners,
        [
            {"joint": i, "kind": k, "value": v, "owner": owners[i]}
            for i, (k, v) in enumerate(state.blockades)
        ],
    )


def caves_list(hexes: tuple[Any, ...], caves: tuple[tuple[int, ...], ...]) -> list[Any]:
    """Where each cave is and how many tokens it still holds (never which)."""
    if not caves:
        return []
    return [{"hex": list(h), "left": len(stack)} for h, stack in zip(hexes, caves, strict=False)]
