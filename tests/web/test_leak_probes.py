"""Attacker's probes for hidden-information leaks across the whole web layer.

The rule: before a match is over, no page, fragment, JSON or WebSocket frame carries another
player's hand, secret choice or tent total, the deck order or the seed.

Two kinds of probe:
- indistinguishability: change only what a viewer may not know (others' tents, choices, hands,
  draw and discard order below the top, the deck order, the seed) in the server-side state and
  check that every surface renders byte for byte the same for that viewer; a control shows the
  same change to the viewer's own secrets does change their page, so the probe can fail;
- distinctive values: plant secrets that cannot appear by chance (4-digit tents, the 62-bit seed,
  a deck order) and check no response carries them.
"""

from __future__ import annotations

import copy
import json
import re

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.test import Client

from config.routing import websocket_urlpatterns
from games.boards.page import render_live
from games.consumers import CLOSE_UNAUTHENTICATED
from games.engines.el_dorado import legal_actions as ed_legal_actions
from games.engines.el_dorado.cards import CARD_TYPES
from games.models import Match, MatchAction, Status
from games.services.lobby import MatchSpec, create_match, join_match
from games.services.play import submit_action
from games.services.state import current_state, engine_for

pytestmark = pytest.mark.django_db(transaction=True)

CSRF = re.compile(r'(name="csrfmiddlewaretoken" value="|"X-CSRFToken": ")[^"]*(")')
FLASH = re.compile(r'<p class="message message-error" role="alert">(.*?)</p>', re.S)
CONTINUE = {"type": "decide", "choice": "continue"}
RETURN = {"type": "decide", "choice": "return"}
FLIP = {"continue": "return", "return": "continue"}
BOT = 1  # the services seat bots right after the host


# --- helpers ------------------------------------------------------------------------------


