"""The El Dorado board and rules page in Japanese, wide and narrow: screenshots to look at, and
a help popover shown on focus."""

from __future__ import annotations

import pytest

from tests.browser.steps import choose_language, new_match, sign_up

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("width", "height"), [(1280, 1000), (360, 740)])
def test_the_board_and_rules_read_in_japanese(browser, daphne_server, screenshot, width, height):
    base = daphne_server.url
    context = browser.new_context(
        viewport={"width": width, "height": height}, locale="ja-JP", is_mobile=width < 500
    )
    page = context.new_page()
    sign_up(page, base, f"ja{width}")
    choose_language(page, base, "ja")
    new_match(page, base, "el-dorado", ["greedy"], {"map": "hills-of-gold"})
    page.locator(".ed-map svg.ed-drawing").wait_for()
    assert page.locator("html").get_attribute("lang") == "ja"
    assert "遊び方" in page.locator("#ed-howto summary").inner_text()
    hand = page.locator(".ed-hand").inner_text()
    assert any(name in hand for name in ("探検家", "水夫", "旅行者"))  # whichever were dealt
    # Focus shows a card's effect; the card is described by it.
    name = page.locator(".ed-hand .ed-card-name").first
    name.focus()
    tip = page.locator(f"#{name.get_attribute('aria-describedby')}")
    assert tip.is_visible()
    assert "マス" in tip.inner_text()
    screenshot(page, f"ed-board-ja-{width}")
    page.goto(f"{base}/rules/el-dorado/")
    assert "原住民" in page.locator("#cards").inner_text()
    path = screenshot(page, f"ed-rules-ja-{width}")
    # The card table alone, to look at closely.
    page.locator("#cards").screenshot(path=str(path.with_name(f"ed-rules-cards-ja-{width}.png")))
    context.close()
