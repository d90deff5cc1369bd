"""What the table-sheet browser flows share: a seated table with its people, and a logged-in
browser context. The world is built through the services, as an organiser would."""

from __future__ import annotations

import contextlib
import datetime
import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, Page, expect

from marias_admin.seating.models import Seat, Table
from marias_admin.seating.services import round_seat
from marias_admin.sheets.access import player_pins
from marias_admin.sheets.models import SheetState
from marias_admin.sheets.services import sheet_confirm, sheet_submit
from marias_admin.tournaments.models import Registration, RegistrationStatus, Role
from marias_admin.tournaments.services import (
    player_create,
    registration_create,
    role_grant,
    tournament_create,
)
from tests import factories


def table_world(*, password: str, name: str, date: datetime.date,
                names: Sequence[tuple[str, str]], organiser: str, referee: str,
                confirming_seat: int, seed: int, ruleset_code: str | None = None,
                method: str | None = None) -> dict:
    """A tournament of ``names``, round 1 seated, table 1 with a scorekeeper ("zapisovatel"),
    a referee and a user ("hrac") who is the player on ``confirming_seat``."""
    users = get_user_model().objects
    boss = users.create_user(organiser, password=password)
    extra = {"ruleset_code": ruleset_code} if ruleset_code else {}
    tournament = tournament_create(user=boss, name=name, date=date, rounds_planned=2, **extra)
    for first, last in names:
        player = player_create(user=boss, first_name=first, last_name=last)
        registration_create(user=boss, tournament=tournament, player=player,
                            status=RegistrationStatus.PRESENT)
    seating = {"method": method} if method else {}
    round_seat(user=boss, round=tournament.rounds.get(number=1), seed=seed, **seating)
    tables = Table.objects.filter(round__tournament=tournament, round__number=1)
    table = tables.get(number=1)
    seats = list(Seat.objects.filter(table=table).select_related("registration__player")
                 .order_by("position"))
    role_grant(user=boss, tournament=tournament, role=Role.SCOREKEEPER,
               member=users.create_user("zapisovatel", password=password))
    role_grant(user=boss, tournament=tournament, role=Role.REFEREE,
               member=users.create_user(referee, password=password))
    seated = seats[confirming_seat - 1].registration.player
    seated.user = users.create_user("hrac", password=password)
    seated.save(update_fields=["user"])
    return {"t": tournament, "tables": tables, "table": table, "seats": seats,
            "path": f"/t/{tournament.pk}/round/1/table/1/"}


def open_as(browser: Browser, base: str, username: str | None, path: str,
            password: str) -> Page:
    """A fresh context (its own cookies; a Czech browser) logged in as ``username`` (or
    anonymous with ``None``), on ``path``."""
    context = browser.new_context(locale="cs-CZ")
    page = context.new_page()
    page.set_default_timeout(15_000)
    if username is None:
        page.goto(f"{base}{path}")
        return page
    page.goto(f"{base}/accounts/login/?next={path}")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.locator("form:has(input[name=password]) button[type=submit]").click()
    page.wait_for_url(f"{base}{path}")
    return page


def shown_dealer(page: Page) -> int:
    """The seat the page says deals next (highlighted in the seat list)."""
    return int(page.locator(".sheet-seats li.dealer .seat-no").inner_text())


def type_hand(page: Page, notation: str) -> tuple[int, int]:
    """Fill the shorthand form following the page's dealer; the forehand declares."""
    dealer = shown_dealer(page)
    form = page.locator("#entry form.text-entry")
    expect(form.locator("select[data-dealer]")).to_have_value(str(dealer))
    declarer = dealer % 4 + 1
    expect(form.locator(f"input[data-seat][value='{dealer}']")).to_be_disabled()  # sits out
    form.locator(f"label.seat-button:has(input[value='{declarer}'])").click()
    expect(form.locator(f"input[data-seat][value='{declarer}']")).to_be_checked()
    # Typed key by key, as on a phone: the live preview listens to keyup.
    form.locator("input[name='text-notation']").press_sequentially(notation)
    return dealer, declarer


def save_hand(page: Page) -> None:
    page.locator("#entry form.text-entry button[type=submit]:not([name=preview])").click()


# -- one round's table sheet played from a phone (the volený and křížový flows) ------------------

PHONE = {"width": 360, "height": 740}


def money_cents(text: str) -> int:
    """"+2,40" / "−4,80" / "12,00 Kč" / "0" as shown → haléř."""
    clean = re.sub(r"[\s\u00a0\u202f]|Kč|CZK", "", text).replace("\N{MINUS SIGN}", "-")
    return int(Decimal(clean.replace(",", ".") or "0") * 100)


def shown_money(cents: int) -> re.Pattern:
    """The page's text of an amount: "+2,40", "−4,80", "0" (the sign and currency may vary)."""
    sign = "" if cents == 0 else (r"\+?" if cents > 0 else "\N{MINUS SIGN}")
    amount = "0(,00)?" if cents == 0 else f"{abs(cents) // 100},{abs(cents) % 100:02d}"
    return re.compile(rf"^\s*{sign}{amount}(\s*(Kč|CZK))?\s*$")


