"""A player's matches for the morning: their moves (due soonest first), what waits on others,
offers to answer, and what ended lately with their place and rating change."""

from __future__ import annotations

import re
from datetime import timedelta

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts import vacation
from games.models import Match, Pace, PlayerRating, RatingChange
from games.play import lobby_queries as lobby
from games.play.services.invitations import invite
from games.play.services.lobby import MatchSpec, create_match, join_match
from games.play.services.play import submit_action
from games.play.services.rematches import offer_rematch
from tests.helpers import CONTINUE, fresh, recorded_match

SECTIONS = ("Your turn", "Waiting on others", "Invitations and rematch offers", "Recently finished")


def _awaiting(host, pace: str = Pace.CORRESPONDENCE, hours_ago: float = 0) -> Match:
    """A match against two bots waiting for the host's decision, its turn begun `hours_ago`."""
    seconds = 86400 if pace == Pace.CORRESPONDENCE else 120
    spec = MatchSpec(
        game="incan-gold", players=3, bots=("random", "random"), pace=pace, move_seconds=seconds
    )
    match = create_match(host, spec)
    began = timezone.now() - timedelta(hours=hours_ago)
    Match.objects.filter(pk=match.pk).update(turn_started=began)
    return fresh(match)


def _waiting_on_others(host, user_factory, names=("bo", "cy")) -> Match:
    """A match where the host has decided and two people have not."""
    match = create_match(host, MatchSpec(game="incan-gold", players=3))
    for name in names:
        join_match(match.pk, user_factory(name))
    submit_action(match.pk, host, CONTINUE, None)
    return fresh(match)


def _rated(match: Match, user, before: int, after: int) -> None:
    seat = match.seats.get(user=user)
    rating = PlayerRating.objects.get_or_create(
        game=match.game, user=user, defaults={"mu": 25, "sigma": 8, "display": after}
    )[0]
    RatingChange.objects.create(
        match=match,
        seat=seat,
        rating=rating,
        mu_before=25,
        sigma_before=8,
        mu_after=25,
        sigma_after=8,
        display_before=before,
        display_after=after,
        place=seat.place,
    )


def _section(body: str, title: str) -> str:
    # A heading one level under the page's own: h3 on the home page, h2 in the lobby.
    return re.split(f">{re.escape(title)}</h[23]>", body)[1].split("</section>")[0]


def test_the_sections_come_in_the_morning_order_each_with_its_matches(client, user_factory):
    ana = user_factory("ana")
    mine = _awaiting(ana)
    theirs = _waiting_on_others(ana, user_factory)
    ended = recorded_match([ana, "random"], [1, 2])
    client.force_login(ana)
    for page in ("/", "/play/"):
        body = client.get(page).content.decode()
        places = [re.search(f">{re.escape(title)}</h[23]>", body).start() for title in SECTIONS]
        assert places == sorted(places)
        assert f"/matches/{mine.pk}/" in _section(body, "Your turn")
        assert f"/matches/{theirs.pk}/" in _section(body, "Waiting on others")
        assert f"/matches/{ended.pk}/" in _section(body, "Recently finished")
        assert "No invitations or rematch offers." in _section(body, SECTIONS[2])


def test_your_turn_is_sorted_by_time_left(client, user_factory):
    ana = user_factory("ana")
    later = _awaiting(ana, hours_ago=1)  # 23 hours left
    soonest = _awaiting(ana, hours_ago=20)  # 4 hours left
    live = _awaiting(ana, pace=Pace.LIVE)  # two minutes left
    middle = _awaiting(ana, hours_ago=10)  # 14 hours left
    expected = [live.pk, soonest.pk, middle.pk, later.pk]
    board = lobby.dashboard(ana)
    assert [item.match.pk for item in board.your_turn] == expected
    assert [item.deadline for item in board.your_turn] == [
        fresh(Match(pk=pk)).deadline for pk in expected
    ]
    client.force_login(ana)
    section = _section(client.get("/").content.decode(), "Your turn")
    assert [section.index(f"/matches/{pk}/") for pk in expected] == sorted(
        section.index(f"/matches/{pk}/") for pk in expected
    )
    assert "3 hours, 59 minutes left" in section.replace("\xa0", " ")
    assert "Random bot 1, Random bot 2" in section  # the opponents, named apart


