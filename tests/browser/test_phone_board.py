"""El Dorado on a phone: the hand is one row of cards to swipe, right below the map; the market is
a sheet opened from a button, kept open across swaps, closed by Esc, and bought from by tapping.
On a desktop the market stays in the page. Screenshots in English and Japanese to look at."""

from __future__ import annotations

import pytest

from tests.browser.steps import choose_language, new_match, sign_up
from tests.browser.test_keyboard_play import _version, _wait_newer

pytestmark = pytest.mark.browser

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
# How far below the map the hand's cards may start: the trail's caption and the hand's heading.
NEAR_MAP = 130
TOUCH = 44

BOX = "el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"


def _start(page, base: str, name: str, japanese: bool = False) -> None:
    sign_up(page, base, name)
    if japanese:
        choose_language(page, base, "ja")
    new_match(page, base, "el-dorado", ["greedy"], {"map": "home-stretch"})
    page.locator("[data-focus-key='end-turn']").wait_for(timeout=20_000)


def _shoot(page, screenshot, name: str) -> None:
    """The whole page, and the screen alone: what the phone shows."""
    path = screenshot(page, name)
    page.screenshot(path=str(path.with_name(f"{name}-screen.png")))


def _sheet_state(page) -> dict:
    return page.evaluate(
        """() => {
          const sheet = document.getElementById('ed-market');
          const opener = document.querySelector('.ed-market-open');
          const style = getComputedStyle(sheet);
          const r = sheet.getBoundingClientRect();
          return {
            shown: style.display !== 'none' && r.height > 0,
            fixed: style.position === 'fixed',
            top: r.top, bottom: r.bottom,
            role: sheet.getAttribute('role'), modal: sheet.getAttribute('aria-modal'),
            expanded: opener && opener.getAttribute('aria-expanded'),
            focusInside: sheet.contains(document.activeElement),
            focusKey: document.activeElement && document.activeElement.dataset.focusKey || null,
          };
        }"""
    )


def _tap_ticks_until(page, enough: float) -> float:
    """Tick the hand's cards by tapping their corners until they pay `enough`; what they pay."""
    total = 0.0
    for tick in page.locator("#ed-controls .ed-card .ed-tick").all():
        if total >= enough:
            break
        tick.scroll_into_view_if_needed()
        tick.tap()
        total = page.evaluate(
            """() => [...document.querySelectorAll(".ed-form input[name='cards']:checked")]
              .reduce((sum, box) => sum + parseFloat(box.dataset.pays || "0"), 0)"""
        )
    return total


def _moving_card(page) -> str | None:
    """The id of a card in the hand with somewhere to go, if any."""
    return page.evaluate(
        """() => {
          const card = [...document.querySelectorAll('#ed-controls .ed-card[data-card]')].find(c =>
            c.querySelector('.ed-use')
            && document.querySelector(`.ed-moves[data-card="${c.dataset.card}"] button[data-hex]`));
          return card ? card.dataset.card : null;
        }"""
    )


def _end_turn(page) -> None:
    """End the turn (the hand is discarded whole, so the next is new) and wait for the next."""
    # Every tick by its place in the hand: a ":not(:checked)" list would shrink as it is ticked.
    for tick in page.locator("#ed-controls .ed-tick input").all():
        tick.check()
    before = _version(page)
    page.locator("[data-focus-key='end-turn']").tap()
    _wait_newer(page, before)
    page.locator("[data-focus-key='end-turn']").wait_for(timeout=30_000)


def _hand_worth(page) -> float:
    return page.evaluate(
        """() => [...document.querySelectorAll(".ed-form input[name='cards']")]
          .reduce((sum, box) => sum + parseFloat(box.dataset.pays || "0"), 0)"""
    )


def _cheapest(page) -> float:
    return page.evaluate(
        """() => Math.min(...[...document.querySelectorAll("#ed-market [data-focus-key^='buy-']")]
          .map(b => parseFloat(b.dataset.cost)))"""
    )


