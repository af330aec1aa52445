"""The El Dorado board explains itself: a help popover on every card in hand, on sale and in
the reserve, on every cave token and blockade; a How to play panel open for a first match; a
refused move and the whole board in the player's language."""

from __future__ import annotations

import re
from dataclasses import replace
from types import SimpleNamespace

import pytest
from django.utils import translation

import games.engines.el_dorado as ed
from games.engines.el_dorado.sketch import sketch_layout
from games.help.el_dorado import card_effect
from games.models import Seat, Status
from games.play.services import ActionRefused
from games.play.services.lobby import MatchSpec, create_match
from games.play.services.play import submit_action
from games.presenters.el_dorado.board import _first_match, board_context
from tests.helpers import compose, render_parts

TIPS = re.compile(r'<span class="tip" role="tooltip" id="([^"]+)">([^<]*)</span>')


def _game(hand: list[str], tokens: tuple[int, ...] = (), empty_slot: bool = False) -> ed.State:
    state = ed.new_game(
        2,
        3,
        {
            "map": sketch_layout(["S J1 J1 | J1 J1"] * 4, finals="jungle"),
            "decks": [hand + ["traveller"] * 6, ["traveller"] * 8],
            "blockades": ["jungle-2"],
            "caves": True,
        },
    )
    seats = list(state.seats)
    seats[0] = replace(seats[0], tokens=tokens, blockades=(0,))
    state = replace(state, seats=tuple(seats), blockade_owner=(0,))
    if empty_slot:
        market = list(state.market)
        gone, market[0] = market[0], None
        state = replace(state, market=tuple(market), supply={**state.supply, gone: ()})
    return state


def _board(state: ed.State, language: str = "en") -> str:
    with translation.override(language):
        context = {
            "view": ed.player_view(state, 0),
            "state": state,
            "you": 0,
            "your_turn": True,
            "players": [
                SimpleNamespace(position=p, name=n, profile_url=None, resigned=False)
                for p, n in enumerate(["Ana", "Bo"])
            ],
            "names": ["Ana", "Bo"],
            "match": SimpleNamespace(pk=1, is_active=True),
            "act_url": "/act/",
            "version": 1,
        }
        context.update(board_context(context))
        return compose(render_parts(context))


def test_every_card_token_and_blockade_on_the_board_has_a_popover_it_is_described_by():
    state = _game(["compass", "transmitter", "scout", "native"], tokens=(0, 20), empty_slot=True)
    html = _board(state)
    tips = dict(TIPS.findall(html))
    described = re.findall(r'aria-describedby="([^"]+)"', html)
    # The map's image is described by its summary, not by a popover.
    summary = "ed-map-words ed-blockade-words"
    assert described.count(summary) == 1
    assert all(f'id="{part}"' in html for part in summary.split())
    described = [d for d in described if d != summary]
    assert described and set(described) == set(tips), set(described) ^ set(tips)
    assert len(described) == len(set(described)) or all(d in tips for d in described)
    ids = re.findall(r'\bid="(ed-tip-[^"]+)"', html)
    assert len(ids) == len(set(ids)), "popover ids are unique on the page"
    view = ed.player_view(state, 0)
    for card in view["seats"][0]["hand"]:
        assert tips[f"ed-tip-hand-{card['id']}"] == card_effect(card["card"]).replace("'", "&#x27;")
    for slot in view["market"]:
        if slot["card"]:
            assert f"ed-tip-market-{slot['card']}" in tips
    for r in view["reserve"]:
        assert f"ed-tip-reserve-{r['card']}" in tips  # the reserve list
        assert f"ed-tip-buy-{r['card']}" in tips  # the reserve's buy buttons, a slot being empty
    assert "ed-tip-token-0" in tips and "ed-tip-token-20" in tips
    assert "ed-tip-blockade-0-0" in tips
    # The action cards say what they do, not only their kind and cost.
    assert "Draw 3 cards" in tips[f"ed-tip-hand-{view['seats'][0]['hand'][0]['id']}"]


def test_the_board_in_japanese_reads_in_japanese():
    state = _game(["compass", "transmitter", "scout", "native"], tokens=(0, 20), empty_slot=True)
    html = _board(state, "ja")
    assert "コンパス" in html and "電信機" in html and "偵察者" in html
    text = re.sub(r"<(svg|script|style)\b.*?</\1>", " ", html, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    # The players' names, and the name the test map (given as data) brings along.
    allowed = {"Ana", "Bo", "Sketch"}
    english = set(re.findall(r"[A-Za-z]{3,}", text)) - allowed
    assert not english, sorted(english)
    titles = " ".join(re.findall(r"<title>([^<]*)</title>", html))
    assert "ジャングル" in titles
    assert not set(re.findall(r"[A-Za-z]{3,}", titles)) - allowed


def test_the_board_and_its_how_to_play_panel_link_to_the_rules():
    html = _board(_game(["scout"] * 4))
    assert html.count('href="/rules/el-dorado/"') >= 2
    assert '<details class="ed-howto" id="ed-howto">' in html  # not a seat's first match here


@pytest.mark.django_db
def test_the_how_to_play_panel_opens_for_a_players_first_match(user_factory):
    ana = user_factory("ana")
    match = create_match(ana, MatchSpec(game="el-dorado", players=2, bots=("greedy",), options={}))
    assert _first_match(match, 0)
    assert not _first_match(match, 1)  # the bot's seat
    assert not _first_match(match, None)  # a spectator
    earlier = create_match(
        ana, MatchSpec(game="el-dorado", players=2, bots=("greedy",), options={})
    )
    type(earlier).objects.filter(pk=earlier.pk).update(status=Status.FINISHED)
    assert Seat.objects.filter(match=earlier, user=ana).exists()
    assert not _first_match(match, 0)


@pytest.mark.django_db(transaction=True)
def test_a_refused_move_reads_in_the_players_language(user_factory):
    ana = user_factory("ana")
    match = create_match(ana, MatchSpec(game="el-dorado", players=2, bots=("greedy",), options={}))
    move = {"type": "buy", "card": "pioneer", "pay": []}
    with translation.override("ja"), pytest.raises(ActionRefused) as refused:
        submit_action(match.pk, ana, move, match.version)
    assert str(refused.value) == "開拓者は予備にあります。市場に空きがあるときだけ購入できます。"
    with pytest.raises(ActionRefused, match="Pioneer is in the reserve"):
        submit_action(match.pk, ana, move, match.version)
