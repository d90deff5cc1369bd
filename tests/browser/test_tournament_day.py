"""The tournament day, as the organiser, the tables' phones and the players live it, in Czech.

Issue 12, "Must show": the organiser creates a tournament, imports 8 players from a CSV file
(preview, confirm), checks them in, seats and starts round 1 and prints the table sheets; a
phone without an account (360 px) opens table 1 by the link of its QR code and the table PIN,
enters hands in the shorthand and submits the sheet; another player of the table confirms with
the PIN of his player slip; the organiser's control room follows table 1 from "not started" to
"confirmed" without a reload; a new link for table 2 shuts its phone out at once; closing the
round while table 2's sheet is open names it and asks first.

The browser does every step; the ORM is only read (the players' PINs, what the pages claim).
Nothing waits a fixed time: every wait is for something the page shows. Screenshots of the key
steps land in ``/tmp/day-*.png`` for a human to look at.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, Page, expect
from pypdf import PdfReader

from marias_admin.seating.models import RoundState, Seat
from marias_admin.sheets.models import HandRecord, SheetState, TableSheet
from marias_admin.tournaments.models import Registration, RegistrationStatus, Tournament
from tests.browser import helpers
from tests.browser.helpers import save_hand, type_hand

pytestmark = pytest.mark.browser

CSV = Path(__file__).resolve().parents[2] / "fixtures" / "players-demo-24.csv"
USERNAME, PASSWORD = "poradatelka", "Mariáš-den-Pa55"
TOURNAMENT_NAME = "Turnajový den v Kolíně"
PHONE = {"width": 360, "height": 740}
WAIT = 20_000  # generous: two CPU cores are shared by everybody


def new_page(browser: Browser, *, phone: bool = False) -> Page:
    """A fresh browser (its own cookies) in Czech; a phone: 360 px wide, touch."""
    extra = {"viewport": PHONE, "is_mobile": True, "has_touch": True} if phone else {}
    page = browser.new_context(locale="cs-CZ", **extra).new_page()
    page.set_default_timeout(WAIT)
    return page


def shot(page: Page, name: str) -> None:
    page.screenshot(path=f"/tmp/day-{name}.png", full_page=True)


def fits_the_phone(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


# -- 1. the organiser's morning ------------------------------------------------------------------


def log_in(page: Page, base: str) -> None:
    page.goto(f"{base}/accounts/login/?next=/tournaments/")
    page.fill("input[name=username]", USERNAME)
    page.fill("input[name=password]", PASSWORD)
    page.locator("form:has(input[name=password]) button[type=submit]").click()
    page.wait_for_url(f"{base}/tournaments/")


def create_tournament(page: Page, base: str) -> Tournament:
    page.get_by_role("link", name="Nový turnaj").first.click()
    page.wait_for_url(f"{base}/tournaments/new/")
    page.fill("#id_name", TOURNAMENT_NAME)
    page.fill("#id_date", "2026-11-21")
    # The defaults: ČSM licitovaný, its tables of 4; one round is enough for the day's test.
    expect(page.locator("#id_ruleset_code")).to_have_value("csm-licitovany-2023")
    page.fill("#id_rounds_planned", "1")
    page.get_by_role("button", name="Založit turnaj").click()
    page.wait_for_url(re.compile(r"/tournaments/\d+/$"))
    expect(page.locator("h1")).to_have_text(TOURNAMENT_NAME)
    tournament = Tournament.objects.get(
        pk=int(re.search(r"/tournaments/(\d+)/$", page.url).group(1)))
    assert tournament.ruleset_code == "csm-licitovany-2023" and tournament.table_size == 4
    return tournament


def import_players(page: Page, base: str, tournament: Tournament, csv: Path) -> None:
    page.locator(f"a[href$='/tournaments/{tournament.pk}/import/']").first.click()
    page.wait_for_url(re.compile(rf"/tournaments/{tournament.pk}/import/$"))
    page.set_input_files("input[type=file][name=file]", str(csv))
    page.get_by_role("button", name="Nahrát a zkontrolovat").click()
    page.wait_for_url(re.compile(rf"/tournaments/{tournament.pk}/import/preview/$"))
    expect(page.locator("tr.import-ok")).to_have_count(8)
    expect(page.locator("tr.import-error")).to_have_count(0)
    assert not Registration.objects.filter(tournament=tournament).exists()  # a preview only
    # Registered now, checked in when they arrive at the hall.
    page.check(f"input[name=status][value={RegistrationStatus.REGISTERED.value}]")
    page.get_by_role("button", name="Importovat 8 hráčů").click()
    expect(page.get_by_text("Do turnaje bylo přihlášeno 8 hráčů.")).to_be_visible()
    assert Registration.objects.filter(tournament=tournament,
                                       status=RegistrationStatus.REGISTERED).count() == 8


def check_in(page: Page, base: str, tournament: Tournament) -> None:
    page.goto(f"{base}/tournaments/{tournament.pk}/registrations/")
    page.locator("form.bulk button[type=submit]").click()
    expect(page.locator("ul.flash")).to_contain_text("8")
    expect(page.locator("form.bulk")).to_have_count(0)  # nobody left to check in
    assert Registration.objects.filter(tournament=tournament,
                                       status=RegistrationStatus.PRESENT).count() == 8


def seat_and_start_round(page: Page, base: str, tournament: Tournament) -> None:
    page.goto(f"{base}/tournaments/{tournament.pk}/rounds/1/")
    page.get_by_role("button", name="Rozsadit 1. kolo").click()
    expect(page.locator(".seat-table")).to_have_count(2)  # 8 players, tables of 4
    page.get_by_role("button", name="Potvrdit rozsazení").click()
    release = page.locator(".state-actions").get_by_role("button", name="Zahájit kolo")
    expect(release).to_be_visible()
    release.click()
    page.locator(".confirm-box").get_by_role("button", name="Zahájit kolo").click()
    page.wait_for_url(f"{base}/tournaments/{tournament.pk}/rounds/1/")
    expect(page.locator("#tables-status")).to_be_visible()
    assert tournament.rounds.get(number=1).state == RoundState.RELEASED


def download_pdf(page: Page, base: str, link_name: str) -> bytes:
    href = page.get_by_role("link", name=link_name).first.get_attribute("href")
    response = page.request.get(base + href)  # the page's session
    assert response.status == 200, response.text()[:300]
    assert response.headers["content-type"] == "application/pdf"
    body = response.body()
    assert body.startswith(b"%PDF")
    return body


def table_link_and_pin(page: Page, base: str, tournament: Tournament,
                       table: int) -> tuple[str, str]:
    """The QR code's link and the PIN of ``table``, as the organiser reads them out."""
    page.goto(f"{base}/tournaments/{tournament.pk}/rounds/1/")
    page.locator(f"a[href$='/t/{tournament.pk}/round/1/access/']").first.click()
    page.wait_for_url(re.compile(r"/round/1/access/$"))
    row = page.locator(f"#table-{table}")
    link = row.locator("a.access-link").get_attribute("href")
    pin = row.locator(".pin").inner_text().strip()
    assert re.fullmatch(r"\d{5}", pin), pin
    return link, pin


