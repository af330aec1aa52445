"""Interactions between rule sentences of the rules page: one scenario per combination.

Each sentence on its own is pinned elsewhere (test_rule_sentences.py and the other files);
these tests check what happens where two or more rules meet.
"""

from __future__ import annotations

from dataclasses import replace

import games.engines.el_dorado as ed
from games.engines.el_dorado.tokens import TOKENS
from tests.engines.el_dorado.scenario import (
    CAVE,
    END,
    OPEN,
    THREE_JOINTS,
    UNDO,
    buy,
    move,
    token_id,
    with_seat,
)


def own(s, **owned):
    """Give joints to seats: own(s, seat0=(0,), seat1=(1,))."""
    owners = list(s.blockade_owner)
    for key, joints in owned.items():
        seat = int(key.removeprefix("seat"))
        s = with_seat(s, seat, blockades=tuple(joints))
        for j in joints:
            owners[j] = seat
    return replace(s, blockade_owner=tuple(owners))


def assert_nothing_private_leaks(s, owner):
    """Every other viewer sees the owner's hand only by size, no draw order, no seed."""
    for viewer in [v for v in range(s.players) if v != owner] + [None]:
        view = ed.player_view(s, viewer)
        seat = view["seats"][owner]
        assert "hand" not in seat and "draw" not in seat and "discard" not in seat
        assert "draw_counts" not in seat
        assert seat["hand_size"] == len(s.seats[owner].hand)
        assert seat["draw_size"] == len(s.seats[owner].draw)
        assert seat["discard_size"] == len(s.seats[owner].discard)
        assert "seed" not in view and "decks" not in view["options"]
        assert "cave_stacks" not in view
        assert all("draw" not in other for other in view["seats"])
    mine = ed.player_view(s, owner)["seats"][owner]
    assert [c["id"] for c in mine["hand"]] == list(s.seats[owner].hand)
    assert "draw" not in mine


# Blockades meeting other rules


def test_one_card_crossing_two_joints_pays_and_takes_both_blockades(kit):
    """Blockade: crossing costs its requirement and the same card's leftover may go on into
    the next tile; so one card may cross two joints, paying both, and takes both."""
    s = kit.make(
        THREE_JOINTS, [["giant-machete"]], players=4, blockades=["jungle-1", "jungle-2", "river-1"]
    )
    # 1 (J1) + 1 (jungle 1 blockade) + 1 (J1) + 2 (jungle 2 blockade) + 1 (J1) = 6.
    path = [(1, 0), (2, 0), (3, 0)]
    assert ed.validate(s, 0, move(0, *path[:2], (3, 0), (4, 0))) is not None
    progress = ed.apply(s, 0, move(0, *path))
    s = progress.state
    assert kit.where(s) == (3, 0)
    assert s.seats[0].blockades == (0, 1)
    assert s.blockade_owner == (0, 0, None)
    assert [e["joint"] for e in progress.events if e["type"] == "blockade"] == [0, 1]
    assert s.seats[0].removed == (0,)  # Giant Machete is single-use


def test_prop_plane_pays_a_river_blockade_goes_on_as_paddle_and_leaves_the_game(kit):
    """A wild card takes one kind for its whole play; a blockade is paid like a space of its
    kind and the leftover goes on; single-use cards leave the game after their effect."""
    rows = ["S R1 R1 | R1 R1 R1"] * 4
    s = kit.make(rows, [["scout", "prop-plane"]], players=4, blockades=["river-1"])
    s = with_seat(s, 0, explorers=((2, 0),))
    # River 1 blockade + three river 1 spaces: exactly the Prop Plane's 4.
    s = kit.play(s, move(1, (3, 0), (4, 0), (5, 0)))
    assert kit.where(s) == (5, 0)
    assert s.seats[0].blockades == (0,)
    assert s.seats[0].removed == (1,) and s.seats[0].played == ()


