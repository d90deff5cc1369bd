"""The organiser's control room in a real browser: the tables' states and the round clock
refresh without a reload, under the site's Content-Security-Policy, on a 360 px phone."""

import pytest
from django.urls import reverse

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


def test_the_director_filters_to_flagged_tables_and_pauses_the_clock_a_table_follows(
        browser, live_server):
    """Issue 24: the director filters the control room to flagged tables, pauses and resumes
    the round clock, and a table page (another screen) shows "paused", then runs again,
    without a reload."""
    setup = factories.tournament(players=12, name="Velín 24")
    round = factories.seated_round(setup, 1, state="released")
    round_start_clock(user=setup.staff.organiser, round=round, minutes=45)
    factories.add_hand(factories.sheet(round, 2), "7k+")  # its PB facts missing: flagged
    base = f"/tournaments/{setup.tournament.pk}/rounds/1/"
    room = open_as(browser, live_server.url, "organiser", base, "heslo-organiser")
    room.wait_for_selector('tr[data-table="3"]')
    room.click('[data-filter-flag="any"]')
    room.wait_for_selector('[data-filter-flag="any"][aria-current="true"]')
    assert room.locator("tr[data-table]").count() == 1
    assert room.locator('tr[data-table="2"]').get_attribute("data-flags") == "pb_missing"
    # Jump to a table by number: Enter focuses its row's link.
    room.fill("#table-jump", "2")
    room.press("#table-jump", "Enter")
    assert room.evaluate("document.activeElement.closest('tr').dataset.table") == "2"

    table = open_as(browser, live_server.url, "referee",
                    reverse("sheets:table", args=(setup.tournament.pk, 1, 2)), "heslo-referee")
    table.wait_for_selector('[data-round-clock][data-clock-state="running"]')
    table.evaluate("window.notReloaded = true")

    room.click('[data-clock-action="pause"]')
    room.wait_for_selector('[data-clock-action="resume"]')
    table.wait_for_selector('[data-round-clock][data-clock-state="paused"]', timeout=15_000)
    assert table.locator("[data-clock-paused]").is_visible()
    frozen = table.locator("[data-clock-time]").inner_text()
    table.wait_for_timeout(2_500)
    assert table.locator("[data-clock-time]").inner_text() == frozen  # stands still

    room.click('[data-clock-action="resume"]')
    room.wait_for_selector('[data-clock-action="pause"]')
    table.wait_for_selector('[data-round-clock][data-clock-state="running"]', timeout=15_000)
    assert not table.locator("[data-clock-paused]").is_visible()
    table.wait_for_function(
        "t => document.querySelector('[data-clock-time]').textContent.trim() !== t",
        arg=frozen, timeout=10_000)
    assert table.evaluate("window.notReloaded") is True
