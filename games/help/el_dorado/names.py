"""What every card, cave token, terrain and blockade of El Dorado is called and what it does,
in the reader's language. The engine knows them by slug and number only."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.functional import Promise
from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.engines.el_dorado import CARD_TYPES, TOKENS
from games.engines.el_dorado.maps import Board
from games.help.el_dorado.maps import MAP_NAMES

# Card names as the Japanese rules summary gives them (the English ones as printed).
CARD_NAMES: dict[str, Promise] = {
    "explorer": pgettext_lazy("El Dorado card", "Explorer"),
    "sailor": pgettext_lazy("El Dorado card", "Sailor"),
    "traveller": pgettext_lazy("El Dorado card", "Traveller"),
    "scout": pgettext_lazy("El Dorado card", "Scout"),
    "trailblazer": pgettext_lazy("El Dorado card", "Trailblazer"),
    "pioneer": pgettext_lazy("El Dorado card", "Pioneer"),
    "giant-machete": pgettext_lazy("El Dorado card", "Giant Machete"),
    "captain": pgettext_lazy("El Dorado card", "Captain"),
    "photographer": pgettext_lazy("El Dorado card", "Photographer"),
    "journalist": pgettext_lazy("El Dorado card", "Journalist"),
    "treasure-chest": pgettext_lazy("El Dorado card", "Treasure Chest"),
    "millionaire": pgettext_lazy("El Dorado card", "Millionaire"),
    "jack-of-all-trades": pgettext_lazy("El Dorado card", "Jack-of-all-trades"),
    "adventurer": pgettext_lazy("El Dorado card", "Adventurer"),
    "prop-plane": pgettext_lazy("El Dorado card", "Prop Plane"),
    "transmitter": pgettext_lazy("El Dorado card", "Transmitter"),
    "cartographer": pgettext_lazy("El Dorado card", "Cartographer"),
    "compass": pgettext_lazy("El Dorado card", "Compass"),
    "scientist": pgettext_lazy("El Dorado card", "Scientist"),
    "travel-log": pgettext_lazy("El Dorado card", "Travel Log"),
    "native": pgettext_lazy("El Dorado card", "Native"),
}

# Lower case: they stand inside sentences ("played Scout as machete").
KIND_NAMES: dict[str, Promise] = {
    "machete": pgettext_lazy("El Dorado kind", "machete"),
    "paddle": pgettext_lazy("El Dorado kind", "paddle"),
    "coin": pgettext_lazy("El Dorado kind", "coin"),
    "wild": pgettext_lazy("El Dorado kind", "wild"),
    "action": pgettext_lazy("El Dorado kind", "action"),
}

TERRAIN_NAMES: dict[str, Promise] = {
    "jungle": pgettext_lazy("El Dorado terrain", "jungle"),
    "river": pgettext_lazy("El Dorado terrain", "river"),
    "village": pgettext_lazy("El Dorado terrain", "village"),
    "rubble": pgettext_lazy("El Dorado terrain", "rubble"),
    "basecamp": pgettext_lazy("El Dorado terrain", "base camp"),
    "mountain": pgettext_lazy("El Dorado terrain", "mountain"),
    "start": pgettext_lazy("El Dorado terrain", "start"),
    "final": pgettext_lazy("El Dorado terrain", "El Dorado"),
}

TERRAIN_EFFECTS: dict[str, Promise] = {
    "jungle": _(
        "Green. Enter it with a machete card (or a wild card played as machete) whose power is "
        "at least the space's value, 1 to 3."
    ),
    "river": _(
        "Blue. Enter it with a paddle card (or a wild card played as paddle) whose power is at "
        "least the space's value, 1 to 4."
    ),
    "village": _(
        "Yellow. Enter it with a coin card (or a wild card played as coin) whose power is at "
        "least the space's value, 1 to 4."
    ),
    "rubble": _(
        "Grey. Discard as many cards from your hand as the space's value (1 to 3) to enter it."
    ),
    "basecamp": _(
        "Red. Remove as many cards in your hand from the game as the space's value (1 to 3) to "
        "enter it: a way to thin your deck."
    ),
    "mountain": _(
        "Black. No explorer ever enters a mountain. With the caves option, some mountains hold "
        "a cave."
    ),
    "start": _("Explorers begin the game here; no explorer enters a start space again."),
    "final": _(
        "Entering one of the final spaces (with the power it asks for) takes the explorer to "
        "El Dorado."
    ),
}

# Token names without the word "token", which `token_label` adds.
TOKEN_NAMES: dict[str, Promise] = {
    "draw": _("draw 1 card"),
    "remove": _("remove 1 card"),
    "swap": _("swap cards"),
    "keep": _("keep a single-use card"),
    "pass": _("pass through explorers"),
    "native": _("Native move"),
    "change": _("change the next card's kind"),
}

TOKEN_EFFECTS: dict[str, Promise] = {
    "draw": _("Draw 1 card from your deck; you may play it this turn."),
    "remove": _("Remove 1 card in your hand from the game."),
    "swap": _(
        "Lay 1 to 4 cards from your hand aside (they go to your discard pile at the end of the "
        "turn) and draw as many."
    ),
    "keep": _(
        "Use it after a single-use card's effect: that card goes to your discard pile like any "
        "other instead of leaving the game."
    ),
    "pass": _(
        "For the rest of this turn your explorers may move through spaces that hold other "
        "explorers (never stop on one, never enter a mountain)."
    ),
    "native": _(
        "Like the Native card: move one explorer to a neighbouring space without paying what "
        "it asks (not a mountain, not a space holding an explorer)."
    ),
    "change": _(
        "The next card you play counts as machete, paddle or coin, as you choose; its power "
        "stays the same."
    ),
}

# What each action card does, in full.
ACTION_EFFECTS: dict[str, Promise] = {
    "transmitter": _(
        "Take any one card from the market or the reserve into your discard pile, free. It is "
        "not your purchase for the turn, and a reserve card taken this way does not move to "
        "the market."
    ),
    "cartographer": _("Draw 2 cards; you may play them this turn."),
    "compass": _("Draw 3 cards; you may play them this turn."),
    "scientist": _(
        "Draw 1 card, then you may remove 1 card in your hand from the game. The Scientist "
        "itself stays in your deck."
    ),
    "travel-log": _("Draw 2 cards, then you may remove up to 2 cards in your hand from the game."),
    "native": _(
        "Move one explorer to a neighbouring space without paying what it asks (not a mountain, "
        "not a space holding an explorer). Crossing a blockade this way takes it."
    ),
}


def _lookup(names: dict[str, Promise], key: str) -> str:
    return str(names[key]) if key in names else key


def card_name(slug: str) -> str:
    """A card type's name ("Scout", 偵察者)."""
    return _lookup(CARD_NAMES, slug)


