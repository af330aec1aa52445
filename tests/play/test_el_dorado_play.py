"""El Dorado through the services and pages: humans and bots, to the end, with nothing leaking."""

from __future__ import annotations

import json
import random
import re

import pytest

from games.bots.registry import get_bot
from games.engines.el_dorado import legal_actions
from games.models import MatchAction, Status
from games.play.services import ActionRefused
from games.play.services.lobby import MatchSpec, create_match, join_match
from games.play.services.play import resign, submit_action
from games.play.services.state import current_state, engine_for
from games.records.verify import verify_match

pytestmark = pytest.mark.django_db(transaction=True)


def _ed_match(user_factory, bots=("greedy",), players=3, **options):
    ana = user_factory("ana")
    options.setdefault("map", "home-stretch")
    match = create_match(
        ana, MatchSpec(game="el-dorado", players=players, bots=bots, options=options)
    )
    people = {"ana": ana}
    for name in ("bo", "cy", "di")[: players - 1 - len(bots)]:
        people[name] = user_factory(name)
        join_match(match.pk, people[name])
    match.refresh_from_db()
    return match, people


def _simple_action(state, seat):
    actions = legal_actions(state, seat)
    moves = [a for a in actions if a["type"] == "move"]
    if moves:
        return max(moves, key=lambda a: len(a["path"]))
    return next(a for a in actions if a["type"] == "end_turn")


def test_a_human_turn_is_several_actions_then_the_bots_play(user_factory):
    match, people = _ed_match(user_factory)
    state = current_state(match)
    assert engine_for(match).to_act(state) == frozenset({0})
    action = _simple_action(state, 0)
    submit_action(match.pk, people["ana"], action, match.version)
    match.refresh_from_db()
    if action["type"] != "end_turn":
        submit_action(match.pk, people["ana"], {"type": "end_turn"}, match.version)
        match.refresh_from_db()
    seats = set(MatchAction.objects.filter(match=match).values_list("seat", flat=True))
    assert seats >= {0, 1}, "the greedy bot played its turn after ana"
    assert engine_for(match).to_act(current_state(match)) == frozenset({2})


def test_a_double_click_on_a_play_makes_one_move(user_factory, client):
    deck = ["explorer"] * 3 + ["sailor"] + ["traveller"] * 4  # explorers on top: ana can move
    match, people = _ed_match(user_factory, decks=[deck] * 3)
    state = current_state(match)
    move = next(a for a in legal_actions(state, 0) if a["type"] == "move")
    client.force_login(people["ana"])
    body = {"action": json.dumps(move), "version": str(match.version)}
    first = client.post(f"/matches/{match.pk}/act/", body)
    second = client.post(f"/matches/{match.pk}/act/", body)
    assert first.status_code == second.status_code == 302
    assert MatchAction.objects.filter(match=match, seat=0).count() == 1
    match.refresh_from_db()
    assert match.version == 1 + int(body["version"])


def test_out_of_turn_and_illegal_moves_are_refused_with_a_reason(user_factory):
    match, people = _ed_match(user_factory, bots=(), players=2)
    with pytest.raises(ActionRefused, match="It is not your turn"):
        submit_action(match.pk, people["bo"], {"type": "end_turn"}, match.version)
    with pytest.raises(ActionRefused):
        submit_action(
            match.pk, people["ana"], {"type": "move", "card": 0, "path": [[99, 99]]}, match.version
        )
    assert not MatchAction.objects.exists()


def test_undo_takes_back_a_move_within_the_turn(user_factory):
    deck = ["explorer"] * 3 + ["sailor"] + ["traveller"] * 4  # explorers on top: ana can move
    match, people = _ed_match(user_factory, decks=[deck] * 3)
    state = current_state(match)
    moves = [a for a in legal_actions(state, 0) if a["type"] == "move"]
    assert moves
    submit_action(match.pk, people["ana"], moves[0], match.version)
    match.refresh_from_db()
    submit_action(match.pk, people["ana"], {"type": "undo"}, match.version)
    match.refresh_from_db()
    assert engine_for(match).to_json(current_state(match)) == engine_for(match).to_json(state)


