"""The front door on a phone (issue 24, "Must show"): a spectator reaches his table by name
from ``/``, and a referee logs in and lands on his tournament. 360 px wide, in Czech."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone
from playwright.sync_api import Page, expect

from marias_admin.seating.models import Seat
from marias_admin.tournaments.models import Tournament
from tests import factories

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}


@pytest.fixture
def hall(transactional_db):
    """Today's tournament, round 1 released, and yesterday's (listed as finished)."""
    cache.clear()
    setup = factories.tournament(players=12, name="Vánoční turnaj Přerov")
    factories.seated_round(setup, 1, state="released")
    old = factories.tournament(players=0, name="Podzimní turnaj", prefix="o")
    today = timezone.localdate()
    Tournament.objects.filter(pk=setup.tournament.pk).update(date=today)
    Tournament.objects.filter(pk=old.tournament.pk).update(date=today - timedelta(days=30))
    cache.clear()
    yield setup
    cache.clear()


def phone(browser) -> Page:
    context = browser.new_context(locale="cs-CZ", viewport=PHONE, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def fits(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{page.url}: {width} px wide"


def test_a_spectator_finds_his_table_by_name_from_the_home_page(live_server, browser, hall):
    seat = (Seat.objects.filter(round__tournament=hall.tournament, round__number=1)
            .select_related("registration__player", "table").order_by("table__number",
                                                                       "position")[5])
    player = seat.registration.player
    page = phone(browser)
    page.goto(live_server.url + "/")
    fits(page)
    page.get_by_role("link", name=re.compile("Vánoční turnaj Přerov")).click()
    page.wait_for_url(f"{live_server.url}/t/{hall.tournament.pk}/")
    fits(page)
    page.get_by_label("Vaše jméno").fill(player.first_name)
    page.get_by_role("button", name="Najít").click()
    page.wait_for_url(re.compile(r"/find/\?q="))
    fits(page)
    found = page.locator(".found li, ul.found > li").filter(has_text=player.last_name)
    found.locator("a.found-seat").click()
    page.wait_for_url(f"{live_server.url}/t/{hall.tournament.pk}/round/1/table/"
                      f"{seat.table.number}/")
    expect(page.get_by_text(player.last_name).first).to_be_visible()
    page.context.close()


def test_a_referee_logs_in_and_lands_on_his_tournament(live_server, browser, hall):
    page = phone(browser)
    page.goto(live_server.url + "/")
    page.locator(".site-nav").get_by_role("link", name="Přihlásit se").click()
    page.fill("input[name=username]", "referee")
    page.fill("input[name=password]", "heslo-referee")
    page.locator("form").get_by_role("button", name="Přihlásit se").click()
    page.wait_for_url(live_server.url + "/")
    mine = page.locator(".front-staff")
    expect(mine.get_by_role("heading", name="Vaše turnaje")).to_be_visible()
    expect(mine).to_contain_text("Vánoční turnaj Přerov")
    expect(mine).not_to_contain_text("Podzimní turnaj")
    fits(page)
    mine.locator(f'a[href="/tournaments/{hall.tournament.pk}/log/"]').click()
    page.wait_for_url(f"{live_server.url}/tournaments/{hall.tournament.pk}/log/")
    expect(page.locator("h1")).to_be_visible()
    page.context.close()
