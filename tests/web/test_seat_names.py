"""Seats people can tell apart: bots of one level are numbered, and every seat's name has its
colour marker beside it on the live boards, the log, the result, the replay and the waiting
room; lists, histories and exports name the seats the same way."""

from __future__ import annotations

import json
import re

import pytest
from django.utils.html import escape

from accounts.models import User
from games.models import PlayerRating, Seat
from games.play.services.lobby import MatchSpec, add_bot, create_match
from games.play.services.play import resign
from games.seat_names import seat_names
from tests.helpers import fresh

# Two bots of one level and one of another, beside the host: El Dorado has no cautious bot.
BOTS = {"incan-gold": ("expert", "expert", "cautious"), "el-dorado": ("expert", "expert", "greedy")}
NAMES = {
    "incan-gold": ["ana", "Expert bot 1", "Expert bot 2", "Cautious bot"],
    "el-dorado": ["ana", "Expert bot 1", "Expert bot 2", "Greedy bot"],
}
PLAYERS_PART = {"incan-gold": "ig-players", "el-dorado": "ed-players"}
GAMES = list(BOTS)

pytestmark = pytest.mark.django_db(transaction=True)


def _seat(position: int, level: str = "", user: User | None = None) -> Seat:
    seat = Seat(position=position, bot_level=level)
    seat.user = user
    return seat


def marked(html: str, position: int, name: str) -> bool:
    """Whether the page shows `name` with the marker of seat `position` just before it (a
    profile link may come between them)."""
    marker = f'<span class="seat-marker seat-colour-{position}" aria-hidden="true"></span>'
    pattern = re.escape(marker) + r"\s*(?:<[^>]+>\s*)*" + re.escape(escape(name))
    return re.search(pattern, html) is not None


def part(html: str, element_id: str) -> str:
    """The HTML from the element with this id up to the next part's element."""
    start = html.index(f'id="{element_id}"')
    # A help popover inside a part has an id of its own: it does not end the part.
    following = re.compile(r'(?<!role="tooltip") id="(?![^"]*tip-)').search(
        html, start + len(element_id) + 5
    )
    return html[start : following.start() if following else len(html)]


def log_items(html: str) -> list[str]:
    log = html[html.index('id="match-log"') :]
    log = log[: log.index("</section>")]
    return re.findall(r'<li class="log-[^"]*">.*?</li>', log, re.S)


# Naming -------------------------------------------------------------------------------------


def test_bots_sharing_a_level_are_numbered_by_position_and_a_lone_bot_is_not():
    ana = User(pk=1, username="ana")
    seats = [_seat(0, user=ana), _seat(1, "expert"), _seat(2, "cautious"), _seat(3, "expert")]
    assert seat_names(seats) == ["ana", "Expert bot 1", "Cautious bot", "Expert bot 2"]
    # In whatever order the seats come, the numbers follow their positions.
    shuffled = [seats[3], seats[1], seats[0], seats[2]]
    assert seat_names(shuffled) == ["Expert bot 2", "Expert bot 1", "ana", "Cautious bot"]


def test_a_person_keeps_their_display_name_and_gone_accounts_are_numbered_apart():
    bo = User(pk=2, username="bo", display_name="Bo the Brave")
    seats = [_seat(0), _seat(1, user=bo), _seat(2), _seat(3, "random")]
    assert seat_names(seats) == ["Former player 1", "Bo the Brave", "Former player 2", "Random bot"]


def test_a_ratings_bot_keeps_its_levels_plain_name():
    # A rating belongs to a level, not to a seat of one match.
    assert PlayerRating(bot_level="expert").name == "Expert bot"


def test_a_seats_own_name_counts_the_other_bots_of_its_match(user_factory):
    match = create_match(
        user_factory("ana"), MatchSpec(game="incan-gold", players=5, bots=BOTS["incan-gold"])
    )
    assert [seat.name for seat in match.seats_in_order()] == NAMES["incan-gold"]
    assert [Seat.objects.get(match=match, position=p).name for p in range(4)] == NAMES["incan-gold"]
    assert match.seat_names() == NAMES["incan-gold"]


# Pages --------------------------------------------------------------------------------------


@pytest.fixture
def ana(user_factory):
    return user_factory("ana")


def _started(ana: User, game: str):
    return create_match(ana, MatchSpec(game=game, players=4, bots=BOTS[game]))


def _finished(ana: User, game: str):
    match = _started(ana, game)
    resign(match.pk, ana)  # the bots play the match to its end
    match = fresh(match)
    assert match.is_finished
    return match