# -- 2./3. a table's phone -----------------------------------------------------------------------


def open_table(phone: Page, link: str, pin: str, tournament: Tournament, table: int) -> None:
    """The table's phone: its PIN, then seat 1's player names himself with his own PIN."""
    seat1 = Seat.objects.get(round__tournament=tournament, round__number=1, table__number=table,
                             position=1)
    helpers.open_table(phone, link, pin, seat1.registration_id, table)
    expect(phone.locator("#entry form.text-entry")).to_be_visible()


def enter_hand(phone: Page, notation: str, number: int) -> None:
    type_hand(phone, notation)
    save_hand(phone)
    expect(phone.locator(f"#hand-{number}")).to_be_visible()


# -- the day -------------------------------------------------------------------------------------


def screenshots(browser: Browser) -> None:
    """On a failure, every open page goes to /tmp/day-failed-*.png for a human to look at."""
    for i, context in enumerate(browser.contexts):
        for j, page in enumerate(context.pages):
            with contextlib.suppress(Exception):  # a closed page has nothing to show
                page.screenshot(path=f"/tmp/day-failed-{i}-{j}.png", full_page=True)


def test_tournament_day(live_server, browser: Browser, transactional_db, tmp_path):
    try:
        the_day(live_server, browser, tmp_path)
    except BaseException:
        screenshots(browser)
        raise


