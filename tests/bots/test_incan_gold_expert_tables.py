"""The expert at tables where other seats may be experts too: a rival read as bold may choose as
it does, so the experts keep a convention, a public order of precedence each round; at a close
call the first of them stays and the others go home."""

from __future__ import annotations

import random

import games.engines.incan_gold as ig
from games.bots.incan_gold import expert, rivals
from games.bots.incan_gold.knowledge import Situation

# Two hazards out, 14 gems each, an artifact on the path: the rivals stayed where the cautious
# rule would have gone home, so they are read as bold.
BOLD_TABLE = ["T17", "fire", "T15", "snakes", "T14", "A5", "T1", "T2"]


def view_after(cards, decisions, seat=0, players=3):
    state = ig.new_game(players, 1, {"deck": [cards]})
    for _ in range(decisions):
        for s in range(players):
            state = ig.apply(state, s, {"type": "decide", "choice": "continue"}).state
    return ig.player_view(state, seat)


def test_returning_pays_only_if_the_bold_rivals_stay():
    view = view_after(BOLD_TABLE, 5)
    situation = Situation.from_view(view, 0)
    kinds = rivals.read_rivals(view, situation)
    assert all(k.bold > 0.9 for k in kinds.values())
    rng = random.Random(1)
    _, gap_if_they_return = expert._staying_gap(
        situation, kinds, rng, 4000, dict.fromkeys(kinds, True), stop_when_clear=False
    )
    _, gap_if_they_stay = expert._staying_gap(
        situation, kinds, rng, 4000, dict.fromkeys(kinds, False), stop_when_clear=False
    )
    # Alone, the artifact and the path's gems are worth going home for; shared, they are not.
    assert gap_if_they_stay < -2
    assert gap_if_they_return > 2


def test_at_a_close_call_the_first_expert_stays_and_the_others_go_home():
    first = expert.precedence(view_after(BOLD_TABLE, 5))
    for seat in range(3):
        view = view_after(BOLD_TABLE, 5, seat=seat)
        assert expert.precedence(view) == first, "every seat reads the same order"
        choices = {expert.expert_bot(view, seat, random.Random(s))["choice"] for s in range(8)}
        if seat == first[0]:
            assert choices == {"continue"}
        elif seat == first[-1]:
            assert choices == {"return"}


def test_the_order_is_a_shuffle_of_the_seats_drawn_anew_each_round():
    view = view_after(BOLD_TABLE, 5)
    orders = set()
    for round_, card in [(r, c) for r in range(1, 6) for c in ("T1", "T17", "fire", "A5")]:
        drawn = expert.precedence({**view, "round": round_, "path": [{"card": card}]})
        assert sorted(drawn) == [0, 1, 2]
        orders.add(tuple(drawn))
    assert len(orders) >= 4, "no seat is always first"


def test_a_choice_that_holds_either_way_does_not_depend_on_the_order():
    # Five gems each and a 5 artifact: staying is worth more whether the rivals return or stay.
    cards = ["T5", "A5", "T7", "fire", "T4", "T1", "T2"]
    for seat in range(3):
        view = view_after(cards, 4, seat=seat)
        choices = {expert.expert_bot(view, seat, random.Random(s))["choice"] for s in range(10)}
        assert choices == {"continue"}


# Eight seats: a hazard out, then treasures whose shares are a gem each at most, and an artifact.
CROWDED = ["T7", "fire", "T9", "A5", "T11", "snakes"]


def test_a_crowded_temple_spreads_the_nerves_along_the_precedence():
    view = view_after(CROWDED, 3, players=8)
    order = expert.precedence(view)
    nerves = [expert.rank_nerve(view, Situation.from_view(view, seat)) for seat in order]
    first, last = expert.RANK_NERVES
    assert nerves[0] == first and abs(nerves[-1] - last) < 1e-9
    assert all(a > b for a, b in zip(nerves, nerves[1:], strict=False)), "boldest first"


def test_in_a_crowded_temple_one_expert_goes_home_at_each_rise_of_the_risk():
    # With 8 gems and the 5 artifact on the path, only the last seat in precedence goes home;
    # one more treasure later, the last three do, and the first five stay.
    for decisions, leaving in [(3, 1), (4, 3)]:
        order = expert.precedence(view_after(CROWDED, decisions, players=8))
        for place, seat in enumerate(order):
            view = view_after(CROWDED, decisions, seat=seat, players=8)
            assert len(view["path"]) == decisions + 1
            choice = expert.expert_bot(view, seat, random.Random(place))["choice"]
            assert choice == ("return" if place >= 8 - leaving else "continue"), (decisions, place)


def test_the_rollouts_decide_only_below_the_crowd(monkeypatch):
    calls = []

    def gap(situation, *args, **kwargs):
        calls.append(len(situation.temple))
        return 0.0, -1.0  # returning is worth more

    monkeypatch.setattr(expert, "_staying_gap", gap)
    for players in (expert.CROWD - 1, expert.CROWD, 8):
        view = view_after(CROWDED, 3, players=players)
        first = expert.precedence(view)[0]
        view = view_after(CROWDED, 3, seat=first, players=players)
        choice = expert.expert_bot(view, first, random.Random(1))["choice"]
        # The boldest seat of a crowded temple stays here; the rollouts were made to say return.
        assert choice == ("return" if players < expert.CROWD else "continue"), players
    assert calls == [expert.CROWD - 1]


def test_before_any_hazard_the_last_seat_inside_takes_a_fat_path_home_alone():
    # Eight seats: after T11 each carries 1 and 3 gems wait on the path; after T13 too, each
    # carries 2 and 8 gems wait. Nothing can end the round yet.
    cards = ["T11", "T13", "T1"]
    for decisions, haul in [(0, 4), (1, 10)]:
        order = expert.precedence(view_after(cards, decisions, players=8))
        for place, seat in enumerate(order):
            view = view_after(cards, decisions, seat=seat, players=8)
            assert view["hazards_on_path"] == []
            assert view["seats"][seat]["carried"] + view["path_gems"] == haul
            choice = expert.expert_bot(view, seat, random.Random(place))["choice"]
            goes = place == 7 and haul >= expert.LONE_HAUL
            assert choice == ("return" if goes else "continue"), (decisions, place)
