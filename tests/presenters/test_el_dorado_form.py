"""The El Dorado board form: a pressed button's action plus the ticked cards and tokens."""

from __future__ import annotations

import pytest
from django.http import QueryDict

from games.presenters.el_dorado.board import action_from_form


def _form(**fields) -> QueryDict:
    data = QueryDict(mutable=True)
    for key, value in fields.items():
        data.setlist(key, value if isinstance(value, list) else [value])
    return data


def test_ticked_cards_pay_for_a_purchase_and_coin_tokens_join_them():
    action = action_from_form(
        _form(do='{"type":"buy","card":"scout"}', cards=["3", "5"], tokens=["14"])
    )
    assert action == {"type": "buy", "card": "scout", "pay": [3, 5], "tokens": [14]}


@pytest.mark.parametrize("kind", ["rubble", "camp"])
def test_ticked_cards_are_given_up_to_enter_rubble_or_a_base_camp(kind):
    action = action_from_form(_form(do=f'{{"type":"{kind}","to":[3,4]}}', cards=["1", "2"]))
    assert action == {"type": kind, "to": [3, 4], "cards": [1, 2]}


def test_a_rubble_blockade_takes_the_ticked_cards_and_a_card_blockade_does_not():
    rubble = action_from_form(_form(do='{"type":"blockade","to":[1,1]}', cards=["7"]))
    assert rubble["cards"] == [7]
    machete = action_from_form(_form(do='{"type":"blockade","to":[1,1],"card":4}', cards=["7"]))
    assert "cards" not in machete


def test_the_transmitter_takes_the_chosen_card_and_a_token_the_ticked_cards():
    take = action_from_form(_form(do='{"type":"action","card":9,"take":"?"}', take="pioneer"))
    assert take == {"type": "action", "card": 9, "take": "pioneer"}
    swap = action_from_form(_form(do='{"type":"token","token":20,"cards":"?"}', cards=["1"]))
    assert swap == {"type": "token", "token": 20, "cards": [1]}


def test_ending_the_turn_discards_the_ticked_cards_first():
    action = action_from_form(_form(do='{"type":"end_turn"}', cards=["2", "6"]))
    assert action == {"type": "end_turn", "discard": [2, 6]}
    assert action_from_form(_form(do='{"type":"end_turn"}')) == {"type": "end_turn", "discard": []}


@pytest.mark.parametrize("raw", ["{oops", "[1, 2]", '"move"'])
def test_a_broken_button_value_is_a_value_error(raw):
    with pytest.raises(ValueError):
        action_from_form(_form(do=raw))


def test_the_new_match_form_offers_exactly_the_engines_maps():
    from games.engines import el_dorado
    from games.play.forms import FORMS

    form = FORMS["el-dorado"]()
    offered = dict(form.fields["opt_map"].choices)
    assert list(offered) == [
        "hills-of-gold",
        "home-stretch",
        "winding-path",
        "serpentine",
        "swamplands",
        "witchs-cauldron",
        "random",
    ]
    assert offered["witchs-cauldron"] == "Witch's Cauldron"
    assert form.fields["opt_map"].initial == el_dorado.DEFAULT_MAP == "hills-of-gold"
