"""Leak probes on El Dorado pages, fragments, errors and frames.

Each probe either changes only what a viewer may not know and checks every surface stays the
same for them, or plants a distinctive secret and checks no response carries it (surfaces.py).
"""

from __future__ import annotations

import json
import re

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth.models import AnonymousUser
from django.test import Client

from games.engines.el_dorado import CARD_TYPES
from games.engines.el_dorado import legal_actions as ed_legal_actions
from games.models import Match
from games.play.services.play import submit_action
from games.play.services.state import current_state, engine_for
from tests.web.leak_probes.surfaces import (
    BOT,
    ED_DECKS,
    assert_frame_is_own_view,
    assert_same_surfaces,
    assert_surfaces_change,
    board_surfaces,
    client_for,
    drain,
    ed_secrets_changed,
    flash,
    fresh,
    global_surfaces,
    ig_secrets_changed,
    make_match,
    open_socket,
    position_of,
    state_json,
    viewers,
)

pytestmark = pytest.mark.django_db(transaction=True)


def test_ed_board_is_the_same_whatever_others_hold_draw_or_buried(ed_live):
    match, people = ed_live
    data = state_json(match)
    for _, user in viewers(match, people):
        viewer = position_of(match, user)
        assert_same_surfaces(match, user, lambda d, v=viewer: ed_secrets_changed(d, v))
        # Asking to "move with" a card of someone else's hand changes nothing either.
        other = next(i for i in range(match.players) if i != viewer)
        card = data["seats"][other]["hand"][0]
        plain = board_surfaces(match, user)
        probed = assert_same_surfaces(
            match, user, lambda d, v=viewer: ed_secrets_changed(d, v), card=card
        )
        for key in ("live", "live_htmx"):
            assert probed[key] == plain[key], (viewer, key)


def test_ed_control_own_hand_does_show_to_its_owner(ed_live):
    match, people = ed_live
    for name in ("ana", "bo"):
        position = position_of(match, people[name])
        other = (position + 1) % match.players
        assert_surfaces_change(match, people[name], lambda d, o=other: ed_secrets_changed(d, o))


def test_ed_no_other_hand_card_id_or_seed_appears_anywhere(ed_live):
    match, people = ed_live
    data = state_json(match)
    for name, user in viewers(match, people):
        viewer = position_of(match, user)
        bodies = list(board_surfaces(match, user).values())
        bodies += [body for _, body in global_surfaces(match, user, people).values()]
        for body in bodies:
            assert str(match.seed) not in body
            ids = {int(v) for v in re.findall(r'name="cards" value="(\d+)"', body)}
            ids |= {int(v) for v in re.findall(r"card=(\d+)", body)}
            own = set(data["seats"][viewer]["hand"]) if viewer is not None else set()
            assert ids <= own, name
            assert '"draw"' not in body and "draw_counts" not in body
            assert "cave_stacks" not in body and '"hand"' not in body
            assert "ed-hand" not in body or viewer is not None


def test_ed_unfinished_match_has_no_replay_export_or_ndjson(ed_live):
    match, people = ed_live
    for name, user in viewers(match, people):
        surfaces = global_surfaces(match, user, people)
        assert surfaces[f"/matches/{match.pk}/replay/"][0] == 404, name
        assert surfaces[f"/matches/{match.pk}/export.json"][0] == 404, name
        assert all(surfaces[f"/u/{p}/matches.ndjson"][1] == "" for p in people), name


def _ed_error(client: Client, match: Match, action: dict) -> str:
    data = {"action": json.dumps(action), "version": str(fresh(match).version)}
    body = client.post(f"/matches/{match.pk}/act/", data, HTTP_HX_REQUEST="true").content
    return flash(body.decode())


