"""The expert Incan Gold bot: Monte Carlo rollouts over the unseen cards.

For "continue" it deals the unseen cards in random orders and plays the rest of the round with
every other seat as the game so far reads it (`rivals.py`: a coin-tosser, a cautious player or
a bold one); "return" is valued exactly from the path and the seats drawn to return with it.
Its own later decisions follow the cautious rule at several nerves on the same deals, and the
best of them stands for "continue".

A bold rival may be another expert, reading the same facts and choosing as this one does. Two
experts that each wait for the other to go home first share the rest of the path and often go
bust together, while a cautious seat goes home with its gems. So the experts keep a convention:
each round the seats are ranked by a shuffle drawn from public facts (`precedence`), the same for
every viewer, and a bold rival ranked before this seat is taken to stay now, one ranked after it
to return now. At a close call the first of the experts inside stays, alone with the rest of the
temple, and the others take the path home. In the rollouts, a rival more likely bold than not
keeps the expert's own later plan, as another expert would: one expert cannot count on
outlasting another.

A crowded temple is another game. With five or more inside, each seat's share of a treasure is
small and the leftovers pile up on the path, so much of what a seat brings home comes from
going home alone; seats that choose alike go home together and split the path, and the one seat
that chooses otherwise collects it. So when the temple is crowded the experts spread out instead
of reading the rest of the round: each plays the cautious rule at a nerve set by its place in
the round's precedence (`rank_nerve`), the first inside the boldest, the last the most careful,
so that at each rise of the risk one of them goes home alone (measured at eight seats: seven
seats of one nerve, bolder or more careful than the cautious seat's, lose to that lone seat;
seven spread this way beat it). The last inside also takes a fat path home before any hazard
shows (`LONE_HAUL`), which the cautious rule never does. The rollouts take over once fewer are
inside, where each card's share is worth reading the round for.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from random import Random
from typing import Any

from .knowledge import HAZARDS, TREASURE_VALUE, Situation
from .rivals import BOLD_NERVES, Kinds, read_rivals
from .simple import CONTINUE, RETURN, cautious_decision, cautious_wants_out

ROLLOUTS = 400
# Rollouts run in batches; once the gap between the two choices is this many standard errors
# wide, more rollouts would not change the decision.
BATCH = 100
CLEAR_GAP = 3.0
# Its own later decisions in a rollout: the cautious rule at each of these nerves, keeping the
# best. One fixed nerve was either too bold (it busts in the rollouts, so continuing looks bad
# and it went home too early) or, at 1, returned together with the modelled cautious seats.
FUTURE_NERVES = (0.5, 0.7, 1.0, 1.5, 2.0, 3.0, 5.0)
# A temple this crowded is played by the spread of nerves below instead of by rollouts. Below
# it the rollouts are kept: played by the spread alone, an expert at three seats (with a
# cautious seat and a coin-tosser) lost to the cautious seat by a quarter of the games, and two
# at four seats were level with it.
CROWD = 5
# The nerves of the first and the last seat inside in the round's precedence; the others fall
# evenly between them on a log scale. 3 to 0.5 and 2 to 0.7 measured alike at eight seats; a
# spread whose careful end is 1 leaves going home first to the cautious seats, which then win.
RANK_NERVES = (3.0, 0.5)
# Before any hazard shows, the cautious rule never goes home, and a coin-tosser that does takes
# the gems the crowd's shares left on the path, alone. So the last seat inside in precedence goes
# home once it would bring this many home, a little over what a seat takes from an average
# crowded round (measured: 6 and 9 alike; at 12 a coin-tosser at a table of three experts, two
# cautious seats and itself won as often as the experts).
LONE_HAUL = 6


def expert_bot(
    view: Mapping[str, Any], seat: int, rng: Random, rollouts: int = ROLLOUTS
) -> dict[str, Any]:
    """Return when that is worth more than the simulated rest of the round; in a crowded
    temple, when the cautious rule says so at the nerve of this seat's place this round."""
    if not view["legal_actions"]:
        raise ValueError("expert_bot was asked to act while out of the temple")
    situation = Situation.from_view(view, seat)
    if _nothing_at_stake(situation):
        # No card can end the round and nothing waits on the path: staying costs nothing.
        return dict(CONTINUE)
    if len(situation.temple) >= CROWD:
        return dict(RETURN if _spread_sends_home(view, situation) else CONTINUE)
    kinds = read_rivals(view, situation)
    # The bold rivals ranked after this seat this round go home now; those before it stay.
    first = precedence(view)
    bold_return = {s: first.index(s) > first.index(seat) for s in kinds}
    _, gap = _staying_gap(situation, kinds, rng, rollouts, bold_return, stop_when_clear=True)
    return dict(CONTINUE if gap > 0 else RETURN)


def _spread_sends_home(view: Mapping[str, Any], situation: Situation) -> bool:
    inside = _inside_by_precedence(view, situation)
    if cautious_decision(situation, situation.me, _nerve_of_place(inside, situation.me)):
        return True
    me = situation.me
    return inside[-1] == me and situation.carried[me] + situation.prize >= LONE_HAUL


def rank_nerve(view: Mapping[str, Any], situation: Situation) -> float:
    """The nerve this seat plays a crowded temple with: by its place among the seats inside in
    the round's precedence, from RANK_NERVES[0] for the first to RANK_NERVES[1] for the last."""
    return _nerve_of_place(_inside_by_precedence(view, situation), situation.me)


def _inside_by_precedence(view: Mapping[str, Any], situation: Situation) -> list[int]:
    return [s for s in precedence(view) if s in situation.temple]


