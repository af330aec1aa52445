"""Scenario tests on fixed decks, one per sentence of the round rules."""

from __future__ import annotations

from collections import Counter

import pytest

import games.engines.incan_gold as ig
from games.engines.incan_gold.cards import EXPLORATION
from tests.engines.incan_gold.scenario import BUSTS, path_codes


def test_round_starts_with_a_flip_not_a_decision(table):
    t = table(3, [["T9"]])
    assert path_codes(t.state) == ["T9"]
    assert t.state.turn == 0
    assert ig.to_act(t.state) == frozenset({0, 1, 2})
    assert [e["type"] for e in t.events] == ["round_start", "flip"]


def test_round_one_deck_is_thirty_exploration_cards_plus_the_5_artifact(table):
    t = table(3, [["T9"]])
    cards = Counter(path_codes(t.state)) + Counter(t.state.deck)
    assert cards == Counter(EXPLORATION) + Counter(["A5"])
    assert sum(c for code, c in cards.items() if code.startswith("T")) == 15
    assert sorted(int(code[1:]) for code in EXPLORATION if code.startswith("T")) == [
        1, 2, 3, 4, 5, 5, 7, 7, 9, 11, 11, 13, 14, 15, 17,
    ]  # fmt: skip
    assert {
        k: cards[k] for k in ("spiders", "snakes", "mummies", "fire", "rockfall")
    } == dict.fromkeys(("spiders", "snakes", "mummies", "fire", "rockfall"), 3)


def test_one_artifact_joins_the_deck_each_round_in_order(table):
    t = table(3, BUSTS + [["fire", "fire"]])
    assert [e["artifact"] for e in t.of("round_start")] == ["A5", "A7", "A8", "A10", "A12"]
    assert ig.is_over(t.state)


def test_game_has_five_rounds(table):
    t = table(3, BUSTS)
    assert t.state.round == 5 and not ig.is_over(t.state)
    t.all("return")
    assert ig.is_over(t.state)
    assert [e["round"] for e in t.of("round_end")] == [1, 2, 3, 4, 5]


def test_treasure_is_split_evenly_among_players_in_the_temple_remainder_on_the_card(table):
    # The seed's example: 11 gems among 4 players gives 2 each and leaves 3 on the card.
    t = table(4, [["T11"]])
    assert [s.carried for s in t.state.seats] == [2, 2, 2, 2]
    assert t.state.path[0].gems == 3
    assert [s.tent for s in t.state.seats] == [0, 0, 0, 0]


def test_treasure_is_shared_only_by_players_still_in_the_temple(table):
    t = table(4, [["T1", "T9"]])
    t.step({0: "return", 1: "continue", 2: "continue", 3: "continue"})
    assert [s.carried for s in t.state.seats] == [0, 3, 3, 3]
    assert t.state.path[-1].gems == 0


def test_returners_split_path_gems_floor_and_remainder_stays_on_path(table):
    # T11 among 4: 2 each, 3 on the path; two returners take 1 each and 1 stays.
    t = table(4, [["T11", "T7"]])
    t.step({0: "return", 1: "return", 2: "continue", 3: "continue"})
    assert [s.tent for s in t.state.seats[:2]] == [3, 3]
    assert (t.of("return")[0]["share"], t.of("return")[0]["left_on_path"]) == (1, 1)
    # T7 among the 2 left: 3 each and 1 more on the path, 2 in all.
    assert t.state.path_gems == 2
    t.step({2: "return", 3: "continue"})
    assert t.state.seats[2].tent == 2 + 3 + 2
    assert t.state.path_gems == 0


def test_remainders_on_several_cards_are_pooled_for_returners(table):
    # T5 among 3 leaves 2, T11 among 3 leaves 2: R = 4 pooled over all path cards.
    t = table(3, [["T5", "T11"]])
    t.all("continue")
    assert [c.gems for c in t.state.path] == [2, 2]
    t.step({0: "return", 1: "return", 2: "continue"})
    assert [s.tent for s in t.state.seats] == [1 + 3 + 2, 1 + 3 + 2, 0]
    assert t.state.path_gems == 0


def test_returning_puts_carried_gems_and_share_in_the_tent(table):
    t = table(3, [["T14", "T2"]])
    t.step({0: "return", 1: "continue", 2: "continue"})
    assert t.state.seats[0].tent == 4 + 2
    assert t.state.seats[0].carried == 0
    assert not t.state.seats[0].in_temple


def test_tent_gems_are_safe_from_a_later_hazard(table):
    t = table(3, [["T14", "fire", "fire"]])
    t.step({0: "return", 1: "continue", 2: "continue"})
    t.step({1: "continue", 2: "continue"})
    assert t.state.round == 2
    assert [s.tent for s in t.state.seats] == [6, 0, 0]