def test_a_match_with_a_resignation_is_played_to_the_end_and_replays(user_factory):
    match, people = _ed_match(user_factory, bots=("greedy",))
    resign(match.pk, people["ana"])
    bo = match.seats.get(user=people["bo"]).position
    for _ in range(3000):
        match.refresh_from_db()
        if match.status != Status.ACTIVE:
            break
        state = current_state(match)
        if bo in engine_for(match).to_act(state):
            view = engine_for(match).player_view(state, bo)
            action = get_bot("el-dorado", "greedy")(view, bo, random.Random(match.version))
            submit_action(match.pk, people["bo"], action, match.version)
    assert match.status == Status.FINISHED
    assert match.seats.get(position=0).place == 3
    assert all(s.score is not None for s in match.seats.all())
    assert verify_match(match) == []


def test_when_everyone_resigns_the_bots_finish_the_match(user_factory):
    match, people = _ed_match(user_factory, bots=("greedy", "random"))
    resign(match.pk, people["ana"])
    match.refresh_from_db()
    assert match.status == Status.FINISHED
    assert match.seats.get(position=0).place == 3
    assert verify_match(match) == []


def _hand_ids(state, seat):
    return set(state.seats[seat].hand)


def test_no_el_dorado_fragment_leaks_hands_piles_or_seed(user_factory, client):
    from django.test import Client

    from games.play.live.match_part import render_live

    match, people = _ed_match(user_factory, bots=(), players=3)
    by_position = {s.position: s.user for s in match.seats.all()}
    for step in range(12):
        match.refresh_from_db()
        state = current_state(match)
        for viewer_position, viewer in [(None, None), *by_position.items()]:
            http = Client()
            if viewer is not None:
                http.force_login(viewer)
            pages = [
                http.get(f"/matches/{match.pk}/").content.decode(),
                http.get(f"/matches/{match.pk}/live/").content.decode(),
                render_live(match, viewer, oob=True),
            ]
            for html in pages:
                assert str(match.seed) not in html
                ticked = {int(v) for v in re.findall(r'name="cards" value="(\d+)"', html)}
                own = _hand_ids(state, viewer_position) if viewer_position is not None else set()
                assert ticked <= own
                for other in by_position:
                    if other == viewer_position:
                        continue
                    draw_order = json.dumps([state.cards[c] for c in state.seats[other].draw])
                    assert draw_order not in html
        seat = next(iter(engine_for(match).to_act(state)))
        submit_action(match.pk, by_position[seat], _simple_action(state, seat), match.version)
        if step % 2:
            match.refresh_from_db()
            if seat in engine_for(match).to_act(current_state(match)):
                submit_action(match.pk, by_position[seat], {"type": "end_turn"}, match.version)


def test_the_board_page_lists_reachable_spaces_for_a_selected_card(user_factory, client):
    match, people = _ed_match(user_factory)
    state = current_state(match)
    client.force_login(people["ana"])
    card = state.seats[0].hand[0]
    body = client.get(f"/matches/{match.pk}/?card={card}").content.decode()
    # That card's destinations are shown (the other cards' are listed, hidden).
    found = re.search(
        rf'<section class="ed-moves" data-card="{card}"[^>]*>(.*?)</section>', body, re.S
    )
    assert found and " hidden" not in found[0].split(">", 1)[0]
    assert "can reach" in found[1]
    from games.engines.el_dorado import legal_moves

    reachable = legal_moves(state, 0, card, 0, None)
    if reachable:
        assert found[1].count('name="do"') >= len(reachable)


def test_a_move_posted_from_the_board_form_is_applied(user_factory, client):
    match, people = _ed_match(user_factory)
    state = current_state(match)
    client.force_login(people["ana"])
    hand = list(state.seats[0].hand)
    response = client.post(
        f"/matches/{match.pk}/act/",
        {
            "do": '{"type":"discard"}',
            "cards": [str(hand[0]), str(hand[1])],
            "version": match.version,
        },
    )
    assert response.status_code == 302
    row = MatchAction.objects.get(match=match)
    assert row.action == {"type": "discard", "cards": hand[:2]}
