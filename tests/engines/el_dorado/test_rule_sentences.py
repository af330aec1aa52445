"""Rule sentences of the rules page that no other test pinned, one scenario each."""

from __future__ import annotations

from dataclasses import replace

import pytest

import games.engines.el_dorado as ed
from games.engines.el_dorado.tokens import TOKENS
from tests.engines.el_dorado.scenario import CAVE, END, OPEN, THREE_JOINTS, buy, move, with_seat


def token_id(slug):
    return next(i for i, t in enumerate(TOKENS) if t.slug == slug)


# Moving and blockades


def test_wild_card_keeps_the_blockades_kind_for_the_rest_of_its_play(kit):
    """A wild card takes one kind for its whole play: paying a river blockade makes it paddle."""
    s = kit.make(OPEN, [["scout", "adventurer"]], blockades=["river-1"])
    s = kit.play(s, move(0, (1, 0), (2, 0)))
    assert ed.validate(s, 0, move(1, (3, 0))) == (
        "Adventurer plays as paddle; the next space is jungle 1."
    )
    assert ed.validate(s, 0, move(1, (3, 0), **{"as": "machete"})) == (
        "Adventurer plays as machete; the river 1 blockade is in the way (it needs paddle 1)."
    )
    assert s.blockade_owner == (None,)


def test_two_cards_never_combine_to_pay_one_blockade(kit):
    """A blockade is paid exactly as a space of its kind and value: one card, never two."""
    s = kit.make(OPEN, [["scout", "explorer", "explorer"]], blockades=["jungle-2"])
    s = kit.play(s, move(0, (1, 0), (2, 0)))
    assert ed.validate(s, 0, {"type": "blockade", "to": [3, 0], "card": 1}) == (
        "Explorer has 1 machete; the jungle 2 blockade needs more."
    )
    assert ed.validate(s, 0, {"type": "blockade", "to": [3, 0], "cards": [1, 2]}) is not None
    assert ed.validate(s, 0, move(1, (3, 0))) is not None
    assert [a for a in ed.legal_actions(s, 0) if a["type"] == "blockade"] == []
    assert s.blockade_owner == (None,)


def test_base_camp_needs_exactly_its_value_in_removed_cards(kit):
    """Base camp (value n): remove any n cards in hand from the game, no fewer and no more."""
    s = kit.make(["S B2 J1 | J1"] * 4, [["explorer", "scout", "sailor"]])
    assert ed.validate(s, 0, {"type": "camp", "to": [1, 0], "cards": [0]}) == (
        "Entering basecamp 2 needs exactly 2 cards removed from the game, not 1."
    )
    assert ed.validate(s, 0, {"type": "camp", "to": [1, 0], "cards": [0, 1, 2]}) == (
        "Entering basecamp 2 needs exactly 2 cards removed from the game, not 3."
    )


def test_single_use_card_discarded_for_a_rubble_blockade_is_discarded_normally(kit):
    """A single-use card only spent as a rubble discard is discarded normally (blockade too)."""
    s = kit.make(OPEN, [["scout", "giant-machete", "traveller"]], blockades=["rubble-2"])
    s = kit.play(s, move(0, (1, 0), (2, 0)))
    s = kit.play(s, {"type": "blockade", "to": [3, 0], "cards": [1, 2]})
    assert s.seats[0].blockades == (0,)
    assert s.seats[0].discard == (1, 2)
    assert s.seats[0].removed == ()


# Buying


def test_a_card_played_to_move_cannot_also_pay_and_a_paying_card_cannot_move(kit):
    """Each card is played once, for one use: moving or money, not both."""
    rows = ["S V1 J1 | J1"] * 4
    s = kit.make(rows, [["traveller"]])
    s = kit.play(s, move(0, (1, 0)))
    assert ed.validate(s, 0, buy("scout", 0)) == "Card 0 is not in your hand."
    s = kit.make(rows, [["photographer"]])
    s = kit.play(s, buy("scout", 0))
    assert ed.validate(s, 0, move(0, (1, 0))) == "Card 0 is not in your hand."
    assert kit.where(s) == (0, 0)


def test_action_cards_give_half_a_coin(kit):
    """Cards played for money: any card that is not a coin or wild card gives 1/2."""
    s = kit.make(hands=[["native", "explorer"]])
    assert ed.validate(s, 0, buy("scout", 0)) is not None
    assert ed.validate(s, 0, buy("scout", 0, 1)) is None


def test_single_use_wild_card_paying_its_full_power_leaves_the_game(kit):
    """Wild cards pay their full power; a single-use one then leaves the game."""
    s = kit.make(hands=[["prop-plane"]])
    s = kit.play(s, buy("trailblazer", 0), END)
    assert s.seats[0].removed == (0,)
    assert 0 not in s.seats[0].owned()
    assert [s.cards[c] for c in s.seats[0].acquired] == ["trailblazer"]


