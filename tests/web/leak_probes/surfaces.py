"""What the leak probes look at: every surface a viewer can reach, and secret changes.

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
import re
from html.parser import HTMLParser

from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.test import Client

from config.routing import websocket_urlpatterns
from games.engines.el_dorado import legal_actions as ed_legal_actions
from games.models import Match
from games.play.live.match_part import render_live
from games.play.services.lobby import MatchSpec, create_match, join_match
from games.play.services.play import submit_action
from games.play.services.state import current_state, engine_for

CSRF = re.compile(r'(name="csrfmiddlewaretoken" value="|"X-CSRFToken": ")[^"]*(")')
FLASH = re.compile(r'<p class="message message-error" role="alert">(.*?)</p>', re.S)
CONTINUE = {"type": "decide", "choice": "continue"}
RETURN = {"type": "decide", "choice": "return"}
FLIP = {"continue": "return", "return": "continue"}
IG_DECK = [["T17", "T15", "T14", "T13", "T11", "T9"]]
ED_DECKS = [
    ["millionaire", "treasure-chest", "native", "captain", "compass", "scientist", "prop-plane"],
    ["explorer"] * 3 + ["sailor"] + ["traveller"] * 4,
]
ED_CAVES = [["machete-3"], ["swap"], ["coin-2"], ["native"]]
BOT = 1  # the services seat bots right after the host


def norm(html: str | bytes) -> str:
    """A response without the per-request CSRF mask (the only part that differs by design)."""
    text = html.decode() if isinstance(html, bytes) else html
    return CSRF.sub(r"\1\2", text)


def client_for(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def fresh(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


def make_match(user_factory, game, humans, bots=(), rated=True, **options):
    people = {name: user_factory(name) for name in humans}
    spec = MatchSpec(
        game=game, players=len(humans) + len(bots), bots=tuple(bots), options=options, rated=rated
    )
    match = create_match(people[humans[0]], spec)
    for name in humans[1:]:
        join_match(match.pk, people[name])
    match = fresh(match)
    people["zed"] = user_factory("zed")  # a logged-in spectator
    return match, people


def position_of(match: Match, user) -> int | None:
    signed_in = user is not None and user.is_authenticated
    seat = match.seats.filter(user=user).first() if signed_in else None
    return None if seat is None else seat.position


def state_json(match: Match) -> dict:
    match = fresh(match)
    engine = engine_for(match)
    return engine.to_json(current_state(match))


def set_state(match: Match, data: dict) -> Match:
    """Make `data` the match's current state (the snapshot is what every view reads)."""
    match = fresh(match)
    engine = engine_for(match)
    engine.from_json(data)  # still a valid state
    Match.objects.filter(pk=match.pk).update(snapshot=data, snapshot_version=match.version)
    # Fragments are rendered once per version and kept; this probe changes the state behind
    # the version's back, which the site never does, so what was kept must go.
    cache.clear()
    return fresh(match)


def board_surfaces(match: Match, user, card: int | None = None) -> dict[str, str]:
    """Every rendering of the live board a viewer can get: page, refetch, htmx, socket frame."""
    match = fresh(match)
    client = client_for(user)
    base = f"/matches/{match.pk}/"
    query = f"?card={card}" if card is not None else ""
    who = user if user is not None else AnonymousUser()
    return {
        "page": norm(client.get(base + query).content),
        "live": norm(client.get(base + "live/" + query).content),
        "live_htmx": norm(client.get(base + "live/" + query, HTTP_HX_REQUEST="true").content),
        "frame": norm(render_live(match, who, oob=True)),
    }


def global_surfaces(match: Match, user, people) -> dict[str, tuple[int, str]]:
    """Every other URL of the site, as (status, body)."""
    client = client_for(user)
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
        out[url] = (response.status_code, norm(response.content))
    replay = client.get(f"/matches/{pk}/replay/", HTTP_HX_REQUEST="true")
    out["replay-htmx"] = (replay.status_code, norm(replay.content))
    return out


def viewers(match: Match, people) -> list[tuple[str, object]]:
    seated = [(s.user.username, s.user) for s in match.seats.select_related("user") if s.user]
    return [("anonymous", None), ("spectator", people["zed"]), *seated]


def number(value: int) -> re.Pattern:
    return re.compile(rf"(?<![\d]){value}(?![\d])")


