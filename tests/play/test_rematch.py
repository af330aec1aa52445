"""Playing a finished match again: offered once, answered by every person, started once."""

from __future__ import annotations

import os

import pytest
from django.db import IntegrityError

from games.models import Match, Pace, RematchAnswer, RematchOffer, Status
from games.notifications.models import Kind, Notification
from games.play import lobby_queries as lobby
from games.play.offers.models import RematchStatus
from games.play.offers.pages import rematch_panel
from games.play.services import ServiceError
from games.play.services.lobby import MatchSpec, create_match, join_match
from games.play.services.rematches import accept_rematch, decline_rematch, offer_rematch
from tests.helpers import fresh, play_out, play_to_end, recorded_match, side_by_side

OPTIONS = {"incan-gold": {"quick_start": False}, "el-dorado": {"map": "serpentine"}}
GAMES = ("incan-gold", "el-dorado")


@pytest.fixture
def finished(user_factory):
    """A finished correspondence match: ana, a bot, bo, cy (El Dorado: ana, a bot, bo)."""

    def make(game: str = "incan-gold") -> Match:
        ana, bo, cy = (user_factory(name) for name in ("ana", "bo", "cy"))
        level = "expert" if game == "incan-gold" else "greedy"
        players = [ana, level, bo, cy] if game == "incan-gold" else [ana, level, bo]
        match = recorded_match(players, list(range(1, len(players) + 1)), game=game, rated=False)
        Match.objects.filter(pk=match.pk).update(
            options=OPTIONS[game],
            pace=Pace.CORRESPONDENCE,
            move_seconds=2 * 86400,
            private=True,
            created_by=ana,
        )
        return fresh(match)

    return make


def _seating(match: Match) -> list[tuple[int, str, str]]:
    return [
        (seat.position, seat.user.username if seat.user else "", seat.bot_level)
        for seat in match.seats.select_related("user").order_by("position")
    ]


def fresh_offer(offer: RematchOffer) -> RematchOffer:
    return RematchOffer.objects.get(pk=offer.pk)


def _told(kind: str, **where) -> list[str]:
    return sorted(
        Notification.objects.filter(kind=kind, **where).values_list("user__username", flat=True)
    )


@pytest.mark.parametrize("game", GAMES)
def test_when_everyone_accepts_the_same_match_starts_again(finished, game):
    old = finished(game)
    people = {seat.user.username: seat.user for seat in old.seats.all() if seat.user}
    bo = people["bo"]
    offer = offer_rematch(old.pk, bo)
    others = sorted(name for name in people if name != "bo")
    # Every other person is told once, and sees it among the offers to answer.
    assert _told(Kind.REMATCH) == others
    note = Notification.objects.filter(kind=Kind.REMATCH).first()
    assert note.key == f"rematch:{offer.pk}"
    assert note.data == {"game": game, "by": "bo", "url": f"/matches/{old.pk}/"}
    assert [o.pk for o in lobby.dashboard(people["ana"]).offers] == [offer.pk]
    assert lobby.dashboard(bo).offers == []
    for name in others[:-1]:
        assert accept_rematch(offer.pk, people[name]).new_match is None
    assert Match.objects.count() == 1
    offer = accept_rematch(offer.pk, people[others[-1]])
    new = fresh(offer.new_match)
    assert offer.status == RematchStatus.ACCEPTED
    assert new.status == Status.ACTIVE
    assert new.created_by == bo
    assert (new.game, new.options, new.players) == (game, OPTIONS[game], old.players)
    assert (new.pace, new.move_seconds, new.rated, new.private) == (
        Pace.CORRESPONDENCE,
        2 * 86400,
        False,
        True,
    )
    assert new.invite_token != old.invite_token
    assert _seating(new) == _seating(old)
    # The start is told by the code that starts every match: to all but the last to say yes.
    assert _told(Kind.STARTED, match=new) == sorted(set(people) - {others[-1]})
    assert lobby.dashboard(people["ana"]).offers == []
    assert not Notification.objects.filter(kind=Kind.REMATCH, read__isnull=True).exists()


