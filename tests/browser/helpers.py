"""What the table-sheet browser flows share: a seated table with its people, and a logged-in
browser context. The world is built through the services, as an organiser would."""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from django.contrib.auth import get_user_model
from playwright.sync_api import Browser, Page, expect

from marias_admin.seating.models import Seat, Table
from marias_admin.seating.services import round_seat
from marias_admin.tournaments.models import RegistrationStatus, Role
from marias_admin.tournaments.services import (
    player_create,
    registration_create,
    role_grant,
    tournament_create,
)


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
