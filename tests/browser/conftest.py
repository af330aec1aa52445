"""Headless Chromium (Debian's build) driven by Playwright, against the live test server."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.helpers import SCREENSHOTS

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


@pytest.fixture(scope="module")
def browser():
    executable = shutil.which("chromium")
    if executable is None:
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    # Playwright's sync API runs an event loop in this thread while it is open (so it is closed
    # after each module, before any asyncio test); the ORM calls made by test set-up here are
    # still plain synchronous ones.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True
    )
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def screenshot():
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def take(page, name: str) -> Path:
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take


@pytest.fixture(scope="module")
def daphne_server(tmp_path_factory):
    from tests.browser.daphne_server import DaphneServer

    server = DaphneServer(tmp_path_factory.mktemp("daphne"))
    server.start()
    yield server
    server.stop()
