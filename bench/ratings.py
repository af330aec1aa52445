"""Ratings benchmark: openskill Plackett-Luce against pairwise Elo on the same matches.

1. Synthetic arenas: players of known latent skill; each match seats 3-6 of them and places come
   from noisy performances, rounded so that some tie. Reported: agreement of each system's
   ranking with the latent one (Kendall tau, Spearman), after how many matches the ranking is
   right for good, and how often it names the winner of held-out matches it never rated.
2. Real bots (games/bots/arena.py): two players per bot level play each other; their true
   strengths are unknown, so we report the ratings next to the win shares and the held-out
   winner accuracy.
"""

from __future__ import annotations

import importlib.util
import math
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

from games.records.ratings import (
    BETA,
    DEFAULT,
    ELO_DEFAULT,
    MU0,
    SIGMA0,
    TAU,
    Rating,
    conservative,
    display,
    elo_rate_match,
    rate_match,
)
from games.records.ratings import is_provisional as provisional

SYNTHETIC_ARENAS = 20
SKILL_STEP = 0.5  # latent skill gap between neighbours, in units of one match's noise
TIE_GRID = 0.1  # performances are rounded to this grid; equal ones share a place
SEATS = (3, 4, 5, 6)
TRAIN = 1200
HELD_OUT = 1000
CHECKPOINTS = (10, 25, 50, 100, 200, 400, 800, 1200)
# (game, seats a match, rated matches, held-out matches): about a minute on one core.
BOT_RUNS = (("incan-gold", (3, 6), 200, 100), ("el-dorado", (2, 4), 100, 50))
ELO_KS = (32.0, 16.0)

Match = tuple[list[int], list[int]]  # players, places
NATIVE = PlackettLuce(mu=MU0, sigma=SIGMA0, beta=BETA, tau=TAU)


