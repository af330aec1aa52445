"""Options, the match's board, the one source of chance and the opening state."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, MutableSequence
from functools import lru_cache
from typing import Any

from . import maps
from .cards import CARD_TYPES, COPIES_PER_TYPE, HAND_SIZE, MARKET_START, SHOP_TYPES, STARTING_DECK
from .maps import Board
from .state import Blockade, Seat, State, Turn, plain_json
from .tokens import TOKENS, TOKENS_PER_CAVE

MIN_PLAYERS = 2
MAX_PLAYERS = 4
DEFAULT_MAP = "hills-of-gold"
DEFAULT_OPTIONS: Mapping[str, Any] = {"map": DEFAULT_MAP, "caves": False}
OPTION_NAMES = frozenset({"map", "map_length", "caves", "decks", "blockades", "cave_tokens"})


def map_names() -> dict[str, str]:
    """The maps a match may be set up on, by slug, with their names: the rulebook's six
    layouts in its order, then a random expedition."""
    names = {slug: maps.load_map(slug).name for slug in maps.MAP_SLUGS}
    return {**names, maps.RANDOM_SLUG: "Random expedition"}


# The six blockade pieces; a match shuffles them and lays one on each joint.
BLOCKADES: tuple[Blockade, ...] = (
    ("jungle", 1),
    ("jungle", 2),
    ("river", 1),
    ("village", 1),
    ("rubble", 1),
    ("rubble", 2),
)
BLOCKADE_KINDS = ("jungle", "river", "village", "rubble")


def rng(seed: int, purpose: str, counter: int = 0) -> random.Random:
    """The one source of chance: a generator fixed by (seed, purpose, counter)."""
    return random.Random(f"{seed}:{purpose}:{counter}")


def shuffle(items: MutableSequence[Any], seed: int, purpose: str, counter: int = 0) -> None:
    """Shuffle `items` in place with the source of chance for (seed, purpose, counter)."""
    rng(seed, purpose, counter).shuffle(items)


def map_seed(seed: int) -> int:
    """The random map's own seed: public with the map, and no clue to the match seed."""
    return rng(seed, "map").getrandbits(32)


@lru_cache(maxsize=64)
def random_map(board_seed: int, length: int | None = None) -> Board:
    """The "Random expedition" map for a map seed (and length)."""
    from .maps.generate import random_board

    return random_board(board_seed) if length is None else random_board(board_seed, length)


@lru_cache(maxsize=64)
def _named_board(choice: str, length: int | None, seed: int) -> Board:
    if choice == "random":
        return random_map(map_seed(seed), length)
    if choice not in maps.MAP_SLUGS:
        known = ", ".join((*maps.MAP_SLUGS, "random"))
        raise ValueError(f"Unknown map {choice!r}; choose one of {known}, or give a map as data.")
    return maps.load_map(choice)


@lru_cache(maxsize=64)
def _layout_board(layout: str) -> Board:
    try:
        return maps.board_from_layout(json.loads(layout))
    except (ValueError, TypeError, AttributeError, KeyError) as exc:
        raise ValueError(f"The map given as data is not valid: {exc}") from None


def board_of(state: State) -> Board:
    """The board a match is played on."""
    return board_for(state.options, state.seed)


def board_for(options: Mapping[str, Any], seed: int) -> Board:
    """The board chosen by validated options (each built once, by value)."""
    choice = options.get("map", DEFAULT_MAP)
    if isinstance(choice, str):
        if choice != "random":
            return _named_board(choice, None, 0)  # a fixed map does not depend on the seed
        return _named_board(choice, options.get("map_length"), seed)
    return _layout_board(json.dumps(choice, sort_keys=True))


# The ValueErrors about players, seeds, options and maps given as data stay in English: they
# are for developers and imports; the new-match form only ever offers valid choices.
def _check_options(players: int, options: Mapping[str, Any]) -> None:
    unknown = sorted(set(options) - OPTION_NAMES)
    if unknown:
        raise ValueError(
            f"Unknown option {unknown[0]!r}; known: {', '.join(sorted(OPTION_NAMES))}."
        )
    choice = options.get("map", DEFAULT_MAP)
    if not isinstance(choice, str | dict):
        raise ValueError("The map option is a map name or a map given as data.")
    length = options.get("map_length")
    if length is not None and (not isinstance(length, int) or isinstance(length, bool)):
        raise ValueError("The map_length option is a whole number.")
    if length is not None and choice != "random":
        raise ValueError("The map_length option only applies to the random map.")
    if not isinstance(options.get("caves", False), bool):
        raise ValueError("The caves option is true or false.")
    decks = options.get("decks")
    if decks is not None:
        if not isinstance(decks, list | tuple) or len(decks) != players:
            raise ValueError(f"The decks option needs one list of cards per seat ({players}).")
        for deck in decks:
            if not isinstance(deck, list | tuple):
                raise ValueError("Each deck in the decks option is a list of card names.")
            for slug in deck:
                if slug not in CARD_TYPES:
                    raise ValueError(f"The decks option names an unknown card {slug!r}.")