def the_day(live_server, browser: Browser, tmp_path: Path) -> None:
    get_user_model().objects.create_user(USERNAME, password=PASSWORD, is_staff=True)
    base = live_server.url
    csv = tmp_path / "hraci.csv"
    csv.write_bytes(b"\r\n".join(CSV.read_bytes().splitlines()[:9]) + b"\r\n")  # 8 players

    # 1. The organiser: tournament, players, check-in, round 1, the printouts.
    boss = new_page(browser)
    log_in(boss, base)
    tournament = create_tournament(boss, base)
    import_players(boss, base, tournament, csv)
    check_in(boss, base, tournament)
    seat_and_start_round(boss, base, tournament)
    sheets = download_pdf(boss, base, "Stolové lístky (PDF)")
    assert len(PdfReader(io.BytesIO(sheets)).pages) == 2
    slips = download_pdf(boss, base, "Kartičky hráčů s PINy (PDF)")  # issues the players' PINs
    slips_text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(slips)).pages)

    # A loopback public address is refused at the field, with the reason.
    link1, pin1 = table_link_and_pin(boss, base, tournament, 1)
    link2, pin2 = table_link_and_pin(boss, base, tournament, 2)
    assert link1.startswith(base + "/table/") and link1 != link2
    boss.set_viewport_size(PHONE)  # the organiser's pages fit a phone too
    fits_the_phone(boss)
    boss.locator(f"a[href$='/t/{tournament.pk}/round/1/access/address/']").click()
    boss.fill("input[name=public_url]", "http://127.0.0.1:8000")
    boss.locator("form.public-address-form button[type=submit]").click()
    expect(boss.locator(".public-address-form .errorlist")).to_contain_text("127.0.0.1")
    fits_the_phone(boss)
    shot(boss, "01-public-address-refused")
    boss.set_viewport_size({"width": 1280, "height": 720})

    # 4. The control room stays open in the organiser's browser from now on.
    room = boss.context.new_page()
    room.goto(f"{base}/tournaments/{tournament.pk}/rounds/1/")
    room.evaluate("window.notReloaded = true")
    expect(room.locator('tr[data-table="1"]')).to_have_attribute("data-progress", "not_started")

    # 2. A phone at table 1, no account: the QR link, the table PIN, three hands, submit.
    phone = new_page(browser, phone=True)
    open_table(phone, link1, pin1, tournament, 1)
    fits_the_phone(phone)
    shot(phone, "02-phone-table-opened")
    # (the sedma with its trumps held: a hand without its PB facts blocks the submit)
    for number, notation in enumerate(("7k+ tr3", "b f -", "d+"), start=1):
        enter_hand(phone, notation, number)
    phone.locator("#state form[action$='/submit/'] button").click()
    expect(phone.locator(".sheet-head .pill")).to_have_class(re.compile("sheet-submitted"))
    fits_the_phone(phone)

    # 3. Another player of the table confirms with the PIN of his player slip.
    seat2 = Seat.objects.select_related("registration__player").get(
        round__tournament=tournament, round__number=1, table__number=1, position=2)
    player_pin = Registration.objects.get(pk=seat2.registration_id).pin
    assert re.fullmatch(r"\d{4}", player_pin) and player_pin in slips_text
    helpers.confirm_by_pin(phone, seat2.registration_id)
    expect(phone.locator(".sheet-head .pill")).to_have_class(re.compile("sheet-confirmed"))
    shot(phone, "03-phone-confirmed")
    sheet1 = TableSheet.objects.get(table__round__tournament=tournament, table__number=1)
    assert sheet1.state == SheetState.CONFIRMED
    assert sheet1.submitted_by is None and sheet1.confirmed_by is None  # no accounts
    assert str(seat2.registration.player) in sheet1.confirmed_as

    # 4. …and the control room shows it, without a reload.
    expect(room.locator('tr[data-table="1"]')).to_have_attribute(
        "data-progress", "confirmed", timeout=WAIT)
    assert room.evaluate("window.notReloaded") is True
    shot(room, "04-control-room")

    # 5. Table 2's phone enters a hand; a new link for table 2 shuts it out at once.
    phone2 = new_page(browser, phone=True)
    open_table(phone2, link2, pin2, tournament, 2)
    enter_hand(phone2, "7k+", 1)
    table_link_and_pin(boss, base, tournament, 2)  # the organiser's table links
    regenerate = boss.locator("#table-2 details.regenerate")
    regenerate.locator("summary").click()
    regenerate.locator("button[type=submit]").click()
    boss.wait_for_url(re.compile(r"/round/1/access/#table-2$"))
    new_link = boss.locator("#table-2 a.access-link").get_attribute("href")
    shot(boss, "05-new-link")
    assert new_link != link2
    type_hand(phone2, "d+")  # the page still shows the form; saving is refused, and said so
    save_hand(phone2)
    expect(phone2.locator("h1")).to_have_text("Tento odkaz stolu nefunguje")
    fits_the_phone(phone2)
    phone2.goto(link2)  # the old QR code
    expect(phone2.locator("h1")).to_have_text("Tento odkaz stolu nefunguje")
    assert HandRecord.objects.filter(sheet__table__round__tournament=tournament,
                                     sheet__table__number=2).count() == 1

    # 6. Closing the round while table 2's sheet is open: the warning names it and asks.
    room.goto(f"{base}/tournaments/{tournament.pk}/rounds/1/")
    room.locator(f".state-actions form:has(input[name=state][value={RoundState.CLOSED.value}]) "
                 "button").click()
    box = room.locator(".confirm-box")
    expect(box).to_be_visible()
    expect(box.locator("#confirm-text")).to_contain_text(re.compile(r":\s*2\b"))
    expect(box.locator("#confirm-text")).not_to_contain_text("1, 2")
    assert tournament.rounds.get(number=1).state == RoundState.RELEASED  # nothing closed yet
    shot(room, "06-close-warning")
    box.locator("button[type=submit]").click()
    room.wait_for_url(f"{base}/tournaments/{tournament.pk}/rounds/1/")
    assert tournament.rounds.get(number=1).state == RoundState.CLOSED
    phone.goto(link1)  # and every table link is dead with the round
    expect(phone.locator("h1")).to_have_text("Tento odkaz stolu nefunguje")

    for page in (boss, phone, phone2):
        page.context.close()
