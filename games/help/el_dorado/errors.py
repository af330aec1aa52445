"""Why an El Dorado move was refused, from the engine's code and its params."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games.help.el_dorado.names import blockade_name, card_name, kind_name, terrain_name

# Codes whose sentence needs nothing from the params.
PLAIN: dict[str, Any] = {
    "game_over": _("The game is over."),
    "not_your_turn": _("It is not your turn."),
    "malformed_action": _("That move is not understood."),
    "choose_removals": _("First choose which cards to remove (or none)."),
    "discarding": _("You are discarding: no more cards can be played this turn."),
    "nothing_to_undo": _("Nothing to undo: the turn just began or a card was revealed."),
    "no_such_token": _("You hold no such cave token."),
    "coin_tokens_only": _("Only coin tokens pay for cards, each once."),
    "already_bought": _("You have already bought a card this turn."),
    "not_for_sale": _("That card is not for sale."),
    "nothing_to_take": _("None of that card is left to take."),
    "nothing_to_remove": _("Nothing lets you remove cards now."),
    "token_has_no_power": _("That cave token has no power to play."),
    "explorer_finished": _("That explorer is already in El Dorado."),
    "off_board": _("That space is not on the board."),
    "wall": _("A wall lies between those spaces."),
    "not_adjacent": _("That space is not next to your explorer."),
    "mountain": _("No explorer may enter a mountain."),
    "start_space": _("Explorers only leave the start spaces."),
    "occupied": _("Another explorer stands on that space."),
    "power_token_use": _("A power token is played with a move, a blockade or a purchase."),
    "remove_token_count": _("The remove token removes exactly 1 card from your hand."),
    "swap_token_count": _("The swap token swaps 1 to 4 cards from your hand."),
    "keep_nothing": _("The keep token keeps a single-use card used this turn; none was."),
    "keep_not_single_use": _("That card is no single-use card used this turn."),
    "change_needs_kind": _("The change token needs a kind: machete, paddle or coin."),
    "empty_path": _("A move needs the spaces it enters, one after another."),
    "path_past_final": _("A final space leads to El Dorado; the move ends there."),
    "ends_on_explorer": _("A move cannot end on a space that holds another explorer."),
    "no_blockade": _("No blockade lies there."),
    "card_twice": _("The same card is listed twice."),
    "no_such_explorer": _("You have no such explorer."),
    "not_in_hand": _("That card is not in your hand."),
    "no_such_card": _("There is no such card."),
}


def _space(params: Mapping[str, Any]) -> str:
    name = terrain_name(str(params.get("terrain", "")))
    value = params.get("value")
    return gettext("%(terrain)s %(value)s") % {"terrain": name, "value": value} if value else name


def _blockade(params: Mapping[str, Any]) -> str:
    return blockade_name(str(params.get("blockade", "")), params.get("value", 0))


def _none_left(p: Mapping[str, Any]) -> str:
    return gettext("No %(card)s is left.") % {"card": card_name(p["card"])}


def _reserve_closed(p: Mapping[str, Any]) -> str:
    return gettext(
        "%(card)s is in the reserve; it can be bought only while a market slot is empty."
    ) % {"card": card_name(p["card"])}


def _cannot_afford(p: Mapping[str, Any]) -> str:
    return gettext("Your cards give %(paid)s coins; %(card)s costs %(cost)s.") % {
        "paid": p["paid"],
        "card": card_name(p["card"]),
        "cost": p["cost"],
    }


def _wrong_terrain(p: Mapping[str, Any]) -> str:
    return gettext("That space is %(space)s, not %(expected)s.") % {
        "space": _space(p),
        "expected": terrain_name(p["expected"]),
    }


def _blockade_first(p: Mapping[str, Any]) -> str:
    return gettext("%(blockade)s is in the way; take it first.") % {
        "blockade": blockade_name(p["kind"], p["value"])
    }


def _wrong_card_count(p: Mapping[str, Any]) -> str:
    if p["terrain"] == "rubble":
        text = ngettext(
            "Entering that rubble takes exactly %(need)s discarded card, not %(given)s.",
            "Entering that rubble takes exactly %(need)s discarded cards, not %(given)s.",
            p["need"],
        )
    else:
        text = ngettext(
            "Entering that base camp takes exactly %(need)s card removed from the game, "
            "not %(given)s.",
            "Entering that base camp takes exactly %(need)s cards removed from the game, "
            "not %(given)s.",
            p["need"],
        )
    return text % {"need": p["need"], "given": p["given"]}


def _card_said(text: str) -> Callable[[Mapping[str, Any]], str]:
    def say(p: Mapping[str, Any]) -> str:
        return gettext(text) % {"card": card_name(p["card"])}

    return say


def _too_many_removals(p: Mapping[str, Any]) -> str:
    return ngettext(
        "You may remove at most %(limit)s card now, not %(given)s.",
        "You may remove at most %(limit)s cards now, not %(given)s.",
        p["limit"],
    ) % {"limit": p["limit"], "given": p["given"]}


def _blockade_wrong_kind(p: Mapping[str, Any]) -> str:
    if p["blockade"] == "rubble":
        return ngettext(
            "%(blockade)s is in the way: take it first by discarding %(value)s card.",
            "%(blockade)s is in the way: take it first by discarding %(value)s cards.",
            p["value"],
        ) % {"blockade": _blockade(p), "value": p["value"]}
    return gettext("This play counts as %(kind)s; %(blockade)s needs another kind.") % {
        "kind": kind_name(p["kind"]),
        "blockade": _blockade(p),
    }


def _blockade_too_strong(p: Mapping[str, Any]) -> str:
    return gettext("This play has %(power)s %(kind)s to spend; %(blockade)s needs %(value)s.") % {
        "power": p["power"],
        "kind": kind_name(p["kind"]),
        "blockade": _blockade(p),
        "value": p["value"],
    }


def _blockade_card_count(p: Mapping[str, Any]) -> str:
    return ngettext(
        "That blockade takes exactly %(need)s discarded card, not %(given)s.",
        "That blockade takes exactly %(need)s discarded cards, not %(given)s.",
        p["need"],
    ) % {"need": p["need"], "given": p["given"]}


def _wrong_kind(p: Mapping[str, Any]) -> str:
    return gettext("This play counts as %(kind)s; the next space is %(space)s.") % {
        "kind": kind_name(p["kind"]),
        "space": _space(p),
    }


def _not_enough_power(p: Mapping[str, Any]) -> str:
    return gettext("This play has %(power)s %(kind)s to spend; the next space is %(space)s.") % {
        "power": p["power"],
        "kind": kind_name(p["kind"]),
        "space": _space(p),
    }


WITH_PARAMS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "none_left": _none_left,
    "reserve_closed": _reserve_closed,
    "cannot_afford": _cannot_afford,
    "wrong_terrain": _wrong_terrain,
    "blockade_first": _blockade_first,
    "wrong_card_count": _wrong_card_count,
    "not_action_card": _card_said("%(card)s is not an action card."),
    "wild_needs_kind": _card_said("%(card)s is wild: choose machete, paddle or coin."),
    "action_card_not_move": _card_said("%(card)s is an action card: play it, not a move."),
    "kind_fixed": _card_said("Only wild cards choose a kind; %(card)s has its own."),
    "too_many_removals": _too_many_removals,
    "blockade_wrong_kind": _blockade_wrong_kind,
    "blockade_too_strong": _blockade_too_strong,
    "blockade_card_count": _blockade_card_count,
    "wrong_kind": _wrong_kind,
    "not_enough_power": _not_enough_power,
}

# The sentences `_card_said` reads at run time, listed here so makemessages finds them.
_CARD_SENTENCES = (
    _("%(card)s is not an action card."),
    _("%(card)s is wild: choose machete, paddle or coin."),
    _("%(card)s is an action card: play it, not a move."),
    _("Only wild cards choose a kind; %(card)s has its own."),
)


def error_text(code: str | None, params: Mapping[str, Any]) -> str | None:
    """The sentence for an IllegalAction code, or None for a code this module does not know
    (or params it cannot read)."""
    if code in PLAIN:
        return str(PLAIN[code])
    say = WITH_PARAMS.get(code or "")
    if say is None:
        return None
    try:
        text = say(params)
    except (KeyError, TypeError, ValueError):
        return None
    return text[:1].upper() + text[1:]
