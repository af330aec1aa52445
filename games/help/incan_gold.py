"""Incan Gold in words: names and effects of cards, hazards and artifacts; the narration of
events and moves; refused moves. The engine gives codes and numbers, this module says them."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext, ngettext, pgettext
from django.utils.translation import gettext_lazy as _

from games.engines.incan_gold.cards import (
    ARTIFACT_PRINTED,
    ARTIFACTS,
    DIAMANT_VALUES,
    HAZARD_COPIES,
    HAZARD_KINDS,
    TREASURE_VALUES,
    gem_breakdown,
)

HAZARD_NAMES: dict[str, Promise] = {
    "spiders": _("Spiders"),
    "snakes": _("Snakes"),
    "mummies": _("Mummies"),
    "fire": _("Fire"),
    "rockfall": _("Rockfall"),
}

# What each hazard is in the story; the rule is the same for all five (HAZARD_EFFECT).
HAZARD_FLAVOUR: dict[str, Promise] = {
    "spiders": _("Giant spiders drop from the ceiling."),
    "snakes": _("Poisonous snakes coil in the dark."),
    "mummies": _("The temple's mummies walk again."),
    "fire": _("Jets of fire burst from the walls."),
    "rockfall": _("The roof gives way in a shower of stones."),
}

HAZARD_EFFECT = _(
    "The first one on the path does nothing. A second one of the same kind ends the round: "
    "everyone still in the temple drops all the gems they carry, and that second card leaves "
    "the game."
)
TREASURE_EFFECT = _(
    "Its gems are shared evenly among the explorers still in the temple; what cannot be "
    "shared stays on the card for those who return later."
)
GEM_NAMES: dict[str, Promise] = {
    "turquoise": _("turquoise"),
    "obsidian": _("obsidian"),
    "gold": _("gold"),
}
GEM_VALUES: dict[str, int] = {"turquoise": 1, "obsidian": 5, "gold": 10}

# A public event its private twin tells in full, to whoever sees both: the log shows one line.
DETAILED_BY: dict[str, str] = {"decided": "decision"}


# --- Names of things ------------------------------------------------------------------------


def _sentences(first: str, second: str) -> str:
    # Japanese sets sentences side by side with no space between them.
    return pgettext("two sentences", "%(first)s %(second)s") % {"first": first, "second": second}


def hazard_name(code: str) -> str:
    """A hazard's name in the reader's language (an unknown code is shown as it is)."""
    return str(HAZARD_NAMES.get(code, code))


def hazard_effect(code: str) -> str:
    """What a hazard card does, for its popover."""
    flavour = HAZARD_FLAVOUR.get(code)
    return _sentences(str(flavour), str(HAZARD_EFFECT)) if flavour else str(HAZARD_EFFECT)


def treasure_name(value: int) -> str:
    """A treasure card's name: "Treasure 7"."""
    return gettext("Treasure %(value)s") % {"value": value}


def treasure_effect(value: int) -> str:
    """What a treasure card does, for its popover."""
    gems = ngettext("%(value)s gem.", "%(value)s gems.", value) % {"value": value}
    return _sentences(gems, str(TREASURE_EFFECT))


def artifact_name(code: str) -> str:
    """An artifact's name: "Artifact 8"."""
    return gettext("Artifact %(value)s") % {"value": ARTIFACT_PRINTED.get(code, code)}


def artifact_effect(code: str, scheme: str = "incan-gold") -> str:
    """What an artifact does, for its popover, with its worth under the match's scheme."""
    if scheme == "diamant":
        worth = gettext(
            "With Diamant values the first three artifacts taken in the match are worth 5 "
            "each, the fourth and fifth 10 each."
        )
    else:
        worth = gettext("Worth %(value)s at the end of the game.") % {
            "value": ARTIFACT_PRINTED.get(code, code)
        }
    who = gettext(
        "Only an explorer who returns to camp alone takes the artifacts lying on the path. "
        "If two or more return together, it stays there; at the end of the round it is lost."
    )
    return _sentences(who, worth)


