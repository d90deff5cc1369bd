"""An SZMK volený 2024 table's round in the browser, in Slovak: a farba fleked by seat 2 that
the referee cancels as an incorrect flek (E.2), seat 2's forgiven first menší renonce (D.1) and
his paid second one, a malý; another player confirms and the public standings show the points.

The world (tournament, players, SZMK seating, the team's accounts) is set up through the
services; everything after that is done in Chromium. The expected money comes from the engine
(``scoring.settle`` over the same shorthand, with the round's forgiveness and the referee's
ruling applied), never from the page.
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from decimal import Decimal

import pytest
from playwright.sync_api import Browser, Page, expect

from marias_admin.seating.models import SeatingMethod
from marias_admin.sheets.models import HandRecord, RulingKind, SheetState, TableSheet
from scoring import settle
from scoring.jsonio import hand_from_dict
from scoring.notation import parse
from scoring.table_round import mark_forgiven
from tests.browser.helpers import open_as, shown_dealer, table_world

pytestmark = pytest.mark.browser

RULESET = "szmk-voleny-2024"
PLAYERS = 3
PASSWORD = "Mariáš-szmk-Pa55"
NAMES = [("Ján", "Kováč"), ("Peter", "Horváth"), ("Marek", "Baláž"), ("Jozef", "Tóth"),
         ("Michal", "Nagy"), ("Štefan", "Lukáč")]
FLEKER = 2  # seat 2 fleks hand 1 and commits both menší renonces
# (shorthand, declarer chosen on the page or None for a line with only a renonce).
HANDS = [
    ("hz fh@2 90+40", 3),  # (a) farba zeleň fleked by seat 2; the declarer makes 90 + 40 = 130
    ("!mena@2", None),     # (b) seat 2's first menší renonce of the round: forgiven
    ("!mena@2", None),     # (c) his second one: 0,10 € to each other player
    ("m+", 3),             # (d) malý won
]
BUDGET = 1000  # C.8: each player starts the round with 10 €


# -- the world (services) ----------------------------------------------------------------------


def make_world() -> dict:
    world = table_world(password=PASSWORD, name="Turnaj SZMK Žilina",
                        date=datetime.date(2025, 9, 20), names=NAMES, organiser="organizator",
                        referee="rozhodca", confirming_seat=1, seed=7, ruleset_code=RULESET,
                        method=SeatingMethod.SZMK)
    assert world["tables"].count() == len(NAMES) // PLAYERS
    assert len(world["seats"]) == PLAYERS
    return world


# -- browser helpers ---------------------------------------------------------------------------


def type_hand(page: Page, notation: str, declarer: int | None) -> int:
    """Fill the shorthand form following the page's dealer; returns the dealer."""
    dealer = shown_dealer(page)
    form = page.locator("#entry form.text-entry")
    expect(form.locator("select[data-dealer]")).to_have_value(str(dealer))
    expect(form.locator("input[data-seat]:disabled")).to_have_count(0)  # nobody sits out
    if declarer is not None:
        form.locator(f"label.seat-button:has(input[value='{declarer}'])").click()
        expect(form.locator(f"input[data-seat][value='{declarer}']")).to_be_checked()
    form.locator("input[name='text-notation']").press_sequentially(notation)
    return dealer


def save_hand(page: Page, path: str, number: int) -> None:
    page.locator("#entry form.text-entry button[type=submit]:not([name=preview])").click()
    page.wait_for_url(re.compile(re.escape(path) + r"(#entry)?$"))
    expect(page.locator("ul.flash")).to_contain_text(f"Hra {number} uložená")
    expect(page.locator(f"#hand-{number}")).to_be_visible()


def money_cents(text: str) -> int:
    """"+1,20" / "−0,60" / "0,00" / "10,60" as shown by the page → cents."""
    clean = (text.strip().replace("\N{MINUS SIGN}", "-").replace("\xa0", "")
             .replace(" ", "").replace(",", ".").removesuffix("€").removesuffix("EUR"))
    return int(Decimal(clean or "0") * 100)


def cells_cents(page: Page, selector: str) -> list[int]:
    cells = page.locator(selector)
    expect(cells).to_have_count(PLAYERS)
    return [money_cents(t) for t in cells.all_inner_texts()]


def hand_amounts(page: Page, number: int) -> list[int]:
    return cells_cents(page, f"#hand-{number} tr.amounts td .amt")


def page_totals(page: Page) -> list[int]:
    return cells_cents(page, "#account table.account tfoot tr.sum:not(.round-money) td strong")