def test_transmitter_may_still_be_played_after_the_turns_purchase(kit):
    """The Transmitter does not count as the turn's purchase, and action cards go any time."""
    s = kit.make(hands=[["traveller", "transmitter"]])
    s = kit.play(s, buy("scout", 0), {"type": "action", "card": 1, "take": "pioneer"})
    assert [s.cards[c] for c in s.seats[0].discard] == ["scout", "pioneer"]
    assert s.turn.bought
    assert s.seats[0].removed == (1,)


def test_transmitter_taking_a_reserve_type_leaves_an_empty_slot_empty(kit):
    """A reserve type taken by the Transmitter does not move to the market, not even to an
    empty slot."""
    s = kit.make(hands=[["traveller", "transmitter"]])
    s = replace(s, supply={**s.supply, "scout": s.supply["scout"][:1]})
    s = kit.play(s, buy("scout", 0))
    assert s.market[0] is None
    s = kit.play(s, {"type": "action", "card": 1, "take": "captain"})
    assert s.market == (None, *ed.MARKET_START[1:])
    assert len(s.supply["captain"]) == 2
    view = ed.player_view(s, 1)
    # A slot is empty: every reserve type may be bought now.
    assert {"card": "captain", "left": 2, "open": True} in view["reserve"]


def test_a_machete_token_does_not_pay_for_a_card(kit):
    """Power tokens: only coin tokens count for buying."""
    s = kit.make(hands=[["explorer"]], players=4)
    s = with_seat(s, 0, tokens=(token_id("machete-2"), token_id("coin-1")))
    why = ed.validate(s, 0, buy("scout", tokens=[token_id("machete-2")]))
    assert why == "Only coin tokens pay for cards, each once."
    assert ed.validate(s, 0, buy("scout", tokens=[token_id("coin-1")])) is None


# Action cards


def test_cartographer_draws_exactly_two(kit):
    """Cartographer: draw 2."""
    hand = ["cartographer", "traveller", "traveller", "traveller", "pioneer", "scout", "sailor"]
    s = kit.make(hands=[hand])
    s = kit.play(s, {"type": "action", "card": 0})
    assert s.seats[0].hand == (1, 2, 3, 4, 5)
    assert s.seats[0].draw[0] == 6
    assert s.seats[0].played == (0,)


def test_travel_log_removes_up_to_two_cards_in_hand(kit):
    """Travel Log: draw 2, then remove up to 2 cards in hand (two is allowed, three is not)."""
    s = kit.make(
        hands=[["travel-log", "traveller", "traveller", "traveller", "explorer", "sailor"]]
    )
    s = kit.play(s, {"type": "action", "card": 0})
    assert s.seats[0].hand == (1, 2, 3, 4, 5)
    assert ed.validate(s, 0, {"type": "remove", "cards": [1, 4, 5]}) == (
        "You may remove at most 2 cards now, not 3."
    )
    s = kit.play(s, {"type": "remove", "cards": [4, 5]})
    assert s.seats[0].hand == (1, 2, 3)
    assert s.seats[0].removed == (0, 4, 5)


@pytest.mark.parametrize("code", ["X3", "B3"])
def test_native_enters_rubble_or_base_camp_without_giving_up_cards(kit, code):
    """Native: move to one adjacent space ignoring its requirement (no discards, no removals)."""
    s = kit.make([f"S {code} J1 | J1"] * 4, [["native"]])
    s = kit.play(s, {"type": "action", "card": 0, "to": [1, 0]})
    seat = s.seats[0]
    assert kit.where(s) == (1, 0)
    assert seat.hand == (1, 2, 3)
    assert (seat.discard, seat.removed, seat.played) == ((), (), (0,))


# Discard and draw


def test_a_hand_of_more_than_four_is_kept_and_nothing_is_drawn(kit):
    """Draw up to 4: a player keeping more cards than that draws none."""
    s = kit.make(
        hands=[["compass", "traveller", "traveller", "traveller", "scout", "scout", "pioneer"]]
    )
    s = kit.play(s, {"type": "action", "card": 0})
    draw_before = s.seats[0].draw
    progress = ed.apply(s, 0, END)
    assert progress.state.seats[0].hand == (1, 2, 3, 4, 5, 6)
    assert progress.state.seats[0].draw == draw_before
    assert [e["count"] for e in progress.events if e["type"] == "draw"] == []


def test_mid_turn_draw_reshuffles_the_discard_pile_but_not_the_cards_played(kit):
    """An empty draw pile is refilled from the discard pile only when a draw needs it; cards
    played this turn are not in the discard pile yet, cards bought this turn are."""
    s = kit.make(hands=[["compass", "scout", "traveller", "traveller"]])
    s = with_seat(s, 0, draw=(4,), discard=(5, 6))
    s = kit.play(s, move(1, (1, 0), (2, 0)), buy("photographer", 2, 3))
    bought = s.seats[0].discard[-1]
    progress = ed.apply(s, 0, {"type": "action", "card": 0})
    seat = progress.state.seats[0]
    assert seat.hand[0] == 4
    assert len(seat.hand) == 3
    assert set(seat.hand[1:]) | set(seat.draw) == {5, 6, bought}
    assert seat.discard == ()
    assert seat.played == (1, 2, 3)
    assert [e["type"] for e in progress.events].count("shuffle") == 1