def card_name(code: str) -> str:
    """Any card's name from its code."""
    if code in HAZARD_KINDS:
        return hazard_name(code)
    if code in ARTIFACT_PRINTED:
        return artifact_name(code)
    return treasure_name(int(code[1:]))


def card_effect(code: str, scheme: str = "incan-gold") -> str:
    """Any card's effect from its code."""
    if code in HAZARD_KINDS:
        return hazard_effect(code)
    if code in ARTIFACT_PRINTED:
        return artifact_effect(code, scheme)
    return treasure_effect(int(code[1:]))


def tip_text(name: str, effect: str) -> str:
    """A popover's text: what the thing is called, then what it does."""
    return gettext("%(name)s: %(effect)s") % {"name": name, "effect": effect}


def gem_name(name: str) -> str:
    """A gem's name: turquoise, obsidian, gold."""
    return str(GEM_NAMES.get(name, name))


def gem_effect(name: str) -> str:
    """What a gem is worth, for its popover and the rules page."""
    return gettext("%(gem)s: worth %(value)s") % {
        "gem": gem_name(name),
        "value": GEM_VALUES.get(name, 0),
    }


def tent_effect() -> str:
    """What the tent is."""
    return gettext(
        "Gems in your tent are safe for the rest of the game. Only you see how many are in it "
        "until the game ends."
    )


def choice_effect(choice: str) -> str:
    """What each of the two decisions does."""
    if choice == "return":
        return gettext(
            "Leave the temple: share the gems left on the path with the others who return, "
            "and put everything you carry in your tent. Alone, you also take the artifacts."
        )
    return gettext(
        "Stay in the temple for the next card: more treasure, or a second hazard that makes "
        "you drop what you carry."
    )


# --- Lists and amounts ----------------------------------------------------------------------


def join_names(items: Sequence[str]) -> str:
    """ "A", "A and B", "A, B and C" in the reader's language."""
    items = [str(item) for item in items]
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    separator = pgettext("list separator", ", ")
    return gettext("%(first)s and %(last)s") % {
        "first": separator.join(items[:-1]),
        "last": items[-1],
    }


def _gems(value: int) -> str:
    return ngettext("%(count)s gem", "%(count)s gems", value) % {"count": value}


def gems_text(value: int) -> str:
    """A gem value as the fewest gems: 17 -> "1 gold, 1 obsidian, 2 turquoise"."""
    formats: dict[str, Callable[[int], str]] = {
        "gold": lambda n: gettext("%(count)s gold") % {"count": n},
        "obsidian": lambda n: gettext("%(count)s obsidian") % {"count": n},
        "turquoise": lambda n: gettext("%(count)s turquoise") % {"count": n},
    }
    parts = [formats[name](n) for name, n in gem_breakdown(value).items() if n]
    return pgettext("list separator", ", ").join(parts) or gettext("nothing")


def _artifacts(codes: Sequence[str]) -> str:
    values = [str(ARTIFACT_PRINTED.get(code, code)) for code in codes]
    joined = values[0] if values else ""
    # Joined pairwise ("5 and 7 and 8"): an artifact list is short and reads as one phrase.
    for value in values[1:]:
        joined = gettext("%(first)s and %(last)s") % {"first": joined, "last": value}
    return ngettext("the %(values)s artifact", "the %(values)s artifacts", len(values)) % {
        "values": joined
    }


def _name(seat: int, names: Sequence[str]) -> str:
    if 0 <= seat < len(names):
        return names[seat]
    return gettext("Seat %(number)s") % {"number": seat + 1}


def _names(seats: Sequence[int], names: Sequence[str]) -> str:
    return join_names([_name(s, names) for s in seats])


# --- Moves ----------------------------------------------------------------------------------


def choice_word(choice: str) -> str:
    """A decision as one word: continue / return."""
    if choice == "continue":
        return pgettext("decision", "continue")
    if choice == "return":
        return pgettext("decision", "return")
    return choice


def describe_action(action: Mapping[str, Any]) -> str:
    """Short text of an action: "continue" or "return"."""
    if action.get("type") == "decide" and action.get("choice") in ("continue", "return"):
        return choice_word(str(action["choice"]))
    return gettext("unknown action %(action)s") % {"action": repr(dict(action))}


