"""El Dorado's log: each event and action of the engine told in the reader's language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext, ngettext

from games.help.el_dorado.names import (
    blockade_name,
    card_name,
    card_names,
    kind_name,
    token_label,
)

# A public event its private twin tells in full, to whoever sees both: the log shows one line.
DETAILED_BY: dict[str, str] = {"draw": "drew", "discard": "discarded"}


def _hexes(path: Sequence[Sequence[int]]) -> str:
    return " ".join(f"{q},{r}" for q, r in path)


def _ids(ids: Sequence[int]) -> str:
    return ",".join(str(i) for i in ids) if ids else gettext("nothing")


def _extra(action: Mapping[str, Any], skip: str) -> str:
    return "".join(f" {k} {v}" for k, v in sorted(action.items()) if k not in ("type", skip))


def describe_action(action: Mapping[str, Any]) -> str:
    """Short text of an action for the replay's step list: which card or token, which spaces
    (as q,r), which card ids."""
    kind = action.get("type")
    who = (
        gettext(" explorer %(number)s") % {"number": action["explorer"]}
        if action.get("explorer")
        else ""
    )
    if "token" in action:
        src = gettext("token %(id)s") % {"id": action["token"]}
    else:
        src = gettext("card %(id)s") % {"id": action.get("card")}
    if kind == "move":
        wild = ""
        if action.get("as"):
            wild = gettext(" as %(kind)s") % {"kind": kind_name(action["as"])}
        return gettext("move%(who)s %(source)s%(wild)s to %(path)s") % {
            "who": who,
            "source": src,
            "wild": wild,
            "path": _hexes(action.get("path", [])),
        }
    if kind in ("rubble", "camp"):
        text = (
            gettext("rubble%(who)s to %(to)s giving %(cards)s")
            if kind == "rubble"
            else gettext("camp%(who)s to %(to)s giving %(cards)s")
        )
        return text % {
            "who": who,
            "to": _hexes([action.get("to", [])]),
            "cards": _ids(action.get("cards", [])),
        }
    if kind == "blockade":
        pay = _ids(action["cards"]) if "cards" in action else src
        return gettext("blockade%(who)s toward %(to)s paying %(pay)s") % {
            "who": who,
            "to": _hexes([action.get("to", [])]),
            "pay": pay,
        }
    if kind == "buy":
        return gettext("buy %(card)s paying %(cards)s") % {
            "card": action.get("card"),
            "cards": _ids(action.get("pay", [])),
        }
    if kind == "action":
        return gettext("action card %(id)s%(extra)s") % {
            "id": action.get("card"),
            "extra": _extra(action, "card"),
        }
    if kind == "token":
        return gettext("token %(id)s%(extra)s") % {
            "id": action.get("token"),
            "extra": _extra(action, "token"),
        }
    if kind == "remove":
        return gettext("remove %(cards)s") % {"cards": _ids(action.get("cards", []))}
    if kind == "discard":
        return gettext("discard %(cards)s") % {"cards": _ids(action.get("cards", []))}
    if kind == "end_turn":
        if action.get("discard"):
            return gettext("end turn discarding %(cards)s") % {"cards": _ids(action["discard"])}
        return gettext("end turn")
    if kind == "undo":
        return gettext("undo")
    return str(kind).replace("_", " ")


def _named(event: Mapping[str, Any]) -> str:
    return card_names(c["card"] for c in event.get("cards", []))


def describe_event(
    event: Mapping[str, Any], names: Sequence[str], viewer: int | None = None
) -> str:
    """One line of narration for the log, as `viewer` reads it: a seat's own private events
    are told to it as "You ...", and to everyone else (after the end, in the replay) by name."""
    seat = event.get("seat")
    who = names[seat] if isinstance(seat, int) and seat < len(names) else gettext("Someone")
    you = viewer is not None and viewer == seat
    kind = event.get("type")
    p: dict[str, Any] = {"name": who}
    if kind == "move":
        steps = len(event["path"])
        p |= {"card": card_name(event["card"]), "kind": kind_name(event["as"]), "count": steps}
        return (
            ngettext(
                "%(name)s played %(card)s as %(kind)s and moved %(count)s space.",
                "%(name)s played %(card)s as %(kind)s and moved %(count)s spaces.",
                steps,
            )
            % p
        )
    if kind == "rubble":
        n = event["count"]
        return ngettext(
            "%(name)s discarded %(count)s card to enter the rubble.",
            "%(name)s discarded %(count)s cards to enter the rubble.",
            n,
        ) % (p | {"count": n})
    if kind == "basecamp":
        return gettext("%(name)s removed %(cards)s to enter the base camp.") % (
            p | {"cards": _named(event)}
        )
    if kind == "blockade":
        return gettext("%(name)s took %(blockade)s.") % (
            p | {"blockade": blockade_name(event["kind"], event["value"])}
        )
    if kind == "el_dorado":
        return gettext("%(name)s's explorer reached El Dorado!") % p
    if kind == "buy":
        return gettext("%(name)s bought %(card)s.") % (p | {"card": card_name(event["card"])})
    if kind == "gain":
        return gettext("%(name)s gained %(card)s.") % (p | {"card": card_name(event["card"])})
    if kind == "action":
        return gettext("%(name)s played %(card)s.") % (p | {"card": card_name(event["card"])})
    if kind == "native":
        return gettext("%(name)s's explorer moved one space with the Native's help.") % p
    if kind == "draw":
        n = event["count"]
        return ngettext("%(name)s drew %(count)s card.", "%(name)s drew %(count)s cards.", n) % (
            p | {"count": n}
        )
    if kind == "drew":
        cards = _named(event)
        if you:
            return gettext("You drew %(cards)s.") % {"cards": cards}
        return gettext("%(name)s drew %(cards)s.") % (p | {"cards": cards})
    if kind == "shuffle":
        return gettext("%(name)s shuffled their discard pile into a new draw pile.") % p
    if kind == "remove":
        return gettext("%(name)s removed %(cards)s from the game.") % (p | {"cards": _named(event)})
    if kind == "discard":
        n = event["count"]
        return ngettext(
            "%(name)s discarded %(count)s card from hand.",
            "%(name)s discarded %(count)s cards from hand.",
            n,
        ) % (p | {"count": n})
    if kind == "discarded":
        cards = _named(event)
        if you:
            return gettext("You discarded %(cards)s.") % {"cards": cards}
        return gettext("%(name)s discarded %(cards)s.") % (p | {"cards": cards})
    if kind == "cave_token":
        return gettext("%(name)s found a %(token)s in a cave.") % (
            p | {"token": token_label(event["token"])}
        )
    if kind == "token":
        return gettext("%(name)s used a %(token)s.") % (p | {"token": token_label(event["token"])})
    if kind == "swap":
        return gettext("%(name)s swapped %(cards)s for as many new cards.") % (
            p | {"cards": _named(event)}
        )
    if kind == "keep":
        return gettext("%(name)s kept %(card)s instead of removing it.") % (
            p | {"card": card_name(event["card"])}
        )
    if kind == "end_turn":
        return gettext("%(name)s ended their turn.") % p
    if kind == "undo":
        return gettext("%(name)s took back their last action.") % p
    if kind == "game_over":
        winners = [names[s] for s in event["winners"] if s < len(names)]
        if not winners:
            return gettext("The game is over. Nobody won.")
        if len(winners) == 1:
            return gettext("The game is over. Winner: %(name)s.") % {"name": winners[0]}
        return gettext("The game is over. Winners: %(names)s and %(last)s.") % {
            "names": ", ".join(winners[:-1]),
            "last": winners[-1],
        }
    return gettext("%(name)s: %(event)s.") % (p | {"event": kind})
