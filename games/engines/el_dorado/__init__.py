"""The Quest for El Dorado: a pure rules engine (no Django, no I/O).

Cards are named by their id (`state.cards[id]` is the type's slug), hexes as [q, r]. Actions:
- {"type": "move", "card": id, "path": [[q, r], ...], "explorer": 0, "as": "paddle"}: one card
  (or "token": id for a power token) walks one explorer; "as" only for wild cards (defaults to
  the kind the first step asks for); a path ending on a final space reaches El Dorado.
- {"type": "rubble" | "camp", "to": [q, r], "cards": [ids]}: enter a neighbouring rubble space
  (discarding) or base camp (removing cards from the game).
- {"type": "blockade", "to": [q, r], "card": id} (or "cards": [ids] for a rubble blockade):
  take the blockade between an explorer and that neighbour without moving.
- {"type": "buy", "card": slug, "pay": [ids], "tokens": [coin token ids]}.
- {"type": "action", "card": id, ...}: "take": slug for the Transmitter, "to"/"explorer" for
  the Native; Scientist and Travel Log are followed by {"type": "remove", "cards": [ids]}.
- {"type": "token", "token": id, ...}: a cave token ("cards", "to", "kind" as it needs; the keep
  token takes "card": a single-use card used this turn, the last one by default).
- {"type": "discard", "cards": [ids]} starts the discard step; {"type": "end_turn"} draws up
  to four and passes the turn ("discard": [ids] discards those hand cards first);
  {"type": "undo"} steps back within the turn until a card or cave token was revealed.
"""

from __future__ import annotations

from .cards import (
    CARD_TYPES,
    MARKET_START,
    SHOP_TYPES,
    STARTING_DECK,
    CardType,
    Kind,
    half_coins,
)
from .errors import IllegalAction
from .maps import MAP_SLUGS
from .outcome import Outcome, outcome
from .rules import REVEALING, Progress, apply, is_over, legal_actions, legal_moves, to_act, validate
from .setup import (
    BLOCKADES,
    DEFAULT_MAP,
    DEFAULT_OPTIONS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    board_of,
    map_names,
    new_game,
)
from .state import Seat, State, Turn, from_json, to_json
from .tokens import TOKENS, Token, TokenKind
from .views import board_from_view, events_for, player_view

KEY = "el-dorado"
NAME = "The Quest for El Dorado"


def replay(players: int, seed: int, options, log) -> State:
    """Fold a log of (seat, action) pairs over the opening state."""
    state = new_game(players, seed, options)
    for seat, action in log:
        state = apply(state, seat, action).state
    return state


__all__ = [
    "BLOCKADES",
    "DEFAULT_MAP",
    "MAP_SLUGS",
    "map_names",
    "REVEALING",
    "CARD_TYPES",
    "DEFAULT_OPTIONS",
    "KEY",
    "MARKET_START",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME",
    "SHOP_TYPES",
    "STARTING_DECK",
    "TOKENS",
    "CardType",
    "IllegalAction",
    "Kind",
    "Outcome",
    "Progress",
    "Seat",
    "State",
    "Token",
    "TokenKind",
    "Turn",
    "apply",
    "board_from_view",
    "board_of",
    "events_for",
    "from_json",
    "half_coins",
    "is_over",
    "legal_actions",
    "legal_moves",
    "new_game",
    "outcome",
    "player_view",
    "replay",
    "to_act",
    "to_json",
    "validate",
]
