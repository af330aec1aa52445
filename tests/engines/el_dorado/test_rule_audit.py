"""The rules page, sentence by sentence: scenarios for the gaps other tests left open."""

from __future__ import annotations

from dataclasses import replace

import pytest

import games.engines.el_dorado as ed
from games.engines.el_dorado.tokens import TOKENS
from tests.engines.el_dorado.scenario import END, OPEN, THREE_JOINTS, buy, move, token_id, with_seat

TWO_CAVES = [
    "S J1 J1 J1 | J1 J1",
    "S J1 C  J1 | J1 J1",
    "S J1 J1 C  | J1 J1",
    "S J1 J1 J1 | J1 J1",
]


def own(s, owners):
    """Give blockades to seats: owners is one seat (or None) per joint."""
    for seat in range(s.players):
        s = with_seat(s, seat, blockades=tuple(j for j, o in enumerate(owners) if o == seat))
    return replace(s, blockade_owner=tuple(owners))


def slugs(s, tokens):
    return [TOKENS[t].slug for t in tokens]


# Setup


def test_three_players_run_one_explorer_each_from_start_spaces_one_to_three():
    """Explorers start on the start spaces #1-#4 in turn order, one explorer each (3 players)."""
    s = ed.new_game(3, 11)
    board = ed.board_of(s)
    assert [seat.explorers for seat in s.seats] == [(h,) for h in board.starts[:3]]
    assert all(len(seat.hand) == 4 and len(seat.draw) == 4 for seat in s.seats)


# Moving, rubble, blockades


def test_rubble_discards_are_not_the_discard_step_the_turn_goes_on(kit):
    """Rubble: discard n cards from hand to enter it; these cards are not played for power and
    do not end the play step: the same turn may still move and buy."""
    s = kit.make(["S X1 J1 | J1"] * 4, [["explorer", "scout", "traveller"]])
    s = kit.play(s, {"type": "rubble", "to": [1, 0], "cards": [0]})
    assert s.seats[0].discard == (0,)
    assert s.seats[0].played == ()
    assert not s.turn.discarding
    s = kit.play(s, move(1, (2, 0)), buy("scout", 2))
    assert kit.where(s) == (2, 0)
    assert s.turn.bought
    assert s.seats[0].played == (1, 2)


def test_a_blockade_is_taken_only_by_an_explorer_beside_its_joint(kit):
    """Blockade: crossing a joint costs its requirement; an explorer away from the joint
    crosses nothing and takes nothing."""
    s = kit.make(OPEN, [["scout", "pioneer"]], blockades=["jungle-1"])
    s = kit.play(s, move(0, (1, 0)))
    assert ed.validate(s, 0, {"type": "blockade", "to": [3, 0], "card": 1}) == (
        "No blockade lies between [1, 0] and [3, 0]."
    )
    assert s.blockade_owner == (None,)


def test_a_village_blockade_is_paid_by_a_coin_card_and_the_coin_card_goes_on(kit):
    """A blockade is paid exactly as a space of its kind: a village blockade by a coin card,
    whose leftover goes on into the next tile's villages."""
    rows = ["S V1 V1 | V1 V1"] * 4
    s = kit.make(rows, [["millionaire"]], blockades=["village-1"])
    # Coin 4: two villages, the blockade, one village beyond it; a fifth step is too far.
    assert ed.validate(s, 0, move(0, (1, 0), (2, 0), (3, 0), (4, 0))) == (
        "Millionaire has 0 coin to spend; the next space is village 1."
    )
    s = kit.play(s, move(0, (1, 0), (2, 0), (3, 0)))
    assert kit.where(s) == (3, 0)
    assert s.seats[0].blockades == (0,)


# Single-use cards


def test_treasure_chest_used_to_move_leaves_the_game(kit):
    """Single-use cards leave the game after their effect is used: a Treasure Chest played to
    move (coin 4 through villages) is removed; a Journalist played the same way is discarded."""
    rows = ["S V2 V2 | J1"] * 4
    s = kit.make(rows, [["treasure-chest", "journalist"]])
    s = kit.play(s, move(0, (1, 0), (2, 0)))
    assert kit.where(s) == (2, 0)
    s = kit.play(s, move(1, (1, 2), explorer=1), END)
    seat = s.seats[0]
    assert seat.removed == (0,)
    assert 0 not in seat.owned()
    assert 1 in seat.discard


