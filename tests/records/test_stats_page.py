"""The statistics page of each game: with and without matches, and its filters."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import Match, Status
from games.play.services.lobby import MatchSpec, create_match
from tests.helpers import play_to_end

pytestmark = pytest.mark.django_db(transaction=True)


def test_it_404s_for_an_unknown_game(client):
    assert client.get("/stats/chess/").status_code == 404


@pytest.mark.parametrize(
    ("game", "name"), [("incan-gold", "Incan Gold"), ("el-dorado", "The Quest for El Dorado")]
)
def test_it_shows_an_empty_state_before_any_match_has_finished(client, user_factory, game, name):
    bots = ("random", "random") if game == "incan-gold" else ("random",)
    create_match(user_factory("ana"), MatchSpec(game=game, players=len(bots) + 1, bots=bots))
    assert Match.objects.filter(status=Status.ACTIVE).count() == 1
    page = client.get(f"/stats/{game}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert f"<h1>{name}</h1>" in html
    assert "No finished matches yet" in html
    assert "<svg" in html  # only the empty state's picture
    assert "chart-svg" not in html
    assert 'href="/play/"' in html


def test_it_shows_incan_gold_figures_and_charts(client, user_factory):
    match = play_to_end(user_factory("ana"))
    page = client.get("/stats/incan-gold/")
    assert page.status_code == 200
    html = page.content.decode()
    context = page.context
    assert context["summary"].matches == 1
    assert context["rounds"] == 5
    assert '<span class="stat-value">1</span>' in html
    assert '<span class="stat-label">match played</span>' in html
    assert "Surviving each card" in html
    assert "Hazards that ended a round" in html
    assert html.count('role="img"') == 2
    assert "Final scores of 3 players" in html
    assert "Win rate by seat" in html
    assert f'href="{match.get_absolute_url()}"' in html
    assert "No finished matches yet" not in html
    assert "Most bought cards" not in html
    assert "Pale bars: fewer than 5 rounds" in html  # one match is five rounds, no more


def test_it_gives_the_average_time_in_a_unit_that_suits_it(client, user_factory):
    match = play_to_end(user_factory("ana"))
    Match.objects.filter(pk=match.pk).update(started=match.finished - timedelta(hours=3))
    assert (
        '<span class="stat-value">3.0 h</span>' in client.get("/stats/incan-gold/").content.decode()
    )
    Match.objects.filter(pk=match.pk).update(started=match.finished - timedelta(minutes=25))
    assert (
        '<span class="stat-value">25 min</span>'
        in client.get("/stats/incan-gold/").content.decode()
    )


@pytest.mark.parametrize("game", ["incan-gold", "el-dorado"])
def test_the_number_of_queries_does_not_grow_with_the_matches(client, user_factory, game):
    bots = ("random", "random") if game == "incan-gold" else ("greedy",)
    play_to_end(user_factory("ana"), game, bots=bots)
    with CaptureQueriesContext(connection) as one:
        client.get(f"/stats/{game}/")
    play_to_end(user_factory("bo"), game, bots=bots)
    play_to_end(user_factory("cy"), game, bots=bots, private=True)
    with CaptureQueriesContext(connection) as three:
        page = client.get(f"/stats/{game}/")
    assert page.context["summary"].matches == 3
    assert len(three) == len(one)


def test_it_shows_el_dorado_cards_and_maps(client, user_factory):
    play_to_end(user_factory("ana"), "el-dorado", bots=("greedy",))
    page = client.get("/stats/el-dorado/")
    html = page.content.decode()
    assert page.status_code == 200
    assert "Most bought cards" in html
    assert "Hills of Gold" in html
    assert "per match" in html
    assert page.context["cards"], "the bots should have bought something"
    assert "Surviving each card" not in html
    # One game's matches never show up on the other's page.
    other = client.get("/stats/incan-gold/")
    assert "No finished matches yet" in other.content.decode()


def test_the_period_filter_leaves_out_older_matches(client, user_factory):
    old = play_to_end(user_factory("ana"))
    Match.objects.filter(pk=old.pk).update(finished=timezone.now() - timedelta(days=40))
    recent = play_to_end(user_factory("bo"))
    assert client.get("/stats/incan-gold/").context["summary"].matches == 2
    page = client.get("/stats/incan-gold/?period=30d")
    assert page.context["summary"].matches == 1
    html = page.content.decode()
    assert f'href="{recent.get_absolute_url()}"' in html
    assert f'href="{old.get_absolute_url()}"' not in html
    assert "of the last 30 days" in html
    assert 'href="/stats/incan-gold/?period=30d" aria-current="true"' in html

    Match.objects.filter(pk=recent.pk).update(finished=timezone.now() - timedelta(days=31))
    empty = client.get("/stats/incan-gold/?period=30d").content.decode()
    assert "No finished matches yet" in empty
    assert "in the last 30 days" in empty


def test_rated_only_leaves_out_unrated_matches(client, user_factory):
    play_to_end(user_factory("ana"), rated=False)
    assert client.get("/stats/incan-gold/").context["summary"].matches == 1
    page = client.get("/stats/incan-gold/?rated=1")
    assert page.context["summary"].matches == 0
    assert "No rated Incan Gold match has finished" in page.content.decode()


def test_a_private_match_counts_but_is_never_linked(client, user_factory):
    private = play_to_end(user_factory("ana"), private=True)
    page = client.get("/stats/incan-gold/")
    html = page.content.decode()
    assert page.context["summary"].matches == 1
    assert private.get_absolute_url() not in html
    assert private.invite_token not in html
    assert "A private match" in html


def test_filters_keep_each_other_and_the_game_tabs_keep_both(client):
    html = client.get("/stats/el-dorado/?period=30d&rated=1").content.decode()
    assert 'href="/stats/el-dorado/?rated=1"' in html  # "All time" keeps rated only
    assert 'href="/stats/el-dorado/?period=30d"' in html  # "All matches" keeps the period
    assert 'href="/stats/incan-gold/?period=30d&amp;rated=1"' in html