def describe_choice(state: Any, action: Mapping[str, Any]) -> str:
    """The button text of a legal action (both choices say what they are without the state)."""
    if action.get("choice") == "continue":
        return gettext("Continue")
    return gettext("Return to camp")


def error_text(code: str | None, params: Mapping[str, Any]) -> str | None:
    """The sentence for an IllegalAction code, or None for a code this module does not know."""
    texts: dict[str, Callable[[], str]] = {
        "not_an_object": lambda: gettext("An action must be an object such as a decision."),
        "no_type": lambda: gettext("The action has no type."),
        "unknown_type": lambda: (
            gettext("This is an unknown action type: %(type)s. In Incan Gold you only decide.")
            % {"type": params.get("type", "")}
        ),
        "unexpected_field": lambda: (
            gettext("There is an unexpected field in the decision: %(field)s.")
            % {"field": params.get("field", "")}
        ),
        "no_choice": lambda: gettext("A decision needs a choice: continue or return to camp."),
        "unknown_choice": lambda: (
            gettext("That is an unknown choice: %(choice)s. Choose continue or return to camp.")
            % {"choice": params.get("choice", "")}
        ),
        "game_over": lambda: gettext("The game is over."),
        "no_such_seat": lambda: (
            gettext("There is no seat %(seat)s in this game.") % {"seat": params.get("seat", "")}
        ),
        "left_temple": lambda: gettext("You already left the temple; wait for the next round."),
    }
    text = texts.get(code or "")
    return text() if text else None


# --- Events ---------------------------------------------------------------------------------


def describe_event(
    event: Mapping[str, Any], names: Sequence[str], viewer: int | None = None
) -> str:
    """One line of narration for an event, as `viewer` reads it: a seat's own secret choice is
    marked secret for it while the game is on; a replay (no viewer) tells it plainly."""
    kind = event.get("type")
    if kind == "round_start":
        return gettext("Round %(round)s begins: the %(value)s artifact joins the deck.") % {
            "round": event["round"],
            "value": event["artifact"][1:],
        }
    if kind == "flip":
        return _describe_flip(event)
    if kind == "quick_start":
        return gettext("A hazard at the entrance: the next card is turned at once.")
    if kind == "hazard":
        return _describe_hazard(event, names)
    if kind == "decided":
        return gettext("%(name)s has decided.") % {"name": _name(event["seat"], names)}
    if kind == "decision":
        return _describe_decision(event, names, viewer)
    if kind == "reveal":
        return _describe_reveal(event, names)
    if kind == "return":
        return _describe_return(event, names)
    if kind == "round_end":
        lost = event["artifacts_lost"]
        if not lost:
            return gettext("Round %(round)s is over.") % {"round": event["round"]}
        return ngettext(
            "Round %(round)s is over; %(artifacts)s left on the path is lost.",
            "Round %(round)s is over; %(artifacts)s left on the path are lost.",
            len(lost),
        ) % {"round": event["round"], "artifacts": _artifacts(lost)}
    if kind == "game_over":
        winners = event["winners"]
        return ngettext(
            "Game over: %(names)s wins.", "Game over: %(names)s share the win.", len(winners)
        ) % {"names": _names(winners, names)}
    return str(kind)


def _describe_hazard(event: Mapping[str, Any], names: Sequence[str]) -> str:
    hazard = hazard_name(event["kind"])
    seats = event["seats"]
    if not seats:
        return gettext("%(hazard)s!") % {"hazard": hazard}
    lost = _gems(event["total"]) if event["total"] else gettext("nothing")
    return ngettext(
        "%(hazard)s! %(names)s drops %(lost)s",
        "%(hazard)s! %(names)s drop %(lost)s",
        len(seats),
    ) % {"hazard": hazard, "names": _names(seats, names), "lost": lost}


def _describe_decision(event: Mapping[str, Any], names: Sequence[str], viewer: int | None) -> str:
    values = {"name": _name(event["seat"], names), "choice": choice_word(event["choice"])}
    secret = viewer is not None and viewer == event["seat"]
    if event.get("changed"):
        if secret:
            return gettext("%(name)s changes their mind: now %(choice)s (secret).") % values
        return gettext("%(name)s changes their mind: now %(choice)s.") % values
    if secret:
        return gettext("%(name)s chooses to %(choice)s (secret).") % values
    return gettext("%(name)s chooses to %(choice)s.") % values