def test_prop_plane_given_up_for_rubble_is_discarded_normally(kit):
    """If a single-use card is only spent as a rubble discard, it is discarded normally."""
    s = kit.make(["S X1 J1 | J1"] * 4, [["prop-plane"]])
    s = kit.play(s, {"type": "rubble", "to": [1, 0], "cards": [0]}, END)
    assert s.seats[0].removed == ()
    assert 0 in s.seats[0].owned()


def test_single_use_card_removed_for_a_base_camp_is_not_used_so_cannot_be_kept(kit):
    """Base camp: the cards are removed from the game, not played for their effect; a keep
    token (keep a single-use card after use) has nothing to bring back."""
    s = kit.make(["S B1 J1 | J1"] * 4, [["compass"]], players=4)
    s = with_seat(s, 0, tokens=(token_id("keep"),))
    s = kit.play(s, {"type": "camp", "to": [1, 0], "cards": [0]})
    assert s.seats[0].removed == (0,)
    assert ed.validate(s, 0, {"type": "token", "token": token_id("keep"), "card": 0}) is not None


# Action cards


def test_compass_draws_what_is_left_when_fewer_than_three_cards_remain(kit):
    """Compass: draw 3; with two cards in the draw pile and an empty discard pile it draws
    those two (nothing to shuffle) and still leaves the game."""
    s = kit.make(hands=[["compass", "traveller", "traveller", "traveller"]])
    s = with_seat(s, 0, draw=s.seats[0].draw[:2])
    expected = s.seats[0].draw
    s = kit.play(s, {"type": "action", "card": 0})
    assert s.seats[0].hand == (1, 2, 3, *expected)
    assert s.seats[0].draw == () and s.seats[0].discard == ()
    assert s.seats[0].removed == (0,)


# The end and the winner


def test_a_rubble_blockade_counts_by_its_value_in_the_tie_break(kit):
    """Tie on blockade count: the highest single blockade value wins; a rubble 2 blockade is
    worth 2 and beats a village 1."""
    s = kit.make(
        THREE_JOINTS,
        [["explorer"]] * 3,
        players=3,
        blockades=["village-1", "rubble-2", "jungle-1"],
    )
    s = with_seat(s, 0, explorers=((4, 0),))
    s = with_seat(s, 1, explorers=((4, 2),))
    s = own(s, (0, 1, None))
    s = kit.play(s, move(kit.hand(s, 0)[0], (5, 0)), END)
    s = kit.play(s, move(kit.hand(s, 1)[0], (5, 2)), END, END)
    assert ed.is_over(s)
    result = ed.outcome(s)
    assert result.winners == (1,)
    assert result.highest == (1, 2, 0)
    assert result.places == (2, 1, 3)


def test_when_the_start_player_arrives_every_other_player_still_plays_the_round(kit):
    """The round is finished so every player has had the same number of turns: with four
    players the start player arriving gives seats 1-3 their turn, and seat 3 arriving too with
    more blockades wins."""
    s = kit.make(
        THREE_JOINTS,
        [["explorer"]] * 4,
        players=4,
        blockades=["jungle-1", "jungle-2", "river-1"],
    )
    s = with_seat(s, 0, explorers=((4, 0),))
    s = with_seat(s, 3, explorers=((4, 2),))
    s = own(s, (3, 3, 0))
    s = kit.play(s, move(kit.hand(s, 0)[0], (5, 0)), END)
    assert s.finished == (0,)
    for seat in (1, 2):
        assert ed.to_act(s) == frozenset({seat})
        s = kit.play(s, END)
    assert ed.to_act(s) == frozenset({3}) and not ed.is_over(s)
    s = kit.play(s, move(kit.hand(s, 3)[0], (5, 2)), END)
    assert ed.is_over(s)
    assert s.turn.round == 1
    assert ed.outcome(s).winners == (3,)
    assert ed.outcome(s).reached == (True, False, False, True)


