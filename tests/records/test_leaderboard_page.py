from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from games.models import PlayerRating, RatingChange
from games.records.rating_updates import rate_finished_match
from tests.helpers import recorded_match


def _settled(user, game="incan-gold", display=1600, games=20, wins=5, **extra):
    return PlayerRating.objects.create(
        game=game,
        user=user,
        mu=30.0,
        sigma=2.0,
        display=display,
        provisional=False,
        games=games,
        wins=wins,
        last_played=timezone.now(),
        **extra,
    )


def test_it_ranks_settled_players_by_rating(client, user_factory):
    _settled(user_factory("low"), display=1400)
    _settled(user_factory("high"), display=1700, wins=10)
    _settled(user_factory("mid"), display=1550)
    body = client.get("/leaderboards/?game=incan-gold").content.decode()
    # By the names shown (the page also holds forms whose fields name other things).
    assert body.index(">high<") < body.index(">mid<") < body.index(">low<")
    assert "50%" in body  # high: 10 wins in 20 games


def test_provisional_players_are_hidden_unless_asked_for(client, user_factory):
    ana, bo = user_factory("ana"), user_factory("bo")
    rate_finished_match(recorded_match([ana, bo], [1, 2]))
    assert PlayerRating.objects.filter(provisional=True).count() == 2
    hidden = client.get("/leaderboards/?game=incan-gold").content.decode()
    assert "/u/ana/" not in hidden and "No settled ratings" in hidden
    shown = client.get("/leaderboards/?game=incan-gold&provisional=1").content.decode()
    assert "/u/ana/" in shown and "provisional" in shown


def test_each_game_has_its_own_board(client, user_factory):
    _settled(user_factory("digger"), game="el-dorado")
    assert "digger" not in client.get("/leaderboards/?game=incan-gold").content.decode()
    assert "digger" in client.get("/leaderboards/?game=el-dorado").content.decode()


def test_the_30_day_period_counts_only_recent_play(client, user_factory):
    old = _settled(user_factory("oldtimer"), display=1800)
    PlayerRating.objects.filter(pk=old.pk).update(last_played=timezone.now() - timedelta(days=60))
    _settled(user_factory("fresh"), display=1500)
    body = client.get("/leaderboards/?game=incan-gold&period=30d").content.decode()
    assert "fresh" in body and "oldtimer" not in body
    assert "oldtimer" in client.get("/leaderboards/?game=incan-gold").content.decode()


def test_it_paginates(client, user_factory):
    for i in range(55):
        _settled(user_factory(f"p{i:02d}"), display=1000 + i)
    first = client.get("/leaderboards/?game=incan-gold").content.decode()
    assert "Page 1 of 2" in first and "p54" in first and "p00" not in first
    second = client.get("/leaderboards/?game=incan-gold&page=2").content.decode()
    assert "p00" in second


def test_bots_are_listed_and_labelled(client, user_factory):
    PlayerRating.objects.create(
        game="incan-gold",
        bot_level="expert",
        mu=30,
        sigma=2,
        display=1650,
        provisional=False,
        games=40,
        wins=20,
        last_played=timezone.now(),
    )
    body = client.get("/leaderboards/").content.decode()
    assert "Expert bot" in body and 'badge-muted">bot' in body


def test_rating_changes_are_stored_per_match_for_history(user_factory):
    ana, bo = user_factory("ana"), user_factory("bo")
    match = recorded_match([ana, bo], [1, 2])
    rate_finished_match(match)
    change = RatingChange.objects.get(match=match, seat__user=ana)
    assert change.delta > 0 and change.display_after > change.display_before
