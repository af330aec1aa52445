"""Correspondence play told by notifications: the "your turn" mail that brings a player back,
the bell and the tab title that count live, the notifications pages on phones and desktops."""

from __future__ import annotations

import re

import pytest

from tests.browser.mailbox import body, server_env, wait_for_mail
from tests.helpers import SCREENSHOTS

pytestmark = pytest.mark.browser

PASSWORD = "trek-through-the-jungle-42"
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True}
YOUR_TURN_TITLE = "(1) your turn · Expedition"
FIRST_ROUND = re.compile(r"Round [12] of 5")
# The reveal of a step both people pressed on in: "ana(, <the bot>) and bo press on."
PRESSED_ON = re.compile(r"\bana\b.* and bo press on\.")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from tests.browser.daphne_server import DaphneServer

    mailbox = tmp_path_factory.mktemp("mail")
    server = DaphneServer(tmp_path_factory.mktemp("daphne"), env=server_env(mailbox))
    server.mailbox = mailbox
    server.start()
    yield server
    server.stop()


def _sign_up(page, base: str, name: str) -> None:
    page.goto(f"{base}/signup/")
    page.fill("#id_username", name)
    page.fill("#id_email", f"{name}@example.com")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    page.wait_for_url(f"{base}/")


def _create_match(page, base: str) -> str:
    """A correspondence Incan Gold match for three: the host, an open seat and a bot."""
    page.goto(f"{base}/play/")
    form = page.locator("form.new-match-form").first
    form.locator("select[name='incan-gold-players']").select_option("3")
    form.locator("select[name='incan-gold-seat_3']").select_option("cautious")
    form.locator("select[name='incan-gold-time_control']").select_option("correspondence:86400")
    form.get_by_role("button", name="Create match").click()
    page.wait_for_url(f"{base}/matches/*/")
    return page.url


def _take_seat(browser, base: str, name: str, match_urls: list[str]) -> None:
    """`name` signs up and joins the matches (the last seat: each starts), then closes the tab."""
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    _sign_up(page, base, name)
    for url in match_urls:
        page.goto(url)
        page.get_by_role("button", name="Take a seat").click()
        page.get_by_text(FIRST_ROUND).wait_for(timeout=10_000)
    context.close()


def _bell(page):
    return page.locator(".site-header .nav-bell [data-unread-count]")


def _mark_everything_read(page, base: str) -> None:
    page.goto(f"{base}/notifications/")
    page.get_by_role("button", name="Mark all read").click()
    page.get_by_text("All notifications are marked read.").wait_for()


def _wait_for_inbox(page, url: str) -> None:
    """Open `url` and wait until its inbox socket has joined the player's group (the server
    says hello then): a notice sent before that would miss the page."""
    frames: list[str] = []

    def on_socket(socket) -> None:
        if socket.url.endswith("/ws/inbox/"):
            socket.on("framereceived", lambda payload: frames.append(payload))

    page.on("websocket", on_socket)
    page.goto(url)
    for _ in range(100):
        if any('"hello"' in str(frame) for frame in frames):
            break
        page.wait_for_timeout(100)
    else:
        raise AssertionError("the inbox socket did not open")
    page.remove_listener("websocket", on_socket)


def _decide(page, choice: str = "continue") -> None:
    page.locator(f".big-{choice}").click()
    page.get_by_text("You chose to").wait_for(timeout=10_000)