def test_two_explorers_of_one_player_the_first_takes_the_blockade_the_second_crosses_free(kit):
    """Two players: each card moves one explorer; the first to cross takes the blockade, the
    joint is then open to everyone, the same player's second explorer included."""
    s = kit.make(OPEN, [["pioneer", "trailblazer", "native"]], blockades=["jungle-2"])
    assert s.seats[0].explorers == ((0, 0), (0, 2))
    # Explorer 1 walks up to the joint: the jungle 2 blockade is still there.
    s = kit.play(s, move(1, (1, 2), (2, 2), explorer=1))
    blockade = {"type": "blockade", "to": [3, 2], "card": 0, "explorer": 1}
    assert blockade in ed.legal_actions(s, 0)
    # Explorer 0 crosses with the Pioneer: 1 + 1 + 2 + 1 = 5, and takes the blockade.
    s = kit.play(s, move(0, (1, 0), (2, 0), (3, 0)))
    assert s.seats[0].blockades == (0,)
    # Explorer 1 now crosses free (Native here only to show the joint is open).
    assert ed.validate(s, 0, {"type": "blockade", "to": [3, 2], "card": 2, "explorer": 1}) == (
        "No blockade lies between [2, 2] and [3, 2]."
    )
    s = kit.play(s, {"type": "action", "card": 2, "to": [3, 2], "explorer": 1})
    assert s.seats[0].explorers == ((3, 0), (3, 2))
    assert s.seats[0].blockades == (0,)
    assert s.blockade_owner == (0,)


def test_base_camp_behind_a_rubble_blockade_costs_discards_then_removals(kit):
    """A rubble blockade costs discards; a base camp then costs removals: the two payments are
    separate (discarded cards stay owned, removed ones leave the game)."""
    rows = ["S J1 J1 | B1 J1"] * 4
    s = kit.make(
        rows, [["scout", "traveller", "explorer", "sailor"]], players=4, blockades=["rubble-1"]
    )
    s = kit.play(s, move(0, (1, 0), (2, 0)))
    listed = ed.legal_actions(s, 0)
    assert {a["type"] for a in listed if a.get("to") == [3, 0]} == {"blockade"}
    assert ed.validate(s, 0, {"type": "camp", "to": [3, 0], "cards": [1, 2]}) == (
        "The rubble 1 blockade is in the way; take it first."
    )
    s = kit.play(s, {"type": "blockade", "to": [3, 0], "cards": [1]})
    assert any(a["type"] == "camp" and a["to"] == [3, 0] for a in ed.legal_actions(s, 0))
    s = kit.play(s, {"type": "camp", "to": [3, 0], "cards": [2]})
    seat = s.seats[0]
    assert kit.where(s) == (3, 0)
    assert seat.blockades == (0,)
    assert (seat.discard, seat.removed, seat.hand) == ((1,), (2,), (3,))


def test_native_crossing_a_rubble_blockade_into_rubble_gives_up_no_cards_and_takes_it(kit):
    """Native: ignore the space's requirement and cross a blockade, taking it; a rubble
    blockade in front of a rubble space costs nothing either."""
    rows = ["S J1 J1 | X2 J1"] * 4
    s = kit.make(rows, [["native", "explorer"]], players=4, blockades=["rubble-2"])
    s = with_seat(s, 0, explorers=((2, 0),))
    s = kit.play(s, {"type": "action", "card": 0, "to": [3, 0]})
    seat = s.seats[0]
    assert kit.where(s) == (3, 0)
    assert seat.blockades == (0,) and s.blockade_owner == (0,)
    assert (seat.discard, seat.removed, seat.played) == ((), (), (0,))
    assert 1 in seat.hand


def test_legal_native_targets_cross_blockades_and_skip_mountains_and_explorers(kit):
    """Native: move to one adjacent space (not a mountain, not occupied), ignoring its
    requirement, and may cross a blockade; legal_actions lists exactly those targets (rubble,
    base camp and across a rubble blockade included) and each applies."""
    rows = ["S J1 M  | J1", "S J1 J3 | X2", "S J1 B3 | J1", "S J1 J1 | J1"]
    s = kit.make(rows, [["native"]], players=4, blockades=["rubble-2"])
    s = with_seat(s, 0, explorers=((2, 1),))
    s = with_seat(s, 1, explorers=((3, 0),))
    s = with_seat(s, 2, explorers=((1, 1),))
    natives = [a for a in ed.legal_actions(s, 0) if a["type"] == "action"]
    assert sorted(tuple(a["to"]) for a in natives) == [(1, 2), (2, 2), (3, 1)]
    for action in natives:
        assert ed.validate(s, 0, action) is None
    s = kit.play(s, {"type": "action", "card": 0, "to": [3, 1]})
    assert s.seats[0].blockades == (0,)