def kind_name(kind: str) -> str:
    """A card kind in lower case, as it stands in a sentence ("machete")."""
    return _lookup(KIND_NAMES, kind)


def terrain_name(terrain: str) -> str:
    """A terrain in lower case ("base camp")."""
    return _lookup(TERRAIN_NAMES, terrain)


def join(items: Iterable[str]) -> str:
    """Items in a list as a sentence lists them: "Scout, Sailor"."""
    return pgettext("list separator", ", ").join(items)


def sentences(first: str, second: str) -> str:
    """Two sentences one after the other (with a space in English, none in Japanese)."""
    return pgettext("two sentences", "%(first)s %(second)s") % {"first": first, "second": second}


def card_names(slugs: Iterable[str]) -> str:
    """Several cards by name, or "no cards"."""
    names = [card_name(s) for s in slugs]
    return join(names) if names else gettext("no cards")


def count_cards(n: int) -> str:
    """ "1 card", "3 cards"."""
    return ngettext("%(count)s card", "%(count)s cards", n) % {"count": n}


def card_kind_line(slug: str) -> str:
    """A card's kind and power as its face shows them: "machete 2", "action"."""
    t = CARD_TYPES[slug]
    if not t.power:
        return kind_name(t.kind)
    return pgettext("El Dorado kind and power", "%(kind)s %(power)s") % {
        "kind": kind_name(t.kind),
        "power": t.power,
    }


def card_effect(slug: str) -> str:
    """What a card does: its moves or money, an action card's effect, then whether it is
    single use."""
    t = CARD_TYPES[slug]
    p = {"power": t.power}
    if t.kind == "machete":
        text = gettext(
            "Move through jungle spaces (or clear a jungle blockade) spending up to %(power)s "
            "machete in one play. Pays ½ coin when buying."
        )
    elif t.kind == "paddle":
        text = gettext(
            "Move along river spaces (or clear a river blockade) spending up to %(power)s "
            "paddle in one play. Pays ½ coin when buying."
        )
    elif t.kind == "coin":
        text = gettext(
            "Pays %(power)s toward one purchase, or moves through village spaces (or clears a "
            "village blockade) spending up to %(power)s coin in one play."
        )
    else:
        text = gettext(
            "Wild: choose machete, paddle or coin for the whole play and use it as a card of "
            "that kind with power %(power)s. Pays %(power)s when buying."
        )
    if t.kind == "action":
        text = sentences(str(ACTION_EFFECTS[slug]), gettext("Pays ½ coin when buying."))
    else:
        text = text % p
    if t.single_use:
        text = sentences(text, gettext("Single use: once its effect is used, it leaves the game."))
    return text