# Bots move after the commit of each change: these matches are played in real transactions.
@pytest.mark.django_db(transaction=True)
def test_a_match_played_to_its_end_is_played_again_with_its_bots(user_factory):
    ana, bo = user_factory("ana"), user_factory("bo")
    spec = MatchSpec(
        game="incan-gold", players=3, bots=("expert",), options={"artifact_values": "diamant"}
    )
    old = create_match(ana, spec)
    join_match(old.pk, bo)
    old = play_out(fresh(old))
    assert old.status == Status.FINISHED
    offer = accept_rematch(offer_rematch(old.pk, ana).pk, bo)
    new = fresh(offer.new_match)
    assert new.status == Status.ACTIVE
    assert new.options == old.options
    assert _seating(new) == _seating(old)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("game", GAMES)
def test_with_only_bots_to_ask_the_rematch_starts_at_once(user_factory, game):
    ana = user_factory("ana")
    if game == "incan-gold":
        old = play_to_end(
            ana, game, bots=("random", "expert"), options={"artifact_values": "diamant"}
        )
    else:
        old = recorded_match([ana, "greedy"], [2, 1], game=game)
        Match.objects.filter(pk=old.pk).update(options=OPTIONS[game])
    offer = offer_rematch(old.pk, ana)
    new = fresh(offer.new_match)
    assert new.status in (Status.ACTIVE, Status.FINISHED)
    assert new.created_by == ana
    assert _seating(new) == _seating(old)
    assert not Notification.objects.filter(kind=Kind.REMATCH).exists()
    # The player who asked is not told of the start they made.
    assert not Notification.objects.filter(kind=Kind.STARTED, match=new).exists()


def test_a_decline_closes_the_offer_for_everyone(finished):
    old = finished()
    ana, bo, cy = (old.seats.get(user__username=name).user for name in ("ana", "bo", "cy"))
    offer = offer_rematch(old.pk, ana)
    accept_rematch(offer.pk, bo)
    declined = decline_rematch(offer.pk, cy)
    assert (declined.status, declined.closed_by) == (RematchStatus.DECLINED, cy)
    assert Match.objects.count() == 1
    panel = rematch_panel(fresh(old), bo)
    assert (panel.offer.status, panel.closed_by, panel.waiting_for) == ("declined", "cy", ())
    # Nothing is left to answer: the news is read and the dashboards are clear.
    assert not Notification.objects.filter(kind=Kind.REMATCH, read__isnull=True).exists()
    assert lobby.dashboard(bo).offers == lobby.dashboard(cy).offers == []
    for answer in (accept_rematch, decline_rematch):
        with pytest.raises(ServiceError, match="was declined"):
            answer(offer.pk, bo)
    # A new offer may follow, told anew.
    again = offer_rematch(old.pk, cy)
    assert again.pk != offer.pk
    assert _told(Kind.REMATCH) == ["ana", "bo", "bo", "cy"]


def test_the_player_who_offered_may_withdraw(finished):
    old = finished()
    ana, bo = (old.seats.get(user__username=name).user for name in ("ana", "bo"))
    offer = offer_rematch(old.pk, ana)
    assert decline_rematch(offer.pk, ana).status == RematchStatus.CANCELLED
    with pytest.raises(ServiceError, match="was withdrawn"):
        accept_rematch(offer.pk, bo)
    assert rematch_panel(fresh(old), bo).closed_by == "ana"


def test_double_clicks_make_one_offer_and_one_match(finished):
    old = finished()
    ana, bo, cy = (old.seats.get(user__username=name).user for name in ("ana", "bo", "cy"))
    offer = offer_rematch(old.pk, ana)
    assert offer_rematch(old.pk, ana).pk == offer.pk
    # Another player clicking "Rematch" while an offer stands says yes to it.
    assert offer_rematch(old.pk, bo).pk == offer.pk
    assert accept_rematch(offer.pk, bo).pk == offer.pk
    assert RematchAnswer.objects.filter(offer=offer).count() == 2
    started = accept_rematch(offer.pk, cy).new_match
    assert offer_rematch(old.pk, cy).new_match == started
    assert offer_rematch(old.pk, ana).new_match == started
    with pytest.raises(ServiceError, match="started already"):
        accept_rematch(offer.pk, cy)
    assert RematchOffer.objects.count() == 1
    assert Match.objects.count() == 2
    assert Notification.objects.filter(kind=Kind.REMATCH).count() == 2