def assert_same_surfaces(match, user, secret_change, card=None):
    """The viewer's surfaces are identical before and after `secret_change` of the state."""
    before_state = state_json(match)
    before = board_surfaces(match, user, card)
    match = set_state(match, secret_change(copy.deepcopy(before_state)))
    after = board_surfaces(match, user, card)
    set_state(match, before_state)
    for key in before:
        assert before[key] == after[key], f"{key} changes with a secret the viewer may not know"
    return before


def assert_surfaces_change(match, user, own_change):
    """Control: a change of the viewer's *own* secrets does show (the probe can fail)."""
    before_state = state_json(match)
    before = board_surfaces(match, user)
    match = set_state(match, own_change(copy.deepcopy(before_state)))
    after = board_surfaces(match, user)
    set_state(match, before_state)
    assert before["page"] != after["page"]


def flash(body: str) -> str:
    found = FLASH.search(body)
    assert found, "an error message is shown"
    return found.group(1)


async def open_socket(match_id: int, user) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(
        URLRouter(websocket_urlpatterns), f"/ws/matches/{match_id}/"
    )
    communicator.scope["user"] = user if user is not None else AnonymousUser()
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def drain(communicator: WebsocketCommunicator) -> list[str]:
    frames = []
    while not await communicator.receive_nothing(timeout=0.3):
        frames.append(await communicator.receive_from(timeout=2))
    return frames


def ig_secrets_changed(data: dict, viewer: int | None) -> dict:
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


def ed_secrets_changed(data: dict, viewer: int | None) -> dict:
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


def ed_round(match: Match, people) -> Match:
    """Every seat plays a move (if any), then ends its turn discarding one or two more cards."""
    by_position = {s.position: s.user for s in match.seats.select_related("user")}
    for _ in range(match.players):
        match = fresh(match)
        state = current_state(match)
        seat = next(iter(engine_for(match).to_act(state)))
        moves = [a for a in ed_legal_actions(state, seat) if a["type"] == "move"]
        if moves:
            submit_action(match.pk, by_position[seat], moves[0], match.version)
            match = fresh(match)
            state = current_state(match)
        keep = state.seats[seat].hand
        end = {"type": "end_turn", "discard": list(keep[: 1 if moves else 2])}
        submit_action(match.pk, by_position[seat], end, match.version)
    return fresh(match)


class _TopLevel(HTMLParser):
    """Splits a pushed frame into its top-level elements, as htmx's ws extension does."""

    VOID = {"input", "br", "img", "hr", "meta", "link", "source", "area", "col", "wbr"}

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=False)
        self.text = text
        self.lines = [0]
        for line in text.splitlines(keepends=True):
            self.lines.append(self.lines[-1] + len(line))
        self.depth = 0
        self.start = 0
        self.ids: list[str | None] = []
        self.spans: list[tuple[int, int]] = []
        self.feed(text)

    def _offset(self) -> int:
        line, column = self.getpos()
        return self.lines[line - 1] + column

    def handle_starttag(self, tag, attrs) -> None:
        if self.depth == 0:
            self.start = self._offset()
            self.ids.append(dict(attrs).get("id"))
        if tag in self.VOID:
            if self.depth == 0:
                self.spans.append((self.start, self._offset() + len(self.get_starttag_text())))
            return
        self.depth += 1

    def handle_endtag(self, tag) -> None:
        self.depth -= 1
        if self.depth == 0:
            end = self.text.index(">", self._offset()) + 1
            self.spans.append((self.start, end))


def pushed_parts(frame: str) -> dict[str, str]:
    """The parts a frame carries, by element id (the page swaps each in by its id)."""
    split = _TopLevel(frame)
    parts = {}
    for element_id, (start, end) in zip(split.ids, split.spans, strict=True):
        assert element_id, "every top-level element of a frame has an id"
        parts[element_id] = frame[start:end]
    return parts


def own_parts(match: Match, user) -> dict[str, str]:
    """Every part of the live page as the viewer's own view renders it now, afresh."""
    from games.play.live import render
    from games.presenters.common import take_snapshot

    match = fresh(match)
    rendered = render.render_viewer(take_snapshot(match), position_of(match, user))
    whole = render.for_socket(render.compose(match, rendered))
    return {**pushed_parts(whole), **{k: render.for_socket(v) for k, v in rendered.parts.items()}}


def assert_frame_is_own_view(frame: str, match: Match, user) -> None:
    """Each part a socket was pushed is exactly that part of the viewer's own view."""
    own = own_parts(match, user)
    for element_id, html in pushed_parts(frame).items():
        if element_id in ("match-version", "match-flash"):
            continue
        assert norm(html) == norm(own[element_id]), f"{element_id} is not the viewer's own"
