"""What the El Dorado rules page draws beside its prose: every card, token, terrain and map."""

from __future__ import annotations

from typing import Any

from games.engines.el_dorado import (
    BLOCKADES,
    CARD_TYPES,
    MARKET_START,
    SHOP_TYPES,
    STARTING_DECK,
    TOKENS,
)
from games.help.el_dorado.maps import MAP_NAMES
from games.help.el_dorado.names import (
    blockade_effect,
    blockade_name,
    card_effect,
    card_kind_line,
    card_name,
    kind_name,
    terrain_effect,
    terrain_name,
    token_effect_by_slug,
    token_label_by_slug,
)

# The terrain the page explains, in the order a player meets them, and the colour of each hex.
TERRAINS: tuple[tuple[str, str], ...] = (
    ("jungle", "#3f8f3a"),
    ("river", "#3b82c4"),
    ("village", "#e0c341"),
    ("rubble", "#9a9a9a"),
    ("basecamp", "#c4453b"),
    ("mountain", "#333333"),
    ("start", "#d9cfb8"),
    ("final", "#f2c200"),
)


def _card(slug: str) -> dict[str, Any]:
    t = CARD_TYPES[slug]
    return {
        "slug": slug,
        "name": card_name(slug),
        "kind": str(t.kind),
        "kind_name": kind_name(t.kind),
        "kind_line": card_kind_line(slug),
        "power": t.power,
        "cost": t.cost,
        "single_use": t.single_use,
        "market": slug in MARKET_START,
        "effect": card_effect(slug),
    }


def _tokens() -> list[dict[str, Any]]:
    counts: dict[str, int] = {}
    for token in TOKENS:
        counts[token.slug] = counts.get(token.slug, 0) + 1
    return [
        {
            "slug": slug,
            "name": token_label_by_slug(slug),
            "count": n,
            "effect": token_effect_by_slug(slug),
        }
        for slug, n in counts.items()
    ]


def rules_context() -> dict[str, Any]:
    """The cards (starting deck and market types), cave tokens, terrain, blockades and maps, in
    the reader's language."""
    starting = list(dict.fromkeys(STARTING_DECK))
    return {
        "starting_cards": [
            {**_card(slug), "copies": STARTING_DECK.count(slug)} for slug in starting
        ],
        "market_cards": [_card(slug) for slug in SHOP_TYPES],
        "cave_tokens": _tokens(),
        "token_total": len(TOKENS),
        "terrains": [
            {
                "slug": slug,
                "name": terrain_name(slug),
                "colour": colour,
                "effect": terrain_effect(slug),
            }
            for slug, colour in TERRAINS
        ],
        "blockades": [
            {
                "kind": kind,
                "value": value,
                "name": blockade_name(kind, value),
                "effect": blockade_effect(kind, value),
            }
            for kind, value in BLOCKADES
        ],
        "maps": [str(name) for key, name in MAP_NAMES.items() if key != "random"],
    }
