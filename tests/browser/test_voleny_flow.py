"""One round of a ČSM volený tournament (obecná pravidla), from the QR page to the standings.

Issue 14, "Must show": 9 players checked in, round 1 seated and released (3 tables of 3); a
phone without an account (360 px) opens table 1 by the link of its QR code and the table PIN,
enters a hra with sto proti, a hra with a sedma proti (after the engine refused a sedma proti
against the declarer's own sedma) and a betl in the shorthand, each hand's money as the
documented worked example says (docs/notation.md "Volený examples" V1, V3, V4), submits the
sheet, and a seated player confirms it with the PIN of his player slip. Tables 2 and 3 go in
through the services. The organiser closes the round on the round page, and the public
standings rank the nine players by their money (ZB), without a PB column.

The world (tournament, players, seating, the players' PINs) is set up through the services
(tests/factories.py), not the tournament form. Nothing waits a fixed time: every wait is for
something the page shows. On a failure every open page goes to /tmp/voleny-failed-*.png.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from marias_admin.seating.models import RoundState, Seat
from marias_admin.sheets.access import player_pins
from marias_admin.sheets.models import HandRecord, SheetState, TableSheet
from tests import factories
from tests.browser.helpers import (
    PHONE,
    SheetFlow,
    confirm_by_pin,
    money_cents,
    open_as,
    open_table,
    phone_page,
    screenshots,
    shown_dealer,
    table_link_and_pin,
)

pytestmark = pytest.mark.browser

RULESET = "csm-voleny"
PLAYERS = 3  # ČSM obecná pravidla VII.1 L233 "Sehrávky se účastní 3 hráči"
TABLES = 3
WAIT = 20_000  # generous: two CPU cores are shared by everybody

# The documented examples (docs/notation.md "Volený examples"): seat 3 deals, seat 1 is forhont.
# Each is (shorthand, declarer, money per seat in haléř) with {n} = the example's seat n; it is
# played with the page's dealer, its seats turned round the table to match.
#
# V1. ČSM obecná pravidla VII.1 L240 "Závazky Sedma a Sto mohou hlásit i hráči obrany";
# L240-241 "Do hlášeného Sta se počítá první nahlášená hláška": the defence's 60 + 40 + 20 =
# 120, two tens past 100 (V.6 L170), at the sto's rate (V.2 L151 "Sto 4") × 20 h (V.2 L144).
V1 = ("hk 100p@{2} 30:+40k+20z", 1, (-480, 240, 240))
# V2. V.4 L158 "Jsou-li jako trumfová barva zvoleny Červené, je sazba za hru dvojnásobná";
# V.5 L164-165 "Flek (obrana), Re (volící strana)": flek by seat 2, re by the declarer, lost.
V2 = ("hc rh#{2}{1} 40:+20", 1, (-320, 160, 160))
# V3. VII.1 L240: seat 3's sedma proti, fleked by the declarer (V.5 L162-163 "Flekem se sazba
# za závazek zvyšuje vždy na dvojnásobek"), lost; the hra won (V.2 L148-150: hra 1, sedma 2).
V3 = ("hk 7p@{3}#{1}- 60", 1, (200, -100, -100))
# V4. VII.1 L236-238: after "Barva?" seat 2 takes the talon and announces a betl (V.2 L152
# "Betl 15"), seat 3 fleks, won; each defender pays the resulting rate (V.1 L140-141).
V4 = ("b fb@{3} b+", 2, (-600, 1200, -600))
# VII.1 L239-240 lets the defence announce its sedma against a trump game; against the
# declarer's own sedma there is no sedma left to announce, and the engine refuses it.
SEVEN_AGAINST_SEVEN = "7k h+ s+ 7p@{2}+"
SEVEN_REFUSED = "Sedma proti nejde se sedmou aktéra"

# Table 1, in the browser, hand by hand. ČSM obecná pravidla L49-50 "Povinnost rozdávajícího se
# po každé ukončené hře posouvá na dalšího hráče ve směru hry (předchozí forhont)": the page's
# dealer is 1, 2, 3, so hand 3 is V4 exactly as documented.
TABLE_1 = [V1, V3, V4]
# Tables 2 and 3 through the services: (example, dealer) per hand.
TABLE_2 = [(V2, 3), (V3, 1)]
TABLE_3 = [(V1, 3), (V4, 1)]


FLOW = SheetFlow(players=PLAYERS, dealt_by=3)  # docs/notation.md's V-examples: seat 3 deals
page_seat, played, choose = FLOW.page_seat, FLOW.played, FLOW.choose
texts_cents, play_by_services, enter_hand = FLOW.texts_cents, FLOW.play_by_services, FLOW.enter_hand

# -- the world (services) ----------------------------------------------------------------------


def make_world() -> dict:
    setup = factories.tournament(players=9, ruleset_code=RULESET, rounds=1,
                                 name="Volený turnaj v Kolíně")
    tournament = setup.tournament
    assert tournament.table_size == PLAYERS  # the preset's first table size
    assert tournament.ruleset().premium_table is None  # docs/csm-voleny.md: money only, no PB
    round_ = factories.seated_round(setup, seed=3, state="released")
    assert round_.state == RoundState.RELEASED and round_.tables.count() == TABLES
    player_pins(user=setup.staff.organiser, tournament=tournament)  # as printing the slips
    seats = {table: list(Seat.objects.filter(round=round_, table__number=table)
                         .select_related("registration__player").order_by("position"))
             for table in range(1, TABLES + 1)}
    assert all(len(s) == PLAYERS for s in seats.values())
    return {"setup": setup, "t": tournament, "round": round_, "seats": seats}


# -- the round ---------------------------------------------------------------------------------


def test_voleny_round_from_qr_page_to_standings(live_server, browser: Browser,
                                                transactional_db):
    try:
        the_round(live_server.url, browser)
    except BaseException:
        screenshots(browser, "voleny")
        raise


def the_round(base: str, browser: Browser) -> None:
    world = make_world()
    tournament, seats = world["t"], world["seats"]
    money = {2: play_by_services(world, 2, TABLE_2), 3: play_by_services(world, 3, TABLE_3)}

    # The organiser reads table 1's QR link and PIN out of "Table links and PINs".
    boss = open_as(browser, base, "organiser", f"/tournaments/{tournament.pk}/rounds/1/",
                   "heslo-organiser")
    link, pin = table_link_and_pin(boss, base, tournament.pk, 1)

    # A phone without an account: the QR link, the table PIN, seat 1's player and his PIN.
    phone = phone_page(browser, WAIT)
    open_table(phone, link, pin, seats[1][0].registration_id)
    expect(phone.locator("#entry form.text-entry")).to_be_visible()
    expect(phone.locator(".sheet-seats li")).to_have_count(PLAYERS)

    dealers, hands = [], []
    for number, example in enumerate(TABLE_1, start=1):
        if example is V3:
            # First a sedma with a sedma proti: refused, with the reason, before saving.
            dealer = shown_dealer(phone)
            form = phone.locator("#entry form.text-entry")
            choose(form, dealer, page_seat(1, dealer))
            wrong = SEVEN_AGAINST_SEVEN.replace("{2}", str(page_seat(2, dealer)))
            form.locator("input[name='text-notation']").press_sequentially(wrong)
            expect(phone.locator("#preview-text .preview-box.error")).to_contain_text(
                SEVEN_REFUSED)
        dealer, hand = enter_hand(phone, number, example)
        dealers.append(dealer)
        hands.append(hand)
    assert dealers == [1, 2, 3]
    totals = [sum(column) for column in zip(*hands, strict=True)]
    assert sum(totals) == 0
    expect(phone.locator("tbody.hand")).to_have_count(len(TABLE_1))
    expect(phone.locator("#hand-1 .hand-desc")).to_contain_text("sto proti hráče")
    expect(phone.locator("#hand-2 .hand-desc")).to_contain_text("prohrána")
    expect(phone.locator("#hand-3 .hand-desc")).to_contain_text("betl uhrán")
    shown = texts_cents(phone, "#account table.account tfoot tr.sum td strong")
    assert shown == totals, (shown, totals)
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # Submit; another seated player confirms with the PIN of his player slip.
    phone.locator("#state form[action$='/submit/'] button").click()
    expect(phone.locator(".sheet-head .pill")).to_have_class(re.compile("sheet-submitted"))
    confirmer = seats[1][1]  # seat 2
    confirm_by_pin(phone, confirmer.registration_id)
    expect(phone.locator(".sheet-head .pill")).to_have_class(re.compile("sheet-confirmed"))
    sheet1 = TableSheet.objects.get(table__round=world["round"], table__number=1)
    assert sheet1.state == SheetState.CONFIRMED
    assert confirmer.registration.player.full_name in sheet1.confirmed_as
    assert [r.money for r in HandRecord.objects.filter(sheet=sheet1, deleted_at__isnull=True)
            .order_by("number")] == hands
    money[1] = totals

    # The organiser closes the round on the round page (every sheet is confirmed).
    boss.goto(f"{base}/tournaments/{tournament.pk}/rounds/1/")
    boss.locator(f".state-actions form:has(input[name=state][value={RoundState.CLOSED.value}]) "
                 "button").click()
    box = boss.locator(".confirm-box")
    expect(box).to_be_visible()
    expect(box).not_to_have_class(re.compile(r"\bdanger\b"))  # no open sheet to warn about
    box.locator("button[type=submit]").click()
    boss.wait_for_url(f"{base}/tournaments/{tournament.pk}/rounds/1/")
    assert tournament.rounds.get(number=1).state == RoundState.CLOSED

    # The public standings, anonymous: the nine players by their money (docs/csm-voleny.md
    # "tournament scoring: money only, no PB ... rank rounds by ZB").
    expected = sorted(((money[t][i], seats[t][i].registration.player.full_name)
                       for t in seats for i in range(PLAYERS)), key=lambda r: -r[0])
    assert len({m for m, _ in expected}) == len(expected)  # no ties: the order is the money's
    public = open_as(browser, base, None, f"/t/{tournament.pk}/standings/", "")
    table = public.locator("table.standings")
    rows = table.locator("tbody tr")
    expect(rows).to_have_count(len(expected))
    headers = [h.strip() for h in table.locator("thead th").all_inner_texts()]
    zb = headers.index("ZB")
    for place, (cents, name) in enumerate(expected, start=1):
        row = rows.nth(place - 1)
        expect(row.locator("td.rank")).to_have_text(re.compile(rf"^{place}\."))
        expect(row.locator("td.name")).to_contain_text(name)
        assert money_cents(row.locator("td").nth(zb).inner_text()) == cents, (place, name)
    # Table 1's players among them, in the order of their money at the table.
    table1 = [seats[1][i].registration.player.full_name
              for i in sorted(range(PLAYERS), key=lambda i: -totals[i])]
    names = [n for _, n in expected]
    assert [n for n in names if n in table1] == table1
    # No PB column for a ruleset without premium points (docs/csm-voleny.md, last reading).
    assert "PB" not in headers, (
        f"the csm-voleny standings still show a PB column: {headers}")
    for page in (boss, phone, public):
        page.context.close()
