"""What each legal action is called on a button, so the site offers the engine's choices by
name instead of working out from the rules what a play costs or where it leads."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .cards import CARD_TYPES
from .maps import Board, Terrain
from .setup import board_of
from .state import Hex, State
from .tokens import TOKENS


def space_label(board: Board, h: Hex) -> str:
    """A space as a button names it: "jungle 2", "base camp 1"; a final space is El Dorado."""
    if h in board.final_set:
        return "El Dorado"
    space = board.spaces[h]
    name = "base camp" if space.terrain == Terrain.BASECAMP else str(space.terrain)
    return f"{name} {space.value}" if space.value else name


def _count(n: int, word: str) -> str:
    return f"1 {word}" if n == 1 else f"{n} {word}s"


def _names(state: State, cards: Sequence[int]) -> str:
    return ", ".join(CARD_TYPES[state.cards[c]].name for c in cards) or "no cards"


def _explorer(action: Mapping[str, Any]) -> str:
    return f" (explorer {action['explorer'] + 1})" if action.get("explorer") else ""


def describe_choice(state: State, action: Mapping[str, Any]) -> str:
    """The button text of one of the actions `legal_actions` lists for the seat to act.
    Where the player picks the cards that pay (entering rubble or a base camp, a rubble
    blockade), the text tells how many, not which; a token that takes cards (remove, swap)
    is named alone."""
    board = board_of(state)
    kind = action["type"]
    who = _explorer(action)
    to = tuple(action["to"]) if "to" in action else None
    where = space_label(board, to) if to in board.spaces else ""
    if kind == "move":
        target = space_label(board, tuple(action["path"][-1]))
        if "token" in action:
            return f"Use the {TOKENS[action['token']].label()}: to {target}{who}"
        wild = f" as {action['as']}" if action.get("as") else ""
        name = CARD_TYPES[state.cards[action["card"]]].name
        return f"Move{who} to {target} with {name}{wild}"
    if kind == "rubble":
        return f"Enter {where}{who}: discard {_count(len(action['cards']), 'card')}"
    if kind == "camp":
        return f"Enter {where}{who}: remove {_count(len(action['cards']), 'card')} from the game"
    if kind == "blockade":
        joint = board.joint_between(_from(state, action), to)
        blockade = state.blockades[joint.index] if joint else ("", 0)
        name = f"the {blockade[0]} {blockade[1]} blockade toward {where}{who}"
        if "card" in action:
            return f"Break {name} with {CARD_TYPES[state.cards[action['card']]].name}"
        if "token" in action:
            return f"Break {name} with the {TOKENS[action['token']].label()}"
        return f"Break {name}: discard {_count(len(action['cards']), 'card')}"
    if kind == "buy":
        card = CARD_TYPES[action["card"]]
        reserve = "" if action["card"] in state.market else " from the reserve"
        return f"Buy {card.name}{reserve} for {card.cost}"
    if kind == "action":
        name = CARD_TYPES[state.cards[action["card"]]].name
        if "take" in action:
            return f"Play {name}: take {CARD_TYPES[action['take']].name}"
        return f"Play {name} → {where}{who}" if where else f"Play {name}"
    if kind == "token":
        return _token_choice(state, board, action)
    if kind == "remove":
        return f"Remove {_names(state, action['cards'])}"
    if kind == "discard":
        return f"Discard {_count(len(action['cards']), 'card')}"
    if kind == "end_turn":
        discard = action.get("discard")
        if discard:
            return f"End the turn, discarding {_count(len(discard), 'card')}"
        return "End the turn"
    if kind == "undo":
        return "Take back the last action"
    return str(kind)


def _from(state: State, action: Mapping[str, Any]) -> Hex:
    here = state.seats[state.turn.seat].explorers[action.get("explorer", 0)]
    assert here is not None  # a listed action names an explorer still on the board
    return here


def _token_choice(state: State, board: Board, action: Mapping[str, Any]) -> str:
    label = TOKENS[action["token"]].label()
    if "cards" in action:
        return f"Use the {label}"  # on the cards the player picks, as many as it allows
    if "kind" in action:
        return f"Use the {label} (next card as {action['kind']})"
    if "card" in action:
        return f"Use the {label}: {CARD_TYPES[state.cards[action['card']]].name}"
    if "to" in action:
        return f"Use the {label} to {space_label(board, tuple(action['to']))}{_explorer(action)}"
    return f"Use the {label}"
