"""Issue 24's "Must show" in one flow, at championship size: 240 players at 60 tables.

The director filters the control room to flagged tables, moves a player and seats a late
entry with the search-as-you-type pickers (the report shown after each edit), pauses and
resumes the round clock while a table page follows; a spectator on a 360 px phone reaches the
late entrant's table by name from ``/``; a referee logs in and lands on his tournament.

The field is built once, through the services, and the steps share it (one test: the live
server's database is emptied after each test, and building 240 entries twice would double the
cost).
"""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import Browser, Page, expect

from marias_admin.seating.models import Seat
from marias_admin.seating.services import round_start_clock
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.services import player_create, registration_enter
from tests import factories
from tests.browser.helpers import open_as

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 740}
NAME = "Mistrovství republiky 2026"


@pytest.fixture
def championship():
    """239 players seated at 59 tables of 4 and one of 3, round 1 in play with its clock
    running, table 2 flagged (PB facts missing), and one player checked in late."""
    cache.clear()
    setup = factories.tournament(players=239, name=NAME, rounds=3)
    Tournament.objects.filter(pk=setup.tournament.pk).update(date=timezone.localdate())
    setup.tournament.refresh_from_db()
    round = factories.seated_round(setup, 1, state="released")
    round_start_clock(user=setup.staff.organiser, round=round, minutes=90)
    factories.add_hand(factories.sheet(round, 2), "7k+")  # its PB facts missing: flagged
    late = registration_enter(
        user=setup.staff.organiser, tournament=setup.tournament, present=True,
        player=player_create(user=setup.staff.organiser, first_name="Eva",
                             last_name="Opozdilá"))
    cache.clear()
    yield setup, round, late
    cache.clear()


def seat_of(round, registration_id: int) -> tuple[int, int]:
    seat = Seat.objects.select_related("table").get(round=round,
                                                    registration_id=registration_id)
    return seat.table.number, seat.position


def fits(page: Page, width: int = PHONE["width"]) -> None:
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"{page.url}: {scroll} px wide"


def phone(browser: Browser) -> Page:
    context = browser.new_context(locale="cs-CZ", viewport=PHONE, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def test_the_director_runs_a_championship_round(browser, live_server, championship):
    setup, round, late = championship
    t = setup.tournament
    assert [len(s) for s in [list(round.tables.get(number=n).seats.all())
                             for n in (1, 60)]] == [4, 3]
    base = f"/tournaments/{t.pk}/rounds/1/"
    room = open_as(browser, live_server.url, "organiser", base, "heslo-organiser")
    room.set_viewport_size({"width": 1366, "height": 900})
    errors: list[str] = []
    room.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)

    # 1. The control room, filtered to the flagged tables: only table 2 of 60.
    room.wait_for_selector('tr[data-table="60"]')
    room.click('[data-filter-flag="any"]')
    room.wait_for_selector('[data-filter-flag="any"][aria-current="true"]')
    assert room.locator("tr[data-table]").count() == 1
    assert room.locator('tr[data-table="2"]').get_attribute("data-flags") == "pb_missing"

    # 2. Move a player: part of his name in the picker, the seat as "table/seat".
    mover = Seat.objects.select_related("registration__player").get(
        round=round, table__number=5, position=1).registration
    other = Seat.objects.get(round=round, table__number=6, position=2).registration_id
    room.goto(f"{live_server.url}{base}#editor")
    picker = room.locator("#move_player")
    assert picker.get_attribute("list") == "move-players"
    assert room.locator("#move-players option").count() >= 200  # offered, not a select
    picker.fill(f"{mover.player.full_name} (5/1)")
    room.fill("#move_place", "6/2")
    room.locator("#move button[type=submit]").click()
    room.wait_for_url(re.compile(r"#report$"))
    expect(room.locator("#report")).to_be_visible()
    assert seat_of(round, mover.pk) == (6, 2) and seat_of(round, other) == (5, 1)

    # 3. The late entry: the table of 3 becomes a table of 4.
    room.fill("#late_player", "opozdil")  # part of the name, no accents
    room.locator("#late-entry button[type=submit]").click()
    room.wait_for_url(re.compile(r"#report$"))
    assert seat_of(round, late.pk) == (60, 4)
    expect(room.locator("#table-60")).to_contain_text("Opozdilá Eva")

    # 4. Pause and resume the clock; a table page on another screen follows, no reload.
    table = open_as(browser, live_server.url, "referee",
                    reverse("sheets:table", args=(t.pk, 1, 60)), "heslo-referee")
    table.wait_for_selector('[data-round-clock][data-clock-state="running"]')
    table.evaluate("window.notReloaded = true")
    room.goto(f"{live_server.url}{base}")
    room.click('[data-clock-action="pause"]')
    room.wait_for_selector('[data-clock-action="resume"]')
    table.wait_for_selector('[data-round-clock][data-clock-state="paused"]', timeout=15_000)
    room.click('[data-clock-action="resume"]')
    room.wait_for_selector('[data-clock-action="pause"]')
    table.wait_for_selector('[data-round-clock][data-clock-state="running"]', timeout=15_000)
    assert table.evaluate("window.notReloaded") is True
    assert not errors, errors
    table.context.close()
    room.context.close()

    # 5. A spectator on a phone finds the late entrant's table by name from the home page.
    cache.clear()
    spectator = phone(browser)
    spectator.goto(live_server.url + "/")
    fits(spectator)
    spectator.get_by_role("link", name=re.compile(NAME)).first.click()
    spectator.wait_for_url(f"{live_server.url}/t/{t.pk}/")
    fits(spectator)
    spectator.get_by_label("Vaše jméno").fill("Opozdilá")
    spectator.get_by_role("button", name="Najít").click()
    spectator.wait_for_url(re.compile(r"/find/\?q="))
    fits(spectator)
    found = spectator.locator(".found li, ul.found > li").filter(has_text="Opozdilá")
    found.locator("a.found-seat").first.click()
    spectator.wait_for_url(f"{live_server.url}/t/{t.pk}/round/1/table/60/")
    expect(spectator.get_by_text("Opozdilá").first).to_be_visible()
    fits(spectator)
    spectator.context.close()

    # 6. A referee logs in and lands on his tournament.
    referee = phone(browser)
    referee.goto(live_server.url + "/")
    referee.locator(".site-nav").get_by_role("link", name="Přihlásit se").click()
    referee.fill("input[name=username]", "referee")
    referee.fill("input[name=password]", "heslo-referee")
    referee.locator("form").get_by_role("button", name="Přihlásit se").click()
    referee.wait_for_url(live_server.url + "/")
    mine = referee.locator(".front-staff")
    expect(mine).to_contain_text(NAME)
    fits(referee)
    referee.context.close()
