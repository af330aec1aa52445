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
    page.locator(".ed-map svg.ed-drawing").wait_for()
    page.locator("#ed-overlay").wait_for()
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

    # Picking a card to move with happens in the page: no request goes to the server.
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    moved = 0
    for _ in range(6):
        page.get_by_role("button", name="End turn").wait_for(timeout=20_000)
        version = page.locator("#match-version").get_attribute("data-version")
        moved_now = False
        for link in page.locator(".ed-use").all():
            card = link.get_attribute("href").split("=")[1]
            section = page.locator(f".ed-moves[data-card='{card}']")
            asked.clear()
            for _attempt in range(3):
                # A push landing at the moment of the click replaces the link; click again.
                page.locator(f".ed-use[href='?card={card}']").click()
                with contextlib.suppress(Exception):
                    section.wait_for(state="visible", timeout=5_000)
                    break
            section.wait_for(state="visible")
            assert not [url for url in asked if "card=" in url or "/live/" in url], asked
            assert page.locator(".ed-moves:visible").count() == 1
            buttons = section.locator("button[data-hex]")
            if buttons.count():
                where = buttons.first.get_attribute("data-hex")
                outline = page.locator(
                    f"#ed-overlay .reach[data-card='{card}'] [data-hex='{where}']"
                )
                assert outline.is_visible()
                if not moved:
                    screenshot(page, "ed-board-reachable")
                    # The pick outlives a swap of the live part (as after a refetch).
                    page.evaluate(
                        "htmx.ajax('GET', document.querySelector('.match-page').dataset.liveUrl,"
                        " {target: '#match-live', swap: 'outerHTML'})"
                    )
                    page.wait_for_function(
                        """card => {
                          const s = document.querySelector(`.ed-moves[data-card="${card}"]`);
                          const g = document.querySelector(`.reach[data-card="${card}"]`);
                          return s && !s.hidden && g && g.getAttribute("display") === "inline";
                        }""",
                        arg=card,
                    )
                    # Clicking the outlined space on the map presses its button.
                    outline.click()
                else:
                    buttons.first.click()
                page.wait_for_function(
                    f"document.getElementById('match-version').dataset.version !== '{version}'"
                )
                moved += 1
                moved_now = True
                break
        if not moved_now:
            # Nothing moves: cycle the hand, as the rules let you, to draw fresh cards.
            for box in page.locator("input[name='cards']").all():
                box.check()
            discard_version = page.locator("#match-version").get_attribute("data-version")
            page.get_by_role("button", name="Discard ticked").click()
            page.wait_for_function(
                f"document.getElementById('match-version').dataset.version !== '{discard_version}'"
            )
        before_end = int(page.locator("#match-version").get_attribute("data-version"))
        page.get_by_role("button", name="End turn").click()
        # Both bots play their turns in the background (two versions at least) and the page
        # follows by itself, without a reload.
        page.wait_for_function(
            f"Number(document.getElementById('match-version').dataset.version) > {before_end + 2}"
        )
    screenshot(page, "ed-board-later")
    assert moved >= 2
    assert page.locator(".ed-players").get_by_text("cy").is_visible()