def test_lone_returner_takes_every_artifact_on_the_path(table):
    t = table(3, [["A5"]])
    assert t.state.path[0].code == "A5"
    t.step({0: "return", 1: "continue", 2: "continue"})
    assert [a.code for a in t.state.seats[0].artifacts] == ["A5"]
    assert "A5" not in path_codes(t.state)
    assert t.of("return")[0]["artifacts"] == [["A5", 5]]


def test_two_or_more_returners_leave_artifacts_on_the_path(table):
    t = table(3, [["A5"]])
    t.step({0: "return", 1: "return", 2: "continue"})
    assert all(not s.artifacts for s in t.state.seats)
    assert "A5" in path_codes(t.state)


def test_returners_do_nothing_more_this_round(table):
    t = table(3, [["T3", "T4"]])
    t.step({0: "return", 1: "continue", 2: "continue"})
    assert ig.legal_actions(t.state, 0) == []
    assert 0 not in ig.to_act(t.state)
    with pytest.raises(ig.IllegalAction) as refused:
        ig.apply(t.state, 0, {"type": "decide", "choice": "continue"})
    assert refused.value.code == "left_temple"
    assert t.state.seats[0].carried == 0


def test_artifact_flip_lies_on_the_path_and_gives_nothing(table):
    t = table(3, [["T3", "A5"]])
    t.all("continue")
    assert path_codes(t.state) == ["T3", "A5"]
    assert [s.carried for s in t.state.seats] == [1, 1, 1]


def test_first_hazard_of_a_kind_does_nothing(table):
    t = table(3, [["T3", "fire"]])
    t.all("continue")
    assert [s.carried for s in t.state.seats] == [1, 1, 1]
    assert ig.to_act(t.state) == frozenset({0, 1, 2})
    assert t.state.round == 1


def test_different_hazard_kinds_do_not_end_the_round(table):
    t = table(3, [["T3", "fire", "snakes", "spiders"]])
    t.all("continue")
    t.all("continue")
    t.all("continue")
    assert t.state.round == 1 and path_codes(t.state)[-1] == "spiders"


def test_second_hazard_of_a_kind_ends_round_and_leaves_the_game(table):
    t = table(3, [["T9", "fire", "fire"]])
    t.step({0: "return", 1: "continue", 2: "continue"})
    t.step({1: "continue", 2: "continue"})
    hazard = t.of("hazard")[0]
    assert hazard["kind"] == "fire" and hazard["seats"] == [1, 2]
    assert hazard["lost"] == {"1": 3, "2": 3} and hazard["total"] == 6
    assert [s.carried for s in t.state.seats] == [0, 0, 0]
    assert t.state.round == 2
    assert t.state.removed == ("fire",)
    assert Counter(path_codes(t.state) + list(t.state.deck))["fire"] == 2


def test_removed_hazard_stays_out_of_every_later_round(table):
    t = table(3, [["fire", "fire"], ["fire", "fire"], ["snakes", "snakes"]])
    assert t.state.removed == ("fire", "fire", "snakes")
    assert t.state.round == 4
    assert Counter(path_codes(t.state) + list(t.state.deck))["fire"] == 1
    assert Counter(path_codes(t.state) + list(t.state.deck))["snakes"] == 2


def test_hazard_card_removed_earlier_cannot_be_fixed_in_a_later_round(table):
    t = table(3, [["fire", "fire"], ["fire", "fire"], ["T1"]])
    assert t.state.round == 3
    with pytest.raises(ValueError, match="no longer in the deck"):
        table(3, [["fire", "fire"], ["fire", "fire"], ["fire", "fire"]])


def test_only_the_second_card_of_the_pair_leaves_the_game(table):
    t = table(3, [["T2", "mummies", "mummies"]])
    t.all("continue")
    t.all("continue")
    assert t.state.removed == ("mummies",)
    deck = Counter(path_codes(t.state) + list(t.state.deck))
    assert deck["mummies"] == 2


def test_quick_start_flips_the_next_card_when_the_first_is_a_hazard(table):
    t = table(3, [["fire", "T7"]])
    assert path_codes(t.state) == ["fire", "T7"]
    assert [s.carried for s in t.state.seats] == [2, 2, 2]
    assert ig.to_act(t.state) == frozenset({0, 1, 2})
    assert len(t.of("quick_start")) == 1


def test_quick_start_applies_only_to_the_very_first_card(table):
    t = table(3, [["fire", "snakes", "T7"]])
    assert path_codes(t.state) == ["fire", "snakes"]
    assert t.state.turn == 0
    t2 = table(3, [["T1", "fire", "T7"]])
    t2.all("continue")
    assert path_codes(t2.state) == ["T1", "fire"]


