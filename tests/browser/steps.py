"""Steps the browser tests share: signing up, a new match from the lobby's form and a language
chosen in the settings, each found by its fields' names so that it works in either language."""

from __future__ import annotations

from tests.browser.test_incan_gold_live import PASSWORD


def sign_up(page, base: str, name: str) -> None:
    """A new account, signed in, on the home page."""
    page.goto(f"{base}/signup/")
    page.fill("#id_username", name)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.locator("main form button[type='submit']").last.click()
    page.wait_for_url(f"{base}/")


def new_match(
    page,
    base: str,
    game: str,
    bots: list[str],
    options: dict | None = None,
    rated: bool | None = None,
) -> None:
    """Create a match of `game` with these bots in the seats after the host's, and go to it."""
    page.goto(f"{base}/play/")
    form = page.locator("form.new-match-form").nth(0 if game == "incan-gold" else 1)
    form.locator(f"select[name='{game}-players']").select_option(str(len(bots) + 1))
    for seat, level in enumerate(bots, start=2):
        form.locator(f"select[name='{game}-seat_{seat}']").select_option(level)
    for name, value in (options or {}).items():
        form.locator(f"select[name='{game}-opt_{name}']").select_option(value)
    if rated is not None:
        form.locator(f"input[name='{game}-rated']").set_checked(rated)
    form.locator("button[type='submit']").last.click()
    page.wait_for_url(f"{base}/matches/*/")


def choose_language(page, base: str, code: str) -> None:
    """Set the signed-in player's language on the settings page."""
    page.goto(f"{base}/settings/")
    choice = page.locator("select[name='language']")
    choice.select_option(code)
    choice.locator("xpath=ancestor::form").locator("button[type='submit']").first.click()
    page.wait_for_load_state()