def _norm(html: str | bytes) -> str:
    """A response without the per-request CSRF mask (the only part that differs by design)."""
    text = html.decode() if isinstance(html, bytes) else html
    return CSRF.sub(r"\1\2", text)


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _fresh(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


def _make(user_factory, game, humans, bots=(), **options):
    people = {name: user_factory(name) for name in humans}
    match = create_match(
        people[humans[0]],
        MatchSpec(game=game, players=len(humans) + len(bots), bots=tuple(bots), options=options),
    )
    for name in humans[1:]:
        join_match(match.pk, people[name])
    match = _fresh(match)
    people["zed"] = user_factory("zed")  # a logged-in spectator
    return match, people


def _position(match: Match, user) -> int | None:
    seat = match.seats.filter(user=user).first() if user is not None else None
    return None if seat is None else seat.position


def _state_json(match: Match) -> dict:
    match = _fresh(match)
    engine = engine_for(match)
    return engine.to_json(current_state(match))


def _set_state(match: Match, data: dict) -> Match:
    """Make `data` the match's current state (the snapshot is what every view reads)."""
    match = _fresh(match)
    engine = engine_for(match)
    engine.from_json(data)  # still a valid state
    Match.objects.filter(pk=match.pk).update(snapshot=data, snapshot_version=match.version)
    return _fresh(match)


def _board_surfaces(match: Match, user, card: int | None = None) -> dict[str, str]:
    """Every rendering of the live board a viewer can get: page, refetch, htmx, socket frame."""
    match = _fresh(match)
    client = _client(user)
    base = f"/matches/{match.pk}/"
    query = f"?card={card}" if card is not None else ""
    who = user if user is not None else AnonymousUser()
    return {
        "page": _norm(client.get(base + query).content),
        "live": _norm(client.get(base + "live/" + query).content),
        "live_htmx": _norm(client.get(base + "live/" + query, HTTP_HX_REQUEST="true").content),
        "frame": _norm(render_live(match, who, oob=True)),
    }


def _global_surfaces(match: Match, user, people) -> dict[str, tuple[int, str]]:
    """Every other URL of the site, as (status, body)."""
    client = _client(user)
    pk = match.pk
    urls = [
        "/",
        "/healthz",
        "/play/",
        "/leaderboards/",
        f"/leaderboards/?game={match.game}&provisional=1",
        f"/stats/{match.game}/",
        f"/matches/{pk}/replay/",
        f"/matches/{pk}/replay/?step=1",
        f"/matches/{pk}/export.json",
        f"/invite/{match.invite_token}/",
        "/login/",
        "/signup/",
        "/settings/",
    ]
    for name in people:
        urls += [f"/u/{name}/", f"/u/{name}/history/", f"/u/{name}/matches.ndjson"]
    out = {}
    for url in urls:
        response = client.get(url, follow=url.startswith("/invite/"))
        out[url] = (response.status_code, _norm(response.content))
    replay = client.get(f"/matches/{pk}/replay/", HTTP_HX_REQUEST="true")
    out["replay-htmx"] = (replay.status_code, _norm(replay.content))
    return out


def _viewers(match: Match, people) -> list[tuple[str, object]]:
    seated = [(s.user.username, s.user) for s in match.seats.select_related("user") if s.user]
    return [("anonymous", None), ("spectator", people["zed"]), *seated]


def _number(value: int) -> re.Pattern:
    return re.compile(rf"(?<![\d]){value}(?![\d])")


def _assert_same_surfaces(match, user, secret_change, card=None):
    """The viewer's surfaces are identical before and after `secret_change` of the state."""
    before_state = _state_json(match)
    before = _board_surfaces(match, user, card)
    match = _set_state(match, secret_change(copy.deepcopy(before_state)))
    after = _board_surfaces(match, user, card)
    _set_state(match, before_state)
    for key in before:
        assert before[key] == after[key], f"{key} changes with a secret the viewer may not know"
    return before


def _assert_surfaces_change(match, user, own_change):
    """Control: a change of the viewer's *own* secrets does show (the probe can fail)."""
    before_state = _state_json(match)
    before = _board_surfaces(match, user)
    match = _set_state(match, own_change(copy.deepcopy(before_state)))
    after = _board_surfaces(match, user)
    _set_state(match, before_state)
    assert before["page"] != after["page"]


# --- Incan Gold -----------------------------------------------------------------------------


def _ig_secrets_changed(data: dict, viewer: int | None) -> dict:
    """Everything a viewer may not know, changed: others' tents and choices, deck, seed."""
    data["seed"] = data["seed"] ^ 0x2545F4914F6CDD1D
    data["deck"] = list(reversed(data["deck"]))
    if len(set(data["deck"])) > 1 and data["deck"] == list(reversed(data["deck"])):
        data["deck"] = data["deck"][1:] + data["deck"][:1]
    for index, seat in enumerate(data["seats"]):
        if index == viewer:
            continue
        seat["tent"] += 1000
        if seat["decision"] is not None:
            seat["decision"] = FLIP[seat["decision"]]
    return data


@pytest.fixture
def ig_live(user_factory):
    """Incan Gold mid-turn: a bot has decided (secretly), ana has decided, bo and cy have not."""
    match, people = _make(user_factory, "incan-gold", ("ana", "bo", "cy"), bots=("random",))
    state = current_state(match)
    assert BOT == 1 and match.seats.get(position=BOT).is_bot
    assert BOT not in engine_for(match).to_act(state), "the bot seat decided at once"
    submit_action(match.pk, people["ana"], RETURN, match.version)
    match = _fresh(match)
    assert match.status == Status.ACTIVE
    return match, people


def test_ig_board_is_the_same_whatever_others_secretly_hold_or_chose(ig_live):
    match, people = ig_live
    decided = [i for i, s in enumerate(_state_json(match)["seats"]) if s["decision"]]
    assert decided == [0, BOT]  # ana and the bot: their choices are the secrets under test
    for _, user in _viewers(match, people):
        viewer = _position(match, user)
        _assert_same_surfaces(match, user, lambda d, v=viewer: _ig_secrets_changed(d, v))


def test_ig_control_own_tent_and_choice_do_show_to_their_owner(ig_live):
    match, people = ig_live

    def own_tent(data):
        data["seats"][_position(match, people["bo"])]["tent"] += 1000
        return data

    def own_choice(data):
        data["seats"][0]["decision"] = "continue"
        return data

    _assert_surfaces_change(match, people["bo"], own_tent)
    _assert_surfaces_change(match, people["ana"], own_choice)


def test_ig_distinctive_tents_deck_and_seed_appear_nowhere_but_to_their_owner(ig_live):
    match, people = ig_live
    data = _state_json(match)
    tents = {0: 4271, 1: 5382, 2: 6493, 3: 7504}
    for index, value in tents.items():
        data["seats"][index]["tent"] = value
    match = _set_state(match, data)
    deck = data["deck"]
    deck_forms = [json.dumps(deck), ", ".join(deck), " ".join(deck[:6]), ",".join(deck[:6])]
    for _, user in _viewers(match, people):
        viewer = _position(match, user)
        bodies = list(_board_surfaces(match, user).values())
        bodies += [body for _, body in _global_surfaces(match, user, people).values()]
        for body in bodies:
            assert str(match.seed) not in body and hex(match.seed)[2:] not in body
            assert not any(form in body for form in deck_forms)
            assert '"deck"' not in body and "snapshot" not in body
            for index, value in tents.items():
                if index != viewer:
                    assert not _number(value).search(body), f"seat {index}'s tent shown"
        if viewer is not None:
            page = _board_surfaces(match, user)["page"]
            assert _number(tents[viewer]).search(page)  # control: the owner sees it


def test_ig_decided_wording_buttons_and_classes_do_not_tell_the_choice(ig_live):
    match, people = ig_live
    for name, user in _viewers(match, people):
        viewer = _position(match, user)
        for key, body in _board_surfaces(match, user).items():
            if viewer != 0:
                assert "chooses to" not in body and "You chose" not in body, (name, key)
                assert "changes their mind" not in body, (name, key)
            if viewer not in (0, BOT):
                assert " chosen" not in body, (name, key)  # the chosen button's class
            assert "log-private" not in body or viewer is not None, (name, key)


def test_ig_unfinished_match_has_no_replay_export_or_ndjson_for_anyone(ig_live):
    match, people = ig_live
    for name, user in _viewers(match, people):
        surfaces = _global_surfaces(match, user, people)
        for url in (f"/matches/{match.pk}/replay/", f"/matches/{match.pk}/export.json"):
            assert surfaces[url][0] == 404, (name, url)
        for person in people:
            status, body = surfaces[f"/u/{person}/matches.ndjson"]
            assert status == 200 and body == "", (name, person)


def test_ig_move_log_rows_are_not_exposed_before_the_end(ig_live):
    match, people = ig_live
    rows = list(MatchAction.objects.filter(match=match).values_list("action", flat=True))
    assert rows
    for _, user in _viewers(match, people):
        if _position(match, user) == 0:
            continue
        for body in _board_surfaces(match, user).values():
            assert '"seq"' not in body and "visible_to" not in body and '"events"' not in body


def _flash(body: str) -> str:
    found = FLASH.search(body)
    assert found, "an error message is shown"
    return found.group(1)


@pytest.mark.parametrize(
    "payload",
    [
        {"action": json.dumps({"type": "decide", "choice": "return", "seat": 0})},
        {"action": json.dumps({"type": "peek", "seat": 0})},
        {"action": json.dumps(CONTINUE), "version": "0"},
        {"action": json.dumps(CONTINUE), "version": "99999"},
        {"action": "{not json"},
    ],
)
def test_ig_error_responses_do_not_depend_on_others_secrets(ig_live, payload):
    match, people = ig_live
    bo = people["bo"]
    client = _client(bo)
    url = f"/matches/{match.pk}/act/"

    def post(version_from: Match):
        data = dict(payload)
        data.setdefault("version", str(version_from.version))
        return _norm(client.post(url, data, HTTP_HX_REQUEST="true").content)

    before_state = _state_json(match)
    before = post(_fresh(match))
    assert _flash(before)
    _set_state(match, _ig_secrets_changed(copy.deepcopy(before_state), _position(match, bo)))
    after = post(_fresh(match))
    _set_state(match, before_state)
    assert before == after
    assert _fresh(match).version == match.version  # nothing was applied
    assert str(match.seed) not in before


def test_ig_spectator_post_is_refused_without_state(ig_live):
    match, people = ig_live
    body = _norm(
        _client(people["zed"])
        .post(f"/matches/{match.pk}/act/", {"action": json.dumps(RETURN)}, HTTP_HX_REQUEST="true")
        .content
    )
    assert "watching" in _flash(body)
    assert "chooses to" not in body and str(match.seed) not in body


# --- WebSockets ---------------------------------------------------------------------------


async def _socket(match_id: int, user) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(
        URLRouter(websocket_urlpatterns), f"/ws/matches/{match_id}/"
    )
    communicator.scope["user"] = user if user is not None else AnonymousUser()
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def _drain(communicator: WebsocketCommunicator) -> list[str]:
    frames = []
    while not await communicator.receive_nothing(timeout=0.3):
        frames.append(await communicator.receive_from(timeout=2))
    return frames


async def test_ig_socket_frames_are_each_viewers_own_view_after_moves_reveal_and_bad_frames(
    ig_live,
):
    match, people = ig_live
    data = await database_sync_to_async(_state_json)(match)
    tents = {0: 4271, 1: 5382, 2: 6493, 3: 7504}
    for index, value in tents.items():
        data["seats"][index]["tent"] = value
    match = await database_sync_to_async(_set_state)(match, data)
    watchers = {
        "anonymous": None,
        "spectator": people["zed"],
        "bo": people["bo"],
        "cy": people["cy"],
    }
    sockets = {name: await _socket(match.pk, user) for name, user in watchers.items()}

    def positions():
        return {name: _position(match, user) for name, user in watchers.items()}

    seats = await database_sync_to_async(positions)()

    # bo decides: the others' frames say only that bo decided.
    await database_sync_to_async(submit_action)(match.pk, people["bo"], CONTINUE, match.version)
    frames = {name: await _drain(s) for name, s in sockets.items()}
    for name, got in frames.items():
        assert got, name
        expected = await database_sync_to_async(render_live)(
            await database_sync_to_async(_fresh)(match),
            watchers[name] if watchers[name] is not None else AnonymousUser(),
            oob=True,
        )
        assert _norm(got[-1]) == _norm(expected), f"{name}'s frame is not their own view"
        if name != "bo":
            assert "chooses to" not in got[-1] and " chosen" not in got[-1]

    # A bad frame and an illegal move naming another seat: the error goes to the sender only.
    await sockets["bo"].send_to(text_data="{broken")
    await sockets["bo"].send_to(
        text_data=json.dumps({"action": {"type": "decide", "choice": "return", "seat": 0}})
    )
    await sockets["spectator"].send_to(text_data=json.dumps({"action": RETURN}))
    await sockets["anonymous"].send_to(text_data=json.dumps({"action": RETURN}))
    errors = {name: await _drain(s) for name, s in sockets.items()}
    assert "not understood" in errors["bo"][0]
    assert "seat" in errors["bo"][1]
    assert "watching" in errors["spectator"][0] and "Log in" in errors["anonymous"][0]
    assert errors["cy"] == []
    for name, got in errors.items():
        for frame in got:
            assert name == "bo" or "chooses to" not in frame, name
            assert str(match.seed) not in frame, name

    # cy decides last: the reveal. Tents change; each frame shows only the viewer's own.
    live = await database_sync_to_async(_fresh)(match)
    await database_sync_to_async(submit_action)(match.pk, people["cy"], RETURN, live.version)
    live = await database_sync_to_async(_fresh)(match)
    state = await database_sync_to_async(current_state)(live)
    now = {i: s.tent for i, s in enumerate(state.seats)}
    assert all(now[i] >= tents[i] for i in tents)
    for name, s in sockets.items():
        got = await _drain(s)
        assert got, name
        for frame in got:
            for index, value in now.items():
                if index != seats[name]:
                    assert not _number(value).search(frame), f"{name} sees seat {index}'s tent"
        if seats[name] is not None:
            assert _number(now[seats[name]]).search(got[-1])  # control: own tent shown
    for s in sockets.values():
        await s.disconnect()


async def test_inbox_socket_carries_nothing_of_a_match(ig_live):
    match, people = ig_live
    anonymous = WebsocketCommunicator(URLRouter(websocket_urlpatterns), "/ws/inbox/")
    anonymous.scope["user"] = AnonymousUser()
    connected, code = await anonymous.connect()
    assert not connected and code == CLOSE_UNAUTHENTICATED
    inbox = WebsocketCommunicator(URLRouter(websocket_urlpatterns), "/ws/inbox/")
    inbox.scope["user"] = people["cy"]
    connected, _ = await inbox.connect()
    assert connected
    assert (await inbox.receive_json_from())["type"] == "hello"
    await database_sync_to_async(submit_action)(match.pk, people["bo"], RETURN, match.version)
    await inbox.send_to(text_data="{broken")
    frames = []
    while not await inbox.receive_nothing(timeout=0.3):
        frames.append(await inbox.receive_from())
    assert len(frames) == 1 and "only accepts pings" in frames[0]
    await inbox.disconnect()


# --- Lobby, waiting room: secret options ---------------------------------------------------

IG_DECK = [["T17", "T15", "T14", "T13", "T11", "T9"]]


def test_lobby_does_not_show_an_open_incan_gold_matchs_deck_option(user_factory):
    ana = user_factory("ana")
    create_match(ana, MatchSpec(game="incan-gold", players=3, options={"deck": IG_DECK}))
    body = Client().get("/play/").content.decode()
    assert "Open matches" in body and "Incan Gold" in body
    assert "T17" not in body and "T15" not in body
    assert not re.search(r"\bdeck\b:", body)


ED_DECKS = [
    ["millionaire", "treasure-chest", "native", "captain", "compass", "scientist", "prop-plane"],
    ["explorer"] * 3 + ["sailor"] + ["traveller"] * 4,
]
ED_CAVES = [["machete-3"], ["swap"], ["coin-2"], ["native"]]


def test_lobby_does_not_show_an_open_el_dorado_matchs_secret_options(user_factory):
    ana = user_factory("ana")
    options = {"map": "home-stretch", "caves": True, "decks": ED_DECKS, "cave_tokens": ED_CAVES}
    create_match(ana, MatchSpec(game="el-dorado", players=2, options=options))
    body = Client().get("/play/").content.decode()
    assert "Open matches" in body and "El Dorado" in body
    for secret in ("millionaire", "treasure-chest", "machete-3", "cavetokens", "decks:"):
        assert secret not in body, secret


def test_waiting_room_shows_no_secret_options(user_factory):
    ana = user_factory("ana")
    options = {"map": "home-stretch", "caves": True, "decks": ED_DECKS, "cave_tokens": ED_CAVES}
    ed = create_match(ana, MatchSpec(game="el-dorado", players=2, options=options))
    ig = create_match(ana, MatchSpec(game="incan-gold", players=3, options={"deck": IG_DECK}))
    bo = user_factory("bo")
    for user in (None, bo, ana):
        for match in (ed, ig):
            client = _client(user)
            for url in (f"/matches/{match.pk}/", f"/matches/{match.pk}/live/"):
                body = client.get(url).content.decode()
                assert "Waiting for players" in body
                for secret in ("millionaire", "treasure-chest", "machete-3", "T17", "T15"):
                    assert secret not in body, (url, secret)
                assert str(match.seed) not in body


# --- El Dorado -------------------------------------------------------------------------------


def _ed_secrets_changed(data: dict, viewer: int | None) -> dict:
    """Others' hands, draw piles (contents and order), discard below the top; caves; seed."""
    data["seed"] = data["seed"] ^ 0x2545F4914F6CDD1D
    for index, seat in enumerate(data["seats"]):
        if index == viewer:
            continue
        hand, draw = seat["hand"], seat["draw"]
        pool = hand + draw
        if draw:
            shift = min(len(hand), len(draw))
            pool = pool[shift:] + pool[:shift]
        seat["hand"], seat["draw"] = pool[: len(hand)], list(reversed(pool[len(hand) :]))
        if len(seat["discard"]) > 2:
            seat["discard"] = list(reversed(seat["discard"][:-1])) + seat["discard"][-1:]
        elif len(seat["discard"]) == 2 and seat["draw"]:
            # swap the card under the top with one from the draw pile
            seat["discard"][0], seat["draw"][0] = seat["draw"][0], seat["discard"][0]
    data["caves"] = [list(reversed(stack)) for stack in data["caves"]]
    return data


def _ed_round(match: Match, people) -> Match:
    """Every seat plays a move (if any), then ends its turn discarding one or two more cards."""
    by_position = {s.position: s.user for s in match.seats.select_related("user")}
    for _ in range(match.players):
        match = _fresh(match)
        state = current_state(match)
        seat = next(iter(engine_for(match).to_act(state)))
        moves = [a for a in ed_legal_actions(state, seat) if a["type"] == "move"]
        if moves:
            submit_action(match.pk, by_position[seat], moves[0], match.version)
            match = _fresh(match)
            state = current_state(match)
        keep = state.seats[seat].hand
        end = {"type": "end_turn", "discard": list(keep[: 1 if moves else 2])}
        submit_action(match.pk, by_position[seat], end, match.version)
    return _fresh(match)


@pytest.fixture
def ed_live(user_factory):
    """El Dorado in round 2 with caves: discard piles of two cards, ana to move."""
    match, people = _make(
        user_factory, "el-dorado", ("ana", "bo", "cy"), map="home-stretch", caves=True
    )
    match = _ed_round(match, people)
    data = _state_json(match)
    assert data["turn"]["seat"] == 0
    assert all(len(s["discard"]) >= 2 and s["draw"] for s in data["seats"]), data["seats"]
    return match, people


def test_ed_board_is_the_same_whatever_others_hold_draw_or_buried(ed_live):
    match, people = ed_live
    data = _state_json(match)
    for _, user in _viewers(match, people):
        viewer = _position(match, user)
        _assert_same_surfaces(match, user, lambda d, v=viewer: _ed_secrets_changed(d, v))
        # Asking to "move with" a card of someone else's hand changes nothing either.
        other = next(i for i in range(match.players) if i != viewer)
        card = data["seats"][other]["hand"][0]
        plain = _board_surfaces(match, user)
        probed = _assert_same_surfaces(
            match, user, lambda d, v=viewer: _ed_secrets_changed(d, v), card=card
        )
        for key in ("live", "live_htmx"):
            assert probed[key] == plain[key], (viewer, key)


def test_ed_control_own_hand_does_show_to_its_owner(ed_live):
    match, people = ed_live
    for name in ("ana", "bo"):
        position = _position(match, people[name])
        other = (position + 1) % match.players
        _assert_surfaces_change(match, people[name], lambda d, o=other: _ed_secrets_changed(d, o))


def test_ed_no_other_hand_card_id_or_seed_appears_anywhere(ed_live):
    match, people = ed_live
    data = _state_json(match)
    for name, user in _viewers(match, people):
        viewer = _position(match, user)
        bodies = list(_board_surfaces(match, user).values())
        bodies += [body for _, body in _global_surfaces(match, user, people).values()]
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
    for name, user in _viewers(match, people):
        surfaces = _global_surfaces(match, user, people)
        assert surfaces[f"/matches/{match.pk}/replay/"][0] == 404, name
        assert surfaces[f"/matches/{match.pk}/export.json"][0] == 404, name
        assert all(surfaces[f"/u/{p}/matches.ndjson"][1] == "" for p in people), name


def _ed_error(client: Client, match: Match, action: dict) -> str:
    data = {"action": json.dumps(action), "version": str(_fresh(match).version)}
    body = client.post(f"/matches/{match.pk}/act/", data, HTTP_HX_REQUEST="true").content
    return _flash(body.decode())


def test_ed_error_naming_anothers_card_does_not_tell_where_it_is(ed_live):
    match, people = ed_live
    data = _state_json(match)
    bo = data["seats"][1]
    client = _client(people["ana"])
    texts = []
    for card in (bo["hand"][0], bo["draw"][0], bo["discard"][0]):
        text = _ed_error(client, match, {"type": "discard", "cards": [card]})
        name = CARD_TYPES[data["cards"][card]].name
        texts.append(text.replace(str(card), "N").replace(name, "X"))
    assert len(set(texts)) == 1, texts  # hand, draw pile and buried discard read alike
    assert "bo" not in texts[0].lower().split() and "draw" not in texts[0]
    assert _fresh(match).version == match.version
    # Out of turn, bo naming ana's cards learns only that it is not his turn.
    for card in data["seats"][0]["hand"]:
        text = _ed_error(_client(people["bo"]), match, {"type": "discard", "cards": [card]})
        assert text == "It is not seat 1&#x27;s turn." or "not seat 1" in text


def test_ed_error_does_not_name_a_card_from_anothers_secret_deck(user_factory):
    match, people = _make(
        user_factory,
        "el-dorado",
        ("ana", "bo"),
        map="home-stretch",
        decks=[ED_DECKS[1], ED_DECKS[0]],
    )
    data = _state_json(match)
    top_of_bos_draw = data["seats"][1]["draw"][0]
    secret_name = CARD_TYPES[data["cards"][top_of_bos_draw]].name
    text = _ed_error(_client(people["ana"]), match, {"type": "discard", "cards": [top_of_bos_draw]})
    assert secret_name not in text


async def test_ed_socket_frames_after_a_move_are_each_viewers_own(ed_live):
    match, people = ed_live
    watchers = {"anonymous": None, "spectator": people["zed"], "bo": people["bo"]}
    sockets = {name: await _socket(match.pk, user) for name, user in watchers.items()}
    state = await database_sync_to_async(current_state)(match)
    ana_hand = set(state.seats[0].hand)
    actions = ed_legal_actions(state, 0)
    action = next((a for a in actions if a["type"] == "move"), {"type": "end_turn"})
    await database_sync_to_async(submit_action)(match.pk, people["ana"], action, match.version)
    live = await database_sync_to_async(_fresh)(match)
    bo_hand = set((await database_sync_to_async(current_state)(live)).seats[1].hand)
    for name, s in sockets.items():
        got = await _drain(s)
        assert got, name
        user = watchers[name] if watchers[name] is not None else AnonymousUser()
        expected = await database_sync_to_async(render_live)(live, user, oob=True)
        assert _norm(got[-1]) == _norm(expected)
        ids = {int(v) for v in re.findall(r'name="cards" value="(\d+)"', got[-1])}
        assert not ids & ana_hand
        assert ids <= bo_hand
    await sockets["spectator"].send_to(text_data=json.dumps({"action": {"type": "end_turn"}}))
    error = (await _drain(sockets["spectator"]))[0]
    assert "watching" in error and "ed-hand" not in error
    for s in sockets.values():
        await s.disconnect()


def test_ed_bot_mid_turn_hand_stays_hidden(user_factory, settings):
    settings.BOT_RUNNER = "off"  # the bot is awaited: "a bot is thinking"
    match, people = _make(
        user_factory, "el-dorado", ("ana", "bo"), bots=("greedy",), map="home-stretch"
    )
    submit_action(match.pk, people["ana"], {"type": "end_turn"}, match.version)
    match = _fresh(match)
    assert engine_for(match).to_act(current_state(match)) == frozenset({BOT})
    for _, user in _viewers(match, people):
        viewer = _position(match, user)
        page = _assert_same_surfaces(match, user, lambda d, v=viewer: _ed_secrets_changed(d, v))
        assert "A bot is thinking" in page["page"]


def test_ig_bot_mid_decision_choice_stays_hidden(user_factory, settings):
    settings.BOT_RUNNER = "off"
    match, people = _make(user_factory, "incan-gold", ("ana", "bo"), bots=("random",))
    from games.services.bots import play_one

    assert play_one(match.pk)  # the bot decides; the humans have not
    match = _fresh(match)
    data = _state_json(match)
    assert data["seats"][BOT]["decision"] is not None
    for _, user in _viewers(match, people):
        viewer = _position(match, user)
        _assert_same_surfaces(match, user, lambda d, v=viewer: _ig_secrets_changed(d, v))
