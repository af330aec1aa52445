"""Simultaneous secret decisions and the validation of actions."""

from __future__ import annotations

import copy

import pytest

import games.engines.incan_gold as ig

CONTINUE = {"type": "decide", "choice": "continue"}
RETURN = {"type": "decide", "choice": "return"}


def test_every_player_in_the_temple_decides_simultaneously(table):
    t = table(4, [["T3"]])
    assert ig.to_act(t.state) == frozenset({0, 1, 2, 3})
    state = ig.apply(t.state, 2, RETURN).state
    assert ig.to_act(state) == frozenset({0, 1, 3})
    assert state.path == t.state.path


def test_decided_seat_may_change_its_choice_until_the_last_one_is_in(table):
    t = table(3, [["T3", "T4"]])
    state = ig.apply(t.state, 0, RETURN).state
    assert ig.legal_actions(state, 0) == [CONTINUE, RETURN]
    changed = ig.apply(state, 0, CONTINUE)
    assert changed.state.seats[0].decision is ig.Choice.CONTINUE
    # Only the seat itself hears of the change; the others already know it has decided.
    assert [e["type"] for e in changed.events] == ["decision"]
    assert changed.events[0]["changed"] is True and changed.events[0]["visible_to"] == [0]
    assert ig.player_view(changed.state, 1) == ig.player_view(state, 1)
    state = ig.apply(changed.state, 1, CONTINUE).state
    progress = ig.apply(state, 2, CONTINUE)
    reveal = [e for e in progress.events if e["type"] == "reveal"][0]
    assert reveal["continuing"] == [0, 1, 2] and reveal["returning"] == []


def test_choosing_again_what_a_seat_already_chose_changes_nothing(table):
    t = table(3, [["T3", "T4"]])
    state = ig.apply(t.state, 0, RETURN).state
    again = ig.apply(state, 0, RETURN)
    assert again.state == state
    assert list(again.events) == []
    assert ig.to_act(again.state) == ig.to_act(state)


def test_nobody_sees_a_choice_before_everyone_has_chosen(table):
    t = table(3, [["T3", "T4"]])
    progress = ig.apply(t.state, 1, RETURN)
    for event in progress.events:
        if "choice" in event:
            assert event["visible_to"] == [1]
        else:
            assert event["visible_to"] is None
    other = ig.apply(t.state, 1, CONTINUE)
    for viewer in (0, 2, None):
        view = ig.player_view(progress.state, viewer)
        assert view["seats"][1]["decided"] is True
        assert view.get("decision") is None
        # The view is the same whichever way seat 1 chose.
        assert view == ig.player_view(other.state, viewer)
    assert ig.player_view(other.state, 1)["decision"] == "continue"
    assert ig.player_view(progress.state, 1)["decision"] == "return"


def test_all_choices_are_revealed_at_once_after_the_last_decision(table):
    t = table(3, [["T3", "T4"]])
    state = ig.apply(t.state, 0, RETURN).state
    state = ig.apply(state, 2, CONTINUE).state
    last = ig.apply(state, 1, RETURN)
    reveal = [e for e in last.events if e["type"] == "reveal"]
    assert len(reveal) == 1 and reveal[0]["visible_to"] is None
    assert reveal[0]["returning"] == [0, 1] and reveal[0]["continuing"] == [2]
    assert all(seat.decision is None for seat in last.state.seats)


def test_who_has_decided_is_public(table):
    t = table(3, [["T3"]])
    state = ig.apply(t.state, 0, CONTINUE).state
    spectator = ig.player_view(state, None)
    assert [s["decided"] for s in spectator["seats"]] == [True, False, False]
    assert spectator["to_act"] == [1, 2]


def test_apply_never_mutates_its_input(table):
    t = table(3, [["T3", "T4"]])
    before = copy.deepcopy(ig.to_json(t.state))
    ig.apply(t.state, 0, RETURN)
    ig.apply(ig.apply(ig.apply(t.state, 0, RETURN).state, 1, RETURN).state, 2, CONTINUE)
    assert ig.to_json(t.state) == before


@pytest.mark.parametrize(
    ("action", "code", "params"),
    [
        ("return", "not_an_object", {}),
        (None, "not_an_object", {}),
        ({}, "no_type", {}),
        ({"type": "move"}, "unknown_type", {"type": "move"}),
        ({"type": "decide"}, "no_choice", {}),
        ({"type": "decide", "choice": "maybe"}, "unknown_choice", {"choice": "maybe"}),
        ({"type": "decide", "choice": 1}, "unknown_choice", {"choice": "1"}),
        ({"type": "decide", "choice": "return", "seat": 2}, "unexpected_field", {"field": "seat"}),
    ],
)
def test_malformed_actions_are_illegal_with_a_code(table, action, code, params):
    t = table(3, [["T3"]])
    with pytest.raises(ig.IllegalAction) as refused:
        ig.apply(t.state, 0, action)
    assert (refused.value.code, refused.value.params) == (code, params)
    assert code in ig.ERROR_CODES


@pytest.mark.parametrize("seat", [-1, 3, 99, "0", None, True])
def test_seat_out_of_range_is_illegal(table, seat):
    t = table(3, [["T3"]])
    with pytest.raises(ig.IllegalAction) as refused:
        ig.apply(t.state, seat, RETURN)
    assert refused.value.code == "no_such_seat"
    assert refused.value.params == {"seat": str(seat), "players": 3}


def test_acting_in_a_finished_game_is_illegal(table):
    t = table(3, [["fire", "fire"], *[[k, k] for k in ("snakes", "spiders", "mummies")], ["T1"]])
    t.all("return")
    assert ig.is_over(t.state)
    assert ig.to_act(t.state) == frozenset()
    assert ig.legal_actions(t.state, 0) == []
    with pytest.raises(ig.IllegalAction) as refused:
        ig.apply(t.state, 0, CONTINUE)
    assert refused.value.code == "game_over"


def test_illegal_action_is_a_value_error():
    assert issubclass(ig.IllegalAction, ValueError)
