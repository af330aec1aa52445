"""The greedy El Dorado bot's shortcuts equal the plain computations they stand for: its buy,
its best move (strongest plays first, weak ones skipped), and the check that skips the side
plays (rubble, base camps, blockades) when none could be kept."""

from __future__ import annotations

import random
from typing import Any

import pytest

import games.engines.el_dorado as ed
from games.bots.el_dorado import greedy, greedy_bot, position, simple
from games.bots.el_dorado.nearby import blockade_plays_from, side_steps, space_plays_from


def _decisions(seed: int, options: dict[str, Any], actions: int = 400) -> list[tuple[dict, int]]:
    """The views greedy bots decide from in one game, with the seat deciding."""
    state = ed.new_game(4, seed, options)
    rng = random.Random(seed)
    out = []
    while not ed.is_over(state) and len(out) < actions:
        seat = min(ed.to_act(state))
        view = ed.player_view(state, seat)
        out.append((view, seat))
        state = ed.apply(state, seat, greedy_bot(view, seat, rng)).state
    return out


GAMES = [(1, {}), (2, {"map": "random"}), (3, {"map": "serpentine", "caves": True})]


def _moving(view: dict, seat: int) -> bool:
    turn = view["turn"]
    return not turn["discarding"] and not turn["may_remove"] and bool(view["seats"][seat]["hand"])


def _plain_best(rows: list[simple.Row]) -> simple.Row | None:
    """The row that gains most, the cheapest among equals, the first of those."""
    best = None
    for row in rows:
        if row[0] > 0 and (
            best is None or row[0] > best[0] or (row[0] == best[0] and row[1] < best[1])
        ):
            best = row
    return best


@pytest.mark.parametrize(("seed", "options"), GAMES)
def test_the_best_move_is_the_best_of_every_move(seed, options):
    moves = 0
    for view, seat in _decisions(seed, options):
        if not _moving(view, seat):
            continue
        pos = position.read(view, seat)
        facts = position.board_facts(view)
        me = view["seats"][seat]
        best, seen = greedy._best_move(
            me["hand"], pos.tokens, pos.explorers, pos.blocked, pos.passing, facts
        )
        assert best == _plain_best(simple._rows(pos, facts.dist))
        moves += best is not None
    assert moves > 20


def _kept_side_plays(view: dict, seat: int) -> list:
    """The rubble, base camp and blockade plays `greedy_bot` would weigh, before it checks
    what a removal leaves in the deck."""
    facts = position.board_facts(view)
    board, open_joints, dist = facts.board, facts.open_joints, facts.dist
    pos = position.read(view, seat)
    steps = side_steps(board)
    spare = simple.junk_first(pos.hand)
    plays = space_plays_from(steps, pos.explorers, pos.blocked, open_joints, dist, spare, 0.5)
    found = [p for p in plays if p[0] > 0]
    return found + blockade_plays_from(steps, pos.explorers, open_joints, pos.hand, dist, spare)


@pytest.mark.parametrize(("seed", "options"), GAMES)
def test_side_plays_are_skipped_only_when_none_would_be_kept(seed, options):
    skipped = kept = 0
    for view, seat in _decisions(seed, options):
        if not _moving(view, seat):
            continue
        facts = position.board_facts(view)
        board, open_joints, dist = facts.board, facts.open_joints, facts.dist
        pos = position.read(view, seat)
        steps = side_steps(board)
        near = any(
            steps[h][0] or steps[h][1] for h in pos.explorers if h is not None and h in steps
        )
        may = greedy._may_side_play(
            steps, pos.explorers, pos.blocked, open_joints, dist, len(pos.hand)
        )
        found = _kept_side_plays(view, seat)
        if not may:
            assert found == []
            skipped += near
        kept += bool(found)
    # Both ways taken: explorers next to such spaces with nothing to keep, and plays kept.
    assert skipped > 5
    assert kept > 0


def _plain_buy(view: dict, seat: int, hand: tuple[tuple[int, str], ...]) -> dict | None:
    best = simple.best_buy(position.read(view, seat), list(hand), simple.BUY_SCORES)
    return None if best is None else {"type": "buy", "card": best[1], "pay": best[2]}


@pytest.mark.parametrize(("seed", "options"), GAMES)
def test_the_buy_is_the_best_buy(seed, options):
    rng = random.Random(seed)
    checked = 0
    for view, seat in _decisions(seed, options, 200):
        cards = view["seats"][seat].get("hand", ())
        full = tuple([(c["id"], c["card"]) for c in cards])
        for hand in (full, tuple(rng.sample(full, len(full) // 2))):
            assert greedy._greedy_buy(view, hand) == _plain_buy(view, seat, hand)
            # Once a slot is empty, the reserve is for sale too.
            emptied = dict(view)
            emptied["market"] = [{"card": None, "left": 0}, *view["market"][1:]]
            assert greedy._greedy_buy(emptied, hand) == _plain_buy(emptied, seat, hand)
            checked += greedy._greedy_buy(emptied, hand) is not None
    assert checked > 20
