"""The random and cautious Incan Gold bots."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from .knowledge import Situation

CONTINUE = {"type": "decide", "choice": "continue"}
RETURN = {"type": "decide", "choice": "return"}

# Staying also keeps the option on later cards, so the next card's gain is weighted up a little.
LOOKAHEAD = 1.5
# Each cautious decision varies its nerve a little, so two cautious seats do not act as one.
JITTER = 0.3


def random_bot(view: Mapping[str, Any], seat: int, rng: Random) -> dict[str, Any]:
    """Any legal action, uniformly."""
    return dict(rng.choice(view["legal_actions"]))


def cautious_wants_out(
    carried: int,
    bust: float,
    gain: float,
    prize: float,
    players_in_temple: int,
    nerve: float = 1.0,
) -> bool:
    """The cautious rule: leave when the expected loss of one more card beats its expected gain.

    `prize` is what lies on the path for returners (gems plus artifacts); staying risks losing
    one's share of it to others, and more so the more players are still in the temple.
    """
    at_stake = carried + prize / players_in_temple
    return bust * at_stake > (1.0 - bust) * gain * LOOKAHEAD * nerve


def cautious_decision(situation: Situation, seat: int, nerve: float = 1.0) -> bool:
    """Whether the cautious rule sends `seat` home now (True = return)."""
    n = len(situation.temple)
    return cautious_wants_out(
        situation.carried[seat],
        situation.bust_chance(),
        situation.expected_share(n),
        situation.prize,
        n,
        nerve,
    )


def cautious_bot(view: Mapping[str, Any], seat: int, rng: Random) -> dict[str, Any]:
    """Weigh the risk of a repeated hazard on what it carries against the next card's gain."""
    if not view["legal_actions"]:
        raise ValueError("cautious_bot was asked to act while out of the temple")
    situation = Situation.from_view(view, seat)
    nerve = rng.uniform(1.0 - JITTER, 1.0 + JITTER)
    return dict(RETURN if cautious_decision(situation, seat, nerve) else CONTINUE)
