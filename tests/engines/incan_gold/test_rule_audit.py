"""Audit of `shared/rules/incan-gold.md`, sentence by sentence: edge cases no other test pinned.

Every test plays a fixed card order (the test-only `deck` option) and quotes the sentence it
checks; each one fails if the engine broke that sentence.
"""

from __future__ import annotations

from collections import Counter

import games.engines.incan_gold as ig
from games.engines.incan_gold.cards import EXPLORATION
from tests.engines.incan_gold.scenario import BUSTS, path_codes


def round_cards(state: ig.State) -> Counter:
    """The current round's deck: cards on the path plus cards still to draw."""
    return Counter(path_codes(state)) + Counter(state.deck)


# --- Step 4 comes before step 5 -------------------------------------------------------------


def test_lone_returner_does_not_take_an_artifact_flipped_after_the_return(table):
    """Step 4 (return) happens before step 5 (flip): "If k = 1, that player also takes every
    artifact lying on the path" means the path *before* the flip of the same reveal; the
    artifact turned afterwards stays for a later lone returner."""
    t = table(3, [["T3", "A5", "T1"]])
    t.step({0: "return", 1: "continue", 2: "continue"})
    assert path_codes(t.state) == ["T3", "A5"]
    assert t.state.seats[0].artifacts == ()
    assert t.of("return")[0]["artifacts"] == []
    assert t.state.seats[0].tent == 1
    t.step({1: "return", 2: "continue"})
    assert [a.code for a in t.state.seats[1].artifacts] == ["A5"]
    assert t.state.seats[1].tent == 1


def test_lone_returner_keeps_the_artifact_when_the_flip_of_the_same_reveal_busts(table):
    """ "Each returner puts what they carried plus that share into their tent: it is safe" and
    takes the artifacts alone; a second hazard flipped in that same reveal costs only those
    still inside."""
    # T13 among 3: 4 each, 1 on the card.
    t = table(3, [["T13", "A5", "fire", "fire"]])
    t.all("continue")
    t.all("continue")
    assert path_codes(t.state) == ["T13", "A5", "fire"]
    t.step({0: "return", 1: "continue", 2: "continue"})
    assert t.of("hazard")[0]["seats"] == [1, 2]
    assert t.state.round == 2
    assert [a.code for a in t.state.seats[0].artifacts] == ["A5"]
    assert [s.tent for s in t.state.seats] == [4 + 1, 0, 0]
    assert t.of("round_end")[0]["artifacts_lost"] == []


# --- Step 4 arithmetic -----------------------------------------------------------------------


def test_more_returners_than_path_gems_take_nothing_and_the_gems_wait_on_the_path(table):
    """ "Each returner gets floor(R / k); the rest, R mod k, stays on the path": with R < k
    every returner gets 0 and all R stays, for a later returner to take."""
    # T2 among 4: 0 each, 2 on the card. Three return: 0 each, 2 stay.
    t = table(4, [["T2", "T4"]])
    assert t.state.path_gems == 2
    t.step({0: "return", 1: "return", 2: "return", 3: "continue"})
    ret = t.of("return")[0]
    assert (ret["share"], ret["left_on_path"]) == (0, 2)
    assert [s.tent for s in t.state.seats] == [0, 0, 0, 0]
    # T4 to seat 3 alone: 4 carried, nothing more on the path.
    assert t.state.seats[3].carried == 4 and t.state.path_gems == 2
    t.step({3: "return"})
    assert [s.tent for s in t.state.seats] == [0, 0, 0, 4 + 2]
    assert t.of("round_end")[0]["gems_lost"] == 0


def test_last_player_returning_alone_takes_all_gems_and_artifacts_and_ends_the_round(table):
    """k = 1 also when the lone returner is the last one in the temple: they take all R and
    every artifact; then "the round ends when everyone has returned" with nothing lost."""
    # 4 seats: T5 gives 1 each (1 left); A5; seats 0-2 return together (k = 3, R = 1: 0 each).
    t = table(4, [["T5", "A5", "T3"]])
    t.all("continue")
    t.step({0: "return", 1: "return", 2: "return", 3: "continue"})
    assert path_codes(t.state) == ["T5", "A5", "T3"]
    assert [s.tent for s in t.state.seats[:3]] == [1, 1, 1]
    assert all(not s.artifacts for s in t.state.seats)
    # T3 to seat 3 alone: 3 carried; the 1 left by T5 still lies on the path.
    assert t.state.seats[3].carried == 1 + 3 and t.state.path_gems == 1
    t.step({3: "return"})
    assert t.state.seats[3].tent == 1 + 3 + 1
    assert [a.code for a in t.state.seats[3].artifacts] == ["A5"]
    end = t.of("round_end")[0]
    assert end["reason"] == "all returned"
    assert (end["gems_lost"], end["artifacts_lost"]) == (0, [])
    assert t.state.round == 2