def card_summary(slug: str) -> str:
    """One line for a card's help: kind and power, cost, single use."""
    t = CARD_TYPES[slug]
    parts = [card_kind_line(slug)]
    if t.cost:
        parts.append(gettext("cost %(cost)s") % {"cost": t.cost})
    else:
        parts.append(gettext("starting deck"))
    if t.single_use:
        parts.append(gettext("single use"))
    return " · ".join(parts)


def card_help(slug: str) -> str:
    """A card's whole popover: name, kind and power, cost, effect."""
    return gettext("%(name)s (%(summary)s): %(effect)s") % {
        "name": card_name(slug),
        "summary": card_summary(slug),
        "effect": card_effect(slug),
    }


def token_label(token_id: int) -> str:
    """A cave token as the log names it: "machete 2 token", "draw 1 card token"."""
    return token_label_by_slug(TOKENS[token_id].slug)


def token_label_by_slug(slug: str) -> str:
    """The same, from the token's slug ("machete-2", "draw")."""
    kind, _sep, value = slug.rpartition("-")
    if kind in ("machete", "paddle", "coin"):
        return gettext("%(kind)s %(value)s token") % {"kind": kind_name(kind), "value": value}
    return gettext("%(name)s token") % {"name": _lookup(TOKEN_NAMES, slug)}


def token_effect_by_slug(slug: str) -> str:
    """What a cave token does."""
    kind, _sep, value = slug.rpartition("-")
    if kind == "coin":
        return gettext(
            "Use it as a coin card of power %(value)s for one play, or add %(value)s coins to a "
            "purchase. Then it leaves the game."
        ) % {"value": value}
    if kind in ("machete", "paddle"):
        return gettext(
            "Use it as a %(kind)s card of power %(value)s for one play. Then it leaves the game."
        ) % {"kind": kind_name(kind), "value": value}
    return str(TOKEN_EFFECTS[slug])


def token_effect(token_id: int) -> str:
    """What the cave token with this id does."""
    return token_effect_by_slug(TOKENS[token_id].slug)


def terrain_effect(terrain: str) -> str:
    """What entering a terrain costs."""
    return _lookup(TERRAIN_EFFECTS, terrain)


def blockade_name(kind: str, value: int) -> str:
    """ "the jungle 2 blockade"."""
    return gettext("the %(terrain)s %(value)s blockade") % {
        "terrain": terrain_name(kind),
        "value": value,
    }


def blockade_effect(kind: str, value: int) -> str:
    """What crossing a blockade costs, and what taking it is worth."""
    if kind == "rubble":
        cost = ngettext(
            "Crossing it first costs %(value)s discarded card.",
            "Crossing it first costs %(value)s discarded cards.",
            value,
        ) % {"value": value}
    else:
        cost = gettext(
            "Crossing it first costs %(value)s %(kind)s, paid like entering a %(terrain)s "
            "space; what is left of that card may go on into the next tile."
        ) % {
            "value": value,
            "kind": kind_name({"jungle": "machete", "river": "paddle"}.get(kind, "coin")),
            "terrain": terrain_name(kind),
        }
    return sentences(
        cost,
        gettext(
            "The first player across takes it and the joint is open to all; at the end, "
            "blockades decide between players who reached El Dorado."
        ),
    )


def space_label(board: Board, h: tuple[int, int]) -> str:
    """A space as a button names it: "jungle 2", "base camp 1"; a final space is El Dorado."""
    if h in board.final_set:
        return gettext("El Dorado")
    space = board.spaces[h]
    name = terrain_name(str(space.terrain))
    if not space.value:
        return name
    return pgettext("El Dorado space", "%(terrain)s %(value)s") % {
        "terrain": name,
        "value": space.value,
    }


def board_title(board: Board) -> str:
    """The name of the board a match is played on: the map's own, or the random expedition's."""
    if board.slug == "random":
        number = board.name.rpartition("#")[2]
        return gettext("Random expedition #%(number)s") % {"number": number}
    if board.slug in MAP_NAMES:
        return str(MAP_NAMES[board.slug])
    return board.name  # a map given as data brings its own name
