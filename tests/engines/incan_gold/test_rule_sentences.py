"""Rule sentences of `shared/rules/incan-gold.md` that no other scenario test pinned.

Each test quotes (or paraphrases) the sentence it pins and checks the exact outcome on a fixed
card order, so it fails if the engine breaks that sentence.
"""

from __future__ import annotations

from collections import Counter

import pytest

import games.engines.incan_gold as ig
from games.engines.incan_gold.cards import EXPLORATION


def path_codes(state: ig.State) -> list[str]:
    return [card.code for card in state.path]


def round_cards(state: ig.State) -> Counter:
    """Every card of the current round's deck: those on the path and those still to draw."""
    return Counter(path_codes(state)) + Counter(state.deck)


def test_later_round_deck_is_exploration_minus_removed_hazards_plus_undrawn_artifacts(table):
    """ "The deck is: the 30 exploration cards, minus every hazard card removed in earlier
    rounds, plus every artifact added earlier that was never drawn" (step 1).

    Round 1: A5 is drawn and taken, then fire busts. Round 2: snakes busts before A7 is drawn.
    Round 3 holds exactly 30 - fire - snakes + A7 + A8: treasures and the first hazard of each
    pair come back, the drawn A5 does not.
    """
    t = table(3, [["A5", "fire", "fire"], ["snakes", "snakes"]])
    t.step({0: "return", 1: "continue", 2: "continue"})
    t.step({1: "continue", 2: "continue"})
    assert t.state.round == 3
    assert [a.code for a in t.state.seats[0].artifacts] == ["A5"]
    expected = Counter(EXPLORATION)
    expected.subtract({"fire": 1, "snakes": 1})
    expected.update(["A7", "A8"])
    assert round_cards(t.state) == +expected
    assert sum(round_cards(t.state).values()) == 30


def test_a_hazard_kind_seen_in_an_earlier_round_does_not_count_as_a_first(table):
    """ "Hazard, second of its kind on the path *this round*": a fire from round 1 (kept or
    removed) does not make round 2's first fire a second one; nothing happens."""
    # Round 1: one fire, then everyone returns; the fire is not removed.
    t = table(3, [["T3", "fire"], ["T1", "fire"]])
    t.all("continue")
    t.all("return")
    assert t.state.round == 2 and t.state.removed == ()
    t.all("continue")
    assert path_codes(t.state) == ["T1", "fire"]
    assert t.state.round == 2 and not t.of("hazard")
    assert ig.to_act(t.state) == frozenset({0, 1, 2})
    # Round 1 busts on fire (one fire removed); round 2's single fire is still harmless.
    u = table(3, [["fire", "fire"], ["T1", "fire"]])
    assert u.state.round == 2 and u.state.removed == ("fire",)
    u.all("continue")
    assert path_codes(u.state) == ["T1", "fire"]
    assert u.state.round == 2 and len(u.of("hazard")) == 1


def test_artifact_left_by_several_returners_is_taken_by_a_later_lone_returner(table):
    """ "If k >= 2, nobody takes them and they stay on the path" and "If k = 1, that player also
    takes every artifact lying on the path": a later lone returner takes the left artifact."""
    # 4 seats: A5 first; seats 0 and 1 return together; T1 among 2 gives 0 each, 1 on the card.
    t = table(4, [["A5", "T1"]])
    t.step({0: "return", 1: "return", 2: "continue", 3: "continue"})
    assert all(not s.artifacts for s in t.state.seats)
    assert path_codes(t.state) == ["A5", "T1"] and t.state.path_gems == 1
    t.step({2: "return", 3: "continue"})
    assert [(a.code, a.value) for a in t.state.seats[2].artifacts] == [("A5", 5)]
    assert t.state.seats[2].tent == 1
    assert "A5" not in path_codes(t.state)
    assert not t.state.seats[3].artifacts


def test_returners_in_the_same_reveal_as_a_bust_are_safe(table):
    """Return (step 4) comes before the flip (step 5): a player who returns in the reveal whose
    flip is a second hazard keeps carried gems and share; only those still inside drop theirs."""
    # T11 among 3: 3 each, 2 on the card.
    t = table(3, [["T11", "fire", "fire"]])
    t.all("continue")
    t.step({0: "return", 1: "continue", 2: "continue"})
    hazard = t.of("hazard")[0]
    assert hazard["seats"] == [1, 2] and hazard["lost"] == {"1": 3, "2": 3}
    assert [s.tent for s in t.state.seats] == [3 + 2, 0, 0]
    assert t.state.round == 2 and t.state.removed == ("fire",)


def test_artifacts_left_when_everyone_returns_together_leave_the_game(table):
    """ "Artifacts left on the path leave the game (they are not shuffled back)": also when the
    round ends because everyone returned (k >= 2), not only on a hazard."""
    t = table(3, [["A5"]])
    t.all("return")
    end = t.of("round_end")[0]
    assert end["reason"] == "all returned" and end["artifacts_lost"] == ["A5"]
    assert all(not s.artifacts for s in t.state.seats)
    assert t.state.round == 2
    assert round_cards(t.state)["A5"] == 0
    assert round_cards(t.state)["A7"] == 1
    assert sum(round_cards(t.state).values()) == 31