# Two players and the end of the game


def test_pass_token_lets_an_explorer_pass_its_partner_but_not_stop_on_it(kit):
    """Your own explorers block each other like any others; the pass token lifts passing
    through, never stopping on, an occupied space."""
    s = kit.make(OPEN, [["scout", "explorer"]])
    s = with_seat(s, 0, explorers=((0, 0), (1, 0)), tokens=(token_id("pass"),))
    assert ed.validate(s, 0, move(0, (1, 0), (2, 0))) == "Space [1, 0] holds another explorer."
    s = kit.play(s, {"type": "token", "token": token_id("pass")})
    assert ed.validate(s, 0, move(1, (1, 0))) is not None
    assert (2, 0) in ed.legal_moves(s, 0, 0)
    s = kit.play(s, move(0, (1, 0), (2, 0)))
    assert s.seats[0].explorers == ((2, 0), (1, 0))


def test_two_players_finishing_in_the_same_round_tie_break_on_blockade_value(kit):
    """Two players: you finish only when both explorers are in El Dorado; the round is
    finished; tie on blockade count goes to the highest single value, and a rubble 2 is worth
    as much as a jungle 2: a shared win."""
    s = kit.make(
        THREE_JOINTS,
        [["explorer", "explorer"], ["explorer", "explorer"]],
        blockades=["jungle-2", "rubble-2", "river-1"],
    )
    s = with_seat(s, 0, explorers=((4, 2), (4, 3)))
    s = with_seat(s, 1, explorers=((4, 0), (4, 1)))
    s = own(s, seat0=(0,), seat1=(1,))
    s = kit.play(s, move(0, (5, 2)))
    assert s.finished == ()
    # The final space is free again once the first explorer went on into El Dorado.
    s = kit.play(s, move(1, (5, 2), explorer=1), END)
    assert s.finished == (0,) and not ed.is_over(s)
    hand = kit.hand(s, 1)
    s = kit.play(s, move(hand[0], (5, 0)), move(hand[1], (5, 1), explorer=1), END)
    assert ed.is_over(s)
    result = ed.outcome(s)
    assert result.reached == (True, True)
    assert result.highest == (2, 2)
    assert result.winners == (0, 1)


def test_a_player_with_one_explorer_home_keeps_playing_the_other(kit):
    """Two players: an explorer in El Dorado left the board; the player's cards now move only
    the other one, and the game goes on past the round's end."""
    s = kit.make(THREE_JOINTS, [["explorer", "native"]], blockades=["jungle-1"] * 3)
    s = with_seat(s, 0, explorers=((4, 0), (1, 2)))
    s = own(s, seat0=(0,))
    s = kit.play(s, move(0, (5, 0)))
    assert s.seats[0].explorers == (None, (1, 2))
    assert ed.validate(s, 0, {"type": "action", "card": 1, "to": [4, 1]}) == (
        "That explorer is already in El Dorado."
    )
    natives = [a for a in ed.legal_actions(s, 0) if a["type"] == "action"]
    assert natives and all(a["explorer"] == 1 for a in natives)
    s = kit.play(s, END, END)
    assert not ed.is_over(s) and ed.to_act(s) == frozenset({0})
    assert s.turn.round == 2


# The market


