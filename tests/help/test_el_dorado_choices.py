"""The site names the engine's choices: each legal action's button text, from the rules'
own facts."""

from __future__ import annotations

import random

import games.engines.el_dorado as ed
from games.help.el_dorado import describe_choice
from tests.engines.el_dorado import conftest as scenarios
from tests.engines.el_dorado.scenario import END, UNDO, token_id, with_seat

kit = scenarios.kit  # the engine tests' small maps and fixed decks


def _labels(state: ed.State) -> dict[str, dict]:
    """Every legal action of the seat to act by its label (one action per label)."""
    out: dict[str, dict] = {}
    for action in ed.legal_actions(state, state.turn.seat):
        out.setdefault(describe_choice(state, action), action)
    return out


def test_entering_rubble_or_a_base_camp_says_how_many_cards_it_takes(kit):
    s = kit.make(["S X2 J1 | J1", "S B1 J1 | J1"] * 2, [["explorer", "scout", "sailor"]])
    labels = _labels(s)
    assert labels["Enter rubble 2: discard 2 cards"]["type"] == "rubble"
    s = kit.make(["S B1 J1 | J1"] * 4, [["explorer", "scout", "sailor"]])
    assert _labels(s)["Enter base camp 1: remove 1 card from the game"]["type"] == "camp"


def test_a_rubble_blockade_on_the_way_adds_its_value_to_the_cards_named(kit):
    s = kit.make(["S X1 | X1 J1"] * 4, [["explorer", "scout", "sailor"]], blockades=["rubble-2"])
    s = kit.play(s, {"type": "rubble", "to": [1, 0], "cards": [0]})
    labels = _labels(s)
    assert labels["Enter rubble 1: discard 3 cards"]["type"] == "rubble"
    assert labels["Break the rubble 2 blockade toward rubble 1: discard 2 cards"] == {
        "type": "blockade",
        "to": [2, 0],
        "cards": labels["Break the rubble 2 blockade toward rubble 1: discard 2 cards"]["cards"],
    }


def test_a_blockade_is_broken_with_a_named_card_of_its_kind(kit):
    s = kit.make(["S J1 | J1 J1"] * 4, [["scout", "sailor"]], blockades=["jungle-2"])
    s = kit.play(s, {"type": "move", "card": 0, "path": [[1, 0]]})
    labels = _labels(s)
    assert "Break the jungle 2 blockade toward jungle 1 with Sailor" not in labels  # a paddle
    s = kit.make(["S J1 | J1 J1"] * 4, [["explorer", "scout"]], blockades=["jungle-2"])
    s = kit.play(s, {"type": "move", "card": 0, "path": [[1, 0]]})
    assert _labels(s)["Break the jungle 2 blockade toward jungle 1 with Scout"] == {
        "type": "blockade",
        "to": [2, 0],
        "card": 1,
    }


def test_a_move_names_where_it_leads_and_the_card_and_kind_it_plays(kit):
    s = kit.make(["S J1 R1 | J1"] * 4, [["explorer", "jack-of-all-trades"]])
    labels = _labels(s)
    assert labels["Move to jungle 1 with Explorer"]["card"] == 0
    assert labels["Move to jungle 1 with Jack-of-all-trades as machete"]["as"] == "machete"
    rows = ["S J1 J1 | J1"] * 3 + ["S J1 J1 J1"]
    s = kit.make(rows, [["scout"]], players=2)
    far = s.seats[0].explorers  # two players: each seat moves two explorers
    assert len(far) == 2
    assert "Move (explorer 2) to jungle 1 with Scout" in _labels(s)


def test_a_move_into_el_dorado_says_so(kit):
    s = kit.make(["S J1 J1 J1 J1 J1"] * 4, [["giant-machete"]])
    s = with_seat(s, 0, explorers=((4, 0),))
    board = ed.board_of(s)
    end = tuple(_labels(s)["Move to El Dorado with Giant Machete"]["path"][-1])
    assert end in board.finals