def _describe_reveal(event: Mapping[str, Any], names: Sequence[str]) -> str:
    parts = []
    if event["returning"]:
        parts.append(
            ngettext(
                "%(names)s heads back to camp",
                "%(names)s head back to camp",
                len(event["returning"]),
            )
            % {"names": _names(event["returning"], names)}
        )
    if event["continuing"]:
        parts.append(
            ngettext("%(names)s presses on", "%(names)s press on", len(event["continuing"]))
            % {"names": _names(event["continuing"], names)}
        )
    if len(parts) == 2:
        return gettext("%(returning)s; %(continuing)s.") % {
            "returning": parts[0],
            "continuing": parts[1],
        }
    return gettext("%(sentence)s.") % {"sentence": parts[0] if parts else ""}


def _describe_flip(event: Mapping[str, Any]) -> str:
    card = event["card"]
    if event["kind"] == "treasure":
        values = {
            "value": event["value"],
            "gems": _gems(event["share"]),
            "remainder": event["remainder"],
        }
        if event["remainder"]:
            return gettext("Treasure %(value)s: %(gems)s each, %(remainder)s left on the card.") % (
                values
            )
        return gettext("Treasure %(value)s: %(gems)s each.") % values
    if event["kind"] == "artifact":
        return gettext("The %(value)s artifact lies on the path.") % {"value": card[1:]}
    if event.get("repeat"):
        return gettext("%(hazard)s again!") % {"hazard": hazard_name(card)}
    return gettext("%(hazard)s on the path.") % {"hazard": hazard_name(card)}


def _describe_return(event: Mapping[str, Any], names: Sequence[str]) -> str:
    returners = event["returners"]
    codes = [code for code, _ in event["artifacts"]]
    if len(returners) == 1:
        only = returners[0]
        values = {"name": _name(only["seat"], names), "gems": _gems(only["gems"])}
        if codes:
            return gettext("%(name)s returns alone with %(gems)s and %(artifacts)s") % {
                **values,
                "artifacts": _artifacts(codes),
            }
        return gettext("%(name)s returns alone with %(gems)s") % values
    separator = pgettext("list separator", ", ")
    who = separator.join(
        gettext("%(name)s with %(gems)s")
        % {"name": _name(r["seat"], names), "gems": _gems(r["gems"])}
        for r in returners
    )
    left = event["left_on_path"]
    if left:
        return ngettext(
            "Back to camp: %(who)s; %(gems)s stays on the path",
            "Back to camp: %(who)s; %(gems)s stay on the path",
            left,
        ) % {"who": who, "gems": _gems(left)}
    return gettext("Back to camp: %(who)s") % {"who": who}


# --- The rules page -------------------------------------------------------------------------


def rules_context() -> dict[str, Any]:
    """What templates/rules/incan_gold.html draws beside its prose (the cards, the hazards)."""
    treasures = [
        {"code": f"T{value}", "value": value, "name": treasure_name(value)}
        for value in sorted(set(TREASURE_VALUES))
    ]
    return {
        "hazards": [
            {
                "code": code,
                "name": hazard_name(code),
                "flavour": str(HAZARD_FLAVOUR[code]),
                "copies": HAZARD_COPIES,
            }
            for code in HAZARD_KINDS
        ],
        "hazard_effect": str(HAZARD_EFFECT),
        "treasures": treasures,
        "treasure_values": list(TREASURE_VALUES),
        "treasure_effect": str(TREASURE_EFFECT),
        "artifacts": [
            {
                "code": code,
                "value": ARTIFACT_PRINTED[code],
                "round": index + 1,
                "name": artifact_name(code),
            }
            for index, code in enumerate(ARTIFACTS)
        ],
        "diamant_values": list(DIAMANT_VALUES),
        "gems": [
            {"name": name, "label": gem_name(name), "value": value, "effect": gem_effect(name)}
            for name, value in GEM_VALUES.items()
        ],
    }
