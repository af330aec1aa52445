"""Two people and a bot play Incan Gold to the end, each seeing the other's moves live."""

from __future__ import annotations

import contextlib
import re
import sqlite3

import pytest

pytestmark = pytest.mark.browser

PASSWORD = "trek-through-the-jungle-42"


def _sign_up(page, base: str, name: str) -> None:
    page.goto(f"{base}/signup/")
    page.fill("#id_username", name)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    page.wait_for_url(f"{base}/")


def _row(page, name: str):
    return page.locator(".ig-players tr", has_text=name)


def test_two_players_and_a_bot_play_a_match_live_to_the_end(browser, daphne_server, screenshot):
    base = daphne_server.url
    ana = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    bo = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    _sign_up(ana, base, "ana")
    _sign_up(bo, base, "bo")

    ana.goto(f"{base}/play/")
    screenshot(ana, "lobby")
    form = ana.locator("form.new-match-form").first
    form.locator("select[name='incan-gold-players']").select_option("3")
    form.locator("select[name='incan-gold-seat_2']").select_option("cautious")
    form.get_by_role("button", name="Create match").click()
    ana.wait_for_url(f"{base}/matches/*/")
    match_url = ana.url
    assert ana.get_by_text("Waiting for players").is_visible()
    screenshot(ana, "ig-waiting-room")

    bo.goto(match_url)
    bo.get_by_role("button", name="Take a seat").click()
    # Ana's waiting room turns into the board by itself when the last seat is taken.
    # Round 2 for the few seeds whose first two cards are a pair of hazards.
    first_round = re.compile(r"Round [12] of 5")
    ana.get_by_text(first_round).wait_for(timeout=10_000)
    bo.get_by_text(first_round).wait_for(timeout=10_000)

    # First decision: both press on; each sees the other decide without reloading.
    ana.locator(".big-continue").click()
    _row(bo, "ana").get_by_text("decided").wait_for(timeout=10_000)
    assert bo.get_by_text("chooses to continue").count() == 0
    screenshot(ana, "ig-board-desktop")
    screenshot(bo, "ig-board-phone")
    bo.locator(".big-continue").click()

    # Then both head home whenever asked, until the match is over.
    for _ in range(400):
        if all(p.get_by_text("Final result").count() for p in (ana, bo)):
            break
        for page in (ana, bo):
            button = page.locator(".big-return:not(.chosen)")
            if button.count():
                # The board may be swapped under the click; the loop looks again.
                with contextlib.suppress(Exception):
                    button.click(timeout=2_000)
        ana.wait_for_timeout(150)
    ana.get_by_text("Final result").wait_for(timeout=15_000)
    bo.get_by_text("Final result").wait_for(timeout=15_000)
    # Every round is in the table of earlier rounds, which both read alike.
    assert ana.locator("#ig-rounds thead th").count() == 1 + 5
    assert bo.locator("#ig-rounds tbody tr").count() == 3
    screenshot(ana, "ig-final-desktop")
    screenshot(bo, "ig-final-phone")

    match_id = int(match_url.rstrip("/").rsplit("/", 1)[1])
    with sqlite3.connect(daphne_server.database) as db:
        (status,) = db.execute(
            "SELECT status FROM games_match WHERE id = ?", (match_id,)
        ).fetchone()
        places = db.execute(
            "SELECT place FROM games_seat WHERE match_id = ? ORDER BY position", (match_id,)
        ).fetchall()
    assert status == 2
    assert all(place is not None for (place,) in places)
