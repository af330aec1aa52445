"""Buying: one card a turn, coin and wild cards at full value, the rest at half, empty slots."""

from __future__ import annotations

from dataclasses import replace

import pytest

import games.engines.el_dorado as ed
from games.engines.el_dorado.cards import CARD_TYPES, MARKET_START, SHOP_TYPES
from tests.engines.el_dorado.scenario import buy


def test_market_opens_with_six_starred_types_three_each_and_twelve_in_reserve():
    s = ed.new_game(3, 1)
    assert s.market == MARKET_START
    assert set(MARKET_START) == {
        "scout",
        "trailblazer",
        "photographer",
        "treasure-chest",
        "jack-of-all-trades",
        "transmitter",
    }
    assert all(len(s.supply[slug]) == 3 for slug in SHOP_TYPES)
    view = ed.player_view(s, None)
    assert len(view["reserve"]) == 12
    assert [m["left"] for m in view["market"]] == [3] * 6


@pytest.mark.parametrize(
    ("slug", "kind", "power", "cost", "single"),
    [
        ("scout", "machete", 2, 1, False),
        ("trailblazer", "machete", 3, 3, False),
        ("pioneer", "machete", 5, 5, False),
        ("giant-machete", "machete", 6, 3, True),
        ("captain", "paddle", 3, 2, False),
        ("photographer", "coin", 2, 2, False),
        ("journalist", "coin", 3, 3, False),
        ("treasure-chest", "coin", 4, 3, True),
        ("millionaire", "coin", 4, 5, False),
        ("jack-of-all-trades", "wild", 1, 2, False),
        ("adventurer", "wild", 2, 4, False),
        ("prop-plane", "wild", 4, 4, True),
        ("transmitter", "action", 0, 4, True),
        ("cartographer", "action", 0, 4, False),
        ("compass", "action", 0, 2, True),
        ("scientist", "action", 0, 4, False),
        ("travel-log", "action", 0, 3, True),
        ("native", "action", 0, 5, False),
    ],
)
def test_every_card_type_has_its_kind_power_cost_and_single_use_flag(
    slug, kind, power, cost, single
):
    t = CARD_TYPES[slug]
    assert (t.kind, t.power, t.cost, t.single_use) == (kind, power, cost, single)
    assert slug in SHOP_TYPES


def test_starting_deck_is_three_explorers_a_sailor_and_four_travellers():
    s = ed.new_game(4, 9)
    for seat in s.seats:
        names = sorted(s.cards[c] for c in seat.owned())
        assert names == ["explorer"] * 3 + ["sailor"] + ["traveller"] * 4
        assert len(seat.hand) == 4 and len(seat.draw) == 4
    for slug, kind, power in (("explorer", "machete", 1), ("sailor", "paddle", 1)):
        assert (CARD_TYPES[slug].kind, CARD_TYPES[slug].power) == (kind, power)
    assert (CARD_TYPES["traveller"].kind, CARD_TYPES["traveller"].power) == ("coin", 1)


def test_bought_card_goes_to_the_discard_pile(kit):
    s = kit.make(hands=[["photographer"]])
    s = kit.play(s, buy("scout", 0))
    bought = s.seats[0].discard[-1]
    assert s.cards[bought] == "scout"
    assert bought not in s.seats[0].hand
    assert len(s.supply["scout"]) == 2
    assert s.seats[0].played == (0,)


def test_coin_cards_pay_their_value_and_other_cards_half(kit):
    s = kit.make(hands=[["explorer", "sailor", "scout", "traveller"]])
    # Three non-coin cards give 1 1/2, the Traveller 1: 2 1/2 in all.
    assert ed.validate(s, 0, buy("trailblazer", 0, 1, 2, 3)) == (
        "Your cards give 2½ coins; Trailblazer costs 3."
    )
    assert ed.validate(s, 0, buy("photographer", 0, 1, 3)) is None
    assert ed.validate(s, 0, buy("photographer", 0, 1)) == (
        "Your cards give 1 coins; Photographer costs 2."
    )


