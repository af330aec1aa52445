"""A player takes El Dorado turns against bots in the browser: select a card, move, end turn."""

from __future__ import annotations

import contextlib

import pytest

from tests.browser.test_incan_gold_live import _sign_up

pytestmark = pytest.mark.browser


def test_a_player_moves_and_ends_turns_against_bots(browser, daphne_server, screenshot):
    base = daphne_server.url
    page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    _sign_up(page, base, "cy")
    page.goto(f"{base}/play/")
    form = page.locator("form.new-match-form").nth(1)
    form.locator("select[name='el-dorado-players']").select_option("3")
    form.locator("select[name='el-dorado-seat_2']").select_option("greedy")
    form.locator("select[name='el-dorado-seat_3']").select_option("random")
    form.locator("select[name='el-dorado-opt_map']").select_option("home-stretch")
    form.get_by_role("button", name="Create match").click()
    page.wait_for_url(f"{base}/matches/*/")
    page.locator(".ed-map svg").wait_for()
    screenshot(page, "ed-board-start")
    # Ticking cards shows what they would pay in the market.
    first = page.locator("input[name='cards']").first
    first.check()
    # One card pays 1 (a Traveller) or 1/2 (any other), never "0 1/2".
    assert page.locator("#ed-money").inner_text() in ("Ticked cards pay 1", "Ticked cards pay ½")
    first.uncheck()
    assert page.locator("#ed-money").inner_text() == ""
    # With the whole hand ticked (2 coins at least), a Scout (cost 1) overpays and says so.
    boxes = page.locator("input[name='cards']").all()
    for box in boxes:
        box.check()
    scout = page.locator(".ed-shop-card[data-cost]", has_text="Scout")
    assert scout.locator(".ed-fit").inner_text().startswith("overpays by")
    total = sum(float(box.get_attribute("data-pays")) for box in boxes)
    short = 4 - total  # a Transmitter costs 4
    said = f"{int(short)}" if short == int(short) else f"{int(short) or ''}½"
    transmitter = page.locator(".ed-shop-card[data-cost]", has_text="Transmitter")
    assert transmitter.locator(".ed-fit").inner_text() == (f"{said} short" if short else "exact")
    screenshot(page, "ed-board-ticked")
    for box in boxes:
        box.uncheck()
    assert scout.locator(".ed-fit").inner_text() == ""

    moved = 0
    for _ in range(6):
        page.get_by_role("button", name="End turn").wait_for(timeout=20_000)
        version = page.locator("#match-live").get_attribute("data-version")
        moved_now = False
        for link in page.locator(".ed-use").all():
            card = link.get_attribute("href").split("=")[1]
            selected = page.locator(f"#match-live[data-card='{card}'] .ed-moves")
            for _attempt in range(3):
                # A push landing at the moment of the click replaces the link; click again.
                page.locator(f".ed-use[href='?card={card}']").click()
                with contextlib.suppress(Exception):
                    selected.wait_for(timeout=5_000)
                    break
            selected.wait_for()
            if page.locator(".ed-dest").count():
                if not moved:
                    screenshot(page, "ed-board-reachable")
                page.locator(".ed-dest").first.click()
                page.wait_for_function(
                    f"document.getElementById('match-live').dataset.version !== '{version}'"
                )
                moved += 1
                moved_now = True
                break
        if not moved_now:
            # Nothing moves: cycle the hand, as the rules let you, to draw fresh cards.
            for box in page.locator("input[name='cards']").all():
                box.check()
            discard_version = page.locator("#match-live").get_attribute("data-version")
            page.get_by_role("button", name="Discard ticked").click()
            page.wait_for_function(
                f"document.getElementById('match-live').dataset.version !== '{discard_version}'"
            )
        before_end = int(page.locator("#match-live").get_attribute("data-version"))
        page.get_by_role("button", name="End turn").click()
        # Both bots play their turns in the background (two versions at least) and the page
        # follows by itself, without a reload.
        page.wait_for_function(
            f"Number(document.getElementById('match-live').dataset.version) > {before_end + 2}"
        )
    screenshot(page, "ed-board-later")
    assert moved >= 2
    assert page.locator(".ed-players").get_by_text("cy").is_visible()