@pytest.mark.parametrize(
    ("scheme", "values"),
    [("incan-gold", [5, 7, 8, 10]), ("diamant", [5, 5, 5, 10])],
)
def test_lone_returner_takes_four_artifacts_at_once_valued_by_the_scheme(table, scheme, values):
    """ "If k = 1, that player also takes every artifact lying on the path"; with `diamant` "the
    first three artifacts taken are worth 5 each, the fourth and fifth 10 each", even when the
    third and fourth are taken in one return."""
    busts = [["fire", "fire"], ["snakes", "snakes"], ["spiders", "spiders"]]
    fourth = ["A5", "A7", "A8", "A10", "rockfall", "rockfall"]
    rounds = [*busts, fourth, ["A12", "mummies", "mummies"]]
    t = table(3, rounds, artifact_values=scheme)
    assert t.state.round == 4
    for _ in range(3):
        t.all("continue")
    assert path_codes(t.state) == ["A5", "A7", "A8", "A10"]
    t.step({0: "return", 1: "continue", 2: "continue"})
    assert [a.code for a in t.state.seats[0].artifacts] == ["A5", "A7", "A8", "A10"]
    assert [a.value for a in t.state.seats[0].artifacts] == values
    t.all("continue")  # the second rockfall: seats 1 and 2 carried nothing
    assert t.state.round == 5
    # Round 5: seat 1 takes the fifth artifact alone; the others are caught by mummies.
    t.step({0: "continue", 1: "return", 2: "continue"})
    t.all("continue")
    assert ig.is_over(t.state)
    fifth = 12 if scheme == "incan-gold" else 10
    assert [a.value for a in t.state.seats[1].artifacts] == [fifth]
    assert ig.outcome(t.state).scores == (sum(values), fifth, 0)


def test_treasure_worth_less_than_the_players_inside_lies_whole_on_the_card(table):
    """ "Treasure worth v with n players in the temple: each gets floor(v / n) ...; v mod n lies
    on that card": 7 among 8 gives nothing to anyone and leaves 7 on the card."""
    t = table(8, [["T7"]])
    assert [s.carried for s in t.state.seats] == [0] * 8
    assert t.state.path[0].gems == 7
    t.step({s: "return" if s == 5 else "continue" for s in range(8)})
    assert t.state.seats[5].tent == 7
    assert t.of("return")[0]["share"] == 7 and t.of("return")[0]["left_on_path"] == 0


@pytest.mark.parametrize("quick_start", [True, False])
def test_quick_start_option_holds_in_later_rounds(table, quick_start):
    """ "Quick start: if the very first card of a round is a hazard, flip the next card at once
    without a decision step": in every round, and never when the option is off."""
    t = table(3, [["T1"], ["snakes", "T7"]], quick_start=quick_start)
    t.all("return")
    assert t.state.round == 2
    if quick_start:
        assert path_codes(t.state) == ["snakes", "T7"]
        assert [s.carried for s in t.state.seats] == [2, 2, 2]
        assert [e["hazard"] for e in t.of("quick_start")] == ["snakes"]
    else:
        assert path_codes(t.state) == ["snakes"]
        assert [s.carried for s in t.state.seats] == [0, 0, 0]
        assert not t.of("quick_start")
    assert ig.to_act(t.state) == frozenset({0, 1, 2})


def test_a_change_of_mind_never_triggers_the_reveal(table):
    """ "A player may change their choice until the last one is in. Then all choices are revealed
    at once": with one seat still to choose, changes by the others reveal nothing and flip
    nothing; the reveal uses the choices standing when the last one is in."""
    t = table(3, [["T3", "T4"]])
    t.step({0: "return", 1: "continue"})
    events = t.step({0: "continue"}) + t.step({1: "return"}) + t.step({0: "return"})
    assert [e["type"] for e in events] == ["decision", "decision", "decision"]
    assert path_codes(t.state) == ["T3"]
    assert ig.to_act(t.state) == frozenset({2})
    events = t.step({2: "continue"})
    reveal = [e for e in events if e["type"] == "reveal"]
    assert len(reveal) == 1
    assert reveal[0]["returning"] == [0, 1] and reveal[0]["continuing"] == [2]
    assert path_codes(t.state) == ["T3", "T4"]
    assert [s.tent for s in t.state.seats[:2]] == [1, 1]


def test_decided_flag_covers_only_players_in_the_temple(table):
    """ "Who has already decided this turn" is public, for the players still in the temple:
    the reveal waits only for them, and a returned player is never shown as deciding."""
    t = table(3, [["T1", "T2", "T3"]])
    t.step({0: "return", 1: "continue", 2: "continue"})
    t.step({1: "continue"})
    for viewer in (None, 0, 1, 2):
        view = ig.player_view(t.state, viewer)
        assert [s["decided"] for s in view["seats"]] == [False, True, False]
        assert [s["in_temple"] for s in view["seats"]] == [False, True, True]
        assert view["to_act"] == [2]
    t.step({2: "continue"})
    assert path_codes(t.state) == ["T1", "T2", "T3"]