def test_the_database_keeps_one_standing_offer_per_match(finished):
    old = finished()
    ana, bo = (old.seats.get(user__username=name).user for name in ("ana", "bo"))
    RematchOffer.objects.create(match=old, offered_by=ana)
    with pytest.raises(IntegrityError):
        RematchOffer.objects.create(match=old, offered_by=bo)


def test_spectators_and_unfinished_matches_get_no_rematch(finished, user_factory):
    old = finished()
    di = user_factory("di")
    with pytest.raises(ServiceError, match="Only the players"):
        offer_rematch(old.pk, di)
    assert rematch_panel(old, di) is None
    ana = old.seats.get(user__username="ana").user
    running = create_match(ana, MatchSpec(game="incan-gold", players=3, bots=("random",) * 2))
    assert fresh(running).status == Status.ACTIVE
    with pytest.raises(ServiceError, match="Only a finished match"):
        offer_rematch(running.pk, ana)
    with pytest.raises(ServiceError, match="does not exist"):
        offer_rematch(10_000, ana)
    offer = offer_rematch(old.pk, ana)
    for answer in (accept_rematch, decline_rematch):
        with pytest.raises(ServiceError, match="Only the players"):
            answer(offer.pk, di)
        with pytest.raises(ServiceError, match="does not exist"):
            answer(offer.pk + 100, ana)
    assert fresh_offer(offer).status == RematchStatus.OPEN
    assert RematchOffer.objects.count() == 1


def test_a_player_who_left_the_site_leaves_no_rematch(finished):
    old = finished()
    ana = old.seats.get(user__username="ana").user
    old.seats.get(user__username="cy").user.delete()
    with pytest.raises(ServiceError, match="left the site"):
        offer_rematch(old.pk, ana)
    assert not RematchOffer.objects.exists()


def test_a_yes_may_be_taken_back_which_closes_the_offer(finished):
    old = finished()
    ana, bo = (old.seats.get(user__username=name).user for name in ("ana", "bo"))
    offer = offer_rematch(old.pk, ana)
    accept_rematch(offer.pk, bo)
    assert decline_rematch(offer.pk, bo).status == RematchStatus.DECLINED
    assert RematchAnswer.objects.get(offer=offer, user=bo).accepted is False


needs_postgres = pytest.mark.skipif(
    not os.environ.get("DATABASE_URL"), reason="two workers write side by side on PostgreSQL"
)


@needs_postgres
@pytest.mark.django_db(transaction=True)
def test_two_rematch_clicks_at_the_same_moment_make_one_offer(finished):
    match = finished()
    ana = match.seats.get(user__username="ana").user
    made = side_by_side(lambda: offer_rematch(match.pk, ana))
    assert all(isinstance(offer, RematchOffer) for offer in made), made
    assert RematchOffer.objects.filter(match=match).count() == 1
    assert _told(Kind.REMATCH) == ["bo", "cy"]


@needs_postgres
@pytest.mark.django_db(transaction=True)
def test_the_last_two_yeses_at_the_same_moment_start_one_match(finished):
    match = finished()
    people = {s.user.username: s.user for s in match.seats.select_related("user") if s.user}
    offer = offer_rematch(match.pk, people["ana"])
    turn = iter(["bo", "cy"])
    answers = {}

    def accept() -> RematchOffer:
        name = next(turn)  # each worker answers for its own player
        answers[name] = accept_rematch(offer.pk, people[name])
        return answers[name]

    results = side_by_side(accept)
    assert not [r for r in results if isinstance(r, Exception)], results
    offer = fresh_offer(offer)
    assert offer.new_match is not None
    assert Match.objects.filter(pk__gt=match.pk).count() == 1
