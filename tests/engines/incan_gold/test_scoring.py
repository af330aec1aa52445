"""End of the game, scores, places, tie-breaks and the artifact value schemes."""

from __future__ import annotations

import json

import games.engines.incan_gold as ig

QUICK_BUSTS = [
    ["spiders", "spiders"],
    ["snakes", "snakes"],
    ["mummies", "mummies"],
    ["rockfall", "rockfall"],
]


def test_game_ends_after_round_five_with_score_tent_plus_artifacts(table):
    # Round 1: T4 gives 1 each (1 left); seat 0 returns alone with 2 gems and the 5 artifact.
    t = table(3, [["T4", "A5", "T11", "fire", "fire"], *QUICK_BUSTS])
    t.all("continue")
    t.step({0: "return", 1: "continue", 2: "continue"})
    assert ig.outcome(t.state) is None
    t.step({1: "return", 2: "continue"})
    t.step({2: "continue"})
    assert ig.is_over(t.state)
    result = ig.outcome(t.state)
    assert result.scores == (2 + 5, 1 + 5 + 1, 0)
    assert result.artifacts == (1, 0, 0)


def test_tie_is_won_by_the_tied_player_with_more_artifacts(table):
    t = table(3, [["T4", "A5", "T11", "fire", "fire"], *QUICK_BUSTS])
    t.all("continue")
    t.step({0: "return", 1: "continue", 2: "continue"})
    t.step({1: "return", 2: "continue"})
    t.step({2: "continue"})
    result = ig.outcome(t.state)
    assert result.scores[0] == result.scores[1] == 7
    assert result.places == (1, 2, 3)
    assert result.winners == (0,)


def test_tie_on_score_and_artifacts_is_a_shared_win(table):
    # T14 among 3: 4 each, 2 on the path; seats 0 and 1 return together with 5 each.
    t = table(3, [["T14", "fire", "fire"], *QUICK_BUSTS])
    t.step({0: "return", 1: "return", 2: "continue"})
    t.step({2: "continue"})
    result = ig.outcome(t.state)
    assert result.scores == (5, 5, 0)
    assert result.places == (1, 1, 3)
    assert result.winners == (0, 1)


def test_places_after_a_shared_place_skip_accordingly(table):
    t = table(4, [["T9", "fire", "fire"], *QUICK_BUSTS])
    # T9 among 4: 2 each, 1 on the path; seats 0 and 1 return together (0 each from the path).
    t.step({0: "return", 1: "return", 2: "continue", 3: "continue"})
    t.step({2: "return", 3: "continue"})
    result = ig.outcome(t.state)
    assert result.scores == (2, 2, 3, 0)
    assert result.places == (2, 2, 1, 4)


def test_outcome_to_dict_is_json_safe(table):
    t = table(3, [["T14", "fire", "fire"], *QUICK_BUSTS])
    t.all("return")
    data = ig.outcome(t.state).to_dict()
    assert json.loads(json.dumps(data)) == data
    assert set(data) == {"scores", "artifacts", "places", "winners"}
    assert t.of("game_over")[0]["places"] == data["places"]


def _lone_artifact_game(table, scheme):
    # Each round opens on its artifact; seat r % 3 takes it alone, the others then bust.
    hazards = ["spiders", "snakes", "mummies", "fire", "rockfall"]
    rounds = [[art, h, h] for art, h in zip(["A5", "A7", "A8", "A10", "A12"], hazards, strict=True)]
    t = table(3, rounds, artifact_values=scheme)
    for r in range(5):
        taker = r % 3
        t.step({s: "return" if s == taker else "continue" for s in range(3)})
        t.step({s: "continue" for s in t.temple()})
    assert ig.is_over(t.state)
    return t


def test_incan_gold_artifacts_score_their_printed_values(table):
    t = _lone_artifact_game(table, "incan-gold")
    assert [[a.value for a in s.artifacts] for s in t.state.seats] == [[5, 10], [7, 12], [8]]
    assert ig.outcome(t.state).scores == (15, 19, 8)


def test_diamant_first_three_artifacts_taken_are_worth_5_later_ones_10(table):
    t = _lone_artifact_game(table, "diamant")
    assert [[a.value for a in s.artifacts] for s in t.state.seats] == [[5, 10], [5, 10], [5]]
    assert ig.outcome(t.state).scores == (15, 15, 5)


def test_diamant_values_follow_the_order_taken_not_the_card(table):
    # Round 1 busts at once, so round 2 holds A5 and A7; the lone taker gets both as 5s.
    t = table(3, [["fire", "fire"], ["A7", "A5"], ["A8"]], artifact_values="diamant")
    t.all("continue")
    t.step({0: "return", 1: "continue", 2: "continue"})
    assert [(a.code, a.value) for a in t.state.seats[0].artifacts] == [("A7", 5), ("A5", 5)]
    t.all("return")
    t.step({1: "return", 0: "continue", 2: "continue"})
    assert [(a.code, a.value) for a in t.state.seats[1].artifacts] == [("A8", 5)]