# --- Step 5 and the quick start ---------------------------------------------------------------


def test_quick_start_hazard_counts_as_the_first_of_its_kind(table):
    """ "Hazard, second of its kind on the path this round": the hazard turned at the entrance
    (quick start) is on the path and makes a later one of its kind the second."""
    t = table(3, [["fire", "T9", "T4", "fire"]])
    assert path_codes(t.state) == ["fire", "T9"]
    t.step({0: "return", 1: "continue", 2: "continue"})
    assert t.state.seats[0].tent == 3
    t.all("continue")
    hazard = t.of("hazard")[0]
    assert hazard["kind"] == "fire" and hazard["seats"] == [1, 2]
    assert hazard["lost"] == {"1": 3 + 2, "2": 3 + 2}
    assert t.state.removed == ("fire",) and t.state.round == 2


def test_quick_start_turns_an_artifact_at_once_and_then_asks(table):
    """Quick start: "if the very first card of a round is a hazard, flip the next card at once
    without a decision step"; an artifact as that next card lies on the path and the decision
    follows (a lone returner then takes it)."""
    t = table(3, [["snakes", "A5", "T3"]])
    assert path_codes(t.state) == ["snakes", "A5"]
    assert t.state.turn == 0 and ig.to_act(t.state) == frozenset({0, 1, 2})
    t.step({0: "continue", 1: "return", 2: "continue"})
    assert [a.code for a in t.state.seats[1].artifacts] == ["A5"]


# --- Step 1 and the end of a round: artifacts kept over several rounds -----------------------


def test_artifacts_undrawn_for_four_rounds_are_all_in_the_fifth_deck(table):
    """ "plus every artifact added earlier that was never drawn" and "Undrawn artifacts stay in
    the deck for later rounds": rounds 1-4 bust at once, so round 5 holds all five artifacts
    and 30 - 4 removed hazards exploration cards; a lone returner takes them all."""
    busts = [["fire", "fire"], *BUSTS[:3]]
    t = table(3, [*busts, ["A10", "A5", "A12", "A8", "A7"]])
    assert t.state.round == 5
    expected = Counter(EXPLORATION)
    expected.subtract(["fire", "spiders", "snakes", "mummies"])
    expected.update(["A5", "A7", "A8", "A10", "A12"])
    assert round_cards(t.state) == +expected
    assert ig.player_view(t.state, None)["deck_count"] == 31 - 1
    for _ in range(4):
        t.all("continue")
    assert path_codes(t.state) == ["A10", "A5", "A12", "A8", "A7"]
    t.step({0: "continue", 1: "continue", 2: "return"})
    assert sorted(a.value for a in t.state.seats[2].artifacts) == [5, 7, 8, 10, 12]


def test_an_artifact_skipped_twice_is_still_drawn_in_round_three(table):
    """ "every artifact added earlier that was never drawn": A5 survives two rounds it was not
    drawn in (one ended by a hazard, one by everyone returning)."""
    t = table(3, [["fire", "fire"], ["T1"], ["A5", "A7", "A8"]])
    assert t.state.round == 2
    assert round_cards(t.state)["A5"] == 1 and round_cards(t.state)["A7"] == 1
    t.all("return")
    assert t.state.round == 3
    cards = round_cards(t.state)
    assert (cards["A5"], cards["A7"], cards["A8"], cards["A10"]) == (1, 1, 1, 0)
    assert sum(cards.values()) == 30 - 1 + 3
    assert ig.player_view(t.state, 0)["artifacts_in_deck"] == ["A7", "A8"]


# --- Options: diamant -------------------------------------------------------------------------