def test_the_hand_swipes_below_the_map_and_the_market_opens_as_a_sheet(
    browser, daphne_server, screenshot
):
    base = daphne_server.url
    phone = browser.new_context(**PHONE)
    page = phone.new_page()
    _start(page, base, "pip")
    _shoot(page, screenshot, "phone-board-your-turn-en")

    # One row: the same top, each card further right, the row scrolling inside itself.
    cards = page.locator("#ed-controls .ed-card[data-card]")
    boxes = [cards.nth(n).evaluate(BOX) for n in range(cards.count())]
    assert len(boxes) >= 3
    assert all(abs(box[1] - boxes[0][1]) < 1 for box in boxes), boxes
    assert all(b[0] > a[0] for a, b in zip(boxes, boxes[1:], strict=False)), boxes
    row = page.locator("#ed-controls .ed-cards")
    assert row.evaluate("el => el.scrollWidth > el.clientWidth")
    row.evaluate("el => el.scrollBy({left: 200, behavior: 'instant'})")
    page.wait_for_timeout(300)  # the row settles on a card (scroll snapping)
    assert row.evaluate("el => el.scrollLeft") > 0
    assert page.evaluate("window.scrollX") == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # Right below the map.
    map_bottom = page.locator("#ed-map").evaluate(BOX)[3]
    assert 0 <= boxes[0][1] - map_bottom <= NEAR_MAP, (map_bottom, boxes[0])
    # A finger hits the tick box's whole corner and the card's move link.
    for selector in (".ed-tick", ".ed-use", ".ed-market-open", "[data-focus-key='end-turn']"):
        box = page.locator(f"#ed-controls {selector}").first.evaluate(BOX)
        assert box[3] - box[1] >= TOUCH - 0.5 and box[2] - box[0] >= TOUCH - 0.5, (selector, box)
    # The turn's buttons are in one line, on the screen with the map and the hand.
    page.evaluate("window.scrollTo(0, 0)")
    bar = page.locator(".ed-bar").evaluate(BOX)
    assert bar[3] <= 844 and bar[3] - bar[1] < 2 * TOUCH, bar

    # Picking a card: its destinations show between the hand and the bar, within the screen.
    use = page.locator("#ed-controls .ed-use").first
    use.tap()
    section = page.locator(".ed-moves:not([hidden])")
    assert section.count() == 1
    assert section.evaluate(BOX)[1] < 844
    _shoot(page, screenshot, "phone-board-card-picked-en")

    # The market is out of the page until the button is pressed.
    assert not _sheet_state(page)["shown"]
    assert page.locator("#ed-market").is_hidden()
    opener = page.locator(".ed-market-open")
    opener.tap()
    state = _sheet_state(page)
    assert state["shown"] and state["fixed"], state
    assert state["top"] >= 0 and state["bottom"] <= 844 + 1, state
    assert (state["role"], state["modal"], state["expanded"]) == ("dialog", "true", "true"), state
    assert state["focusInside"], state
    assert page.locator("#ed-market [data-focus-key^='buy-']").first.is_visible()
    _shoot(page, screenshot, "phone-board-sheet-open-en")
    # Esc closes it and gives focus back to the button.
    page.keyboard.press("Escape")
    state = _sheet_state(page)
    assert not state["shown"] and state["expanded"] == "false", state
    assert state["focusKey"] == "market-open", state
    # So does the close button.
    opener.tap()
    assert _sheet_state(page)["shown"]
    page.locator("#ed-market .ed-sheet-close").tap()
    assert not _sheet_state(page)["shown"]
    # And a tap on the shaded page above it.
    opener.tap()
    assert _sheet_state(page)["shown"]
    page.touchscreen.tap(195, 60)
    assert not _sheet_state(page)["shown"]
    # B (the market's key) opens the sheet first, on its first card for sale; Tab stays inside.
    # The picked card is put down first (Esc): while it is picked, B may be a destination's letter.
    page.keyboard.press("Escape")
    assert section.count() == 0
    page.keyboard.press("b")
    state = _sheet_state(page)
    assert state["shown"] and state["focusKey"].startswith("buy-"), state
    for _ in range(9):
        page.keyboard.press("Tab")
        assert _sheet_state(page)["focusInside"]
    page.keyboard.press("Shift+Tab")
    assert _sheet_state(page)["focusInside"]
    page.keyboard.press("Escape")
    assert _sheet_state(page)["focusKey"] == "market-open"

    # A card's help, tapped in the row it scrolls in, opens whole on the screen.
    name = page.locator("#ed-controls .ed-card .ed-card-name").first
    name.tap()
    tip = page.locator(f"#{name.get_attribute('aria-describedby')}")
    assert tip.is_visible()
    box = tip.evaluate(BOX)
    assert box[0] >= 0 and box[2] <= 390 and box[1] >= 0 and box[3] <= 844, box
    _shoot(page, screenshot, "phone-board-card-help-en")
    page.locator("#ed-status").tap()  # a tap elsewhere closes it

    # Open across swaps: the same player moves from another tab (a pushed frame here), then the
    # page fetches its whole live part again, as after a reconnect (a new market element).
    for _ in range(5):  # a hand may have no card that moves: end the turn and draw again
        if _moving_card(page) is not None:
            break
        _end_turn(page)
    card = _moving_card(page)
    assert card is not None, "no card in five hands moves"
    opener.tap()
    other = phone.new_page()
    other.goto(page.url)
    other.locator(f".ed-card[data-card='{card}'] .ed-use").tap()
    before = _version(page)
    other.locator(f".ed-moves[data-card='{card}'] button[data-hex]").first.tap()
    _wait_newer(page, before)
    assert page.locator(f".ed-card[data-card='{card}']").count() == 0  # the move is shown here
    state = _sheet_state(page)
    assert state["shown"] and state["role"] == "dialog" and state["expanded"] == "true", state
    page.evaluate("document.getElementById('ed-market').dataset.old = 'yes'")
    page.evaluate(
        """() => htmx.ajax('GET', document.querySelector('.match-page').dataset.liveUrl,
          {target: '#match-live', swap: 'outerHTML'})"""
    )
    page.wait_for_function("!document.getElementById('ed-market').dataset.old")
    page.wait_for_timeout(200)
    state = _sheet_state(page)
    assert state["shown"] and state["role"] == "dialog" and state["expanded"] == "true", state
    assert state["focusInside"], state
    other.close()
    page.keyboard.press("Escape")

    # A purchase by tapping: tick cards that pay for the cheapest card, open the sheet, tap it.
    for _ in range(6):
        if _hand_worth(page) >= _cheapest(page):
            break
        _end_turn(page)
    cheapest = _cheapest(page)
    paid = _tap_ticks_until(page, cheapest)
    assert paid >= cheapest, f"no hand in six pays {cheapest}"
    assert "pays" in opener.inner_text()
    opener.tap()
    offer = page.locator(f"#ed-market [data-focus-key^='buy-'][data-cost='{int(cheapest)}']").first
    name = offer.locator(".ed-card-name").inner_text()
    before = _version(page)
    offer.tap()
    _wait_newer(page, before)
    assert page.locator("#ed-status").get_by_text("bought this turn").count() == 1
    assert name in page.locator("#ed-players").inner_text()  # on top of the discard pile
    # Nothing left to buy this turn: the sheet is gone with its button, the page scrolls again.
    assert not _sheet_state(page)["shown"]
    assert opener.is_hidden()
    assert not page.evaluate("document.documentElement.classList.contains('ed-sheet-lock')")

    # On a desktop the market is in the page, without the button.
    desktop = browser.new_context(**DESKTOP, storage_state=phone.storage_state())
    wide = desktop.new_page()
    wide.goto(page.url)
    wide.locator("[data-focus-key='end-turn']").wait_for()
    before = _version(wide)
    wide.locator("[data-focus-key='end-turn']").click()
    _wait_newer(wide, before)
    wide.locator("[data-focus-key='end-turn']").wait_for(timeout=30_000)
    assert wide.locator("#ed-market").is_visible()
    assert wide.locator("#ed-market").evaluate("el => getComputedStyle(el).position") == "static"
    assert wide.locator(".ed-market-open").is_hidden()
    assert wide.locator(".ed-sheet-close").first.is_hidden()
    # The hand's cards and the market's lie below the map, in the page's flow.
    map_bottom = wide.locator("#ed-map").evaluate(BOX)[3]
    hand_top = wide.locator("#ed-controls .ed-card").first.evaluate(BOX)[1]
    market_top = wide.locator("#ed-market").evaluate(BOX)[1]
    assert map_bottom < hand_top < market_top
    screenshot(wide, "desktop-board-your-turn-en")
    desktop.close()
    phone.close()


def test_the_phone_board_in_japanese(browser, daphne_server, screenshot):
    context = browser.new_context(**PHONE, locale="ja-JP")
    page = context.new_page()
    _start(page, daphne_server.url, "japhone", japanese=True)
    assert page.locator("html").get_attribute("lang") == "ja"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    _shoot(page, screenshot, "phone-board-your-turn-ja")
    page.locator("#ed-controls .ed-use").first.tap()
    page.locator("#ed-controls .ed-tick").first.tap()
    _shoot(page, screenshot, "phone-board-card-picked-ja")
    opener = page.locator(".ed-market-open")
    assert "市場" in opener.inner_text()
    opener.tap()
    assert page.locator("#ed-market").is_visible()
    _shoot(page, screenshot, "phone-board-sheet-open-ja")
    page.keyboard.press("Escape")
    assert page.locator("#ed-market").is_hidden()
    context.close()
