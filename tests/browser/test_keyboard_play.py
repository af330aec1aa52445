"""Both boards played with the keyboard alone: shortcuts, and focus kept on a sensible control
after every swap (the answer to a move, a pushed frame); the replay's keys pressed quickly."""

from __future__ import annotations

import re

import pytest

from tests.browser.steps import new_match
from tests.browser.test_incan_gold_live import _sign_up
from tests.browser.test_replay import _export, _import, _wait_step

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

# What has focus, said so that a failing assertion shows it.
ACTIVE = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return "body";
  return el.tagName.toLowerCase() + (el.dataset.focusKey ? `[${el.dataset.focusKey}]` : "")
    + (el.id ? `#${el.id}` : "");
}"""


def _version(page) -> int:
    return int(page.locator("#match-version").get_attribute("data-version"))


def _wait_newer(page, version: int, timeout: int = 20_000) -> None:
    page.wait_for_function(
        f"Number(document.getElementById('match-version').dataset.version) > {version}",
        timeout=timeout,
    )
    # The swaps are in and focus has been put back (it is done right after them).
    page.wait_for_timeout(150)


def _active(page) -> str:
    # A swap removes the focused element a moment before focus is put back: wait that moment.
    try:
        page.wait_for_function("document.activeElement !== document.body", timeout=2_000)
    except Exception:  # noqa: BLE001 - reported as "body" by the caller's assertion
        return "body"
    return page.evaluate(ACTIVE)


def _context(browser, viewport):
    if viewport == PHONE:
        return browser.new_context(viewport=viewport, device_scale_factor=2, is_mobile=True)
    return browser.new_context(viewport=viewport)


def _open_shortcuts(page, screenshot, name: str) -> None:
    page.keyboard.press("?")
    shortcuts = page.locator("#shortcuts")
    assert shortcuts.get_attribute("open") is not None
    assert _active(page) == "summary"
    shortcuts.scroll_into_view_if_needed()
    screenshot(page, name)
    page.keyboard.press("?")
    assert shortcuts.get_attribute("open") is None


def test_an_incan_gold_round_by_keyboard_alone(browser, daphne_server, screenshot):
    base = daphne_server.url
    page = _context(browser, DESKTOP).new_page()
    _sign_up(page, base, "kim")
    new_match(page, base, "incan-gold", ["cautious", "random"], {})
    page.locator("#ig-decide .big-continue").wait_for(timeout=15_000)
    _open_shortcuts(page, screenshot, "keys-incan-gold-shortcuts")
    first_round = page.locator(".round-pill").inner_text()

    decisions = 0
    while True:
        shown = page.locator(".round-pill").inner_text()
        if shown != first_round:
            if decisions:
                break
            first_round = shown  # a round over before anyone decided (two hazards at once)
        fresh = (
            page.locator("#ig-decide .big-choice").count()
            and not page.locator("#ig-decide .big-choice.chosen").count()
        )
        if not fresh:
            # Decided, or in camp: the round goes on without a key pressed.
            if decisions:
                assert _active(page) in (
                    "h2[status-heading]",
                    "button[decide-continue]",
                    "button[decide-return]",
                ), _active(page)
            page.wait_for_timeout(200)
            continue
        key = "r" if decisions >= 2 else "c"
        choice = "return" if key == "r" else "continue"
        before = _version(page)
        page.keyboard.press(key)
        _wait_newer(page, before)
        decisions += 1
        # Focus never falls to <body>: it stays on the choice made, moves to the next decision,
        # or (back in camp, nothing to do) rests on the status heading.
        active = _active(page)
        assert active in (
            f"button[decide-{choice}]",
            "button[decide-continue]",
            "h2[status-heading]",
        ), active
        assert decisions < 40
    # The next round: focus comes back to the first decision.
    page.locator("#ig-decide .big-continue").wait_for(timeout=20_000)
    page.wait_for_timeout(300)
    assert _active(page) in ("button[decide-continue]", "button[decide-return]"), _active(page)
    # Nothing happens on keys that are not shortcuts, or with a modifier held.
    before = _version(page)
    page.keyboard.press("Control+c")
    page.keyboard.press("x")
    # Nor while typing in the chat: the letters go into the message.
    chat = page.get_by_placeholder("Write a message")
    chat.focus()
    page.keyboard.type("cr")
    assert chat.input_value() == "cr"
    page.wait_for_timeout(500)
    assert _version(page) == before
    page.context.close()


def _affordable(page) -> tuple[float, list[float]]:
    total = page.evaluate(
        """() => [...document.querySelectorAll(".ed-form input[name='cards']:checked")]
          .reduce((sum, box) => sum + parseFloat(box.dataset.pays || "0"), 0)"""
    )
    costs = page.evaluate(
        """() => [...document.querySelectorAll("#ed-market [data-focus-key^='buy-']")]
          .map(b => parseFloat(b.dataset.cost))"""
    )
    return total, costs


def _moving_card(page, cards) -> int | None:
    """The place in the hand (from 1) of the first card with somewhere to go, if any."""
    for n in range(1, cards.count() + 1):
        card = cards.nth(n - 1)
        if not card.locator(".ed-use").count():
            continue
        if page.locator(f".ed-moves[data-card='{card.get_attribute('data-card')}'] button").count():
            return n
    return None


def _tick_every_card(page) -> None:
    """Tick every card in the hand with Tab, Shift+Tab and Space alone."""
    first_box = (
        "document.activeElement === document.querySelector(\".ed-form input[name='cards']\")"
    )
    # Back from the controls after the hand; round the whole page from anywhere else.
    for key in ["Shift+Tab"] * 12 + ["Tab"] * 200:
        if page.evaluate(first_box):
            break
        page.keyboard.press(key)
    assert page.evaluate(first_box), "Tab never reached the hand"
    page.keyboard.press("Space")
    for _ in range(40):
        if page.evaluate(
            "[...document.querySelectorAll(\".ed-form input[name='cards']\")].every(b => b.checked)"
        ):
            break
        page.keyboard.press("Tab")
        if page.evaluate(
            "document.activeElement.matches(\".ed-form input[name='cards']:not(:checked)\")"
        ):
            page.keyboard.press("Space")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_an_el_dorado_turn_by_keyboard_alone(browser, daphne_server, screenshot, viewport):
    base = daphne_server.url
    name = "lee" if viewport == DESKTOP else "mo"
    page = _context(browser, viewport).new_page()
    _sign_up(page, base, name)
    new_match(page, base, "el-dorado", ["greedy"], {"map": "home-stretch"})
    page.locator("[data-focus-key='end-turn']").wait_for(timeout=20_000)
    shot = "desktop" if viewport == DESKTOP else "phone"
    _open_shortcuts(page, screenshot, f"keys-el-dorado-shortcuts-{shot}")

    # 1–9 pick a card by its place in the hand: focus goes to its first destination.
    cards = page.locator("#ed-controls .ed-card[data-card]")
    position = _moving_card(page, cards)
    for _ in range(5):  # a hand may have no card that moves: discard it all, end, draw again
        if position is not None:
            break
        _tick_every_card(page)
        before = _version(page)
        page.keyboard.press("e")
        _wait_newer(page, before)
        page.locator("[data-focus-key='end-turn']").wait_for(timeout=20_000)
        position = _moving_card(page, cards)
    assert position is not None, "no card in five hands moves"
    page.keyboard.press(str(position))
    picked = cards.nth(position - 1).get_attribute("data-card")
    section = page.locator(f".ed-moves[data-card='{picked}']")
    assert section.is_visible()
    assert _active(page).startswith("button[dest-"), _active(page)
    buttons = section.locator("button[data-hex]")
    # Arrows go through the destinations and wrap; a letter goes to its destination.
    if buttons.count() > 1:
        page.keyboard.press("ArrowRight")
        second = buttons.nth(1).get_attribute("data-focus-key")
        assert _active(page) == f"button[{second}]"
        page.keyboard.press("ArrowLeft")
    letter = buttons.first.get_attribute("data-letter")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press(letter.lower())
    assert _active(page) == f"button[{buttons.first.get_attribute('data-focus-key')}]"
    # The button says where it leads, and which way.
    spoken = buttons.first.get_attribute("aria-label")
    assert re.match(rf"{letter} — .+, \d+ steps?, [a-z-]+ of your explorer", spoken), spoken
    # Esc puts the card down (focus back on it); picking it again shows its destinations.
    page.keyboard.press("Escape")
    assert section.is_hidden()
    assert _active(page) == f"a[card-{picked}]"
    page.keyboard.press(str(position))
    before = _version(page)
    page.keyboard.press("Enter")
    _wait_newer(page, before)
    # The card is played, and focus is on the next card to play (or End turn).
    assert page.locator(f".ed-card[data-card='{picked}']").count() == 0, "the card was not played"
    active = _active(page)
    assert active.startswith("a[card-") or active == "button[end-turn]", active
    if page.locator("[data-focus-key='undo']").count():
        # U takes the move back (the card is in the hand again); the same keys play it again.
        before = _version(page)
        page.keyboard.press("u")
        _wait_newer(page, before)
        assert page.locator(f".ed-card[data-card='{picked}']").count() == 1
        assert _active(page) != "body"
        page.keyboard.press(str(position))
        assert _active(page).startswith("button[dest-"), _active(page)
        before = _version(page)
        page.keyboard.press("Enter")
        _wait_newer(page, before)
        assert page.locator(f".ed-card[data-card='{picked}']").count() == 0
        active = _active(page)
        assert active.startswith("a[card-") or active == "button[end-turn]", active

    # Tick every card left (Tab and Space only), then B goes to the market and B buys.
    _tick_every_card(page)
    total, costs = _affordable(page)
    bought = False
    if costs and min(costs) <= total:
        page.keyboard.press("b")
        assert _active(page).startswith("button[buy-"), _active(page)
        for _ in range(len(costs) * 4):
            cost = page.evaluate("parseFloat(document.activeElement.dataset.cost || 'NaN')")
            if cost <= total:
                break
            page.keyboard.press("Tab")
        before = _version(page)
        page.keyboard.press("b")
        _wait_newer(page, before)
        assert page.locator("#ed-status").get_by_text("bought this turn").count() == 1
        assert _active(page) == "button[end-turn]", _active(page)
        bought = True
    if viewport == DESKTOP:
        assert bought, f"nothing to buy with {total} from {costs}"

    # E ends the turn: the bot plays, and focus rests on the status heading meanwhile.
    before = _version(page)
    page.keyboard.press("e")
    _wait_newer(page, before)
    active = _active(page)
    assert active in ("h2[status-heading]", "button[end-turn]") or active.startswith("a[card-"), (
        active
    )
    # The bot's turn passes and it is the player's again: focus lands on a control.
    page.locator("[data-focus-key='end-turn']").wait_for(timeout=30_000)
    page.wait_for_timeout(300)
    active = _active(page)
    assert active.startswith("a[card-") or active == "button[end-turn]", active
    screenshot(page, f"keys-el-dorado-next-turn-{shot}")
    page.context.close()


def test_quick_replay_keys_land_on_the_right_step(browser, daphne_server, tmp_path):
    page = browser.new_context().new_page()
    _sign_up(page, daphne_server.url, "ana")
    page.context.close()
    match = _import(daphne_server, tmp_path, _export("incan-gold", 11, {}))
    page = _context(browser, DESKTOP).new_page()
    page.goto(f"{daphne_server.url}/matches/{match}/replay/")
    last = int(page.locator("#replay-body").get_attribute("data-last"))
    # Presses far quicker than a step loads: none is lost, none counted twice.
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    _wait_step(page, 5)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    _wait_step(page, 6)
    page.keyboard.press("End")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    _wait_step(page, last - 2)
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    _wait_step(page, 1)
    # Nothing moves before the opening.
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    _wait_step(page, 0)
    # A step button pressed by keyboard keeps focus in the new body.
    page.locator("#replay-next").focus()
    page.keyboard.press("Enter")
    _wait_step(page, 1)
    assert _active(page) == "a#replay-next"
    page.context.close()
