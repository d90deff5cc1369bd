"""Issue 25, "Must show": the table keeps scoring when the hall's Wi-Fi drops.

At 360 px a phone opens its table by the QR link; the network goes; it enters five hands,
corrects one and deletes one, all kept in the browser's queue; a reload with no network still
opens the page with the queue; back online, exactly those hands are stored once, in order, with
the money the rules give and the audit log. Then a referee rules while the phone is offline:
its queued hand comes back as a conflict beside the server's ruling and is entered again,
nothing lost. A hand the rules refuse comes back into the form at its field. The state line is
checked by its ``data-state`` (its words are translated).
"""

from __future__ import annotations

import json
import re

import pytest
from django.utils import translation
from playwright.sync_api import Browser, Page, expect

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.models import AuditEntry
from marias_admin.seating.models import Seat
from marias_admin.sheets import access
from marias_admin.sheets.models import HandRecord, RulingKind, SyncOutcome, SyncWrite
from marias_admin.sheets.services import ruling_add
from scoring import settle
from scoring.notation import parse
from tests import factories
from tests.browser.helpers import (
    PHONE,
    money_cents,
    open_table,
    phone_page,
    save_hand,
    screenshots,
    type_hand,
)

pytestmark = pytest.mark.browser

WAIT = 20_000  # two CPU cores are shared by everybody
HANDS = ("7k+ tr4", "b+", "d+", "b-", "7k- tr4")


def test_offline_queue_survives_a_reload_and_is_stored_once(live_server, browser: Browser,
                                                            transactional_db):
    try:
        offline_day(live_server.url, browser)
    except BaseException:
        screenshots(browser, "offline")
        raise


def state(phone: Page, value: str) -> None:
    expect(phone.locator("#offline")).to_have_attribute("data-state", value)


def queued(phone: Page, op: str, number: int):
    return phone.locator(f"#offline li[data-op='{op}'][data-number='{number}']")


def inline(phone: Page, op: str, number: int, action: str, reason: str,
           notation: str | None = None) -> None:
    item = queued(phone, op, number)
    item.locator(f"button[data-action='{action}']").click()
    form = item.locator("form.inline-form")
    if notation is not None:
        form.locator("input[name=notation]").fill(notation)
    form.locator("input[name=reason]").fill(reason)
    form.locator("button[type=submit]").click()


def offline_day(base: str, browser: Browser) -> None:
    world = factories.make_world()
    table = world["table"]
    holder = Seat.objects.select_related("registration").get(table=table, position=2)
    link = access.table_access(table)
    phone = phone_page(browser, WAIT)
    context = phone.context
    open_table(phone, base + access.table_link_path(link), link.pin, holder.registration_id)
    state(phone, "saved")
    # The worker took the page: from now on it opens with no network.
    controlled = "!!(navigator.serviceWorker && navigator.serviceWorker.controller)"
    for _ in range(100):  # (wait_for_function would eval a string, which the CSP forbids)
        if phone.evaluate(controlled):
            break
        phone.wait_for_timeout(100)
    assert phone.evaluate(controlled)

    context.set_offline(True)
    typed = []
    for count, notation in enumerate(HANDS, start=1):
        typed.append((notation, *type_hand(phone, notation)))
        save_hand(phone)
        expect(phone.locator("#offline li.queued")).to_have_count(count)
        state(phone, "offline")
    inline(phone, "add", 2, "correct", "betl lost, not won", notation="b-")
    inline(phone, "add", 4, "delete", "entered twice")
    expect(phone.locator("#offline li.queued")).to_have_count(7)
    assert HandRecord.objects.filter(sheet__table=table).count() == 0  # nothing sent yet
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    phone.reload()  # still offline: the worker's copy of the page, the queue from IndexedDB
    expect(phone.locator("#offline li.queued")).to_have_count(7)
    state(phone, "offline")

    context.set_offline(False)
    state(phone, "saved")  # sent, applied, and the server's page shown again
    expect(phone.locator("#offline li.queued")).to_have_count(0)
    records = list(HandRecord.objects.filter(sheet__table=table).order_by("number"))
    assert [(r.number, r.notation, r.deleted_at is not None) for r in records] == [
        (1, "7k+ tr4", False), (2, "b-", False), (3, "d+", False), (4, "b-", True),
        (5, "7k- tr4", False)]
    ruleset = world["t"].ruleset()
    final = [("7k+ tr4", *typed[0][1:]), ("b-", *typed[1][1:]), typed[2], typed[4]]
    expected = [0, 0, 0, 0]
    for notation, dealer, declarer in final:
        money = settle(parse(notation, ruleset=ruleset, players=4, dealer=dealer,
                             declarer=declarer), ruleset).money
        for seat_no, amount in money.items():
            expected[seat_no - 1] += amount
    live = [r for r in records if r.deleted_at is None]
    assert [sum(r.money[i] for r in live) for i in range(4)] == expected
    expect(phone.locator("#hand-5")).to_be_visible()  # the server's page, reloaded
    shown = phone.locator("table.account tr.sum td strong")
    assert [money_cents(t) for t in shown.all_inner_texts()] == expected
    counts = {a: AuditEntry.objects.filter(action=a).count()
              for a in (AuditAction.HAND_ADD, AuditAction.HAND_EDIT, AuditAction.HAND_DELETE)}
    assert counts == {AuditAction.HAND_ADD: 5, AuditAction.HAND_EDIT: 1,
                      AuditAction.HAND_DELETE: 1}

    # A referee rules while the phone is offline: the queued hand meets a conflict.
    context.set_offline(True)
    type_hand(phone, "d+")
    save_hand(phone)
    expect(queued(phone, "add", 6)).to_have_count(1)
    phone.locator("#account #hand-3 a.hand-no").click()  # a hand the server already had
    inline(phone, "server", 3, "correct", "durch lost", notation="d-")
    expect(queued(phone, "edit", 3)).to_have_count(1)
    ruling_add(user=world["users"]["referee"], sheet=records[0].sheet, kind=RulingKind.OTHER,
               reason="Warned for slow play")
    context.set_offline(False)
    state(phone, "attention")
    conflict = phone.locator("#offline li.state-conflict")
    expect(conflict).to_contain_text("Warned for slow play")  # the server's side
    expect(conflict).to_contain_text("d+")  # beside the phone's
    expect(queued(phone, "edit", 3)).to_have_class(re.compile("state-waiting"))  # held
    conflict.locator("button[data-action='again']").click()
    state(phone, "saved")
    sixth = HandRecord.objects.get(sheet__table=table, number=6)
    assert sixth.notation == "d+"
    assert HandRecord.objects.get(sheet__table=table, number=3).notation == "d-"
    assert AuditEntry.objects.filter(action=AuditAction.HAND_EDIT).count() == 2
    assert SyncWrite.objects.filter(outcome=SyncOutcome.CONFLICT).count() == 1
    assert AuditEntry.objects.filter(action=AuditAction.HAND_QUEUE_CONFLICT).count() == 1
    assert HandRecord.objects.filter(sheet__table=table).count() == 6

    # A hand the rules refuse on reconnect comes back into the form, at its field.
    context.set_offline(True)
    type_hand(phone, "7q+")
    save_hand(phone)
    context.set_offline(False)
    state(phone, "attention")
    form = phone.locator("#entry form.text-entry")
    notation = form.locator("input[name='text-notation']")
    expect(notation).to_have_value("7q+")
    expect(form.locator(".notation-field .offline-error")).to_be_visible()
    notation.fill("b+")
    save_hand(phone)
    state(phone, "saved")
    assert HandRecord.objects.get(sheet__table=table, number=7).notation == "b+"


