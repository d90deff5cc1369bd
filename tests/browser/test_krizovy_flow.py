"""One round of a ČSM křížový tournament (obecná pravidla VII.2), from the QR page to the
standings by table points.

Issue 15, "Must show": 16 players checked in, round 1 seated and released (4 tables of
exactly four, no bye); a phone without an account (360 px) opens table 1 by the link of its
QR code and the table PIN, enters a hra with a called partner, a sedma of a declarer alone, a
durch s chytrým whose trick 8 joins the declarer and a hra with a sedma proti in the
shorthand, each hand's money as the documented worked example says (docs/notation.md
"Křížový examples" K1, K2, K6, K4), submits the sheet, and a seated player confirms it with
the PIN of his player slip. Tables 2–4 go in through the services. The organiser closes the
round on the round page, and the public standings give every table's four players 4, 2, 1
and 0 table points by their money at the table ("Body"), and order the field by those points,
then by money (tournaments/standings_rules.py ``KRIZOVY_RULES``).

The world (tournament, players, seating, the players' PINs) is set up through the services
(tests/factories.py), not the tournament form. Nothing waits a fixed time: every wait is for
something the page shows. Screenshots of the phone's sheet and the standings land in
``/tmp/krizovy-*.png`` for a human to look at; on a failure every open page goes to
``/tmp/krizovy-failed-*.png``.
"""

from __future__ import annotations

import re
from itertools import pairwise

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
    table_link_and_pin,
)

pytestmark = pytest.mark.browser

RULESET = "csm-krizovy"
PLAYERS = 4  # ČSM obecná pravidla VII.2 L243: four play, nobody sits out
TABLES = 4
WAIT = 20_000  # generous: two CPU cores are shared by everybody
TABLE_POINTS = (4, 2, 1, 0)  # KRIZOVY_RULES: 4-2-1-0 by the money at the table

# The documented examples (docs/notation.md "Křížový examples"): seat 4 deals, seat 1 is
# forhont. Each is (shorthand, declarer, money per seat in haléř) with {n} = the example's
# seat n; it is played with the page's dealer, its seats turned round the table to match.
#
# K1. VII.2 L243-245: forhont calls the ace, seat 3 holds it and is his partner; L248: X from
# the pair's points and marriages (60 + 20 : 30 + 20, a plain hra of 1 × 20 h); 2v2, each ±X.
K1 = ("hk =e sp@{3} 60+20z:+20za", 1, (20, -20, 20, -20))
# K2. L244: he called the king he holds himself and plays alone (1v3): hra 1 + sedma 2 = 3
# units, ±3X for him, ∓X for each of the three.
K2 = ("7z =k h+ s+", 1, (180, -60, -60, -60))
# K4. L250: seat 3 of the defence announces a sedma proti and wins it (2 units) against a hra
# won (1 unit) by the pair 1 + 2: the pair loses 20 h each.
K4 = ("hza sp@{2} 7p@{3}+ 50+40za:+20k", 1, (-20, -20, 20, 20))
# K5. L250-251: betl of seat 2, always alone, won: 15 units (V.2 L152), ±3X / ∓X.
K5 = ("b b+", 2, (-300, 900, -300, -300))
# K6. L251-253: durch s chytrým (the durch rate, 30 units); seat 4 takes trick 8 and joins
# the declarer (2v2).
K6 = ("dch ch8@{4} d+", 1, (600, -600, -600, 600))
# K3. L246-248: seat 2 fleks the sedma of the pair 1 + 4, the declarer says re; the sedma lost.
K3 = ("7c =e sp@{4} r7#{2}{1} h+ s-", 1, (-280, 280, 280, -280))
# K7. V.7 L174-178: the defence's tiché sto against the hra of the pair 1 + 2.
K7 = ("hk sp@{2} 40:+40k+20z", 1, (-80, -80, 80, 80))
# K8. L248, L240-241: sto zelené of the pair 1 + 2, the pair's marriages added.
K8 = ("100z sp@{2} 70+40z+20k", 1, (320, 320, -320, -320))

# Table 1, in the browser, hand by hand. L49-50: the deal passes clockwise after each hand, so
# the page's dealer is 1, 2, 3, 4 and hand 4 is K4 exactly as documented.
TABLE_1 = [K1, K2, K6, K4]
# Tables 2-4 through the services: (example, dealer) per hand. Chosen so that no two players of
# a table end level (each table gives 4, 2, 1, 0) and no two of the field have the same money
# (the order of the standings is fixed by points, then money).
TABLE_2 = [(K5, 1), (K3, 2), (K2, 3)]
TABLE_3 = [(K3, 1), (K8, 2), (K7, 3)]
TABLE_4 = [(K6, 1), (K2, 2), (K8, 3)]


def table_points(money: list[int]) -> list[int]:
    """4-2-1-0 by the money at the table (the tables here have no level players)."""
    assert len(set(money)) == len(money), money
    order = sorted(money, reverse=True)
    return [TABLE_POINTS[order.index(m)] for m in money]


FLOW = SheetFlow(players=PLAYERS, dealt_by=4)  # docs/notation.md's K-examples: seat 4 deals
page_seat, played, choose = FLOW.page_seat, FLOW.played, FLOW.choose
texts_cents, play_by_services, enter_hand = FLOW.texts_cents, FLOW.play_by_services, FLOW.enter_hand

