"""The cards of El Dorado: kinds, the 18 market types, the starting deck and the market."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType


class Kind(StrEnum):
    MACHETE = "machete"
    PADDLE = "paddle"
    COIN = "coin"
    WILD = "wild"
    ACTION = "action"


# The kinds a wild card may choose for its whole play.
MOVE_KINDS: tuple[Kind, ...] = (Kind.MACHETE, Kind.PADDLE, Kind.COIN)


@dataclass(frozen=True, slots=True)
class CardType:
    slug: str
    # The printed English name, for the engine's own reasons (IllegalAction messages); the site
    # names cards through games.help.el_dorado, in the reader's language.
    name: str
    kind: Kind
    power: int
    cost: int
    single_use: bool = False
    # Number of cards an action card draws, and how many cards it then lets its owner remove.
    draws: int = 0
    removes: int = 0
    market: bool = False


_TYPES: tuple[CardType, ...] = (
    # The starting deck: never sold.
    CardType("explorer", "Explorer", Kind.MACHETE, 1, 0),
    CardType("sailor", "Sailor", Kind.PADDLE, 1, 0),
    CardType("traveller", "Traveller", Kind.COIN, 1, 0),
    # The 18 market types, in the order of the rules page.
    CardType("scout", "Scout", Kind.MACHETE, 2, 1, market=True),
    CardType("trailblazer", "Trailblazer", Kind.MACHETE, 3, 3, market=True),
    CardType("pioneer", "Pioneer", Kind.MACHETE, 5, 5),
    CardType("giant-machete", "Giant Machete", Kind.MACHETE, 6, 3, single_use=True),
    CardType("captain", "Captain", Kind.PADDLE, 3, 2),
    CardType("photographer", "Photographer", Kind.COIN, 2, 2, market=True),
    CardType("journalist", "Journalist", Kind.COIN, 3, 3),
    CardType("treasure-chest", "Treasure Chest", Kind.COIN, 4, 3, single_use=True, market=True),
    CardType("millionaire", "Millionaire", Kind.COIN, 4, 5),
    CardType("jack-of-all-trades", "Jack-of-all-trades", Kind.WILD, 1, 2, market=True),
    CardType("adventurer", "Adventurer", Kind.WILD, 2, 4),
    CardType("prop-plane", "Prop Plane", Kind.WILD, 4, 4, single_use=True),
    CardType("transmitter", "Transmitter", Kind.ACTION, 0, 4, single_use=True, market=True),
    CardType("cartographer", "Cartographer", Kind.ACTION, 0, 4, draws=2),
    CardType("compass", "Compass", Kind.ACTION, 0, 2, single_use=True, draws=3),
    CardType("scientist", "Scientist", Kind.ACTION, 0, 4, draws=1, removes=1),
    CardType("travel-log", "Travel Log", Kind.ACTION, 0, 3, single_use=True, draws=2, removes=2),
    CardType("native", "Native", Kind.ACTION, 0, 5),
)

CARD_TYPES: MappingProxyType[str, CardType] = MappingProxyType({t.slug: t for t in _TYPES})

# The 18 types that can be bought, in rules-page order.
SHOP_TYPES: tuple[str, ...] = tuple(t.slug for t in _TYPES if t.cost > 0)
# The six types the market opens with (marked with a star on the rules page).
MARKET_START: tuple[str, ...] = tuple(t.slug for t in _TYPES if t.market)
COPIES_PER_TYPE = 3
MARKET_SLOTS = 6
HAND_SIZE = 4

STARTING_DECK: tuple[str, ...] = ("explorer",) * 3 + ("sailor",) + ("traveller",) * 4


def card_type(slug: str) -> CardType:
    """The card type with this slug; an unknown slug is a ValueError."""
    try:
        return CARD_TYPES[slug]
    except KeyError:
        raise ValueError(f"There is no card called {slug!r}.") from None


def _half_coins(t: CardType) -> int:
    if t.kind in (Kind.COIN, Kind.WILD):
        return 2 * t.power
    return 1


# Money per type, in half coins: read for every card of every payment a bot considers.
HALF_COINS: MappingProxyType[str, int] = MappingProxyType(
    {slug: _half_coins(t) for slug, t in CARD_TYPES.items()}
)


def half_coins(slug: str) -> int:
    """What a card is worth when played for money, in half coins."""
    return HALF_COINS[slug]


def changed_half_coins(slug: str, kind: str) -> int:
    """What a card pays, in half coins, when a change token made it a `kind` card: its power as
    coin, never under the 1/2 every card is worth; 1/2 as any other kind."""
    return max(2 * CARD_TYPES[slug].power, 1) if kind == "coin" else 1


def payment_order(cards: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """(id, slug) cards in the order `payment` spends them: richest first, cheap among equals."""
    return sorted(cards, key=lambda c: (-HALF_COINS[c[1]], CARD_TYPES[c[1]].cost, c[0]))


def pay_in_order(order: list[tuple[int, str]], cost: float) -> list[int] | None:
    """The first cards of a `payment_order` worth at least `cost` coins, or None."""
    paid, total = [], 0
    for card, slug in order:
        if total >= 2 * cost:
            break
        paid.append(card)
        total += HALF_COINS[slug]
    return paid if total >= 2 * cost else None


def payment(cards: list[tuple[int, str]], cost: float) -> list[int] | None:
    """Few (id, slug) cards worth at least `cost` coins, richest first, cheap cards among equals."""
    return pay_in_order(payment_order(cards), cost)