def _top_of_page(page, name: str) -> None:
    """A screenshot of what the screen shows first (the header at a size one can judge)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def _no_sideways_scroll(page) -> bool:
    return page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


def test_a_player_away_gets_the_turn_mail_follows_it_and_moves(browser, server):
    base = server.url
    ana = browser.new_context(**DESKTOP).new_page()
    _sign_up(ana, base, "ana")
    match_url = _create_match(ana, base)
    # Bo's joining starts the match; then Bo has no tab open on the site.
    _take_seat(browser, base, "bo", [match_url])

    ana.get_by_text(FIRST_ROUND).wait_for(timeout=10_000)
    _decide(ana)
    ana.evaluate("window.stillTheSamePage = true")

    mail = wait_for_mail(server.mailbox, "bo@example.com")
    match_id = match_url.rstrip("/").rsplit("/", 1)[1]
    assert mail["Subject"] == f"[Expedition] It is your turn in Incan Gold #{match_id}."
    text = body(mail)
    assert "Hello bo," in text
    links = re.findall(r"http://\S+", text)
    assert match_url in links
    assert any("/notifications/unsubscribe/" in link for link in links)
    assert "/notifications/unsubscribe/" in mail["List-Unsubscribe"]

    # The link shows the match to anyone; Bo logs in from it and comes back to it.
    bo = browser.new_context(**PHONE).new_page()
    bo.goto(match_url)
    assert bo.locator(".big-continue").count() == 0
    bo.locator(".nav-toggle-label").click()
    bo.locator(".site-nav").get_by_role("link", name="Log in").click()
    bo.fill("#id_username", "bo")
    bo.fill("#id_password", PASSWORD)
    bo.get_by_role("button", name="Log in").click()
    bo.wait_for_url(match_url)
    bo.locator(".big-continue").click()

    # Ana's open page shows Bo's move, and the step it completed, without a reload.
    log = ana.locator("#log")
    log.get_by_text("bo has decided.").wait_for(timeout=10_000)
    log.get_by_text(PRESSED_ON).wait_for(timeout=10_000)
    assert ana.evaluate("window.stillTheSamePage") is True
    bo.locator("#log").get_by_text(PRESSED_ON).wait_for(timeout=10_000)
    bo.context.close()
    ana.context.close()


def test_the_bell_and_the_title_count_a_new_turn_live(browser, server, screenshot):
    base = server.url
    cy = browser.new_context(**DESKTOP).new_page()
    _sign_up(cy, base, "cy")
    match_url = _create_match(cy, base)
    _take_seat(browser, base, "dee", [match_url])
    cy.goto(match_url)
    _decide(cy)
    _mark_everything_read(cy, base)
    _wait_for_inbox(cy, f"{base}/")
    assert _bell(cy).text_content() == ""
    assert not cy.title().startswith("(")
    cy.evaluate("window.stillTheSamePage = true")

    # Dee's move makes the next turn: Cy's is told to her open tab.
    dee = browser.new_context(**DESKTOP).new_page()
    dee.goto(f"{base}/login/?next=" + match_url.removeprefix(base))
    dee.fill("#id_username", "dee")
    dee.fill("#id_password", PASSWORD)
    dee.get_by_role("button", name="Log in").click()
    dee.wait_for_url(match_url)
    dee.locator(".big-continue").click()

    cy.wait_for_function(f"document.title === {YOUR_TURN_TITLE!r}", timeout=10_000)
    assert _bell(cy).text_content() == "1"
    assert cy.locator(".site-header .nav-bell.has-unread").count() == 1
    assert cy.evaluate("window.stillTheSamePage") is True
    screenshot(cy, "notifications-bell-live-desktop")

    cy.locator(".site-header .nav-bell").click()
    cy.wait_for_url(f"{base}/notifications/")
    match_id = match_url.rstrip("/").rsplit("/", 1)[1]
    turn = cy.locator(".notification.unread").get_by_role(
        "link", name=f"It is your turn in Incan Gold #{match_id}."
    )
    assert turn.count() == 1
    turn.click()
    cy.wait_for_url(match_url)
    assert _bell(cy).text_content() == ""
    assert not cy.title().startswith("(")
    cy.goto(f"{base}/notifications/")
    assert cy.locator(".notification.unread").count() == 0
    dee.context.close()
    cy.context.close()


@pytest.fixture(scope="module")
def reader(browser, server):
    """Eve, signed in, with a few notifications: two matches started (one of their turns
    read), so the pages have read and unread items and the bell a count."""
    base = server.url
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    _sign_up(page, base, "eve")
    urls = [_create_match(page, base) for _ in range(2)]
    _take_seat(browser, base, "fay", urls)
    page.goto(f"{base}/notifications/")
    page.locator(".notification.unread a", has_text="It is your turn").first.click()
    page.wait_for_url(f"{base}/matches/*/")
    state = context.storage_state()
    context.close()
    return state


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_screenshots_of_the_bell_and_the_notifications_pages(
    browser, server, reader, screenshot, device
):
    base = server.url
    page = browser.new_context(storage_state=reader, **(PHONE if device == "phone" else DESKTOP))
    page = page.new_page()
    page.goto(f"{base}/")
    assert page.locator(".site-header [data-unread-count]").first.text_content() == "3"
    assert page.title().startswith("(3) your turn")
    if device == "phone":
        # The count shows on the folded menu's button too, not only inside the menu.
        assert page.locator(".nav-toggle-label [data-unread-count]").is_visible()
        _top_of_page(page, "notifications-header-phone")
        page.locator(".nav-toggle-label").click()
        assert _bell(page).is_visible()
        _top_of_page(page, "notifications-header-phone-menu")
    else:
        assert _bell(page).is_visible()
        _top_of_page(page, "notifications-header-desktop")
    page.goto(f"{base}/notifications/")
    assert page.locator(".notification").count() == 4
    assert page.locator(".notification.unread").count() == 3
    assert _no_sideways_scroll(page)
    screenshot(page, f"notifications-list-{device}")
    page.goto(f"{base}/notifications/settings/")
    assert _no_sideways_scroll(page)
    screenshot(page, f"notifications-settings-{device}")
    page.context.close()


def test_the_notifications_pages_fit_a_narrow_phone(browser, server, reader):
    context = browser.new_context(
        storage_state=reader, viewport={"width": 360, "height": 740}, is_mobile=True
    )
    page = context.new_page()
    for path in ("/notifications/", "/notifications/settings/"):
        page.goto(server.url + path)
        assert _no_sideways_scroll(page), f"{path} scrolls sideways at 360 px"
    context.close()