def phone_page(browser: Browser, wait: int) -> Page:
    """A 360 px phone with no account, in Czech."""
    page = browser.new_context(locale="cs-CZ", viewport=PHONE, is_mobile=True,
                               has_touch=True).new_page()
    page.set_default_timeout(wait)
    return page


def table_link_and_pin(boss: Page, base: str, tournament_id: int,
                       table: int) -> tuple[str, str]:
    """The QR code's link and the PIN of ``table`` on the organiser's "Table links and PINs"."""
    boss.goto(f"{base}/tournaments/{tournament_id}/rounds/1/")
    boss.locator(f"a[href$='/t/{tournament_id}/round/1/access/']").first.click()
    boss.wait_for_url(re.compile(r"/round/1/access/$"))
    row = boss.locator(f"#table-{table}")
    link = row.locator("a.access-link").get_attribute("href")
    pin = row.locator(".pin").inner_text().strip()
    assert link.startswith(base + "/table/") and re.fullmatch(r"\d{5}", pin), (link, pin)
    return link, pin


def player_pin(registration_id: int) -> str:
    """A player's own PIN as his slip carries it (issued now if no slips were printed)."""
    registration = Registration.objects.select_related("tournament").get(pk=registration_id)
    if not registration.pin:
        player_pins(user=None, tournament=registration.tournament)
        registration.refresh_from_db()
    assert re.fullmatch(r"\d{4}", registration.pin), registration.pin
    return registration.pin


def open_table(phone: Page, link: str, table_pin: str, registration_id: int,
               table: int = 1) -> None:
    """The QR link on a phone: the table's PIN, then who holds the phone and his own PIN."""
    phone.goto(link)
    expect(phone.locator("h1")).to_contain_text(f"Stůl {table}")
    phone.fill("input[name=pin]", table_pin)
    phone.locator("select[name=registration]").select_option(str(registration_id))
    phone.fill("input[name=player_pin]", player_pin(registration_id))
    phone.get_by_role("button", name="Otevřít stůl").click()
    phone.wait_for_url(re.compile(rf"/round/1/table/{table}/$"))
    expect(phone.locator("#identity")).to_be_visible()  # whom the phone writes as


def confirm_by_pin(phone: Page, registration_id: int) -> None:
    """The phone handed across the table: a player picks his name and types his own PIN."""
    confirm = phone.locator("form.pin-confirm")
    expect(confirm).to_be_visible()
    confirm.locator("select[name='pin-registration']").select_option(str(registration_id))
    confirm.locator("input[name='pin-pin']").fill(player_pin(registration_id))
    confirm.locator("button[type=submit]").click()


def screenshots(browser: Browser, prefix: str) -> None:
    """Every open page as a picture, for a failed run."""
    for i, context in enumerate(browser.contexts):
        for j, page in enumerate(context.pages):
            with contextlib.suppress(Exception):  # a closed page has nothing to show
                page.screenshot(path=f"/tmp/{prefix}-failed-{i}-{j}.png", full_page=True)


Example = tuple[str, int, tuple[int, ...]]  # shorthand with {seat} holes, declarer, money


