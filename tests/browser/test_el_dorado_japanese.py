"""The El Dorado board and rules page in Japanese, wide and narrow: screenshots to look at, and
a help popover shown on focus."""

from __future__ import annotations

import pytest

from tests.browser.test_incan_gold_live import PASSWORD

pytestmark = pytest.mark.browser


def _sign_up(page, base: str, name: str) -> None:
    # By the fields, not the button's words: the page is in Japanese.
    page.goto(f"{base}/signup/")
    page.fill("#id_username", name)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.locator("main form button[type='submit']").last.click()
    page.wait_for_url(f"{base}/")


@pytest.mark.parametrize(("width", "height"), [(1280, 1000), (360, 740)])
def test_the_board_and_rules_read_in_japanese(browser, daphne_server, screenshot, width, height):
    base = daphne_server.url
    context = browser.new_context(
        viewport={"width": width, "height": height}, locale="ja-JP", is_mobile=width < 500
    )
    page = context.new_page()
    _sign_up(page, base, f"ja{width}")
    page.goto(f"{base}/settings/")
    choice = page.locator("select[name='language']")
    choice.select_option("ja")
    choice.locator("xpath=ancestor::form").locator("button[type='submit']").first.click()
    page.wait_for_load_state()
    page.goto(f"{base}/play/")
    form = page.locator("form.new-match-form").nth(1)
    form.locator("select[name='el-dorado-players']").select_option("2")
    form.locator("select[name='el-dorado-seat_2']").select_option("greedy")
    form.locator("select[name='el-dorado-opt_map']").select_option("hills-of-gold")
    form.locator("button[type='submit']").last.click()
    page.wait_for_url(f"{base}/matches/*/")
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
