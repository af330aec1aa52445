from __future__ import annotations

import pytest
from django.core.management import call_command

from games.models import PlayerRating, RatingChange, Status
from games.records import ratings
from games.records.rating_updates import rate_finished_match, recompute_all
from tests.helpers import recorded_match


@pytest.mark.parametrize(
    "places",
    [
        [1, 2],
        [1, 1],
        [2, 1, 3],
        [1, 2, 2, 4],
        [1, 1, 3, 4, 5],
        [3, 1, 2, 4, 5, 6],
        [1] * 7,
        [1, 2, 3, 4, 5, 6, 7, 8],
        [1, 1, 3, 3, 5, 5, 7, 7],
    ],
)
def test_it_rates_2_to_8_seats_with_ties(user_factory, places):
    people = [user_factory(f"p{i}") for i in range(len(places))]
    match = recorded_match(people, places)
    changes = rate_finished_match(match)
    assert len(changes) == len(places)
    expected = ratings.rate_match([ratings.DEFAULT] * len(places), places)
    for change, want in zip(sorted(changes, key=lambda c: c.seat.position), expected, strict=True):
        assert (change.mu_after, change.sigma_after) == (want.mu, want.sigma)
        row = PlayerRating.objects.get(user=change.seat.user, game="incan-gold")
        assert (row.mu, row.sigma, row.games) == (want.mu, want.sigma, 1)
        assert row.wins == (change.place == 1)
    by_place = {}
    for change in changes:
        by_place.setdefault(change.place, set()).add(change.mu_after)
    assert all(len(mus) == 1 for mus in by_place.values()), "tied seats move alike"


def test_a_finish_retried_twice_rates_exactly_once(user_factory):
    ana, bo = user_factory("ana"), user_factory("bo")
    match = recorded_match([ana, bo], [1, 2])
    rate_finished_match(match)
    rate_finished_match(match)
    rate_finished_match(match)
    assert RatingChange.objects.filter(match=match).count() == 2
    assert PlayerRating.objects.get(user=ana).games == 1


def test_casual_and_unfinished_matches_are_not_rated(user_factory):
    ana, bo = user_factory("ana"), user_factory("bo")
    assert rate_finished_match(recorded_match([ana, bo], [1, 2], rated=False)) == []
    running = recorded_match([ana, bo], [1, 2])
    running.status = Status.ACTIVE
    assert rate_finished_match(running) == []
    assert not PlayerRating.objects.exists()


def test_bots_get_ratings_of_their_own(user_factory):
    ana = user_factory("ana")
    rate_finished_match(recorded_match([ana, "expert", "random"], [2, 1, 3]))
    bots = PlayerRating.objects.filter(user__isnull=True).order_by("-display")
    assert [b.bot_level for b in bots] == ["expert", "random"]
    assert bots[0].name == "Expert bot"


def test_recompute_ratings_reproduces_the_stored_ones_exactly(user_factory, capsys):
    people = [user_factory(n) for n in ("ana", "bo", "cy", "di")]
    import random

    rng = random.Random(3)
    for _ in range(25):
        seated = rng.sample(people + ["cautious"], rng.randint(2, 5))
        places = [rng.randint(1, len(seated)) for _ in seated]
        places = [1 + sum(o < p for o in places) for p in places]
        rate_finished_match(recorded_match(seated, places))
    before = list(PlayerRating.objects.order_by("pk").values_list("mu", "sigma", "games"))
    result = recompute_all()
    assert result.differences == []
    assert result.matches == 25
    after = list(
        PlayerRating.objects.order_by("game", "user_id", "bot_level").values_list(
            "mu", "sigma", "games"
        )
    )
    assert sorted(before) == sorted(after)
    call_command("recompute_ratings")
    assert "reproduce the stored ratings" in capsys.readouterr().out


def test_recompute_reports_a_tampered_rating(user_factory):
    ana, bo = user_factory("ana"), user_factory("bo")
    rate_finished_match(recorded_match([ana, bo], [1, 2]))
    PlayerRating.objects.filter(user=ana).update(mu=40.0)
    result = recompute_all()
    assert any("differs" in line for line in result.differences)
    assert PlayerRating.objects.get(user=ana).mu != 40.0


@pytest.mark.django_db(transaction=True)
def test_finishing_a_played_match_applies_ratings_in_the_same_step(ig_match):
    from games.play.services.play import submit_action
    from games.play.services.state import current_state, engine_for
    from tests.helpers import users

    match = ig_match(bots=("random", "random"))
    ana = users(match)["ana"]
    for _ in range(300):
        match.refresh_from_db()
        if match.status != Status.ACTIVE:
            break
        if 0 in engine_for(match).to_act(current_state(match)):
            submit_action(match.pk, ana, {"type": "decide", "choice": "return"}, match.version)
    assert match.status == Status.FINISHED
    assert RatingChange.objects.filter(match=match).count() == 3
    assert PlayerRating.objects.get(user=ana, game="incan-gold").games == 1