def test_diamant_counts_only_artifacts_taken_not_those_lost_on_the_path(table):
    """`diamant`: "the first three artifacts taken are worth 5 each, the fourth and fifth 10
    each". A5 is drawn but lost on the path (k = 2), so A7, A8, A10 are the first three taken
    (5 each) and A12 the fourth (10)."""
    rounds = [
        ["A5", "fire", "fire"],
        ["A7", "snakes", "snakes"],
        ["A8", "spiders", "spiders"],
        ["A10", "mummies", "mummies"],
        ["A12", "rockfall", "rockfall"],
    ]
    t = table(3, rounds, artifact_values="diamant")
    t.step({0: "return", 1: "return", 2: "continue"})
    t.step({2: "continue"})
    assert t.of("round_end")[0]["artifacts_lost"] == ["A5"]
    for taker in (0, 1, 2, 0):
        t.step({s: "return" if s == taker else "continue" for s in range(3)})
        t.all("continue")
    assert ig.is_over(t.state)
    values = [[(a.code, a.value) for a in s.artifacts] for s in t.state.seats]
    assert values == [[("A7", 5), ("A12", 10)], [("A8", 5)], [("A10", 5)]]
    assert ig.outcome(t.state).scores == (15, 5, 5)


# --- End of the game: ties -------------------------------------------------------------------


def _round_five_tie(table):
    """Seat 1 takes A5 alone in round 1; in round 5 seat 0 takes A12 alone (12 points) and
    seat 1 brings home 7 gems (5 + 7 = 12 points): equal scores, one artifact each."""
    rounds = [["A5", "fire", "fire"], *BUSTS[:3], ["A12", "T14", "rockfall", "rockfall"]]
    t = table(3, rounds)
    t.step({0: "continue", 1: "return", 2: "continue"})
    t.all("continue")
    assert t.state.round == 5
    t.step({0: "return", 1: "continue", 2: "continue"})
    t.step({1: "return", 2: "continue"})
    t.step({2: "continue"})
    assert ig.is_over(t.state)
    return t


def test_tie_on_score_and_artifact_count_is_shared_whatever_the_artifact_values(table):
    """ "Tie: the tied player with more artifacts wins; still tied: they share the win": the
    tie-break counts artifacts, not their values, so 12 (A12) and 12 (A5 + 7 gems) share."""
    t = _round_five_tie(table)
    result = ig.outcome(t.state)
    assert result.scores == (12, 12, 0)
    assert result.artifacts == (1, 1, 0)
    assert result.places == (1, 1, 3)
    assert result.winners == (0, 1)
    assert t.of("game_over")[0]["winners"] == [0, 1]


def test_three_way_tie_is_broken_by_artifacts_and_the_rest_share_second(table):
    """A three-way tie on score: the one with more artifacts wins alone; the two still tied
    (equal score and artifacts) share the next place."""
    # Round 1: T15 gives 5 each; seat 0 returns alone and takes A5 (5 + 5 = 10 points).
    # Seats 1 and 2 then return together with 5 each plus T11's 3 each (10 points, no artifact).
    # T11 among 2: 5 each, 1 on the card; split between two: 0 each, 1 stays.
    t = table(3, [["T15", "A5", "T11", "fire", "fire"], *BUSTS])
    t.all("continue")
    t.step({0: "return", 1: "continue", 2: "continue"})
    assert [a.code for a in t.state.seats[0].artifacts] == ["A5"]
    t.step({1: "return", 2: "return"})
    # Rounds 2-5 bust on their opening cards, so the game is over.
    assert ig.is_over(t.state)
    result = ig.outcome(t.state)
    assert result.scores == (10, 10, 10)
    assert result.places == (1, 2, 2)
    assert result.winners == (0,)


# --- Step 3: a new decision after every reveal -----------------------------------------------


def test_each_turn_asks_a_fresh_secret_decision(table):
    """Step 6 "Back to step 3": after a reveal every choice is cleared; a seat's next decision
    is announced publicly again as "decided" and its choice stays private."""
    t = table(3, [["T3", "T4", "T5"]])
    t.all("continue")
    assert all(s.decision is None for s in t.state.seats)
    assert ig.to_act(t.state) == frozenset({0, 1, 2})
    events = t.step({1: "return"})
    assert [(e["type"], e["visible_to"]) for e in events] == [("decided", None), ("decision", [1])]
    assert "choice" not in events[0]
    for viewer in (None, 0, 2):
        assert ig.player_view(t.state, viewer)["seats"][1]["decided"] is True
        assert ig.player_view(t.state, viewer).get("decision") is None
