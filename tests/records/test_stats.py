"""The statistics computations: pure tallies on hand-made events, and on matches played out."""

from __future__ import annotations

from collections import Counter

import pytest

from games.models import MatchAction, Seat, Status
from games.play.services.lobby import MatchSpec, create_match
from games.play.services.state import current_state, fold, logged_actions
from games.records import stats
from tests.helpers import play_to_end

# Pure functions on hand-made events ---------------------------------------------------------


def _flip(card: str, kind: str = "treasure", repeat: bool = False) -> dict:
    return {"type": "flip", "card": card, "kind": kind, "repeat": repeat}


def test_it_counts_the_cards_of_each_round_and_the_hazard_that_ended_it():
    events = [
        {"type": "round_start", "round": 1},
        _flip("t5"),
        _flip("snakes", "hazard"),
        {"type": "decided", "seat": 0},
        _flip("t7"),
        _flip("snakes", "hazard", repeat=True),
        {"type": "hazard", "kind": "snakes", "seats": [1], "lost": {"1": 4}, "total": 4},
        {"type": "round_end", "round": 1, "reason": "hazard"},
        {"type": "round_start", "round": 2},
        _flip("fire", "hazard"),
        {"type": "quick_start", "hazard": "fire"},
        _flip("t3"),
        {"type": "round_end", "round": 2, "reason": "all returned"},
        {"type": "round_start", "round": 3},
        _flip("t1"),
    ]
    assert list(stats.round_flips(events)) == [(4, "snakes"), (2, None)]


def test_survival_per_card_counts_only_rounds_that_turned_that_card():
    tally = stats.RoundTally()
    tally.add(2, None)  # everyone went home after two cards
    tally.add(3, "spiders")  # the third card ended it
    tally.add(3, None)
    tally.add(1, "fire")  # a repeat hazard at the entrance
    depths = tally.survival()
    assert [(d.card, d.reached, d.survived) for d in depths] == [(1, 4, 3), (2, 3, 3), (3, 2, 1)]
    assert depths[0].rate == pytest.approx(0.75)
    assert depths[2].rate == pytest.approx(0.5)
    assert depths[2].cumulative == pytest.approx(0.75 * 1 * 0.5)
    assert tally.rounds == 4
    shares = {h.code: (h.rounds, h.share) for h in tally.hazard_shares()}
    assert shares["spiders"] == (1, 0.5)
    assert shares["fire"] == (1, 0.5)
    assert shares["mummies"] == (0, 0)
    assert len(shares) == 5


def _buy(card: str) -> list[dict]:
    return [{"type": "buy", "seat": 0, "card": card, "id": 90, "pay": []}]


UNDO = [{"type": "undo", "seat": 0}]
END_TURN = [{"type": "end_turn", "seat": 0}, {"type": "draw", "seat": 0, "count": 4}]


def test_an_undone_purchase_is_not_counted():
    log = [_buy("scout"), UNDO, _buy("captain"), END_TURN]
    assert stats.cards_acquired(log) == Counter({"captain": 1})


def test_undo_takes_back_only_the_last_action_not_yet_sealed_by_a_reveal():
    draw = [{"type": "action", "card": "compass"}, {"type": "draw", "seat": 0, "count": 3}]
    log = [_buy("scout"), draw, UNDO, _buy("pioneer"), _buy("compass"), UNDO, END_TURN]
    assert stats.cards_acquired(log) == Counter({"scout": 1, "pioneer": 1})


def test_a_card_taken_with_the_transmitter_counts_as_acquired():
    transmitter = [
        {"type": "action", "seat": 0, "card": "transmitter", "take": "native"},
        {"type": "gain", "seat": 0, "card": "native", "id": 77},
    ]
    assert stats.cards_acquired([transmitter, END_TURN, _buy("native")]) == Counter(native=2)


def test_scores_are_binned_in_round_widths():
    bins = stats.histogram({0: 2, 3: 1, 17: 4, 41: 1})
    assert len(bins) <= 12
    assert bins[0].low == 0
    assert bins[-1].low <= 41 <= bins[-1].high
    assert sum(b.count for b in bins) == 8
    assert {b.high - b.low for b in bins} == {4}
    assert stats.histogram({0: 3, 1: 2, 3: 1}) == [
        stats.Bin(0, 0, 3),
        stats.Bin(1, 1, 2),
        stats.Bin(2, 2, 0),
        stats.Bin(3, 3, 1),
    ]
    assert stats.histogram({}) == []


def test_filters_read_the_query_and_ignore_nonsense():
    assert stats.Filters.from_query({}) == stats.Filters("all", False)
    assert stats.Filters.from_query({"period": "30d", "rated": "1"}) == stats.Filters("30d", True)
    assert stats.Filters.from_query({"period": "1y", "rated": "yes"}) == stats.Filters("all", False)