# -- the world (services) ----------------------------------------------------------------------


def make_world() -> dict:
    setup = factories.tournament(players=16, ruleset_code=RULESET, rounds=1,
                                 name="Křížový turnaj v Berouně")
    tournament = setup.tournament
    assert tournament.table_size == PLAYERS and tournament.full_tables_only
    assert tournament.ruleset().premium_table is None  # docs/csm-krizovy.md: money only
    round_ = factories.seated_round(setup, seed=3, state="released")
    assert round_.state == RoundState.RELEASED and round_.tables.count() == TABLES
    assert round_.report.get("byes") == []  # 16 = 4 × 4: nobody has a bye
    player_pins(user=setup.staff.organiser, tournament=tournament)  # as printing the slips
    seats = {table: list(Seat.objects.filter(round=round_, table__number=table)
                         .select_related("registration__player").order_by("position"))
             for table in range(1, TABLES + 1)}
    assert all(len(s) == PLAYERS for s in seats.values())
    return {"setup": setup, "t": tournament, "round": round_, "seats": seats}


# -- the round ---------------------------------------------------------------------------------


def test_krizovy_round_from_qr_page_to_table_points(live_server, browser: Browser,
                                                    transactional_db):
    try:
        the_round(live_server.url, browser)
    except BaseException:
        screenshots(browser, "krizovy")
        raise


def the_round(base: str, browser: Browser) -> None:
    world = make_world()
    tournament, seats = world["t"], world["seats"]
    money = {2: play_by_services(world, 2, TABLE_2), 3: play_by_services(world, 3, TABLE_3),
             4: play_by_services(world, 4, TABLE_4)}

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
        dealer, hand = enter_hand(phone, number, example)
        dealers.append(dealer)
        hands.append(hand)
    assert dealers == [1, 2, 3, 4]
    totals = [sum(column) for column in zip(*hands, strict=True)]
    assert sum(totals) == 0
    expect(phone.locator("tbody.hand")).to_have_count(len(TABLE_1))
    expect(phone.locator("#hand-1 .hand-desc")).to_contain_text("spoluhráč")
    expect(phone.locator("#hand-2 .hand-desc")).to_contain_text("sám")
    expect(phone.locator("#hand-3 .hand-desc")).to_contain_text("durch s chytrým")
    expect(phone.locator("#hand-4 .hand-desc")).to_contain_text("sedma proti hráče")
    shown = texts_cents(phone, "#account table.account tfoot tr.sum td strong")
    assert shown == totals, (shown, totals)
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # Submit; a seated player confirms with the PIN of his player slip.
    phone.locator("#state form[action$='/submit/'] button").click()
    expect(phone.locator(".sheet-head .pill")).to_have_class(re.compile("sheet-submitted"))
    confirmer = seats[1][1]  # seat 2
    confirm_by_pin(phone, confirmer.registration_id)
    expect(phone.locator(".sheet-head .pill")).to_have_class(re.compile("sheet-confirmed"))
    phone.screenshot(path="/tmp/krizovy-phone-sheet.png", full_page=True)
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

    # The public standings, anonymous: each table's four get 4, 2, 1, 0 table points by their
    # money at the table; the field is ordered by the points, then by money.
    expected = sorted(((points, cents, seat.registration.player.full_name)
                       for t in seats
                       for seat, points, cents in zip(seats[t], table_points(money[t]),
                                                      money[t], strict=True)),
                      key=lambda r: (-r[0], -r[1]))
    assert len({m for _, m, _ in expected}) == len(expected)  # no ties: the order is fixed
    # Points before money: somebody with fewer points has more money than somebody above him.
    assert any(a[1] < b[1] for a, b in pairwise(expected))
    public = open_as(browser, base, None, f"/t/{tournament.pk}/standings/", "")
    table = public.locator("table.standings")
    rows = table.locator("tbody tr")
    expect(rows).to_have_count(len(expected))
    headers = [h.strip() for h in table.locator("thead th").all_inner_texts()]
    assert "Body" in headers and "ZB" in headers, headers  # "Points" (cs), standings helper
    assert "PB" not in headers and "BP" not in headers, headers
    points_at, zb = headers.index("Body"), headers.index("ZB")
    shown_points: dict[str, int] = {}
    for place, (points, cents, name) in enumerate(expected, start=1):
        row = rows.nth(place - 1)
        expect(row.locator("td.rank")).to_have_text(re.compile(rf"^{place}\."))
        expect(row.locator("td.name")).to_contain_text(name)
        expect(row.locator("td").nth(points_at)).to_have_text(re.compile(rf"^\s*{points}\s*$"))
        assert money_cents(row.locator("td").nth(zb).inner_text()) == cents, (place, name)
        shown_points[name] = int(row.locator("td").nth(points_at).inner_text())
    # Every table hands out 4 + 2 + 1 + 0 = 7 points, one of each.
    for t in seats:
        at_table = sorted((shown_points[s.registration.player.full_name] for s in seats[t]),
                          reverse=True)
        assert at_table == list(TABLE_POINTS), (t, at_table)
    public.screenshot(path="/tmp/krizovy-standings.png", full_page=True)
    for page in (boss, phone, public):
        page.context.close()

