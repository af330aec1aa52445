"""Leaderboard, profile and history as a visitor sees them."""

from __future__ import annotations

import random

import pytest

from accounts.models import User
from games.records.rating_updates import rate_finished_match
from tests.helpers import recorded_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _season() -> None:
    rng = random.Random(7)
    people = [
        User.objects.create_user(username=n, password="x")
        for n in ("ana", "bo", "cy", "di", "ed", "flo")
    ]
    strength = {p.username: i for i, p in enumerate(people)}
    for game in ("incan-gold", "el-dorado"):
        for _ in range(40):
            seated = rng.sample(people + ["expert"], rng.randint(3, 5))
            score = {
                id(p): strength.get(getattr(p, "username", ""), 4) + rng.random() * 4
                for p in seated
            }
            order = sorted(seated, key=lambda p: -score[id(p)])
            places = [order.index(p) + 1 for p in seated]
            rate_finished_match(recorded_match(seated, places, game=game))


def test_leaderboard_profile_and_history_pages(live_server, page, phone, screenshot):
    _season()
    page.goto(f"{live_server.url}/leaderboards/")
    assert page.get_by_role("heading", name="Leaderboards").is_visible()
    screenshot(page, "leaderboard")
    leader = page.locator("table.leaderboard a").first
    name = leader.inner_text()
    leader.click()
    page.get_by_role("heading", name=name).wait_for()
    assert page.locator("svg.chart").count() == 2
    screenshot(page, "profile-with-ratings")
    page.get_by_role("link", name="All matches →").click()
    page.get_by_text("match history").wait_for()
    screenshot(page, "history")
    phone.goto(f"{live_server.url}/u/ana/")
    screenshot(phone, "profile-phone")