def _blockades(options: Mapping[str, Any], seed: int, joints: int) -> tuple[Blockade, ...]:
    if joints > len(BLOCKADES):
        raise ValueError(f"A map may have at most {len(BLOCKADES)} blockade joints, not {joints}.")
    fixed = options.get("blockades")
    if fixed is None:
        pieces = list(BLOCKADES)
        shuffle(pieces, seed, "blockades")
        return tuple(pieces[:joints])
    if not isinstance(fixed, list | tuple) or len(fixed) < joints:
        raise ValueError(f"The blockades option lists one blockade per joint ({joints}).")
    out = []
    for item in fixed[:joints]:
        kind, _, value = str(item).rpartition("-")
        if kind not in BLOCKADE_KINDS or not value.isdigit() or not 1 <= int(value) <= 4:
            raise ValueError(f"The blockades option has an unknown blockade {item!r}.")
        out.append((kind, int(value)))
    return tuple(out)


def _caves(options: Mapping[str, Any], seed: int, board: Board) -> tuple[tuple[int, ...], ...]:
    if not options.get("caves", False):
        return ()
    fixed = options.get("cave_tokens")
    if fixed is not None:
        slugs = {t.slug: i for i, t in enumerate(TOKENS)}
        if not isinstance(fixed, list | tuple) or len(fixed) != len(board.caves):
            raise ValueError(
                f"The cave_tokens option lists one stack per cave ({len(board.caves)})."
            )
        stacks, free = [], set(range(len(TOKENS)))
        for stack in fixed:
            ids = []
            for slug in stack:
                pick = [i for i in sorted(free) if TOKENS[i].slug == slug]
                if slug not in slugs or not pick:
                    raise ValueError(f"The cave_tokens option asks for one {slug!r} too many.")
                free.discard(pick[0])
                ids.append(pick[0])
            stacks.append(tuple(ids))
        return tuple(stacks)
    if len(board.caves) * TOKENS_PER_CAVE > len(TOKENS):
        raise ValueError(f"The map has more caves than the {len(TOKENS)} tokens can fill.")
    ids = list(range(len(TOKENS)))
    shuffle(ids, seed, "caves")
    return tuple(
        tuple(ids[i * TOKENS_PER_CAVE : (i + 1) * TOKENS_PER_CAVE]) for i in range(len(board.caves))
    )


def start_spaces(board: Board, players: int, seat: int) -> tuple:
    """Where a seat's explorers start: #1-#4 in turn order; with two players #1+#3 and #2+#4."""
    if players == 2:
        return (board.starts[seat], board.starts[seat + 2])
    return (board.starts[seat],)


def new_game(players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
    """The opening state of a match: decks shuffled, 4 cards drawn, market laid out."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError("The number of players is a whole number.")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"El Dorado is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}.")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError("The seed is a whole number.")
    options = dict(DEFAULT_OPTIONS) | dict(options or {})
    _check_options(players, options)
    board = board_for(options, seed)
    cards: list[str] = []
    seats = []
    for seat in range(players):
        deck = list(options["decks"][seat]) if options.get("decks") else list(STARTING_DECK)
        ids = list(range(len(cards), len(cards) + len(deck)))
        cards.extend(deck)
        if not options.get("decks"):
            shuffle(ids, seed, "deck", seat)
        seats.append(
            Seat(
                draw=tuple(ids[HAND_SIZE:]),
                hand=tuple(ids[:HAND_SIZE]),
                explorers=start_spaces(board, players, seat),
            )
        )
    supply = {}
    for slug in SHOP_TYPES:
        supply[slug] = tuple(range(len(cards), len(cards) + COPIES_PER_TYPE))
        cards.extend([slug] * COPIES_PER_TYPE)
    blockades = _blockades(options, seed, len(board.joints))
    return State(
        players=players,
        seed=seed,
        options=plain_json(options),
        cards=tuple(cards),
        seats=tuple(seats),
        market=MARKET_START,
        supply=supply,
        blockades=blockades,
        blockade_owner=(None,) * len(blockades),
        caves=_caves(options, seed, board),
        turn=Turn(),
    )