# Caves


def two_caves(kit, hand, at):
    s = kit.make(
        TWO_CAVES,
        [hand],
        players=4,
        caves=True,
        cave_tokens=[["draw", "pass", "keep", "remove"], ["native", "change", "swap", "draw"]],
    )
    return with_seat(s, 0, explorers=(at,))


def test_stopping_beside_two_caves_takes_the_top_token_of_each(kit):
    """Ending a card play next to a cave takes its top token: next to two caves, one of each."""
    s = two_caves(kit, ["pioneer"], (0, 0))
    s = kit.play(s, move(0, (1, 0), (2, 0), (3, 0), (3, 1)))
    assert slugs(s, s.seats[0].tokens) == ["draw", "native"]
    assert [len(c) for c in s.caves] == [3, 3]


def test_moving_from_beside_one_cave_to_beside_two_takes_only_the_new_caves_token(kit):
    """Moving between two spaces next to the same cave does not take another; a second cave
    the explorer was not next to still gives its top token."""
    s = two_caves(kit, ["scout"], (1, 1))
    s = kit.play(s, move(0, (1, 2), (2, 2)))
    assert slugs(s, s.seats[0].tokens) == ["native"]
    assert [len(c) for c in s.caves] == [4, 3]


@pytest.mark.parametrize(("code", "kind"), [("X1", "rubble"), ("B1", "camp")])
def test_entering_rubble_or_a_base_camp_beside_a_cave_takes_its_top_token(kit, code, kind):
    """Stopping next to a cave takes its top token, however the space was entered."""
    rows = ["S J1 J1 | J1 J1", f"S J1 {code} | J1 J1", "S J1 C  | J1 J1", "S J1 J1 | J1 J1"]
    s = kit.make(rows, [["explorer"]], players=4, caves=True, cave_tokens=[["swap", "draw"]])
    s = with_seat(s, 0, explorers=((1, 1),))
    s = kit.play(s, {"type": kind, "to": [2, 1], "cards": [0]})
    assert kit.where(s) == (2, 1)
    assert slugs(s, s.seats[0].tokens) == ["swap"]


def test_an_emptied_cave_gives_nothing_more(kit):
    """Each cave holds a stack of tokens; once its last token is taken, stopping next to it
    gives nothing."""
    rows = ["S J1 J1 | J1 J1", "S J1 J1 | J1 J1", "S J1 C  | J1 J1", "S J1 J1 | J1 J1"]
    s = kit.make(rows, [["explorer"], ["explorer"]], players=4, caves=True, cave_tokens=[["draw"]])
    s = with_seat(s, 0, explorers=((1, 1),))
    s = with_seat(s, 1, explorers=((1, 3),))
    s = kit.play(s, move(0, (2, 1)), END)
    assert slugs(s, s.seats[0].tokens) == ["draw"]
    progress = ed.apply(s, 1, move(kit.hand(s, 1)[0], (2, 3)))
    assert progress.state.seats[1].tokens == ()
    assert progress.state.caves == ((),)
    assert "cave_token" not in [e["type"] for e in progress.events]


def test_remove_and_swap_tokens_hold_to_their_counts(kit):
    """Remove 1 card in hand (exactly one); swap 1-4 hand cards (never none, never five)."""
    s = kit.make(hands=[["explorer"] * 6], players=4)
    s = with_seat(s, 0, hand=(0, 1, 2, 3, 4), draw=(5, *s.seats[0].draw))
    s = with_seat(s, 0, tokens=(token_id("remove"), token_id("swap")))
    remove, swap = token_id("remove"), token_id("swap")
    assert ed.validate(s, 0, {"type": "token", "token": remove, "cards": [0, 1]}) is not None
    assert ed.validate(s, 0, {"type": "token", "token": remove, "cards": []}) is not None
    assert ed.validate(s, 0, {"type": "token", "token": swap, "cards": []}) is not None
    assert ed.validate(s, 0, {"type": "token", "token": swap, "cards": [0, 1, 2, 3, 4]}) is not None
    s = kit.play(s, {"type": "token", "token": swap, "cards": [0, 1, 2, 3]})
    assert len(s.seats[0].hand) == 5
    assert 4 in s.seats[0].hand and not {0, 1, 2, 3} & set(s.seats[0].hand)