def test_a_new_player_sees_every_section_empty(auth_client):
    body = auth_client.get("/").content.decode()
    assert all(f">{title}</h3>" in body for title in SECTIONS)
    assert "No match is waiting for your move." in body
    assert "No finished matches yet." in body
    assert "No matches in progress." in body


def test_recently_finished_shows_the_place_and_in_rated_matches_the_rating_change(
    client, user_factory
):
    ana, bo = user_factory("ana"), user_factory("bo")
    lost = recorded_match([bo, ana, "random"], [1, 2, 3])
    _rated(lost, ana, 1500, 1488)
    won = recorded_match([ana, bo], [1, 2])
    _rated(won, ana, 1488, 1496)
    _rated(won, bo, 1500, 1490)  # another player's change is not hers
    casual = recorded_match([ana, "random"], [2, 1], rated=False)
    finished = {item.match.pk: item for item in lobby.recent_finished(ana)}
    assert (finished[lost.pk].place, finished[lost.pk].rating_change) == (2, -12)
    assert (finished[won.pk].place, finished[won.pk].rating_change) == (1, 8)
    assert (finished[casual.pk].place, finished[casual.pk].rating_change) == (2, None)
    client.force_login(ana)
    section = _section(client.get("/").content.decode(), "Recently finished")
    rows = {pk: section.split(f'href="/matches/{pk}/"')[1].split("</li>")[0] for pk in finished}
    assert "Place 2 of 3" in rows[lost.pk] and "Rating -12" in rows[lost.pk]
    assert "Place 1 of 2" in rows[won.pk] and "Rating +8" in rows[won.pk]
    assert "Place 2 of 2" in rows[casual.pk] and "Rating" not in rows[casual.pk]


def test_offers_fill_their_own_section(client, user_factory):
    ana, bo, cy = user_factory("ana"), user_factory("bo"), user_factory("cy", display_name="Cyd")
    room = create_match(bo, MatchSpec(game="incan-gold", players=3))
    invite(room.pk, bo, "ana")
    ended = recorded_match([ana, cy], [2, 1])
    offer_rematch(ended.pk, cy)
    offers = lobby.dashboard(ana).offers
    assert [(o.kind, o.match_id, o.by) for o in offers] == [
        ("rematch", ended.pk, "Cyd"),
        ("invitation", room.pk, "bo"),
    ]
    client.force_login(ana)
    section = _section(client.get("/").content.decode(), SECTIONS[2])
    assert f"Cyd offers a rematch of Incan Gold #{ended.pk}" in section
    assert f"bo invites you to Incan Gold #{room.pk}" in section
    assert section.count(">Accept</button>") == section.count(">Decline</button>") == 2


def _dashboard_queries(user) -> int:
    with CaptureQueriesContext(connection) as queries:
        lobby.dashboard(user)
    return len(queries)


def test_the_dashboard_takes_as_many_queries_for_many_matches_as_for_one(user_factory):
    ana = user_factory("ana")
    _awaiting(ana, hours_ago=1)
    _waiting_on_others(ana, user_factory)
    recorded_match([ana, "random"], [1, 2])
    few = _dashboard_queries(ana)
    assert few <= 5
    for hours in (2, 3, 4):
        _awaiting(ana, hours_ago=hours)
    names = iter(f"p{n}" for n in range(20))
    for _ in range(3):
        _waiting_on_others(ana, user_factory, names=(next(names), next(names)))
    vacation.start(next(iter(Match.objects.last().seats.exclude(user=ana))).user, 2)
    vacation.start(ana, 3)
    for place in (1, 2, 3):
        _rated(recorded_match([ana, user_factory(next(names))], [place, 1]), ana, 1500, 1510)
    for _ in range(3):  # invitations and rematch offers to answer
        host = user_factory(next(names))
        invite(create_match(host, MatchSpec(game="incan-gold", players=3)).pk, host, "ana")
        offer_rematch(recorded_match([ana, host], [1, 2]).pk, host)
    assert len(lobby.dashboard(ana).offers) == 6
    assert _dashboard_queries(ana) == few
