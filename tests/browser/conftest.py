"""Playwright fixtures for end-to-end tests against pytest-django's ``live_server``.

Uses Debian's Chromium at /usr/bin/chromium (Playwright cannot download its own browsers
here). The whole directory is skipped when that binary is missing.
"""

import contextlib
import os
from pathlib import Path

import pytest

from tests.browser.teardown import wait_for_requests_in_flight

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--headless",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]

# Playwright's sync API runs an asyncio event loop in this thread; Django would otherwise refuse
# the ORM calls that live_server / the db fixtures make from it.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"



def pytest_collection_modifyitems(items):
    """Mark everything in this directory `browser`; skip it all when Chromium is missing."""
    here = Path(__file__).parent
    missing = pytest.mark.skip(reason=f"{CHROMIUM} not installed (see scripts/ensure-chromium.sh)")
    for item in items:
        if here in Path(item.path).parents:
            item.add_marker(pytest.mark.browser)
            if not CHROMIUM.exists():
                item.add_marker(missing)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item, nextitem):
    """Close every browser context the test left open, before its fixtures end (the database
    first of all). A page left open goes on asking the server (the round clock every few
    seconds) during the tests after it, when its database is gone or locked away: CI logged
    "Internal Server Error: /t/3/round/1/clock/" (RuntimeError: database access not
    allowed) from a control-room test's pages. Then the requests those pages had already
    sent are let finish, before the database they read is flushed."""
    browser = getattr(item, "funcargs", {}).get("browser")
    for context in list(browser.contexts) if browser is not None else []:
        with contextlib.suppress(Exception):  # already closed by the test
            context.close()
    if browser is not None:
        wait_for_requests_in_flight()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(locale="cs-CZ")
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()
