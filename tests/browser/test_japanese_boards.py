"""Both boards, the rules pages and the lobby in Japanese, on a phone and a desktop: a browser
whose language is Japanese gets Japanese pages; screenshots are saved to be looked at."""

from __future__ import annotations

import pytest

from tests.helpers import PASSWORD

pytestmark = pytest.mark.browser

SIZES = {"phone": (390, 844), "desktop": (1280, 900)}


def _japanese_page(browser, size: str):
    width, height = SIZES[size]
    context = browser.new_context(
        viewport={"width": width, "height": height},
        locale="ja-JP",
        is_mobile=size == "phone",
    )
    return context.new_page()


def _sign_up(page, base: str, name: str) -> None:
    page.goto(f"{base}/signup/")
    assert page.locator("html").get_attribute("lang") == "ja"
    page.fill("#id_username", name)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"{base}/")


def _no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_both_boards_and_the_rules_in_japanese(browser, daphne_server, screenshot, size):
    base = daphne_server.url
    page = _japanese_page(browser, size)
    _sign_up(page, base, f"hanako{size}")
    screenshot(page, f"ja-home-{size}")

    page.goto(f"{base}/play/")
    screenshot(page, f"ja-lobby-{size}")
    form = page.locator("form.new-match-form").first
    form.locator("select[name='incan-gold-players']").select_option("3")
    form.locator("select[name='incan-gold-seat_2']").select_option("cautious")
    form.locator("select[name='incan-gold-seat_3']").select_option("random")
    form.locator("button[type=submit]").click()
    page.wait_for_url(f"{base}/matches/*/")
    page.locator("button.big-continue").wait_for()
    assert page.locator("html").get_attribute("lang") == "ja"
    assert "探検" in page.locator("main").inner_text()
    screenshot(page, f"ja-incan-gold-{size}")
    _no_sideways_scroll(page)

    page.goto(f"{base}/play/")
    form = page.locator("form.new-match-form").nth(1)
    form.locator("select[name='el-dorado-players']").select_option("2")
    form.locator("select[name='el-dorado-seat_2']").select_option("greedy")
    form.locator("button[type=submit]").click()
    page.wait_for_url(f"{base}/matches/*/")
    page.locator(".ed-map svg").first.wait_for()
    text = page.locator("main").inner_text()
    # Whichever four cards were dealt, they are named in Japanese, as is the market.
    assert any(name in text for name in ("探検家", "水夫", "旅行者")) and "市場" in text
    screenshot(page, f"ja-el-dorado-{size}")
    _no_sideways_scroll(page)

    for game in ("incan-gold", "el-dorado"):
        page.goto(f"{base}/rules/{game}/")
        assert page.locator("html").get_attribute("lang") == "ja"
        screenshot(page, f"ja-rules-{game}-{size}")
        _no_sideways_scroll(page)
    page.context.close()