def test_transmitter_empties_a_slot_and_the_turns_purchase_fills_it_from_the_reserve(kit):
    """Transmitter does not count as the purchase; the last copy leaving empties its slot; a
    buyer may then take a reserve type, whose remaining copies fill the slot."""
    s = kit.make(hands=[["transmitter", "traveller", "traveller"]])
    s = replace(s, supply={**s.supply, "scout": s.supply["scout"][:1]})
    s = kit.play(s, {"type": "action", "card": 0, "take": "scout"})
    assert s.market[0] is None and not s.turn.bought
    assert {"type": "buy", "card": "captain", "pay": [1, 2]} in ed.legal_actions(s, 0)
    s = kit.play(s, buy("captain", 1, 2))
    assert s.market[0] == "captain"
    assert len(s.supply["captain"]) == 2
    assert [s.cards[c] for c in s.seats[0].acquired] == ["scout", "captain"]
    view = ed.player_view(s, 1)
    assert view["market"][0] == {"card": "captain", "left": 2, "open": True}
    assert all(r["card"] != "captain" for r in view["reserve"])


def test_single_use_action_cards_spent_as_half_coins_buy_with_exactly_enough(kit):
    """Any other card gives 1/2: two action cards give exactly 1 coin; single-use cards only
    spent as 1/2 coin are discarded normally."""
    s = kit.make(hands=[["compass", "travel-log", "explorer"]])
    assert ed.validate(s, 0, buy("scout", 0)) == "Your cards give 0½ coins; Scout costs 1."
    s = kit.play(s, buy("scout", 0, 1))
    assert s.seats[0].played == (0, 1) and s.seats[0].removed == ()
    s = kit.play(s, END)
    assert {0, 1} <= set(s.seats[0].discard)


def test_undo_after_a_buy_of_the_last_copy_restores_market_blockade_and_tokens(kit):
    """Undo steps back within the turn: the market slot, the supply, the blockade taken, the
    explorer and a spent token all come back."""
    s0 = kit.make(OPEN, [["pioneer", "traveller"]], players=4, blockades=["jungle-1"])
    s0 = replace(s0, supply={**s0.supply, "scout": s0.supply["scout"][:1]})
    s0 = with_seat(s0, 0, tokens=(token_id("pass"),))
    s1 = kit.play(s0, move(0, (1, 0), (2, 0), (3, 0), (4, 0)))
    s2 = kit.play(s1, {"type": "token", "token": token_id("pass")})
    s3 = kit.play(s2, buy("scout", 1))
    assert s3.market[0] is None and s3.blockade_owner == (0,)
    states = [s0, s1, s2]
    back = s3
    while states:
        back = kit.play(back, UNDO)
        assert ed.to_json(back) == ed.to_json(states.pop())
    assert ed.player_view(back, 1) == ed.player_view(s0, 1)


def test_undo_after_reaching_el_dorado_takes_the_explorer_back_out(kit):
    """Entering a final space moves the explorer onto El Dorado; undo (no card revealed)
    puts it back and the player is no longer finished."""
    s0 = kit.make(THREE_JOINTS, [["explorer"]], players=4, blockades=["jungle-1"] * 3)
    s0 = with_seat(s0, 0, explorers=((4, 0),))
    s1 = kit.play(s0, move(0, (5, 0)))
    assert s1.finished == (0,)
    back = kit.play(s1, UNDO)
    assert back.finished == () and kit.where(back) == (4, 0)
    assert ed.to_json(back) == ed.to_json(s0)


# Drawing and caves


def test_a_cave_power_token_taken_mid_turn_crosses_a_blockade_the_same_turn(kit):
    """Stopping beside a cave takes its top token; tokens are used any time in the owner's
    turn; a power token pays a blockade like a card; moving between two spaces beside the
    same cave takes no other token."""
    s = kit.make(
        CAVE,
        [["trailblazer"]],
        players=4,
        blockades=["jungle-1"],
        caves=True,
        cave_tokens=[["machete-2", "draw", "pass", "keep"]],
    )
    s = kit.play(s, move(0, (1, 0), (1, 1), (2, 1)))
    (t,) = s.seats[0].tokens
    assert TOKENS[t].slug == "machete-2"
    assert ed.validate(s, 0, UNDO) is not None  # the token was revealed
    assert {"type": "move", "token": t, "path": [[3, 1]]} in ed.legal_actions(s, 0)
    s = kit.play(s, {"type": "move", "token": t, "path": [[3, 1]]})
    assert kit.where(s) == (3, 1)
    assert s.seats[0].blockades == (0,)
    assert s.seats[0].tokens == () and len(s.caves[0]) == 3
    assert ed.player_view(s, 2)["seats"][0]["spent_tokens"] == [{"id": t, "kind": "machete-2"}]


