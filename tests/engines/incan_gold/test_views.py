"""Who sees what: the per-seat view hides tents, pending choices, deck order and seed."""

from __future__ import annotations

import dataclasses
import json

import pytest

import games.engines.incan_gold as ig

QUICK_BUSTS = [
    ["spiders", "spiders"],
    ["snakes", "snakes"],
    ["mummies", "mummies"],
    ["rockfall", "rockfall"],
]


def returned_game(table):
    # Seat 0 returns alone with T14's 4 + 2 on the path and the 5 artifact.
    t = table(3, [["T14", "A5", "T1", "fire"]])
    t.all("continue")
    t.step({0: "return", 1: "continue", 2: "continue"})
    return t


def test_tent_total_is_private_to_its_owner(table):
    t = returned_game(table)
    assert t.state.seats[0].tent == 6
    assert ig.player_view(t.state, 0)["tent"] == 6
    assert ig.player_view(t.state, 0)["seats"][0]["tent"] == 6
    for viewer in (1, 2, None):
        view = ig.player_view(t.state, viewer)
        assert "tent" not in view["seats"][0]
        assert view.get("tent", 0) == 0


def test_view_does_not_change_with_other_seats_tents(table):
    t = returned_game(table)
    seats = list(t.state.seats)
    seats[0] = dataclasses.replace(seats[0], tent=999)
    richer = dataclasses.replace(t.state, seats=tuple(seats))
    for viewer in (1, 2, None):
        assert ig.player_view(richer, viewer) == ig.player_view(t.state, viewer)
    assert ig.player_view(richer, 0) != ig.player_view(t.state, 0)


def test_deck_order_and_seed_are_secret_until_the_end(table):
    t = returned_game(table)
    shuffled = dataclasses.replace(t.state, deck=tuple(reversed(t.state.deck)), seed=12345)
    for viewer in (0, 1, 2, None):
        view = ig.player_view(t.state, viewer)
        assert view == ig.player_view(shuffled, viewer)
        assert "seed" not in view and "deck" not in view and "state" not in view


def test_fixed_deck_option_is_not_shown_to_players(table):
    t = returned_game(table)
    for viewer in (0, None):
        assert ig.player_view(t.state, viewer)["options"] == {
            "quick_start": True,
            "artifact_values": "incan-gold",
        }


def test_public_information_is_in_every_view(table):
    t = table(4, [["T11", "fire", "fire"], ["T3", "snakes", "A7"]])
    t.step({0: "return", 1: "continue", 2: "continue", 3: "continue"})
    t.all("continue")
    # Round 2: T3 among 4, then snakes, then the 7 artifact.
    t.all("continue")
    t.step({0: "return", 1: "continue", 2: "continue", 3: "continue"})
    t.step({1: "continue"})
    view = ig.player_view(t.state, None)
    assert view["round"] == 2 and view["rounds"] == 5
    assert [c["card"] for c in view["path"]] == ["T3", "snakes", "A7"]
    assert view["path"][0] == {"card": "T3", "kind": "treasure", "value": 3, "gems": 0}
    assert view["hazards_on_path"] == ["snakes"]
    assert view["removed_hazards"] == ["fire"]
    assert view["artifacts_on_path"] == ["A7"]
    assert view["deck_count"] == len(t.state.deck)
    assert [s["in_temple"] for s in view["seats"]] == [False, True, True, True]
    assert [s["decided"] for s in view["seats"]] == [False, True, False, False]
    assert [s["carried"] for s in view["seats"]] == [s.carried for s in t.state.seats]
    assert view["path_gems"] == t.state.path_gems


def test_each_players_artifacts_are_public(table):
    t = returned_game(table)
    view = ig.player_view(t.state, 2)
    assert view["seats"][0]["artifacts"] == [{"code": "A5", "value": 5}]
    assert view["seats"][0]["artifact_value"] == 5


def test_artifacts_still_in_the_deck_are_public(table):
    t = table(3, [["fire", "fire"]])
    view = ig.player_view(t.state, 1)
    assert sorted(view["artifacts_in_deck"]) == sorted(
        code for code in ("A5", "A7") if code in t.state.deck
    )


def test_after_the_match_everything_is_shown(table):
    t = table(3, [["T14", "fire", "fire"], *QUICK_BUSTS])
    t.step({0: "return", 1: "return", 2: "continue"})
    t.step({2: "continue"})
    assert ig.is_over(t.state)
    for viewer in (0, 1, 2, None):
        view = ig.player_view(t.state, viewer)
        assert [s["tent"] for s in view["seats"]] == [5, 5, 0]
        assert view["state"] == ig.to_json(t.state)
        assert view["state"]["seed"] == t.state.seed
        assert view["outcome"]["winners"] == [0, 1]


def test_view_is_json_safe(table):
    t = returned_game(table)
    for viewer in (0, 1, None):
        view = ig.player_view(t.state, viewer)
        assert json.loads(json.dumps(view)) == view


def test_view_for_an_unknown_seat_is_an_error(table):
    t = returned_game(table)
    with pytest.raises(ValueError):
        ig.player_view(t.state, 3)


def test_own_legal_actions_are_in_the_view(table):
    t = returned_game(table)
    assert ig.player_view(t.state, 0)["legal_actions"] == []
    assert ig.player_view(t.state, 1)["legal_actions"] == ig.legal_actions(t.state, 1)
    assert "legal_actions" not in ig.player_view(t.state, None)


def test_only_a_seats_own_decision_event_carries_its_choice(table):
    t = returned_game(table)
    for event in t.events:
        if event["type"] == "decision":
            assert event["visible_to"] == [event["seat"]]
        else:
            assert event["visible_to"] is None
            assert "choice" not in event