def test_ed_error_naming_anothers_card_does_not_tell_where_it_is(ed_live):
    match, people = ed_live
    data = state_json(match)
    bo = data["seats"][1]
    client = client_for(people["ana"])
    texts = []
    for card in (bo["hand"][0], bo["draw"][0], bo["discard"][0]):
        text = _ed_error(client, match, {"type": "discard", "cards": [card]})
        name = CARD_TYPES[data["cards"][card]].name
        texts.append(text.replace(str(card), "N").replace(name, "X"))
    assert len(set(texts)) == 1, texts  # hand, draw pile and buried discard read alike
    assert "bo" not in texts[0].lower().split() and "draw" not in texts[0]
    assert fresh(match).version == match.version
    # Out of turn, bo naming ana's cards learns only that it is not his turn.
    for card in data["seats"][0]["hand"]:
        text = _ed_error(client_for(people["bo"]), match, {"type": "discard", "cards": [card]})
        assert text == "It is not your turn."


def test_ed_error_does_not_name_a_card_from_anothers_secret_deck(user_factory):
    match, people = make_match(
        user_factory,
        "el-dorado",
        ("ana", "bo"),
        map="home-stretch",
        decks=[ED_DECKS[1], ED_DECKS[0]],
    )
    data = state_json(match)
    top_of_bos_draw = data["seats"][1]["draw"][0]
    secret_name = CARD_TYPES[data["cards"][top_of_bos_draw]].name
    text = _ed_error(
        client_for(people["ana"]), match, {"type": "discard", "cards": [top_of_bos_draw]}
    )
    assert secret_name not in text


async def test_ed_socket_frames_after_a_move_are_each_viewers_own(ed_live):
    match, people = ed_live
    watchers = {"anonymous": None, "spectator": people["zed"], "bo": people["bo"]}
    sockets = {name: await open_socket(match.pk, user) for name, user in watchers.items()}
    state = await database_sync_to_async(current_state)(match)
    ana_hand = set(state.seats[0].hand)
    actions = ed_legal_actions(state, 0)
    action = next((a for a in actions if a["type"] == "move"), {"type": "end_turn"})
    await database_sync_to_async(submit_action)(match.pk, people["ana"], action, match.version)
    live = await database_sync_to_async(fresh)(match)
    bo_hand = set((await database_sync_to_async(current_state)(live)).seats[1].hand)
    for name, s in sockets.items():
        got = await drain(s)
        assert got, name
        user = watchers[name] if watchers[name] is not None else AnonymousUser()
        await database_sync_to_async(assert_frame_is_own_view)(got[-1], live, user)
        ids = {int(v) for v in re.findall(r'name="cards" value="(\d+)"', got[-1])}
        assert not ids & ana_hand
        assert ids <= bo_hand
    await sockets["spectator"].send_to(text_data=json.dumps({"action": {"type": "end_turn"}}))
    error = (await drain(sockets["spectator"]))[0]
    assert "watching" in error and "ed-hand" not in error
    for s in sockets.values():
        await s.disconnect()


def test_ed_bot_mid_turn_hand_stays_hidden(user_factory, queued_tasks):
    # No worker runs the queued bot turn: the bot is awaited, "a bot is thinking".
    match, people = make_match(
        user_factory, "el-dorado", ("ana", "bo"), bots=("greedy",), map="home-stretch"
    )
    submit_action(match.pk, people["ana"], {"type": "end_turn"}, match.version)
    match = fresh(match)
    assert engine_for(match).to_act(current_state(match)) == frozenset({BOT})
    for _, user in viewers(match, people):
        viewer = position_of(match, user)
        page = assert_same_surfaces(match, user, lambda d, v=viewer: ed_secrets_changed(d, v))
        assert "A bot is thinking" in page["page"]


def test_ig_bot_mid_decision_choice_stays_hidden(user_factory, queued_tasks):
    match, people = make_match(user_factory, "incan-gold", ("ana", "bo"), bots=("random",))
    from games.tasks import bot_turn

    assert bot_turn.call(match.pk, match.version) == 1  # the bot decides; the humans have not
    match = fresh(match)
    data = state_json(match)
    assert data["seats"][BOT]["decision"] is not None
    for _, user in viewers(match, people):
        viewer = position_of(match, user)
        assert_same_surfaces(match, user, lambda d, v=viewer: ig_secrets_changed(d, v))