@dataclass(frozen=True)
class SheetFlow:
    """A document's worked examples played at a table of ``players`` where the page decides
    who deals: the examples are written with seat ``dealt_by`` dealing, so every seat (in the
    shorthand's ``{n}`` holes, the declarer, the money) is turned to the page's dealer."""

    players: int
    dealt_by: int

    def page_seat(self, example_seat: int, dealer: int) -> int:
        return (example_seat - self.dealt_by + dealer - 1) % self.players + 1

    def played(self, example: Example, dealer: int) -> tuple[str, int, list[int]]:
        """(shorthand, declarer, money per seat) of an example played with ``dealer``."""
        template, declarer, money = example
        text = re.sub(r"\{(\d)\}",
                      lambda m: str(self.page_seat(int(m.group(1)), dealer)), template)
        seats = range(1, self.players + 1)
        by_seat = {self.page_seat(s, dealer): money[s - 1] for s in seats}
        return text, self.page_seat(declarer, dealer), [by_seat[s] for s in seats]

    def texts_cents(self, page: Page, selector: str, count: int | None = None) -> list[int]:
        cells = page.locator(selector)
        expect(cells).to_have_count(self.players if count is None else count)
        return [money_cents(t) for t in cells.all_inner_texts()]

    def play_by_services(self, world: dict, table: int, hands: list) -> list[int]:
        """Enter ``hands`` on ``table``'s sheet, submit it and confirm it as the organiser;
        returns the table's money per seat (as the examples document it)."""
        staff = world["setup"].staff
        sheet = factories.sheet(world["round"], table)
        totals = [0] * self.players
        for example, dealer in hands:
            text, declarer, money = self.played(example, dealer)
            record = factories.add_hand(sheet, text, dealer=dealer, declarer=declarer,
                                        by=staff.scorekeeper)
            assert record.money == money, (text, record.money, money)
            totals = [a + b for a, b in zip(totals, money, strict=True)]
        sheet.refresh_from_db()
        sheet = sheet_submit(user=staff.scorekeeper, sheet=sheet, expected_version=sheet.version)
        sheet = sheet_confirm(user=staff.organiser, sheet=sheet, expected_version=sheet.version)
        assert sheet.state == SheetState.CONFIRMED
        return totals

    def choose(self, form: Any, dealer: int, declarer: int) -> None:
        """The dealer the page proposes, and the declarer's button; nobody sits out here."""
        expect(form.locator("select[data-dealer]")).to_have_value(str(dealer))
        expect(form.locator("input[data-seat]")).to_have_count(self.players)
        expect(form.locator("input[data-seat]:disabled")).to_have_count(0)
        form.locator(f"label.seat-button:has(input[value='{declarer}'])").click()
        expect(form.locator(f"input[data-seat][value='{declarer}']")).to_be_checked()

    def enter_hand(self, phone: Page, number: int, example: Example) -> tuple[int, list[int]]:
        """Type the example on the phone with the page's dealer, check the live preview's
        money and, once saved, the hand's row; returns the dealer and the money per seat."""
        dealer = shown_dealer(phone)
        text, declarer, money = self.played(example, dealer)
        form = phone.locator("#entry form.text-entry")
        field = form.locator("input[name='text-notation']")
        expect(phone.locator("#entry-title")).to_contain_text(str(number))
        self.choose(form, dealer, declarer)
        field.fill("")
        field.press_sequentially(text)  # key by key, as on a phone: the preview hears keyup
        # The live preview settles on the whole text's money (earlier keys' previews are
        # replaced: hx-sync), before anything is saved.
        amounts = phone.locator(
            "#preview-text .preview-box table.preview-money tbody td.num strong")
        expect(amounts).to_have_text([shown_money(cents) for cents in money])
        form.locator("button[type=submit]:not([name=preview])").click()
        expect(phone.locator("ul.flash")).to_contain_text(f"Hra {number} uložena")
        row = self.texts_cents(phone, f"#hand-{number} tr.amounts td .amt")
        assert row == money, (number, text, row, money)
        return dealer, money


# A phone page measured: its width against the viewport (what sticks out), and the tap targets
# of <main> smaller than TAP px either way (links inside running text excepted, as WCAG allows).
TAP = 40  # px, both ways
MEASURE = """(tap) => {
  const out = {width: document.documentElement.scrollWidth, wide: [], small: []};
  const w = document.documentElement.clientWidth;
  const clipped = (el) => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(p).overflowX)) return true;
    }
    return false;
  };
  if (out.width > w) {
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > w + 1 && !clipped(el)) {
        out.wide.push(el.tagName.toLowerCase() + (el.className ? '.' + el.className : '')
                      + ' ' + Math.round(r.right) + 'px');
      }
    }
    out.wide = out.wide.slice(-4);
  }
  const main = document.querySelector('main') || document.body;
  const targets = main.querySelectorAll(
    'a[href], button, input:not([type=hidden]), select, textarea, summary');
  const union = (a, b) => {
    const left = Math.min(a.left, b.left), top = Math.min(a.top, b.top);
    return {width: Math.max(a.right, b.right) - left, height: Math.max(a.bottom, b.bottom) - top};
  };
  const inSentence = (el) => {
    if (el.tagName !== 'A') return false;
    const block = el.closest('p, li, dd, figcaption');
    if (!block) return false;
    const own = (el.innerText || '').trim();
    const all = (block.innerText || '').replace(/\\s+/g, ' ').trim();
    // words around the link: the block says more than the link, and not only punctuation
    return all.length > own.length + 3 && /[A-Za-zÀ-ž]{2,}/.test(all.replace(own, ''));
  };
  for (const el of targets) {
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (el.closest('[hidden], details:not([open]) > :not(summary)')) continue;
    let box = {width: r.width, height: r.height};
    const label = el.closest('label') || (el.id && document.querySelector(
      'label[for="' + CSS.escape(el.id) + '"]'));
    if (label && el.tagName === 'INPUT' && ['checkbox', 'radio'].includes(el.type)) {
      box = union(r, label.getBoundingClientRect());
    }
    if (box.width + 0.5 >= tap && box.height + 0.5 >= tap) continue;
    if (inSentence(el)) continue;
    const text = (el.innerText || el.value || el.getAttribute('aria-label') || el.name
                  || el.tagName).trim().replace(/\\s+/g, ' ').slice(0, 40);
    const where = (node) => node.tagName.toLowerCase()
      + (typeof node.className === 'string' && node.className
         ? '.' + node.className.trim().split(/\\s+/).join('.') : '');
    out.small.push(`${where(el.parentElement)} > ${where(el)} "${text}" `
                   + `${Math.round(box.width)}×${Math.round(box.height)}`);
  }
  return out;
}"""
