"""Who moves next and with what, per game, from nothing but whether each move was taken.

The load generator reads no board markup: a move's answer tells it only the version the
mover's page now holds, so a model of each game decides the next legal move by itself.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

CONTINUE, RETURN = "continue", "return"


@dataclass(frozen=True)
class Move:
    """One move to send: the seat making it and the form fields that carry it."""

    seat: int
    fields: dict[str, str] = field(default_factory=dict)
    # A probe asks the server what the model cannot know; its refusal is expected.
    probe: bool = False


class IncanGoldModel:
    """Incan Gold from the outside: who is in the temple and who has decided this step.

    Returns are known (we make them); a hazard ending the round early is not. So whenever a
    reveal leaves someone in camp, the next move probes one of those seats: if the server takes
    it, a new round had begun and every seat is back in the temple (with the prober decided).
    """

    game = "incan-gold"

    def __init__(self, players: int, rng: random.Random, return_rate: float = 0.1) -> None:
        self.players = players
        self.rng = rng
        self.return_rate = return_rate
        self.temple = set(range(players))
        self.decisions: dict[int, str] = {}
        self.probe_next = False

    @staticmethod
    def _fields(choice: str) -> dict[str, str]:
        return {"action": json.dumps({"type": "decide", "choice": choice})}

    def next_move(self) -> Move:
        """A seat in the temple that has not decided yet, or a probe of a seat in camp."""
        in_camp = sorted(set(range(self.players)) - self.temple)
        if self.probe_next and in_camp:
            return Move(self.rng.choice(in_camp), self._fields(CONTINUE), probe=True)
        undecided = sorted(self.temple - set(self.decisions)) or sorted(self.temple)
        choice = RETURN if self.rng.random() < self.return_rate else CONTINUE
        return Move(self.rng.choice(undecided), self._fields(choice))

    def accepted(self, move: Move) -> None:
        """The server took the move."""
        choice = json.loads(move.fields["action"])["choice"]
        if move.probe:
            self.temple = set(range(self.players))
            self.decisions = {}
            self.probe_next = False
        self.decisions[move.seat] = choice
        if set(self.decisions) >= self.temple:
            self._reveal()

    def _reveal(self) -> None:
        self.temple -= {s for s, c in self.decisions.items() if c == RETURN}
        self.decisions = {}
        if not self.temple:
            self.temple = set(range(self.players))  # everyone back in camp: a new round
            self.probe_next = False
        else:
            self.probe_next = len(self.temple) < self.players

    def refused(self, move: Move) -> None:
        """The server refused the move (and the match is not over)."""
        if move.probe:
            self.probe_next = False  # the model was right: that seat is still in camp
            return
        # Only a seat in camp is refused a decision: the step may have been complete already.
        self.temple.discard(move.seat)
        self.decisions.pop(move.seat, None)
        if not self.temple:
            self.temple = set(range(self.players))
        elif set(self.decisions) >= self.temple:
            self._reveal()


class ElDoradoModel:
    """El Dorado: the seat whose turn it is ends it; turns pass 0, 1, ... n-1 and round again."""

    game = "el-dorado"
    END_TURN = json.dumps({"type": "end_turn"})

    def __init__(self, players: int, rng: random.Random) -> None:
        self.players = players
        self.turn = 0

    def next_move(self) -> Move:
        """End the turn of the seat to play (as the board's End turn button posts it)."""
        return Move(self.turn, {"do": self.END_TURN})

    def accepted(self, move: Move) -> None:
        """The turn passed on."""
        self.turn = (move.seat + 1) % self.players

    def refused(self, move: Move) -> None:
        """Not that seat's turn after all: try the next one."""
        self.turn = (move.seat + 1) % self.players


class BareModel:
    """The baseline: every move is taken; seats take turns so the fan-out matches the games'."""

    game = "bare"

    def __init__(self, players: int, rng: random.Random) -> None:
        self.players = players
        self.turn = 0

    def next_move(self) -> Move:
        """The next seat's move."""
        return Move(self.turn)

    def accepted(self, move: Move) -> None:
        """The turn passed on."""
        self.turn = (move.seat + 1) % self.players

    def refused(self, move: Move) -> None:
        """Never happens on the baseline; pass the turn anyway."""
        self.accepted(move)


def model_for(
    game: str, players: int, rng: random.Random, return_rate: float
) -> IncanGoldModel | ElDoradoModel | BareModel:
    """The move model of a game key ('bare' for the baseline)."""
    if game == "incan-gold":
        return IncanGoldModel(players, rng, return_rate)
    if game == "el-dorado":
        return ElDoradoModel(players, rng)
    if game == "bare":
        return BareModel(players, rng)
    raise ValueError(f"no move model for {game!r}")