def test_quick_start_can_turn_up_the_same_hazard_and_end_the_round(table):
    t = table(3, [["fire", "fire"]])
    assert t.state.round == 2
    assert t.state.removed == ("fire",)


def test_quick_start_off_asks_for_a_decision_after_a_first_hazard(table):
    t = table(3, [["fire", "T7"]], quick_start=False)
    assert path_codes(t.state) == ["fire"]
    assert ig.to_act(t.state) == frozenset({0, 1, 2})
    assert not t.of("quick_start")


def test_quick_start_is_on_by_default():
    assert ig.DEFAULT_OPTIONS["quick_start"] is True
    state = ig.new_game(3, 1, {"deck": [["fire", "T7"]]})
    assert [c.code for c in state.path] == ["fire", "T7"]


def test_play_goes_back_to_deciding_while_anyone_is_in_the_temple(table):
    t = table(3, [["T1", "T2", "T3"]])
    t.step({0: "return", 1: "return", 2: "continue"})
    assert ig.to_act(t.state) == frozenset({2})
    t.step({2: "continue"})
    assert path_codes(t.state) == ["T1", "T2", "T3"]
    assert ig.to_act(t.state) == frozenset({2})


def test_round_ends_when_everyone_has_returned(table):
    t = table(3, [["T3", "T4"]])
    t.step({0: "return", 1: "continue", 2: "continue"})
    t.step({1: "return", 2: "return"})
    end = t.of("round_end")[0]
    assert end["reason"] == "all returned" and end["round"] == 1
    assert t.state.round == 2
    assert all(s.in_temple for s in t.state.seats)


def test_everyone_returning_at_once_draws_no_more_cards(table):
    t = table(3, [["T3", "T4"]])
    t.all("return")
    assert [e["card"] for e in t.of("flip")][:1] == ["T3"]
    assert t.of("round_start")[1]["round"] == 2
    assert "T4" not in [e["card"] for e in t.of("flip")[:2]]


def test_gems_left_on_the_path_go_back_to_the_bank(table):
    t = table(3, [["T5", "fire", "fire"]])
    assert t.state.path_gems == 2
    t.all("continue")
    t.all("continue")
    assert t.of("round_end")[0]["gems_lost"] == 2
    assert t.state.gems_to_bank == 2 + 3
    assert t.state.round == 2


def test_carried_gems_of_players_caught_by_a_hazard_are_lost(table):
    t = table(3, [["T15", "fire", "fire"]])
    t.all("continue")
    t.all("continue")
    assert [s.tent for s in t.state.seats] == [0, 0, 0]
    assert t.state.gems_to_bank == 15


def test_artifacts_left_on_the_path_leave_the_game(table):
    t = table(3, [["A5", "fire", "fire"]])
    t.step({0: "return", 1: "return", 2: "continue"})
    t.step({2: "continue"})
    assert t.of("round_end")[0]["artifacts_lost"] == ["A5"]
    assert "A5" not in path_codes(t.state) + list(t.state.deck)
    with pytest.raises(ValueError, match="no longer in the deck"):
        t2 = table(3, [["A5", "fire", "fire"], ["A5"]])
        t2.step({0: "return", 1: "return", 2: "continue"})
        t2.step({2: "continue"})


def test_undrawn_artifacts_stay_in_the_deck_for_later_rounds(table):
    t = table(3, [["fire", "fire"], ["A5", "A7"]])
    assert t.state.round == 2
    assert path_codes(t.state) == ["A5"]
    t.all("continue")
    t.step({0: "return", 1: "continue", 2: "continue"})
    assert [a.code for a in t.state.seats[0].artifacts] == ["A5", "A7"]


def test_undrawn_artifacts_are_counted_in_the_next_deck(table):
    t = table(3, [["fire", "fire"]])
    cards = Counter(path_codes(t.state) + list(t.state.deck))
    assert cards["A5"] == 1 and cards["A7"] == 1
    assert sum(cards.values()) == 30 - 1 + 2


def test_bank_is_never_a_limit(table):
    # All fifteen treasures to three players: far more turquoise than the box holds.
    treasures = ["T17", "T15", "T14", "T13", "T11", "T11", "T9", "T7", "T7"]
    t = table(3, [treasures])
    for _ in treasures[1:]:
        t.all("continue")
    assert t.state.seats[0].carried == sum(int(c[1:]) // 3 for c in treasures)
    t.all("return")
    # 11 gems lie on the cards: 3 each for the three returners, 2 stay behind.
    assert [s.tent for s in t.state.seats] == [34, 34, 34]
    assert t.of("round_end")[0]["gems_lost"] == 2