# Two players and the end


def test_two_players_a_player_with_one_explorer_home_never_wins(kit):
    """With two players you finish only when both explorers are in El Dorado; blockades held
    by a player who has not finished do not count."""
    s = kit.make(
        THREE_JOINTS,
        [["explorer", "explorer"], ["explorer"]],
        blockades=["jungle-1", "jungle-2", "river-1"],
    )
    s = with_seat(s, 0, explorers=((4, 0), (4, 2)))
    s = with_seat(s, 1, explorers=((4, 1), (0, 3)), blockades=(0, 1))
    s = replace(s, blockade_owner=(1, 1, None))
    s = kit.play(s, move(0, (5, 0)), move(1, (5, 2), explorer=1), END)
    s = kit.play(s, move(kit.hand(s, 1)[0], (5, 1)), END)
    assert ed.is_over(s)
    result = ed.outcome(s)
    assert result.winners == (0,)
    assert result.places == (1, 2)
    assert result.reached == (True, False)
    assert s.seats[1].explorers == (None, (0, 3))


# Caves


def test_a_native_move_ending_beside_a_cave_takes_its_top_token(kit):
    """Ending a card play on a space next to a cave takes its top token (the Native too)."""
    s = kit.make(
        CAVE,
        [["native"]],
        players=4,
        caves=True,
        cave_tokens=[["draw", "machete-2", "pass", "keep"]],
    )
    s = with_seat(s, 0, explorers=((1, 1),))
    s = kit.play(s, {"type": "action", "card": 0, "to": [2, 1]})
    assert [TOKENS[t].slug for t in s.seats[0].tokens] == ["draw"]
    assert [TOKENS[t].slug for t in s.caves[0]] == ["machete-2", "pass", "keep"]


def passing_game(kit, hand):
    """Two players; seat 1's explorer stands on (1, 0), next to seat 0's on (0, 0)."""
    s = kit.make(OPEN, [hand])
    s = with_seat(s, 1, explorers=((1, 0), (0, 3)))
    return with_seat(s, 0, tokens=(token_id("pass"),))


def test_the_pass_token_lasts_only_this_turn(kit):
    """Pass through occupied spaces *this turn*: the next turn the occupied space blocks again."""
    s = passing_game(kit, ["scout"])
    s = kit.play(s, {"type": "token", "token": token_id("pass")})
    assert ed.validate(s, 0, move(0, (1, 0), (2, 0))) is None
    s = kit.play(s, END, END)
    assert ed.to_act(s) == frozenset({0})
    assert 0 in s.seats[0].hand
    assert ed.validate(s, 0, move(0, (1, 0), (2, 0))) == "Space [1, 0] holds another explorer."


def test_the_pass_token_passes_through_but_never_stops_on_an_occupied_space(kit):
    """Never enter a space holding another explorer, nor pass through one; the pass token
    lifts only the second: a move may cross an occupied space but not end on it."""
    s = passing_game(kit, ["explorer"])
    s = kit.play(s, {"type": "token", "token": token_id("pass")})
    assert ed.validate(s, 0, move(0, (1, 0))) is not None
    assert (1, 0) not in ed.legal_moves(s, 0, 0)


def test_the_native_never_moves_onto_an_occupied_space_even_with_the_pass_token(kit):
    """Native: move to one adjacent space (not a mountain, not occupied), pass token or not."""
    s = passing_game(kit, ["native"])
    s = kit.play(s, {"type": "token", "token": token_id("pass")})
    assert ed.validate(s, 0, {"type": "action", "card": 0, "to": [1, 0]}) is not None


# Who sees what


def test_blockades_taken_are_public(kit):
    """Public: blockades taken (who holds which), for other players and spectators alike."""
    s = kit.make(OPEN, [["pioneer"]], blockades=["jungle-1"])
    s = kit.play(s, move(0, (1, 0), (2, 0), (3, 0), (4, 0)))
    for viewer in (1, None):
        view = ed.player_view(s, viewer)
        assert view["blockades"] == [{"joint": 0, "kind": "jungle", "value": 1, "owner": 0}]
        assert view["seats"][0]["blockades"] == [{"joint": 0, "kind": "jungle", "value": 1}]


def test_cards_discarded_for_rubble_show_others_only_the_new_top_of_the_pile(kit):
    """Public: the top of each discard pile; private: the cards in hand. Cards discarded from
    hand to enter rubble are not among the public facts, so others see only the new top."""
    s = kit.make(["S X2 J1 | J1"] * 4, [["pioneer", "sailor", "explorer", "traveller"]])
    progress = ed.apply(s, 0, {"type": "rubble", "to": [1, 0], "cards": [0, 1]})
    assert ed.player_view(progress.state, 1)["seats"][0]["discard_top"]["id"] == 1
    seen = ed.events_for(progress.events, 1)
    named = {c["id"] for e in seen for c in e.get("cards", [])}
    assert named <= {1}