def test_draw_token_reshuffles_the_discard_pile_but_not_the_play_area_and_the_card_plays(kit):
    """Shuffle only when you must draw from an empty pile; cards played this turn are not in
    the discard pile; cards drawn mid-turn may be played this turn (a blockade too)."""
    s = kit.make(OPEN, [["scout", "sailor", "traveller", "traveller", "explorer"]], players=4)
    s = with_seat(s, 0, draw=(), discard=(4,), tokens=(token_id("draw"),))
    s = kit.play(s, move(0, (1, 0), (2, 0)))
    progress = ed.apply(s, 0, {"type": "token", "token": token_id("draw")})
    s = progress.state
    assert [e["count"] for e in progress.events if e["type"] == "shuffle"] == [1]
    assert s.seats[0].hand == (1, 2, 3, 4)
    assert s.seats[0].played == (0,)
    assert s.seats[0].draw == () and s.seats[0].discard == ()
    s = kit.play(s, {"type": "blockade", "to": [3, 0], "card": 4})
    assert s.seats[0].blockades == (0,)
    assert_nothing_private_leaks(s, 0)


def test_views_after_native_rubble_and_buy_show_the_public_facts_only(kit):
    """Who sees what: the board, explorers, blockades taken, market counts, hand sizes, pile
    sizes, the top of the discard pile, cards played and bought are public; hands, draw order
    and the seed are not."""
    rows = ["S J1 X1 | J1 J1"] * 4
    hand = ["native", "pioneer", "photographer", "sailor", "traveller"]
    s = kit.make(rows, [hand], players=4, blockades=["jungle-2"])
    s = kit.play(
        s,
        {"type": "action", "card": 0, "to": [1, 0]},
        {"type": "rubble", "to": [2, 0], "cards": [1]},
        buy("scout", 2),
    )
    assert_nothing_private_leaks(s, 0)
    other = ed.player_view(s, 3)
    me = other["seats"][0]
    assert me["explorers"] == [[2, 0]]
    assert [c["card"] for c in me["played"]] == ["native", "photographer"]
    assert [c["card"] for c in me["acquired"]] == ["scout"]
    assert me["discard_top"]["card"] == "scout"
    assert (me["hand_size"], me["discard_size"]) == (1, 2)
    assert other["market"][0] == {"card": "scout", "left": 2, "open": True}
    assert other["blockades"] == [{"joint": 0, "kind": "jungle", "value": 2, "owner": None}]


# Cave tokens meeting single-use cards, purchases and blockades


def test_a_keep_token_keeps_a_travel_log_after_its_effect(kit):
    """Caves: keep a single-use card after use (Travel Log is single-use; its use is draw 2,
    then remove up to 2). Tokens are used any time in the owner's turn."""
    hand = ["travel-log", "traveller", "traveller", "traveller", "explorer", "sailor"]
    s = kit.make(hands=[hand], players=4)
    s = with_seat(s, 0, tokens=(token_id("keep"),))
    s = kit.play(s, {"type": "action", "card": 0}, {"type": "remove", "cards": [4]})
    assert s.seats[0].removed == (0, 4)
    s = kit.play(s, {"type": "token", "token": token_id("keep")}, END)
    assert s.seats[0].removed == (4,)
    assert 0 in s.seats[0].discard


def test_a_keep_token_may_be_used_later_in_the_turn(kit):
    """Tokens are public and used any time in the owner's turn: keep a single-use card after
    use. Nothing asks for the keep token to come right after that card."""
    s = kit.make(hands=[["giant-machete", "explorer"]], players=4)
    s = with_seat(s, 0, tokens=(token_id("keep"),))
    s = kit.play(s, move(0, (1, 0)), move(1, (2, 0)))
    s = kit.play(s, {"type": "token", "token": token_id("keep")}, END)
    assert s.seats[0].removed == ()
    assert 0 in s.seats[0].discard


