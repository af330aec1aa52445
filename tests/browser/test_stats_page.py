"""The statistics pages as a visitor sees them, empty and after a few dozen matches."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from datetime import timedelta

import pytest

from tests.browser.daphne_server import ROOT
from tests.helpers import SCREENSHOTS

pytestmark = pytest.mark.browser


def populate() -> None:
    """Play Incan Gold and El Dorado matches to the end with bots (run inside the server's DB)."""
    from django.test import override_settings

    # The bots move in this process, inside each move, instead of through the server's worker.
    with override_settings(TASKS=IMMEDIATE_TASKS):
        _play_matches()


IMMEDIATE_TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}


def _play_matches() -> None:
    from django.utils import timezone

    from accounts.models import User
    from games.models import Match
    from tests.helpers import play_to_end

    ig_bots = [("random", "cautious"), ("expert", "cautious", "random"), ("expert", "random")]
    for n in range(9):
        host = User.objects.create_user(f"ig{n}", f"ig{n}@example.com", "x-long-password-1")
        play_to_end(host, bots=ig_bots[n % 3], private=n == 4, rated=n % 4 != 3)
    for n, board in enumerate(("hills-of-gold", "home-stretch", "hills-of-gold", "serpentine")):
        host = User.objects.create_user(f"ed{n}", f"ed{n}@example.com", "x-long-password-1")
        bots = ("greedy", "expert") if n % 2 else ("greedy",)
        play_to_end(host, "el-dorado", bots=bots, options={"map": board})
    # Bots play in an instant; give the matches the lengths people take, one of them old.
    now = timezone.now()
    for index, match in enumerate(Match.objects.order_by("pk")):
        finished = now - timedelta(days=45 if index == 0 else index % 5, minutes=index)
        started = finished - timedelta(minutes=14 + 3 * index)
        Match.objects.filter(pk=match.pk).update(started=started, finished=finished)


def _populate(server) -> None:
    script = "from tests.browser.test_stats_page import populate; populate()"
    subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", script],
        cwd=ROOT,
        env=server.env,
        check=True,
        timeout=300,
    )


def test_the_statistics_pages_before_and_after_matches(
    browser, page, phone, daphne_server, screenshot
):
    base = daphne_server.url
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    page.goto(f"{base}/stats/incan-gold/")
    assert page.get_by_role("heading", name="No finished matches yet").is_visible()
    screenshot(page, "stats-empty-desktop")

    _populate(daphne_server)

    page.goto(f"{base}/stats/incan-gold/")
    assert page.get_by_role("heading", name="Incan Gold", exact=True).is_visible()
    assert page.locator(".stat-value").first.inner_text() == "9"
    assert page.get_by_role("heading", name="Surviving each card").is_visible()
    assert page.locator("svg.chart-svg").count() == 2
    assert page.locator("svg.chart-svg .bar").count() > 3
    with sqlite3.connect(daphne_server.database) as db:
        (private_id,) = db.execute("SELECT id FROM games_match WHERE private").fetchone()
    assert page.locator(f"a[href='/matches/{private_id}/']").count() == 0
    screenshot(page, "stats-incan-gold-desktop")

    page.get_by_role("link", name="Last 30 days").click()
    page.wait_for_url("**/stats/incan-gold/?period=30d")
    assert page.locator(".stat-value").first.inner_text() == "8"
    page.get_by_role("link", name="Rated only").click()
    page.wait_for_url("**/stats/incan-gold/?period=30d&rated=1")
    assert page.locator(".stat-value").first.inner_text() == "6"

    page.get_by_role("link", name="The Quest for El Dorado").click()
    page.wait_for_url("**/stats/el-dorado/?period=30d&rated=1")
    page.get_by_role("link", name="All time").click()
    assert page.get_by_role("heading", name="Most bought cards").is_visible()
    assert page.get_by_role("heading", name="Maps").is_visible()
    assert page.get_by_role("rowheader", name="Home Stretch").is_visible()
    page.wait_for_load_state("load")
    screenshot(page, "stats-el-dorado-desktop")

    phone.goto(f"{base}/stats/incan-gold/")
    assert phone.get_by_role("heading", name="Surviving each card").is_visible()
    screenshot(phone, "stats-incan-gold-phone")
    for index, chart in enumerate(phone.locator(".chart").all()):
        chart.screenshot(path=str(SCREENSHOTS / f"stats-incan-gold-chart-{index}-phone.png"))
    phone.goto(f"{base}/stats/el-dorado/")
    screenshot(phone, "stats-el-dorado-phone")
    phone.get_by_role("heading", name="Most bought cards").scroll_into_view_if_needed()
    phone.screenshot(path=str(SCREENSHOTS / "stats-el-dorado-phone-cards.png"))
    # Nothing is wider than the phone's screen but the tables that scroll on their own.
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    assert errors == []