def page_round_money(page: Page) -> list[int]:
    return cells_cents(page, "#account table.account tfoot tr.round-money td")


def seats_list(money: dict[int, int]) -> list[int]:
    return [money[s] for s in range(1, PLAYERS + 1)]


# -- the round ---------------------------------------------------------------------------------


def test_szmk_round_in_slovak_ruling_confirmation_standings(live_server, browser: Browser,
                                                           transactional_db):
    world = make_world()
    base, path, tournament = live_server.url, world["path"], world["t"]
    ruleset = tournament.ruleset()
    assert ruleset.language == "sk" and ruleset.round_budget == BUDGET

    # The scorekeeper's browser is Czech, but the SZMK tournament's pages speak Slovak.
    keeper = open_as(browser, base, "zapisovatel", path, PASSWORD)
    expect(keeper.locator("html")).to_have_attribute("lang", "sk")
    expect(keeper.locator("#account .empty")).to_have_text("Zatiaľ nie sú zapísané žiadne hry.")
    expect(keeper.locator("label[for='id_text-notation']")).to_have_text(
        "Hra (skratka alebo popis)")
    expect(keeper.locator(".sheet-seats li")).to_have_count(PLAYERS)

    typed = []
    for number, (notation, declarer) in enumerate(HANDS, start=1):
        expect(keeper.locator("#entry-title")).to_contain_text(str(number))
        dealer = type_hand(keeper, notation, declarer)
        typed.append(parse(notation, ruleset=ruleset, players=PLAYERS, dealer=dealer,
                           declarer=declarer or dealer % PLAYERS + 1))
        if number == 1:  # the live preview: the engine's money for the fleked farba
            preview = keeper.locator("#preview-text .preview-box")
            expect(preview).to_be_visible()
            expect(preview.locator(".preview-desc")).to_contain_text("farba zeleň")
            amounts = preview.locator("table.preview-money tbody td.num strong")
            expect(amounts).to_have_count(PLAYERS)
            assert [money_cents(t) for t in amounts.all_inner_texts()] == seats_list(
                settle(typed[0], ruleset).money)
        save_hand(keeper, path, number)
    assert [h.dealer for h in typed] == [1, 2, 2, 2]  # a renonce-only line keeps the deal

    expect(keeper.locator("tbody.hand")).to_have_count(len(HANDS))
    expect(keeper.locator("#hand-1 .hand-desc")).to_contain_text(
        "farba zeleň, flek na hru od hráča 2")
    expect(keeper.locator("#hand-2 .hand-desc")).to_contain_text("hráča 2 odpustený")
    expect(keeper.locator("#hand-3 .hand-desc")).not_to_contain_text("odpustený")
    expect(keeper.locator("#hand-4 .hand-desc")).to_contain_text("malý uhraný")
    # (b) forgiven: nobody pays; (c) paid: seat 2 pays 0,10 € to each other player.
    assert hand_amounts(keeper, 2) == [0, 0, 0]
    assert hand_amounts(keeper, 3) == [10, -20, 10]
    # Before the ruling: the fleked farba as played, seat 2 paying double.
    round_hands = mark_forgiven(typed, ruleset)
    assert [bool(h.renonc and h.renonc.forgiven) for h in round_hands] == [
        False, True, False, False]
    before = seats_list(settle(round_hands[0], ruleset).money)
    assert hand_amounts(keeper, 1) == before
    assert before[FLEKER - 1] == 2 * before[0] < 0  # the fleker pays the doubled hra

    # The referee, in another browser, cancels hand 1's flek as incorrect (E.2).
    referee = open_as(browser, base, "rozhodca", path, PASSWORD)
    referee.locator("#rulings").get_by_role("link", name="Zapísať rozhodnutie").click()
    referee.wait_for_url(re.compile(r"/rulings/new/"))
    hand1 = HandRecord.objects.get(sheet__table=world["table"], number=1)
    referee.select_option("#id_kind", RulingKind.FLEK_CANCELLED.value)
    expect(referee.locator("[data-field=flek]")).to_be_visible()
    expect(referee.locator("[data-field=code]")).to_be_hidden()
    flek_value = f"{hand1.pk}:incorrect:{FLEKER}"
    expect(referee.locator(f"#id_flek option[value='{flek_value}']")).to_contain_text("1,00")
    referee.select_option("#id_flek", flek_value)
    referee.fill("#id_reason", "Flek na farbu, ktorú aktér uhral so 130 (E.2 a).")
    referee.locator(".ruling-form button[type=submit]").click()
    referee.wait_for_url(f"{base}{path}")
    expect(referee.locator("ul.flash")).to_contain_text("Rozhodnutie zapísané")
    expect(referee.locator("#hand-1 .hand-desc")).to_contain_text("nekorektný flek hráča 2")
    expect(referee.locator("#rulings .ruling-flek_cancelled")).to_contain_text(
        world["seats"][FLEKER - 1].registration.player.full_name)

    # The engine: the same round with the ruling applied to hand 1.
    round_hands[0] = dataclasses.replace(round_hands[0], incorrect_flek_by=(FLEKER,))
    engine_hands = [seats_list(settle(h, ruleset).money) for h in round_hands]
    engine = [sum(column) for column in zip(*engine_hands, strict=True)]
    hand1.refresh_from_db()
    assert hand1.money == engine_hands[0] != before
    fine = ruleset.rates.incorrect_flek * ruleset.base  # 1 € to every other player
    assert fine == 100
    # The hra at the basic rate for both defenders; the fleker pays 1 € to each of the two
    # others, so he ends 3 € below the silent defender.
    assert engine_hands[0][FLEKER - 1] == engine_hands[0][0] - (PLAYERS - 1) * fine - fine

    # The scorekeeper reloads: the totals and the nahratá suma are the engine's.
    keeper.goto(f"{base}{path}")
    expect(keeper.locator("#hand-1 .hand-desc")).to_contain_text("nekorektný flek hráča 2")
    assert [hand_amounts(keeper, n) for n in range(1, len(HANDS) + 1)] == engine_hands
    expect(keeper.locator("#account tfoot")).to_contain_text("Nahratá suma")
    shown_totals, shown_round_money = page_totals(keeper), page_round_money(keeper)
    assert shown_totals == engine, (shown_totals, engine)
    assert shown_round_money == [BUDGET + m for m in engine], (shown_round_money, engine)
    assert sum(shown_totals) == 0

    keeper.locator("#state form[action$='/submit/'] button").click()
    keeper.wait_for_url(re.compile(re.escape(path) + "#state$"))
    expect(keeper.locator(".sheet-head .pill")).to_have_class(re.compile("sheet-submitted"))

    # Another player at the table confirms, in a third browser.
    player = open_as(browser, base, "hrac", path, PASSWORD)
    # His login confirms (the PIN form beside it is for the table's phone).
    player.locator("#state form[action$='/confirm/']").get_by_role(
        "button", name="Potvrdiť lístok").click()
    player.wait_for_url(re.compile(re.escape(path) + "#state$"))
    expect(player.locator(".sheet-head .pill")).to_have_class(re.compile("sheet-confirmed"))
    expect(player.locator("#state .ok-text")).to_contain_text("hrac")
    sheet = TableSheet.objects.get(table=world["table"])
    assert sheet.state == SheetState.CONFIRMED
    assert sheet.confirmed_by.username == "hrac" and sheet.submitted_by.username == "zapisovatel"
    assert page_totals(player) == engine
    records = list(HandRecord.objects.filter(sheet=sheet, deleted_at__isnull=True)
                   .order_by("number"))
    assert [r.money for r in records] == engine_hands
    resettled = mark_forgiven([hand_from_dict(r.hand) for r in records], ruleset)
    assert [seats_list(settle(h, ruleset).money) for h in resettled] == engine_hands

    # The public standings, anonymous, in a fresh browser: the table's players with points
    # 5 / 3 / 1 by their money at the table, in Slovak.
    public = open_as(browser, base, None, f"/t/{tournament.pk}/standings/", PASSWORD)
    expect(public.locator("html")).to_have_attribute("lang", "sk")
    rows = public.locator("table.standings tbody tr")
    expect(rows).to_have_count(PLAYERS)
    by_money = sorted(range(PLAYERS), key=lambda i: -engine[i])
    expected_points = {by_money[0]: 5, by_money[1]: 3, by_money[2]: 1}
    for place, index in enumerate(by_money):
        seat = world["seats"][index]
        row = rows.nth(place)
        expect(row.locator("td.name")).to_contain_text(seat.registration.player.full_name)
        expect(row.locator("td.bp")).to_have_text(str(expected_points[index]))
        assert money_cents(row.locator("td.money").inner_text()) == BUDGET + engine[index]
    for browser_page in (keeper, referee, player, public):
        browser_page.context.close()