def _nerve_of_place(inside: list[int], seat: int) -> float:
    first, last = RANK_NERVES
    place = inside.index(seat) / max(len(inside) - 1, 1)
    return first * (last / first) ** place


def precedence(view: Mapping[str, Any]) -> list[int]:
    """The seats in this round's order of precedence among experts: a shuffle seeded by the round
    and the first card on the path, public facts every viewer reads alike (the path is never
    empty when anyone decides). The first expert inside is the one that stays at a close call."""
    order = list(range(view["players"]))
    Random(f"{view['round']}:{view['path'][0]['card']}").shuffle(order)
    return order


@dataclass(frozen=True, slots=True)
class Values:
    """What the expert expects each choice to bring home this round, in gems (artifacts at
    their worth): returning now, and staying with the best of its later plans."""

    returning: float
    staying: float

    @property
    def best(self) -> str:
        return "continue" if self.staying > self.returning else "return"


def decision_values(
    view: Mapping[str, Any], seat: int, rng: Random, rollouts: int = ROLLOUTS
) -> Values:
    """The expert's estimate of both choices for `seat`, on every rollout asked for (no early
    stop and no nerve of its own: a judgement of the position, for the post-game analysis)."""
    situation = Situation.from_view(view, seat)
    if _nothing_at_stake(situation):
        home = float(return_value(situation, []))
        return Values(returning=home, staying=home)
    kinds = read_rivals(view, situation)
    home, gap = _staying_gap(situation, kinds, rng, rollouts, None, stop_when_clear=False)
    return Values(returning=home, staying=home + gap)


def _nothing_at_stake(situation: Situation) -> bool:
    return not situation.hazards_on_path and situation.prize == 0


def _staying_gap(
    situation: Situation,
    kinds: Mapping[int, Kinds],
    rng: Random,
    rollouts: int,
    bold_return: Mapping[int, bool] | None,
    *,
    stop_when_clear: bool,
) -> tuple[float, float]:
    """Over rollouts of the rest of the round: the mean of what returning now brings home, and
    the mean of what staying brings beyond it with the best of the later plans (FUTURE_NERVES).

    `bold_return` says what each rival does at this decision when drawn bold: True, it returns
    now; False, it stays; None, every rival chooses by its drawn nerve (the analysis's neutral
    view)."""
    # Rivals that have shown they are bold play on, when drawn bold, as this expert plans to.
    mirrors = {s for s, k in kinds.items() if k.bold > 0.5}
    n = len(situation.temple)
    bust = situation.bust_chance()
    gain = situation.expected_share(n)
    prize = situation.prize
    styles = len(FUTURE_NERVES)
    total = [0.0] * styles
    squares = [0.0] * styles
    homes = 0.0
    done = 0
    while done < rollouts:
        for _ in range(min(BATCH, rollouts - done)):
            drawn = {s: k.draw(rng) for s, k in kinds.items()}
            others = [
                s
                for s, nerves in drawn.items()
                if (
                    bold_return[s]
                    if nerves is BOLD_NERVES and bold_return is not None
                    else _leaves(rng, nerves, situation.carried[s], bust, gain, prize, n)
                )
            ]
            home = return_value(situation, others)
            homes += home
            order = list(situation.unseen)
            rng.shuffle(order)
            for i, future in enumerate(FUTURE_NERVES):
                gap = _rollout(situation, others, drawn, mirrors, order, future, rng) - home
                total[i] += gap
                squares[i] += gap * gap
            done += 1
        best = max(range(styles), key=total.__getitem__)
        mean = total[best] / done
        spread = max(squares[best] / done - mean * mean, 0.0) ** 0.5
        if stop_when_clear and abs(mean) > CLEAR_GAP * spread / done**0.5:
            break
    return homes / done, max(total) / done


def _leaves(
    rng: Random,
    nerves: tuple[float, float] | None,
    carried: float,
    bust: float,
    gain: float,
    prize: float,
    players: int,
) -> bool:
    """Whether a rival of the drawn kind returns at this decision."""
    if nerves is None:
        return rng.random() < 0.5
    return cautious_wants_out(carried, bust, gain, prize, players, rng.uniform(*nerves))


def return_value(situation: Situation, others: list[int]) -> float:
    """What returning now brings home if exactly `others` return as well."""
    k = len(others) + 1
    gain = situation.carried[situation.me] + situation.path_gems // k
    if k == 1:
        gain += situation.artifact_worth(situation.path_artifacts)
    return gain


def _rollout(
    situation: Situation,
    others: list[int],
    drawn: dict[int, tuple[float, float] | None],
    mirrors: set[int],
    order: list[str],
    future: float,
    rng: Random,
) -> float:
    me = situation.me
    deck = list(order)
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
    treasures = [TREASURE_VALUE[c] for c in deck if c in TREASURE_VALUE]
    risky = sum(1 for c in deck if c in hazards)
    while deck:
        card = deck.pop()
        n = len(temple)
        value = TREASURE_VALUE.get(card)
        if value is not None:
            share = value // n
            for s in temple:
                carried[s] += share
            path_gems += value - share * n
            treasures.remove(value)
        elif card in HAZARDS:
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
            if (
                cautious_wants_out(carried[s], bust, gain, prize, n, future)
                if s == me
                else (
                    cautious_wants_out(carried[s], bust, gain, prize, n, future)
                    if s in mirrors and drawn[s] is BOLD_NERVES
                    else _leaves(rng, drawn[s], carried[s], bust, gain, prize, n)
                )
            )
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
