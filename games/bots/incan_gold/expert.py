"""The expert Incan Gold bot: Monte Carlo rollouts over the unseen cards.

For "continue" it deals the unseen cards in random orders and plays the rest of the round with
every other seat following the cautious rule (its best guess at unknown minds) and itself
following a bolder version of it; "return" is valued exactly from the path and the seats the
cautious rule expects to return too. It keeps the choice with the larger expected gain.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any

from games.engines.incan_gold.cards import HAZARD_KINDS, TREASURES

from .knowledge import Situation
from .simple import CONTINUE, RETURN, cautious_decision, cautious_wants_out

ROLLOUTS = 400
# Rollouts run in batches; once the gap between the two choices is this many standard errors
# wide, more rollouts would not change the decision.
BATCH = 100
CLEAR_GAP = 3.0
# Its own later decisions count the next card's gain this much more than the cautious rule
# does, because staying also keeps the option on every card after it.
BOLDNESS = 2.0

_TREASURE_VALUE = {code: int(code[1:]) for code in TREASURES}
_HAZARDS = frozenset(HAZARD_KINDS)


def expert_bot(
    view: Mapping[str, Any], seat: int, rng: Random, rollouts: int = ROLLOUTS
) -> dict[str, Any]:
    """Return when that is worth more than the simulated rest of the round."""
    if not view["legal_actions"]:
        raise ValueError("expert_bot was asked to act while out of the temple")
    situation = Situation.from_view(view, seat)
    prize = situation.path_gems + situation.artifact_worth(situation.path_artifacts)
    if not situation.hazards_on_path and prize == 0:
        # No card can end the round and nothing waits on the path: staying costs nothing.
        return dict(CONTINUE)
    others = [s for s in situation.temple if s != seat and cautious_decision(situation, s)]
    home = return_value(situation, others)
    total = squares = 0.0
    done = 0
    while done < rollouts:
        for _ in range(min(BATCH, rollouts - done)):
            value = _rollout(situation, others, rng)
            total += value
            squares += value * value
            done += 1
        mean = total / done
        spread = max(squares / done - mean * mean, 0.0) ** 0.5
        if abs(mean - home) > CLEAR_GAP * spread / done**0.5:
            break
    return dict(RETURN if home > total / done else CONTINUE)


def return_value(situation: Situation, others: list[int]) -> float:
    """What returning now brings home if exactly `others` return as well."""
    k = len(others) + 1
    gain = situation.carried[situation.me] + situation.path_gems // k
    if k == 1:
        gain += situation.artifact_worth(situation.path_artifacts)
    return gain


def _rollout(situation: Situation, others: list[int], rng: Random) -> float:
    me = situation.me
    deck = list(situation.unseen)
    carried = list(situation.carried)
    path_gems = situation.path_gems
    artifacts = list(situation.path_artifacts)
    taken = situation.artifacts_taken
    hazards = set(situation.hazards_on_path)
    temple = [s for s in situation.temple if s not in others]
    if others:
        k = len(others)
        path_gems -= (path_gems // k) * k
        if k == 1 and artifacts:
            taken += len(artifacts)
            artifacts = []
    treasures = [_TREASURE_VALUE[c] for c in deck if c in _TREASURE_VALUE]
    risky = sum(1 for c in deck if c in hazards)
    random = rng.random
    while deck:
        index = int(random() * len(deck))
        card = deck[index]
        deck[index] = deck[-1]
        deck.pop()
        n = len(temple)
        value = _TREASURE_VALUE.get(card)
        if value is not None:
            share = value // n
            for s in temple:
                carried[s] += share
            path_gems += value - share * n
            treasures.remove(value)
        elif card in _HAZARDS:
            if card in hazards:
                return 0.0
            hazards.add(card)
            risky += deck.count(card)
        else:
            artifacts.append(card)
        if not deck:
            break
        bust = risky / len(deck)
        gain = sum(v // n for v in treasures) / len(deck)
        worth = situation.artifact_worth(artifacts, taken)
        prize = path_gems + worth
        back = [
            s
            for s in temple
            if cautious_wants_out(carried[s], bust, gain, prize, n, BOLDNESS if s == me else 1.0)
        ]
        if back:
            k = len(back)
            share = path_gems // k
            path_gems -= share * k
            if me in back:
                return carried[me] + share + (worth if k == 1 else 0)
            if k == 1:
                taken += len(artifacts)
                artifacts = []
            temple = [s for s in temple if s not in back]
    # Unreachable with a full deck (a pair of some hazard always remains), kept for safety.
    return float(carried[me])
