"""Issue 21, point 1, "Must show": on one phone handed across the table, whoever entered the
sheet cannot confirm it; another seated player can, with his own PIN, and the sheet names both.

At 360 px, as in the hall: seat 1's player opens his table with the table's PIN and his own,
enters two hands and submits; the same phone trying to confirm as him is refused with a
message naming who may confirm; the opponent across the table (seat 3) confirms with his PIN.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from marias_admin.seating.models import Seat
from marias_admin.sheets import access
from marias_admin.sheets.models import HandRecord, SheetState, TableSheet
from tests import factories
from tests.browser.helpers import (
    PHONE,
    confirm_by_pin,
    open_table,
    phone_page,
    save_hand,
    screenshots,
    type_hand,
)

pytestmark = pytest.mark.browser

WAIT = 20_000  # two CPU cores are shared by everybody


def test_the_writer_cannot_confirm_the_opponent_can(live_server, browser: Browser,
                                                    transactional_db):
    try:
        one_phone(live_server.url, browser)
    except BaseException:
        screenshots(browser, "second-person")
        raise


def one_phone(base: str, browser: Browser) -> None:
    world = factories.make_world()
    table = world["table"]
    seats = {s.position: s for s in Seat.objects.filter(table=table)
             .select_related("registration__player")}
    writer, opponent = seats[1].registration, seats[3].registration
    table_access = access.table_access(table)

    phone = phone_page(browser, WAIT)
    open_table(phone, base + access.table_link_path(table_access), table_access.pin, writer.pk)
    expect(phone.locator("#identity")).to_contain_text(writer.player.full_name)
    for number, notation in enumerate(("b+", "d+"), start=1):
        type_hand(phone, notation)
        save_hand(phone)
        expect(phone.locator(f"#hand-{number} .hand-author")).to_contain_text(
            writer.player.full_name)
    phone.locator("#state form[action$='/submit/'] button").click()
    expect(phone.locator(".sheet-head .pill")).to_have_class(re.compile("sheet-submitted"))
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # The same phone, confirming as the player who entered it: refused, naming who may.
    confirm_by_pin(phone, writer.pk)
    errors = phone.locator("form.pin-confirm .errorlist")
    expect(errors).to_be_visible()
    for position in (2, 3, 4):
        expect(errors).to_contain_text(seats[position].registration.player.full_name)
    expect(errors).not_to_contain_text(f"({writer.player.full_name}")
    expect(phone.locator(".sheet-head .pill")).to_have_class(re.compile("sheet-submitted"))
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # Handed across the table: the opponent confirms with his own PIN.
    confirm_by_pin(phone, opponent.pk)
    expect(phone.locator(".sheet-head .pill")).to_have_class(re.compile("sheet-confirmed"))
    state = phone.locator("#state")
    expect(state).to_contain_text(opponent.player.full_name)  # confirmed by
    expect(state).to_contain_text(writer.player.full_name)  # submitted by
    # and the phone still writes as its holder
    expect(phone.locator("#identity")).to_contain_text(writer.player.full_name)

    sheet = TableSheet.objects.get(table=table)
    assert sheet.state == SheetState.CONFIRMED
    assert sheet.confirmed_registration_id == opponent.pk
    assert opponent.player.full_name in sheet.confirmed_as
    assert writer.player.full_name in sheet.submitted_as
    assert {h.created_registration_id for h in HandRecord.objects.filter(sheet=sheet)} == {
        writer.pk}
    phone.context.close()
