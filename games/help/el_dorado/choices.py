"""What each legal El Dorado action is called on a button, in the reader's language, so the
site offers the engine's choices by name."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, ngettext

from games.engines.el_dorado import CARD_TYPES, State, board_of
from games.help.el_dorado.names import (
    blockade_name,
    card_name,
    card_names,
    count_cards,
    kind_name,
    space_label,
    token_label,
)


def _explorer(action: Mapping[str, Any]) -> str:
    if not action.get("explorer"):
        return ""
    return gettext(" (explorer %(number)s)") % {"number": action["explorer"] + 1}


def _names(state: State, cards: Sequence[int]) -> str:
    return card_names(state.cards[c] for c in cards)


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
            return gettext("Use the %(token)s: to %(target)s%(who)s") % {
                "token": token_label(action["token"]),
                "target": target,
                "who": who,
            }
        p = {"who": who, "target": target, "card": card_name(state.cards[action["card"]])}
        if action.get("as"):
            return gettext("Move%(who)s to %(target)s with %(card)s as %(kind)s") % (
                p | {"kind": kind_name(action["as"])}
            )
        return gettext("Move%(who)s to %(target)s with %(card)s") % p
    if kind == "rubble":
        n = len(action["cards"])
        return ngettext(
            "Enter %(space)s%(who)s: discard %(count)s card",
            "Enter %(space)s%(who)s: discard %(count)s cards",
            n,
        ) % {"space": where, "who": who, "count": n}
    if kind == "camp":
        n = len(action["cards"])
        return ngettext(
            "Enter %(space)s%(who)s: remove %(count)s card from the game",
            "Enter %(space)s%(who)s: remove %(count)s cards from the game",
            n,
        ) % {"space": where, "who": who, "count": n}
    if kind == "blockade":
        return _blockade_choice(state, board, action, where, who)
    if kind == "buy":
        slug = action["card"]
        p = {"card": card_name(slug), "cost": CARD_TYPES[slug].cost}
        if slug in state.market:
            return gettext("Buy %(card)s for %(cost)s") % p
        return gettext("Buy %(card)s from the reserve for %(cost)s") % p
    if kind == "action":
        name = card_name(state.cards[action["card"]])
        if "take" in action:
            return gettext("Play %(card)s: take %(taken)s") % {
                "card": name,
                "taken": card_name(action["take"]),
            }
        if where:
            return gettext("Play %(card)s → %(space)s%(who)s") % {
                "card": name,
                "space": where,
                "who": who,
            }
        return gettext("Play %(card)s") % {"card": name}
    if kind == "token":
        return _token_choice(state, board, action)
    if kind == "remove":
        return gettext("Remove %(cards)s") % {"cards": _names(state, action["cards"])}
    if kind == "discard":
        return gettext("Discard %(cards)s") % {"cards": count_cards(len(action["cards"]))}
    if kind == "end_turn":
        discard = action.get("discard")
        if discard:
            return gettext("End the turn, discarding %(cards)s") % {
                "cards": count_cards(len(discard))
            }
        return gettext("End the turn")
    if kind == "undo":
        return gettext("Take back the last action")
    return str(kind)


def _blockade_choice(
    state: State, board: Any, action: Mapping[str, Any], where: str, who: str
) -> str:
    here = state.seats[state.turn.seat].explorers[action.get("explorer", 0)]
    joint = board.joint_between(here, tuple(action["to"])) if here is not None else None
    kind, value = state.blockades[joint.index] if joint else ("", 0)
    p = {"blockade": blockade_name(kind, value), "space": where, "who": who}
    if "card" in action:
        return gettext("Break %(blockade)s toward %(space)s%(who)s with %(card)s") % (
            p | {"card": card_name(state.cards[action["card"]])}
        )
    if "token" in action:
        return gettext("Break %(blockade)s toward %(space)s%(who)s with the %(token)s") % (
            p | {"token": token_label(action["token"])}
        )
    n = len(action["cards"])
    return ngettext(
        "Break %(blockade)s toward %(space)s%(who)s: discard %(count)s card",
        "Break %(blockade)s toward %(space)s%(who)s: discard %(count)s cards",
        n,
    ) % (p | {"count": n})


def _token_choice(state: State, board: Any, action: Mapping[str, Any]) -> str:
    label = token_label(action["token"])
    if "cards" in action:
        return gettext("Use the %(token)s") % {"token": label}  # on the cards the player picks
    if "kind" in action:
        return gettext("Use the %(token)s (next card as %(kind)s)") % {
            "token": label,
            "kind": kind_name(action["kind"]),
        }
    if "card" in action:
        return gettext("Use the %(token)s: %(card)s") % {
            "token": label,
            "card": card_name(state.cards[action["card"]]),
        }
    if "to" in action:
        return gettext("Use the %(token)s to %(space)s%(who)s") % {
            "token": label,
            "space": space_label(board, tuple(action["to"])),
            "who": _explorer(action),
        }
    return gettext("Use the %(token)s") % {"token": label}
