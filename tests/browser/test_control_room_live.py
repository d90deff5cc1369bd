"""The organiser's control room in a real browser: the tables' states and the round clock
refresh without a reload, under the site's Content-Security-Policy, on a 360 px phone."""

import pytest

from marias_admin.seating.services import round_start_clock
from marias_admin.sheets.services import sheet_confirm, sheet_submit
from tests import factories
from tests.browser.helpers import open_as

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_control_room_follows_a_sheet_to_confirmed_without_reloading(browser, live_server):
    setup = factories.tournament(players=8, name="Velín")
    round = factories.seated_round(setup, 1, state="released")
    round_start_clock(user=setup.staff.organiser, round=round, minutes=45)
    path = f"/tournaments/{setup.tournament.pk}/rounds/1/"
    page = open_as(browser, live_server.url, "organiser", path, "heslo-organiser")
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.set_viewport_size({"width": 360, "height": 800})
    page.evaluate("window.notReloaded = true")
    page.wait_for_selector('tr[data-table="1"][data-progress="not_started"]')
    first = page.locator("[data-clock-time]").inner_text()
    # The clock ticks (within a few seconds even on a loaded machine).
    page.wait_for_function(
        "first => document.querySelector('[data-clock-time]').textContent.trim() !== first",
        arg=first, timeout=10_000)
    sheet = factories.sheet(round, 1)
    factories.add_hand(sheet, "7k+ tr4")  # complete: its trumps given (issue 21)
    sheet = sheet_submit(user=setup.staff.scorekeeper, sheet=sheet, expected_version=None)
    sheet_confirm(user=setup.staff.referee, sheet=sheet, expected_version=None)
    page.wait_for_selector('tr[data-table="1"][data-progress="confirmed"]', timeout=20_000)
    assert page.evaluate("window.notReloaded") is True
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert not errors, errors