def test_the_waiting_room_numbers_bots_as_they_are_added(client, ana):
    match = create_match(ana, MatchSpec(game="incan-gold", players=5, bots=("expert",)))
    client.force_login(ana)
    body = client.get(f"/matches/{match.pk}/").content.decode()
    assert marked(body, 1, "Expert bot") and "Expert bot 1" not in body
    add_bot(match.pk, ana, "cautious")
    add_bot(match.pk, ana, "expert")
    body = client.get(f"/matches/{match.pk}/").content.decode()
    # Numbered by position: the expert added last sits after the cautious bot.
    for position, name in enumerate(["ana", "Expert bot 1", "Cautious bot", "Expert bot 2"]):
        assert marked(body, position, name), name
    seats = body[body.index('class="seat-list"') :]
    assert "Expert bot<" not in seats[: seats.index("</ol>")]


@pytest.mark.parametrize("game", GAMES)
def test_the_waiting_room_marks_and_names_every_seat(client, ana, game):
    bots = BOTS[game][:2]
    match = create_match(ana, MatchSpec(game=game, players=4, bots=bots))
    client.force_login(ana)
    body = client.get(f"/matches/{match.pk}/").content.decode()
    assert "waiting-room" in body
    for position, name in enumerate(NAMES[game][:3]):
        assert marked(body, position, name), name


@pytest.mark.parametrize("game", GAMES)
def test_the_live_board_marks_and_names_every_seat(client, ana, game):
    match = _started(ana, game)
    client.force_login(ana)
    body = client.get(f"/matches/{match.pk}/").content.decode()
    players = part(body, PLAYERS_PART[game])
    for position, name in enumerate(NAMES[game]):
        assert marked(players, position, name), name
    # Every seat's marker, and no other, in the players' table.
    found = set(re.findall(r"seat-colour-(\d+)", players))
    assert found == {"0", "1", "2", "3"}


def test_each_log_line_naming_a_seat_carries_its_marker(client, ana):
    # Incan Gold's bots decide at once: the log tells each of them has.
    match = _started(ana, "incan-gold")
    client.force_login(ana)
    items = log_items(client.get(f"/matches/{match.pk}/").content.decode())
    for position, name in enumerate(NAMES["incan-gold"][1:], start=1):
        line = next(item for item in items if f"{name} has decided" in item)
        assert marked(line, position, name)
    for item in items:
        if "has decided" not in item and "seat-marker" not in item:
            assert not any(name in item for name in NAMES["incan-gold"][1:]), item


@pytest.mark.parametrize("game", GAMES)
def test_the_result_and_the_log_of_a_finished_match_mark_every_seat(client, ana, game):
    match = _finished(ana, game)
    client.force_login(ana)
    body = client.get(f"/matches/{match.pk}/").content.decode()
    result = part(body, "match-status")
    assert "Final result" in result
    for position, name in enumerate(NAMES[game]):
        assert marked(result, position, name), name
        assert marked(part(body, PLAYERS_PART[game]), position, name), name
    items = log_items(body)
    named = [item for item in items if "seat-marker" in item]
    assert named, "the log names the seats"
    for item in named:
        positions = [int(p) for p in re.findall(r"seat-colour-(\d+)", item)]
        text = re.sub(r"<[^>]+>", "", item)
        for position in positions:
            # Ana's own private events are told to her as "You ...".
            assert NAMES[game][position] in text or (position == 0 and "You " in text), item
    for position, name in enumerate(NAMES[game][1:], start=1):
        assert any(marked(item, position, name) for item in named), name


@pytest.mark.parametrize("game", GAMES)
def test_the_replay_marks_and_names_every_seat(client, ana, game):
    match = _finished(ana, game)
    last = match.actions.count()
    body = client.get(f"/matches/{match.pk}/replay/?step={last}").content.decode()
    result = body[body.index("Final result") :]
    result = result[: result.index("</ol>")]
    for position, name in enumerate(NAMES[game]):
        assert marked(result, position, name), name
        # The board's own list of seats (holdings, hands and piles).
        assert marked(body[: body.index("Final result")], position, name), name
    moves = body[body.index('id="replay-moves"') :]
    for position, name in enumerate(NAMES[game][1:], start=1):
        assert marked(moves, position, name), name
    assert "Expert bot <" not in body and ">Expert bot<" not in body


@pytest.mark.parametrize("game", GAMES)
def test_lists_histories_and_exports_name_the_bots_apart(client, ana, game):
    match = _finished(ana, game)
    client.force_login(ana)
    history = client.get("/u/ana/history/").content.decode()
    for name in NAMES[game][1:]:
        assert escape(name) in history, name
    export = json.loads(client.get(f"/matches/{match.pk}/export.json").content)
    assert [p["name"] for p in export["players"]] == NAMES[game]
    waiting = create_match(ana, MatchSpec(game=game, players=4, bots=BOTS[game][:2]))
    home = client.get("/").content.decode()
    assert f"#{waiting.pk}" in home
    assert "Expert bot 1, Expert bot 2" in home  # her opponents