def test_the_change_token_changes_the_next_card_not_a_power_token(kit):
    """Change the kind of the next card played: a power token is not a card, so a machete
    token still plays as machete and the change waits for the next card."""
    s = kit.make(["S J1 R1 | J1"] * 4, [["explorer"]], players=4)
    change, machete = token_id("change"), token_id("machete-2")
    s = with_seat(s, 0, tokens=(change, machete))
    s = kit.play(s, {"type": "token", "token": change, "kind": "paddle"})
    s = kit.play(s, {"type": "move", "token": machete, "path": [[1, 0]]})
    assert kit.where(s) == (1, 0)
    assert s.turn.next_kind == "paddle"
    s = kit.play(s, move(0, (2, 0)))
    assert kit.where(s) == (2, 0)


# Who sees what


def test_cave_tokens_taken_are_public_but_the_rest_of_the_stack_is_not(kit):
    """Public: cave tokens (held and spent); the order of what is left in a cave is not among
    the public facts until the match is over."""
    s = kit.make(
        ["S J1 J1 | J1 J1", "S J1 J1 | J1 J1", "S J1 C  | J1 J1", "S J1 J1 | J1 J1"],
        [["explorer"]],
        players=4,
        caves=True,
        cave_tokens=[["draw", "pass", "keep", "remove"]],
    )
    s = with_seat(s, 0, explorers=((1, 1),))
    progress = ed.apply(s, 0, move(0, (2, 1)))
    for viewer in (1, None):
        view = ed.player_view(progress.state, viewer)
        assert view["seats"][0]["tokens"] == [{"id": token_id("draw"), "kind": "draw"}]
        assert view["caves"] == [{"hex": [2, 2], "left": 3}]
        assert "cave_stacks" not in view
        seen = ed.events_for(progress.events, viewer)
        assert [e["kind"] for e in seen if e["type"] == "cave_token"] == ["draw"]


def test_a_pending_change_neither_lists_nor_takes_blockades_with_power_tokens_as_its_kind(kit):
    """Change the kind of the next card played: a power token pays a blockade as its own kind
    while a change is pending, and legal actions list it so."""
    s = kit.make(OPEN, [["scout"]], players=4, blockades=["jungle-2"])
    s = kit.play(s, move(0, (1, 0), (2, 0)))
    change, machete = token_id("change"), token_id("machete-2")
    s = with_seat(s, 0, tokens=(change, machete))
    s = kit.play(s, {"type": "token", "token": change, "kind": "paddle"})
    action = {"type": "blockade", "to": [3, 0], "token": machete}
    assert action in ed.legal_actions(s, 0)
    token_moves = [a for a in ed.legal_actions(s, 0) if a.get("token") == machete]
    assert token_moves and all(ed.validate(s, 0, a) is None for a in token_moves)
    s = kit.play(s, action)
    assert s.seats[0].blockades and s.turn.next_kind == "paddle"


def test_an_action_card_changed_to_coin_still_pays_half_a_coin(kit):
    """Every card pays 1/2 coin; a change to coin gives a card its power as coins, and an
    action card, with no power, still pays its 1/2."""
    s = kit.make(OPEN, [["transmitter", "explorer", "explorer", "explorer"]], players=4)
    s = with_seat(s, 0, tokens=(token_id("change"),))
    s = kit.play(s, {"type": "token", "token": token_id("change"), "kind": "coin"})
    # Paid first, the Transmitter takes the change: 1/2, never 0; with three Explorers at
    # 1/2 each that makes the 2 coins of a Photographer.
    assert ed.validate(s, 0, buy("photographer", 0, 1, 2, 3)) is None