def openskill_ties(ratings: list[Rating], places: list[int]) -> list[Rating]:
    """openskill's own tie rule, which `rate_match` replaces: kept here to measure the change."""
    teams = [[NATIVE.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    return [Rating(t.mu, t.sigma) for (t,) in NATIVE.rate(teams, ranks=list(places))]


class System:
    """A rating system under test: ratings per player, a leaderboard score, a winner guess."""

    def __init__(self, name: str, players: int, kind: str, k: float = 0.0) -> None:
        self.name, self.kind, self.k = name, kind, k
        self.table = [ELO_DEFAULT] * players if kind == "elo" else [DEFAULT] * players
        self.seconds = 0.0

    def rate(self, players: list[int], places: list[int]) -> None:
        started = time.perf_counter()
        old = [self.table[p] for p in players]
        if self.kind == "elo":
            new = elo_rate_match(old, places, k=self.k)
        elif self.kind == "openskill ties":
            new = openskill_ties(old, places)
        else:
            new = rate_match(old, places)
        self.seconds += time.perf_counter() - started
        for player, rating in zip(players, new, strict=True):
            self.table[player] = rating

    def scores(self) -> list[float]:
        """What the leaderboard sorts by (the conservative rating for Plackett-Luce)."""
        if self.kind == "elo":
            return list(self.table)
        return [r.mu if self.kind == "by mu" else conservative(r) for r in self.table]

    def strength(self, player: int) -> float:
        """What the winner guess maximises (win chances rise with mu alone)."""
        rating = self.table[player]
        return rating if self.kind == "elo" else rating.mu


def systems(players: int) -> list[System]:
    """Plackett-Luce (three ways) and the Elo baselines, all starting fresh."""
    return [
        System("PL", players, "leaderboard"),
        System("PL mu", players, "by mu"),
        System("PL os", players, "openskill ties"),
        *(System(f"K={k:g}", players, "elo", k) for k in ELO_KS),
    ]


def kendall_tau(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Kendall's tau-b (ties allowed; 0 when either side is all ties)."""
    concordant = discordant = ties_x = ties_y = 0
    for i in range(len(xs)):
        for j in range(i + 1, len(xs)):
            dx, dy = xs[i] - xs[j], ys[i] - ys[j]
            if dx == 0 and dy == 0:
                continue
            if dx == 0:
                ties_x += 1
            elif dy == 0:
                ties_y += 1
            elif (dx > 0) == (dy > 0):
                concordant += 1
            else:
                discordant += 1
    pairs_x, pairs_y = concordant + discordant + ties_y, concordant + discordant + ties_x
    if not pairs_x or not pairs_y:
        return 0.0
    return (concordant - discordant) / math.sqrt(pairs_x * pairs_y)


def spearman_rho(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rho: Pearson correlation of the (average) ranks."""
    rx, ry = _ranks(xs), _ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    cov = math.fsum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    var = math.fsum((a - mx) ** 2 for a in rx) * math.fsum((b - my) ** 2 for b in ry)
    return cov / math.sqrt(var) if var else 0.0


def _ranks(values: Sequence[float]) -> list[float]:
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2
        i = j + 1
    return ranks


def winner_accuracy(strength: Sequence[float], matches: Sequence[Match]) -> float:
    """Share of matches whose winner the strongest-looking player is (a shared win counts 1/k)."""
    hits = 0.0
    for players, places in matches:
        # max() keeps the first of equal strengths, so the guess is deterministic.
        guess = max(range(len(players)), key=lambda s: strength[players[s]])
        if places[guess] == 1:
            hits += 1.0 / places.count(1)
    return hits / len(matches)


def has_tie(match: Match) -> bool:
    return len(set(match[1])) < len(match[1])


# -- 1. synthetic arenas ---------------------------------------------------------------------


def play_synthetic(rng: random.Random, skills: Sequence[float]) -> Match:
    """Seat 3-6 players and place them by noisy, rounded performance (ties share a place)."""
    players = rng.sample(range(len(skills)), rng.choice(SEATS))
    performance = [round((skills[p] + rng.gauss(0.0, 1.0)) / TIE_GRID) for p in players]
    return players, [1 + sum(other > mine for other in performance) for mine in performance]


@dataclass
class Tally:
    """One system's results over all arenas."""

    tau: dict[int, list[float]] = field(default_factory=dict)
    rho: dict[int, list[float]] = field(default_factory=dict)
    accuracy: dict[int, list[float]] = field(default_factory=dict)
    first_right: list[int | None] = field(default_factory=list)
    right_for_good: list[int | None] = field(default_factory=list)
    seconds: float = 0.0


def run_synthetic(seed: int, players: int, tallies: dict[str, Tally]) -> tuple[int, list[float]]:
    """Rate one arena with every system; return its tied matches and the oracle's accuracy."""
    rng = random.Random(seed)
    skills = [SKILL_STEP * i for i in range(players)]
    rng.shuffle(skills)  # the player numbers must not give the order away
    truth = sorted(range(players), key=skills.__getitem__)
    train = [play_synthetic(rng, skills) for _ in range(TRAIN)]
    held_out = [play_synthetic(rng, skills) for _ in range(HELD_OUT)]
    for system in systems(players):
        tally = tallies.setdefault(system.name, Tally())
        first_right, last_wrong = None, 0
        for count, (seated, places) in enumerate(train, start=1):
            system.rate(seated, places)
            scores = system.scores()
            if sorted(range(players), key=scores.__getitem__) == truth:
                first_right = first_right or count
            else:
                last_wrong = count
            if count in CHECKPOINTS:
                strength = [system.strength(p) for p in range(players)]
                tally.tau.setdefault(count, []).append(kendall_tau(skills, scores))
                tally.rho.setdefault(count, []).append(spearman_rho(skills, scores))
                tally.accuracy.setdefault(count, []).append(winner_accuracy(strength, held_out))
        tally.first_right.append(first_right)
        tally.right_for_good.append(None if last_wrong == TRAIN else last_wrong + 1)
        tally.seconds += system.seconds
    return sum(map(has_tie, train)), [winner_accuracy(skills, held_out)]


def _median_text(values: list[int | None]) -> str:
    done = sorted(v for v in values if v is not None)
    if len(done) * 2 <= len(values):
        return f">{TRAIN}"
    # Arenas that never got there count as later than all the others.
    return str(int(statistics.median(done + [TRAIN + 1] * (len(values) - len(done)))))


def synthetic_report(players: int) -> None:
    """Run the synthetic arenas and print their table."""
    tallies: dict[str, Tally] = {}
    tied, oracle = 0, []
    for seed in range(SYNTHETIC_ARENAS):
        ties, accuracy = run_synthetic(seed, players, tallies)
        tied, oracle = tied + ties, oracle + accuracy
    names = list(tallies)
    print(
        f"synthetic: {players} players, latent skills 0..{SKILL_STEP * (players - 1):g} step "
        f"{SKILL_STEP:g} (match noise sd 1), {SEATS[0]}-{SEATS[-1]} seats, {SYNTHETIC_ARENAS} "
        f"arenas x {TRAIN} matches, {tied / (SYNTHETIC_ARENAS * TRAIN):.0%} with a tie; "
        f"winner guessed on {HELD_OUT} held-out matches (latent-skill ceiling "
        f"{statistics.fmean(oracle):.3f})"
    )
    heads = "".join(f"{n:>7}" for n in names)
    width = len(heads)
    print(
        f"{'matches':>7} | {'Kendall tau':^{width}} | {'Spearman rho':^{width}} | winner accuracy"
    )
    print(f"{'':>7} | {heads} | {heads} | {heads}")
    for point in CHECKPOINTS:
        cells = [
            "".join(f"{statistics.fmean(getattr(tallies[n], m)[point]):>7.3f}" for n in names)
            for m in ("tau", "rho", "accuracy")
        ]
        print(f"{point:>7} | {' | '.join(cells)}")
    print(f"{'system':<7}{'ranking first right':>21}{'right for good':>16}{'us/match':>10}")
    for name, tally in tallies.items():
        settled = sum(v is not None for v in tally.right_for_good)
        print(
            f"{name:<7}{_median_text(tally.first_right):>21}"
            f"{_median_text(tally.right_for_good) + f' ({settled}/{SYNTHETIC_ARENAS})':>16}"
            f"{tally.seconds / (SYNTHETIC_ARENAS * TRAIN) * 1e6:>10.1f}"
        )
    print("(medians over arenas, in matches; in brackets the arenas whose ranking settled)")


# -- 2. real bots ----------------------------------------------------------------------------


def play_bots(game: str, seats: tuple[int, int], count: int, seed: int) -> list[Match]:
    """Bot games among two players per level; games stopped at the action cap are left out."""
    from games.bots.arena import play_game
    from games.bots.registry import bot_levels

    levels = bot_levels(game)
    rng = random.Random(seed)
    matches = []
    for index in range(count):
        players = rng.sample(range(2 * len(levels)), rng.randint(*seats))
        record = play_game(game, [levels[p // 2] for p in players], seed * 100_000 + index)
        if record.places is not None:
            matches.append((players, list(record.places)))
    return matches


def _shown(rating: Rating) -> str:
    return f"{display(rating)}{'?' if provisional(rating) else ''}"


def bots_report(game: str, seats: tuple[int, int], rated: int, held: int) -> None:
    """Rate real bot games with every system and print the ratings beside the win shares."""
    from games.bots.registry import bot_levels

    levels = bot_levels(game)
    players = 2 * len(levels)
    started = time.perf_counter()
    train = play_bots(game, seats, rated, seed=1)
    held_out = play_bots(game, seats, held, seed=2)
    played = time.perf_counter() - started
    board = systems(players)
    checkpoints = {len(train) // 4, len(train) // 2, len(train)}
    intended = [p // 2 for p in range(players)]  # bot levels, weakest first
    taus: dict[str, list[str]] = {s.name: [] for s in board}
    for count, (seated, places) in enumerate(train, start=1):
        for system in board:
            system.rate(seated, places)
            if count in checkpoints:
                taus[system.name].append(f"{kendall_tau(intended, system.scores()):.2f}")
    print(
        f"bots, {game}: 2 players per level, {seats[0]}-{seats[1]} seats, {len(train)} rated + "
        f"{len(held_out)} held-out games ({rated + held - len(train) - len(held_out)} capped), "
        f"{sum(map(has_tie, train)) / len(train):.0%} with a tie, played in {played:.0f} s"
    )
    head = f"{'player':<11}{'games':>6}{'win share':>10}{'mu':>7}{'sigma':>7}{'PL':>7}{'PL os':>7}"
    elos = [s for s in board if s.kind == "elo"]
    print(
        head
        + "".join(f"{s.name:>7}" for s in elos)
        + "   (PL, PL os: shown rating, ? = provisional)"
    )
    for p in range(players):
        games = [(seated, places) for seated, places in train if p in seated]
        wins = sum(1 / places.count(1) for seated, places in games if places[seated.index(p)] == 1)
        rating, native = board[0].table[p], board[2].table[p]
        print(
            f"{levels[p // 2] + f' #{p % 2 + 1}':<11}{len(games):>6}{wins / len(games):>10.2f}"
            f"{rating.mu:>7.1f}{rating.sigma:>7.2f}{_shown(rating):>7}{_shown(native):>7}"
            + "".join(f"{s.table[p]:>7.0f}" for s in elos)
        )
    accuracy = "  ".join(
        f"{s.name} {winner_accuracy([s.strength(p) for p in range(players)], held_out):.3f}"
        for s in board
    )
    by_level = winner_accuracy([float(level) for level in intended], held_out)
    print(f"held-out winner accuracy: {accuracy}  (highest level seated {by_level:.3f})")
    print(
        f"Kendall tau with the intended level order after {sorted(checkpoints)} games: "
        + "  ".join(f"{name} {' '.join(values)}" for name, values in taus.items())
    )


def main() -> None:
    """Print the synthetic comparison, then the real-bot one if the bot arena exists."""
    started = time.perf_counter()
    synthetic_report(players=10)
    if importlib.util.find_spec("games.bots.arena") is None:
        print("bots: skipped, games/bots/arena.py does not exist")
    else:
        for game, seats, rated, held in BOT_RUNS:
            bots_report(game, seats, rated, held)
    print(
        "PL = openskill Plackett-Luce ranked by mu - 3 sigma (the leaderboard), PL mu = the same "
        "ratings ranked by mu, PL os = openskill's own tie rule ranked like PL; K = pairwise Elo"
    )
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