def test_buying_names_the_card_its_price_and_the_reserve(kit):
    s = kit.make(hands=[["captain", "captain", "traveller"]])
    labels = _labels(s)
    assert labels["Buy Scout for 1"]["card"] == "scout"
    assert not any(label.endswith("from the reserve for 3") for label in labels)
    market = list(s.market)
    gone = market[0]
    market[0] = None
    from dataclasses import replace

    s = replace(s, market=tuple(market), supply={**s.supply, gone: ()})
    labels = _labels(s)
    reserve = [r["card"] for r in ed.player_view(s, 0)["reserve"]]
    names = {ed.CARD_TYPES[slug].name: slug for slug in reserve}
    bought = [label for label in labels if label.startswith("Buy ") and "from the reserve" in label]
    assert bought
    assert all(label.split(" from the reserve")[0][4:] in names for label in bought)


def test_action_cards_and_tokens_name_their_effect(kit):
    s = kit.make(hands=[["transmitter", "native", "scientist"]], caves=False)
    labels = _labels(s)
    assert labels["Play Transmitter: take Scout"] == {"type": "action", "card": 0, "take": "scout"}
    assert labels["Play Scientist"] == {"type": "action", "card": 2}
    assert labels["Play Native → jungle 1"]["to"] == [1, 0]
    change, keep = token_id("change"), token_id("keep")
    s = kit.make(hands=[["giant-machete", "explorer"]])
    s = with_seat(s, 0, tokens=(change, keep, token_id("machete-2")))
    s = kit.play(s, {"type": "move", "card": 0, "path": [[1, 0]]})
    labels = _labels(s)
    assert labels["Use the keep a single-use card token: Giant Machete"]["card"] == 0
    assert labels["Use the change the next card's kind token (next card as paddle)"] == {
        "type": "token",
        "token": change,
        "kind": "paddle",
    }
    assert "Use the machete 2 token: to jungle 1" in labels


def test_ending_discarding_and_undo_are_named(kit):
    s = kit.make(hands=[["explorer", "scout"]])
    labels = _labels(s)
    assert labels["End the turn"] == END
    assert labels["End the turn, discarding 4 cards"]["discard"] == list(s.seats[0].hand)
    assert labels["Discard 4 cards"]["type"] == "discard"
    s = kit.play(s, {"type": "move", "card": 0, "path": [[1, 0]]})
    assert _labels(s)["Take back the last action"] == UNDO


def test_removing_after_a_scientist_names_the_cards(kit):
    s = kit.make(hands=[["scientist", "explorer", "scout", "sailor", "traveller"]])
    s = kit.play(s, {"type": "action", "card": 0})
    labels = _labels(s)
    assert labels["Remove no cards"] == {"type": "remove", "cards": []}
    assert any(label.startswith("Remove Explorer") for label in labels)


def test_every_legal_action_of_random_play_has_its_own_label():
    rng = random.Random(4)
    for seed in range(3):
        state = ed.new_game(3, seed, {"caves": True})
        for _ in range(150):
            if ed.is_over(state):
                break
            seat = state.turn.seat
            legal = ed.legal_actions(state, seat)
            labels = [describe_choice(state, a) for a in legal]
            assert all(isinstance(text, str) and text for text in labels)
            # Plays that read the same differ only in the cards paying, in which copy of a
            # card plays, or in which of two like spaces they lead to (the board's letters
            # tell those apart).
            named = {}
            unnamed = ("cards", "pay", "discard", "path", "to")
            for text, action in zip(labels, legal, strict=True):
                picked = {k: v for k, v in action.items() if k not in unnamed}
                if "card" in picked and isinstance(picked["card"], int):  # copies play alike
                    picked["card"] = state.cards[picked["card"]]
                assert named.setdefault(text, picked) == picked, text
            state = ed.apply(state, seat, rng.choice(legal)).state