def test_a_save_into_a_network_that_has_gone_is_queued_not_lost(live_server, browser: Browser,
                                                               transactional_db):
    """The phone still says it is online, but the server cannot be reached (the hall's Wi-Fi
    dropped and the phone fell back to mobile data, which cannot reach the laptop), and the
    heartbeat has not noticed yet: the save asks the server first and queues the hand, instead
    of posting it into the browser's error page. (Service workers blocked: Playwright's routes
    do not see what a worker fetches; this is the plain-HTTP hall, where there is none.)"""
    world = factories.make_world()
    table = world["table"]
    holder = Seat.objects.select_related("registration").get(table=table, position=2)
    link = access.table_access(table)
    context = browser.new_context(locale="cs-CZ", viewport=PHONE, is_mobile=True,
                                  has_touch=True, service_workers="block")
    phone = context.new_page()
    phone.set_default_timeout(WAIT)
    try:
        open_table(phone, live_server.url + access.table_link_path(link), link.pin,
                   holder.registration_id)
        state(phone, "saved")
        gone = re.compile(r".*/(hands|sync)/$")
        phone.route(gone, lambda route: route.abort("addressunreachable"))
        type_hand(phone, "b+")
        save_hand(phone)
        expect(queued(phone, "add", 1)).to_have_count(1)  # the page stayed; the hand is kept
        state(phone, "offline")
        assert HandRecord.objects.filter(sheet__table=table).count() == 0
        phone.unroute(gone)
        context.set_offline(True)  # the network comes back: the browser says so
        context.set_offline(False)
        state(phone, "saved")
        assert [(r.number, r.notation) for r in HandRecord.objects.filter(sheet__table=table)
                ] == [(1, "b+")]
        type_hand(phone, "b-")  # online again: posted as always, through the question first
        save_hand(phone)
        expect(phone.locator("#hand-2")).to_be_visible()
        assert HandRecord.objects.filter(sheet__table=table).count() == 2
        unreadable_write(phone, context, table)
    except BaseException:
        screenshots(browser, "offline-gone")
        raise
    finally:
        context.close()


def unreadable_write(phone: Page, context, table) -> None:
    """A queued write the server cannot read (its number spoilt on the way, as an old cached
    script could send it) answers 400: shown as not saved with the server's words, kept, not
    sent for ever; entered again it is stored once."""
    context.set_offline(True)
    type_hand(phone, "d+")
    save_hand(phone)
    expect(queued(phone, "add", 3)).to_have_count(1)

    def spoil(route) -> None:
        body = json.loads(route.request.post_data or "{}")
        for write in body.get("writes", []):
            write["number"] = -1
        route.continue_(post_data=json.dumps(body))

    sync = re.compile(r".*/sync/$")
    phone.route(sync, spoil)
    context.set_offline(False)
    state(phone, "attention")
    item = phone.locator("#offline li.state-unreadable")
    with translation.override("cs"):  # the tournament's language
        said = translation.gettext("The server could not read this queued write: enter it "
                                   "again or drop it.")
    expect(item).to_contain_text(said)
    phone.wait_for_timeout(300)  # nothing more is sent while it waits for the scorekeeper
    state(phone, "attention")
    assert HandRecord.objects.filter(sheet__table=table).count() == 2
    phone.unroute(sync)
    item.locator("button[data-action='again']").click()
    state(phone, "saved")
    assert [(r.number, r.notation) for r in HandRecord.objects.filter(sheet__table=table)
            .order_by("number")] == [(1, "b+"), (2, "b-"), (3, "d+")]
    expect(phone.locator("#entry form.text-entry input[name='text-notation']")).to_have_value("")