def test_wild_cards_pay_their_full_power(kit):
    s = kit.make(hands=[["adventurer"]])
    assert ed.validate(s, 0, buy("photographer", 0)) is None


def test_only_one_purchase_per_turn(kit):
    s = kit.make(hands=[["traveller", "traveller", "traveller", "traveller"]])
    s = kit.play(s, buy("scout", 0))
    assert ed.validate(s, 0, buy("scout", 1)) == "You have already bought a card this turn."


def test_leftover_money_is_lost(kit):
    s = kit.make(hands=[["millionaire", "traveller"]])
    s = kit.play(s, buy("scout", 0))
    assert ed.validate(s, 0, buy("scout", 1)) is not None
    assert s.seats[0].played == (0,)


def test_reserve_types_cannot_be_bought_while_every_slot_is_filled(kit):
    s = kit.make(hands=[["millionaire", "millionaire"]])
    why = ed.validate(s, 0, buy("pioneer", 0, 1))
    assert why == "Pioneer is in the reserve; it can be bought only while a slot is empty."


def test_last_copy_leaving_the_market_empties_its_slot_and_a_reserve_type_fills_it(kit):
    s = kit.make(hands=[["millionaire", "millionaire"]])
    scouts = s.supply["scout"]
    s = replace(s, supply={**s.supply, "scout": scouts[:1]})
    s = kit.play(s, buy("scout", 0))
    assert s.market[0] is None
    s = replace(s, turn=replace(s.turn, bought=False))
    s = kit.play(s, buy("captain", 1))
    assert s.market[0] == "captain"
    assert len(s.supply["captain"]) == 2


def test_a_reserve_type_bought_as_its_last_copy_leaves_the_slot_empty(kit):
    s = kit.make(hands=[["millionaire", "millionaire"]])
    s = replace(
        s, market=(None, *s.market[1:]), supply={**s.supply, "captain": s.supply["captain"][:1]}
    )
    s = kit.play(s, buy("captain", 0))
    assert s.market[0] is None
    assert "captain" not in s.market


def test_single_use_coin_card_spent_as_money_leaves_the_game(kit):
    s = kit.make(hands=[["treasure-chest", "giant-machete", "traveller"]])
    s = kit.play(s, buy("trailblazer", 0))
    assert s.seats[0].removed == (0,)
    s2 = kit.make(hands=[["giant-machete", "traveller", "traveller"]])
    # The Giant Machete is only worth half a coin: it is discarded normally, not removed.
    s2 = kit.play(s2, buy("photographer", 0, 1, 2), {"type": "end_turn"})
    assert 0 in s2.seats[0].discard
    assert s2.seats[0].removed == ()


def test_buying_names_a_card_for_sale(kit):
    s = kit.make(hands=[["traveller"]])
    assert ed.validate(s, 0, buy("explorer", 0)) == "There is no card 'explorer' for sale."
    assert ed.validate(s, 0, buy("scout", 99)) == "There is no card 99."


def test_the_offers_open_to_buy_are_the_types_a_buy_may_name():
    import random

    from games.engines.el_dorado.rules.market import offers, open_to_buy

    def agree(state: ed.State) -> None:
        slots, reserve = offers(state)
        for slug, left, ok in [*slots, *reserve]:
            if slug is not None:
                assert ok == open_to_buy(state, slug)
                assert left == len(state.supply[slug])

    rng = random.Random(2)
    state = ed.new_game(3, 2)
    for _ in range(200):
        agree(state)
        # The same with the first slot emptied: the reserve opens.
        gone = state.market[0]
        if gone is not None:
            market = (None, *state.market[1:])
            agree(replace(state, market=market, supply={**state.supply, gone: ()}))
        seat = state.turn.seat
        state = ed.apply(state, seat, rng.choice(ed.legal_actions(state, seat))).state
