"""The round clock's script (seating/static/seating/clock.js) stops asking the server when its
page goes away and once the server no longer knows the round: pages left open asked
``/t/<id>/round/<n>/clock/`` after their test, when the database was gone, and CI logged an
"Internal Server Error" (the tests' side of the fix: tests/browser/conftest.py closes them).

Time is Playwright's fake clock, so the four-second poll costs no waiting."""

import pytest
from django.urls import reverse

from marias_admin.seating.services import round_start_clock
from tests import factories
from tests.browser.helpers import open_as

pytestmark = pytest.mark.django_db(transaction=True)

FOLLOW_MS = 4000  # the clock's data-follow-ms


def test_the_clock_stops_asking_when_its_page_goes_away_or_its_round_is_gone(browser,
                                                                            live_server):
    setup = factories.tournament(players=8, name="Hodiny")
    round = factories.seated_round(setup, 1, state="released")
    round_start_clock(user=setup.staff.organiser, round=round, minutes=45)
    path = reverse("sheets:table", args=(setup.tournament.pk, 1, 1))
    page = open_as(browser, live_server.url, "referee", path, "heslo-referee")
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith("/clock/") else None)
    page.clock.install()
    page.reload()  # the script's timers are the fake clock's from here
    page.wait_for_selector('[data-round-clock][data-follow-ms="4000"]')
    clock_url = reverse("seating:round_clock_state", args=(setup.tournament.pk, 1))

    def run(ms: int) -> None:
        page.clock.run_for(ms)
        page.wait_for_timeout(400)  # a request the timers made gets its answer

    run(FOLLOW_MS + 100)
    assert [url for url in asked if url.endswith(clock_url)] == [live_server.url + clock_url]

    # The page goes away (pagehide): no more asking, however long it stays around.
    page.evaluate("window.dispatchEvent(new PageTransitionEvent('pagehide', {persisted: true}))")
    asked.clear()
    run(5 * FOLLOW_MS)
    assert asked == []
    # Back from the back-forward cache: asks at once, then goes on following.
    page.evaluate("window.dispatchEvent(new PageTransitionEvent('pageshow', {persisted: true}))")
    run(FOLLOW_MS + 100)
    assert len(asked) == 2

    # The server no longer knows the round (404): asked once, then never again.
    gone = reverse("seating:round_clock_state", args=(setup.tournament.pk, 99))
    page.evaluate("url => { document.querySelector('[data-round-clock]').dataset.clockUrl = url; }",
                  gone)
    asked.clear()
    run(FOLLOW_MS + 100)
    assert asked == [live_server.url + gone]
    run(4 * FOLLOW_MS)
    assert asked == [live_server.url + gone]
    page.context.close()


def test_a_page_its_test_leaves_open_goes_on_polling_until_the_test_ends(browser, live_server):
    """The first half of the teardown check: a page with a running clock, left open."""
    setup = factories.tournament(players=8, name="Zapomenutá")
    round = factories.seated_round(setup, 1, state="released")
    round_start_clock(user=setup.staff.organiser, round=round, minutes=45)
    page = open_as(browser, live_server.url, "referee",
                   reverse("sheets:table", args=(setup.tournament.pk, 1, 1)), "heslo-referee")
    page.wait_for_selector("[data-round-clock]")
    assert page.context in browser.contexts  # not closed here on purpose


def test_the_page_left_open_was_closed_before_the_database_went(browser):
    """The second half (runs next, file order): tests/browser/conftest.py closed it."""
    assert browser.contexts == []