def test_the_change_token_changes_the_next_card_even_when_it_is_played_for_money(kit):
    """Change the kind of the next card played; cards played for money are played, and coin
    cards give their full power. (An action card played next does use up the change.)"""
    s = kit.make(OPEN, [["explorer", "traveller", "scout"]], players=4)
    s = with_seat(s, 0, tokens=(token_id("change"),))
    s = kit.play(s, {"type": "token", "token": token_id("change"), "kind": "coin"})
    # The Explorer, played next, counts as a coin 1 card: 1 + 1 pays for the Photographer.
    s = kit.play(s, buy("photographer", 0, 1))
    assert s.turn.next_kind is None
    s = kit.play(s, move(2, (1, 0), (2, 0)))
    assert kit.where(s) == (2, 0)


def test_cards_swapped_away_with_a_cave_token_go_to_the_play_area(kit):
    """Swap 1-4 hand cards for as many drawn. The page does not say where the cards given up
    go; the seed puts them on the player's board, the play area, which is public ("cards
    played this turn"), and they reach the discard pile at the end of the turn."""
    s = kit.make(OPEN, [["pioneer", "sailor", "traveller", "traveller"]], players=4)
    s = with_seat(s, 0, tokens=(token_id("swap"),))
    progress = ed.apply(s, 0, {"type": "token", "token": token_id("swap"), "cards": [0, 1]})
    played = ed.player_view(progress.state, 1)["seats"][0]["played"]
    assert [c["id"] for c in played] == [0, 1]
    s = kit.play(progress.state, END)
    assert {0, 1} <= set(s.seats[0].discard)


def test_legal_actions_list_a_purchase_that_needs_a_coin_token(kit):
    """Power token: coins count for buying; every applicable common action is listed."""
    s = kit.make(OPEN, [["traveller", "explorer", "explorer", "explorer"]], players=4)
    coin = token_id("coin-2")
    s = with_seat(s, 0, tokens=(coin,))
    # 1 + 3 x 1/2 + 2 = 4 1/2 coins: enough for a Transmitter only with the token.
    assert ed.validate(s, 0, buy("transmitter", 0, 1, 2, 3, tokens=[coin])) is None
    buys = {a["card"] for a in ed.legal_actions(s, 0) if a["type"] == "buy"}
    assert "transmitter" in buys


def test_legal_actions_list_a_blockade_taken_with_a_power_token(kit):
    """A power token plays as its kind and value for one space play; a blockade is paid
    exactly as entering a space of that kind and value. Every applicable action is listed."""
    s = kit.make(OPEN, [["scout"]], players=4, blockades=["jungle-2"])
    s = kit.play(s, move(0, (1, 0), (2, 0)))
    machete = token_id("machete-2")
    s = with_seat(s, 0, tokens=(machete,))
    action = {"type": "blockade", "to": [3, 0], "token": machete}
    assert ed.validate(s, 0, action) is None
    # 2 for the blockade + 1 for the space beyond: the token cannot move across, only take it.
    listed = ed.legal_actions(s, 0)
    token_moves = [a for a in listed if a["type"] == "move" and a.get("token") == machete]
    assert all(q < 3 for a in token_moves for q, _ in a["path"])
    assert action in listed


def test_listed_purchases_count_the_change_tokens_kind_for_the_first_card_paying(kit):
    """Change the kind of the next card played: purchases listed while a change is pending pay
    as the engine counts them (a Pioneer as coin pays 5; as machete any card pays 1/2)."""
    s = kit.make(OPEN, [["pioneer", "explorer", "explorer", "explorer"]], players=4)
    s = with_seat(s, 0, tokens=(token_id("change"),))

    def buys(state):
        listed = [a for a in ed.legal_actions(state, 0) if a["type"] == "buy"]
        assert all(ed.validate(state, 0, a) is None for a in listed)
        return {a["card"] for a in listed}

    change = {"type": "token", "token": token_id("change")}
    plain = buys(s)  # four cards worth 1/2 each: 2 coins
    as_coin = buys(kit.play(s, {**change, "kind": "coin"}))
    as_machete = buys(kit.play(s, {**change, "kind": "machete"}))
    assert "transmitter" in as_coin and "transmitter" not in plain  # costs 4
    assert as_machete == plain
