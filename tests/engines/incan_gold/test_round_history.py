"""The public record of each round: the cards turned and when each seat went home."""

from __future__ import annotations

import json

import games.engines.incan_gold as ig


def two_rounds(table):
    # Round 1: seat 0 goes home after T14 and A5, seat 1 after T1, seat 2 is caught by the fire.
    # Round 2: everyone goes home after the first card.
    t = table(3, [["T14", "A5", "T1", "fire", "fire"], ["T3"]])
    t.all("continue")
    t.step({0: "return", 1: "continue", 2: "continue"})
    t.step({1: "return", 2: "continue"})
    t.all("continue")
    return t


def test_a_seat_going_home_records_how_many_cards_had_been_turned(table):
    t = table(3, [["T14", "A5", "T1", "fire"]])
    t.all("continue")
    assert [s.home for s in t.state.seats] == [None, None, None]
    t.step({0: "return", 1: "continue", 2: "continue"})
    assert [s.home for s in t.state.seats] == [2, None, None]
    view = ig.player_view(t.state, 1)
    assert [s["home"] for s in view["seats"]] == [2, None, None]
    # The artifact it took home has left the path but is still among the cards turned; the
    # others played on to the next card.
    assert [c["card"] for c in view["path"]] == ["T14", "T1"]
    assert view["turned"] == ["T14", "A5", "T1"]


def test_a_finished_round_keeps_its_path_and_departures(table):
    t = two_rounds(table)
    assert t.state.round == 2
    assert [(r.path, r.home) for r in t.state.history] == [
        (("T14", "A5", "T1", "fire", "fire"), (2, 3, None))
    ]
    # The new round starts with everyone inside again.
    assert [s.home for s in t.state.seats] == [None, None, None]


def test_a_round_everyone_leaves_ends_with_all_seats_home(table):
    t = two_rounds(table)
    t.all("return")
    assert t.state.round == 3
    assert t.state.history[1] == ig.state.PastRound(("T3",), (1, 1, 1))


def test_a_past_round_names_the_hazard_that_ended_it(table):
    t = two_rounds(table)
    t.all("return")
    assert [r.hazard for r in t.state.history] == ["fire", None]


def test_a_second_treasure_of_a_value_ends_no_round():
    # The two 5s share a code: a round everyone left after the second one ended all home.
    assert ig.state.PastRound(("T5", "fire", "T5"), (3, 3)).hazard is None
    assert ig.state.PastRound(("T5", "fire", "T3", "fire"), (2, None)).hazard == "fire"
    assert ig.state.PastRound(("fire",), (1, 1)).hazard is None


def test_every_viewer_sees_the_same_history(table):
    t = two_rounds(table)
    views = [ig.player_view(t.state, seat) for seat in (0, 1, 2, None)]
    expected = [
        {
            "round": 1,
            "path": ["T14", "A5", "T1", "fire", "fire"],
            "home": [2, 3, None],
            "hazard": "fire",
        }
    ]
    for view in views:
        assert view["history"] == expected


def test_the_history_holds_nothing_unseen(table):
    t = two_rounds(table)
    shown = {card for past in ig.player_view(t.state, 0)["history"] for card in past["path"]}
    assert not shown & set(t.state.deck[:5])  # the deck's next cards are never in it
    assert shown == {"T14", "A5", "T1", "fire"}


def test_a_whole_game_records_five_rounds(table):
    t = table(3, [["spiders", "spiders"], ["snakes", "snakes"], ["T1"]])
    while not ig.is_over(t.state):
        t.all("return" if t.state.path else "continue")
    assert len(t.state.history) == 5
    assert t.state.history[0].path == ("spiders", "spiders")
    assert t.state.history[0].home == (None, None, None)
    assert t.state.history[2] == ig.state.PastRound(("T1",), (1, 1, 1))


def test_the_history_survives_json(table):
    t = two_rounds(table)
    t.step({1: "return"})
    data = json.loads(json.dumps(ig.to_json(t.state)))
    assert ig.from_json(data) == t.state
    assert data["history"][0] == {"path": ["T14", "A5", "T1", "fire", "fire"], "home": [2, 3, None]}


def test_a_state_of_the_earlier_json_form_is_refused(table):
    data = ig.to_json(table(3, [["T1"]]).state)
    data["version"] = 1
    try:
        ig.from_json(data)
    except ValueError as exc:
        assert "version" in str(exc)
    else:
        raise AssertionError("a version 1 state was read")
