"""Narration of events and the gem display."""

from __future__ import annotations

import pytest

import games.engines.incan_gold as ig
from games.help import incan_gold as say
from games.help.incan_gold import gems_text

NAMES = ["Ana", "Bo", "Cy"]


@pytest.fixture
def table():
    """A game on a fixed card order (the engine tests' own fixture)."""
    from tests.engines.incan_gold.conftest import start

    return start


def narrate(events):
    return [say.describe_event(e, NAMES) for e in events]


def test_hazard_narration_names_who_dropped_how_much(table):
    # T15 among 3: 5 each; Cy returns; Ana and Bo are caught by the second snakes.
    t = table(3, [["T15", "snakes", "T4", "snakes"]])
    t.step({0: "continue", 1: "continue", 2: "return"})
    t.all("continue")
    t.all("continue")
    hazard = [e for e in t.events if e["type"] == "hazard"][0]
    assert say.describe_event(hazard, NAMES) == "Snakes! Ana and Bo drop 14 gems"


def test_lone_return_narration_mentions_gems_and_artifacts(table):
    t = table(3, [["T13", "A5"]])
    t.all("continue")
    events = t.step({0: "continue", 1: "continue", 2: "return"})
    assert "Cy returns alone with 5 gems and the 5 artifact" in narrate(events)


def test_shared_return_narration(table):
    t = table(3, [["T14"]])
    events = t.step({0: "return", 1: "return", 2: "continue"})
    assert "Back to camp: Ana with 5 gems, Bo with 5 gems" in narrate(events)
    assert "Ana and Bo head back to camp; Cy presses on." in narrate(events)


def test_every_event_of_a_game_has_narration():
    state = ig.new_game(3, 9)
    seen = set()
    while not ig.is_over(state):
        seat = min(ig.to_act(state))
        progress = ig.apply(state, seat, {"type": "decide", "choice": "continue"})
        for event in progress.events:
            text = say.describe_event(event, NAMES)
            assert text and text != event["type"]
            seen.add(event["type"])
        state = progress.state
    assert {"decided", "decision", "reveal", "flip", "hazard", "round_end", "game_over"} <= seen


def test_gems_are_shown_as_the_fewest_gems():
    assert gems_text(17) == "1 gold, 1 obsidian, 2 turquoise"
    assert gems_text(5) == "1 obsidian"
    assert gems_text(0) == "nothing"


def test_narration_agrees_in_number():
    hazard = {"type": "hazard", "kind": "fire", "seats": [0], "total": 0}
    assert say.describe_event(hazard, NAMES) == "Fire! Ana drops nothing"
    one_lost = {"type": "round_end", "round": 2, "artifacts_lost": ["A7"]}
    assert say.describe_event(one_lost, NAMES).endswith("the 7 artifact left on the path is lost.")
    two_lost = {"type": "round_end", "round": 2, "artifacts_lost": ["A7", "A8"]}
    assert say.describe_event(two_lost, NAMES).endswith("left on the path are lost.")
    back = {
        "type": "return",
        "returners": [{"seat": 0, "gems": 3}, {"seat": 1, "gems": 3}],
        "artifacts": [],
        "left_on_path": 1,
    }
    assert say.describe_event(back, NAMES).endswith("; 1 gem stays on the path")


def test_round_summary_tells_the_last_rounds_ending_until_the_next_round_reveals():
    import games.engines.incan_gold as ig

    assert ig.round_summary([]) is None
    events = [
        {"type": "reveal", "returning": [], "continuing": [0, 1]},
        {"type": "flip", "card": "snakes", "kind": "hazard"},
        {"type": "hazard", "kind": "snakes", "seats": [0, 1], "total": 7},
        {"type": "round_end", "round": 2, "reason": "hazard", "gems_lost": 3, "artifacts_lost": []},
        {"type": "round_start", "round": 3, "artifact": "A7", "deck_size": 30},
        {"type": "flip", "card": "T5", "kind": "treasure"},
    ]
    summary = ig.round_summary(events)
    assert summary["round"] == 2 and summary["reason"] == "hazard" and summary["gems_lost"] == 3
    assert [e["type"] for e in summary["events"]] == ["hazard", "round_end"]
    later = [*events, {"type": "reveal", "returning": [0], "continuing": [1]}]
    assert ig.round_summary(later) is None


def test_a_choice_is_marked_secret_only_for_the_seat_that_made_it():

    event = {"type": "decision", "seat": 0, "choice": "return", "visible_to": [0]}
    assert say.describe_event(event, ["ana", "bo"], 0) == "ana chooses to return (secret)."
    assert say.describe_event(event, ["ana", "bo"], None) == "ana chooses to return."


def test_each_decision_has_its_button_text():
    import games.engines.incan_gold as ig

    state = ig.new_game(3, 1)
    labels = [say.describe_choice(state, a) for a in ig.legal_actions(state, 0)]
    assert labels == ["Continue", "Return to camp"]


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (1, "1 turquoise"),
        (4, "4 turquoise"),
        (9, "1 obsidian, 4 turquoise"),
        (10, "1 gold"),
        (15, "1 gold, 1 obsidian"),
        (34, "3 gold, 4 turquoise"),
    ],
)
def test_values_are_shown_as_the_fewest_gems(value, text):
    """ "Turquoise = 1, obsidian = 5, gold = 10 ... the board shows them as the fewest gems"."""
    assert gems_text(value) == text


def test_describe_action_is_the_short_text():
    assert say.describe_action({"type": "decide", "choice": "continue"}) == "continue"
    assert say.describe_action({"type": "decide", "choice": "return"}) == "return"
