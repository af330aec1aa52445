"""The first minutes of a new player, in a real browser."""

from __future__ import annotations

import pytest

from accounts.models import User

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "trek-through-the-jungle-42"


def test_a_visitor_signs_up_sets_a_display_name_logs_out_and_in(live_server, page, screenshot):
    page.goto(live_server.url)
    assert "Expedition" in page.title()
    screenshot(page, "home-desktop")

    page.get_by_role("link", name="Sign up").first.click()
    page.fill("#id_username", "Ana")
    page.fill("#id_email", "ana@example.com")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    screenshot(page, "signup-filled")
    page.get_by_role("button", name="Sign up").click()
    page.wait_for_url(f"{live_server.url}/")
    assert page.get_by_text("Welcome to Expedition, Ana!").is_visible()
    assert User.objects.filter(username="Ana").exists()

    page.get_by_role("link", name="Settings").click()
    page.fill("#id_display_name", "Ana the Bold")
    page.select_option("#id_time_zone", "Europe/Paris")
    page.get_by_role("button", name="Save settings").click()
    assert page.get_by_text("Your settings are saved.").is_visible()
    screenshot(page, "settings-saved")
    user = User.objects.get(username="Ana")
    assert (user.display_name, user.time_zone) == ("Ana the Bold", "Europe/Paris")

    page.get_by_role("link", name="Ana the Bold").click()
    assert page.get_by_role("heading", name="Ana the Bold").is_visible()
    screenshot(page, "profile")

    page.get_by_role("button", name="Log out").click()
    nav = page.locator(".site-nav")
    assert nav.get_by_role("link", name="Log in").is_visible()

    nav.get_by_role("link", name="Log in").click()
    page.fill("#id_username", "ana")
    page.fill("#id_password", "wrong password")
    page.get_by_role("button", name="Log in").click()
    assert page.get_by_text("correct username and password").is_visible()
    screenshot(page, "login-error")
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    assert nav.get_by_role("link", name="Ana the Bold").is_visible()


def test_signup_errors_are_shown_next_to_the_fields(live_server, page, screenshot):
    User.objects.create_user(username="bo", password=PASSWORD)
    page.goto(f"{live_server.url}/signup/")
    page.fill("#id_username", "BO")
    page.fill("#id_password1", "short")
    page.fill("#id_password2", "other")
    page.get_by_role("button", name="Sign up").click()
    assert page.get_by_text("That username is already taken.").is_visible()
    screenshot(page, "signup-errors")
    assert User.objects.count() == 1


def test_the_site_works_on_a_phone(live_server, phone, screenshot):
    phone.goto(live_server.url)
    screenshot(phone, "home-phone")
    # The menu folds behind a toggle on narrow screens.
    assert not phone.locator(".site-nav").get_by_role("link", name="Leaderboards").is_visible()
    phone.locator(".nav-toggle-label").click()
    assert phone.locator(".site-nav").get_by_role("link", name="Leaderboards").is_visible()
    screenshot(phone, "home-phone-menu")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "the page scrolls sideways on a phone"