# Matches played to the end ------------------------------------------------------------------

pytestmark_db = pytest.mark.django_db(transaction=True)


@pytestmark_db
def test_incan_gold_tallies_match_a_replay_of_the_logs(user_factory):
    played = [play_to_end(user_factory(name)) for name in ("ana", "bo")]
    unfinished = create_match(
        user_factory("cy"), MatchSpec(game="incan-gold", players=3, bots=("random", "random"))
    )
    assert unfinished.status == Status.ACTIVE
    matches = stats.finished_matches("incan-gold", stats.Filters())
    assert set(matches) == set(played)

    tally = stats.incan_gold_rounds(matches)
    expected = stats.RoundTally()
    for match in played:
        replayed = [event for _, event in fold(match, logged_actions(match)).events]
        for turned, hazard in stats.round_flips(replayed):
            expected.add(turned, hazard)
    assert tally.rounds == 10
    assert (tally.reached, tally.ended, tally.hazards) == (
        expected.reached,
        expected.ended,
        expected.hazards,
    )
    assert tally.reached[0] == 10  # every round turns at least one card


@pytestmark_db
def test_summary_and_seat_win_rates_agree_with_the_seats(user_factory):
    played = [play_to_end(user_factory(name)) for name in ("ana", "bo")]
    matches = stats.finished_matches("incan-gold", stats.Filters())
    summary = stats.summary(matches)
    assert summary.matches == 2
    actions = MatchAction.objects.filter(match__in=played).count()
    assert summary.moves == pytest.approx(actions / 2)
    assert summary.minutes is not None and summary.minutes >= 0
    assert summary.players == 3

    (row,) = stats.seat_win_rates(matches)
    assert row.players == 3 and row.matches == 2
    for rate in row.seats:
        wins = Seat.objects.filter(match__in=played, position=rate.position, place=1).count()
        assert (rate.played, rate.wins) == (2, wins)

    scores = Counter(Seat.objects.filter(match__in=played).values_list("score", flat=True))
    assert stats.score_counts(matches) == dict(scores)


@pytestmark_db
def test_el_dorado_purchases_equal_the_cards_each_seat_acquired(user_factory):
    match = play_to_end(user_factory("ana"), "el-dorado", bots=("greedy",))
    assert match.status == Status.FINISHED
    state = current_state(match)
    acquired = Counter(state.cards[c] for seat in state.seats for c in seat.acquired)
    assert acquired, "the bots should have bought something"

    matches = stats.finished_matches("el-dorado", stats.Filters())
    rows = stats.most_bought(matches, 1, limit=20)
    assert {r.slug: r.count for r in rows} == dict(acquired)
    assert rows == sorted(rows, key=lambda r: -r.count)


@pytestmark_db
def test_each_map_gets_its_own_win_rates(user_factory):
    first = play_to_end(user_factory("ana"), "el-dorado", bots=("greedy",))
    second = play_to_end(
        user_factory("bo"), "el-dorado", bots=("greedy",), options={"map": "home-stretch"}
    )
    matches = stats.finished_matches("el-dorado", stats.Filters())
    rates = {m.key: m for m in stats.map_win_rates(matches)}
    assert set(rates) == {"hills-of-gold", "home-stretch"}
    for key, match in (("hills-of-gold", first), ("home-stretch", second)):
        row = rates[key]
        assert row.matches == 1
        assert row.fair == pytest.approx(0.5)
        winners = {s.position for s in match.seats.all() if s.place == 1}
        assert [(r.position, r.wins) for r in row.seats] == [(p, int(p in winners)) for p in (0, 1)]


@pytestmark_db
def test_notable_matches_never_link_a_private_match(user_factory):
    public = play_to_end(user_factory("ana"))
    private = play_to_end(user_factory("bo"), private=True)
    matches = stats.finished_matches("incan-gold", stats.Filters())
    rows = stats.notable_matches(matches, longest=True, limit=5)
    urls = {row.match_id: row.url for row in rows}
    assert urls == {public.pk: public.get_absolute_url(), private.pk: None}
    assert [r.moves for r in rows] == sorted((r.moves for r in rows), reverse=True)


@pytestmark_db
def test_an_undo_and_the_action_it_took_back_are_not_counted_as_moves(user_factory):
    match = play_to_end(user_factory("ana"))
    matches = stats.finished_matches("incan-gold", stats.Filters())
    before = stats.summary(matches).moves
    (row,) = stats.notable_matches(matches, longest=True, limit=1)
    seq = match.actions.count()
    for step, action in enumerate(({"type": "move"}, {"type": "undo"}), start=1):
        MatchAction.objects.create(
            match=match, seq=seq + step, seat=0, action=action, version=seq + step
        )
    assert stats.summary(matches).moves == before == seq
    assert stats.notable_matches(matches, longest=True, limit=1)[0].moves == row.moves == seq
