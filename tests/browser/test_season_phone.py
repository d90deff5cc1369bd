"""The season pages read on a 360 px phone (issue 27): a name wraps between its words, never
inside one; the season's total stays in sight while the tournaments scroll under it; a
player's season lines fit the phone, each with its calculation under it. In Czech, on the
demo season (`make run` loads it)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from playwright.sync_api import Browser, Page

from marias_admin.demo.season import load_season_demo

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}

# Every word of every name, and whether it lies on one line (a word broken letter by letter
# spreads over several line boxes).
BROKEN_WORDS = """() => {
  const broken = [];
  for (const cell of document.querySelectorAll('main td.name a')) {
    const text = cell.firstChild;
    const re = /\\S+/g;
    let m;
    while ((m = re.exec(text.data)) !== null) {
      const range = document.createRange();
      range.setStart(text, m.index);
      range.setEnd(text, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) broken.push(m[0]);
    }
  }
  return broken;
}"""
# Where the first row's total (BP after the dropped results) is, before and after the table
# is scrolled to its left end.
TOTAL_AT = """() => {
  const cell = document.querySelector('main table.season tbody tr td.bp');
  const r = cell.getBoundingClientRect();
  return {left: r.left, right: r.right};
}"""
CUT_TABLES = """() => [...document.querySelectorAll('main table.season-lines')]
  .filter((t) => t.parentElement.scrollWidth > t.parentElement.clientWidth + 1)
  .map((t) => t.parentElement.scrollWidth + ' px in ' + t.parentElement.clientWidth)"""


@pytest.fixture
def season(transactional_db):
    cache.clear()  # the public pages' cache outlives a test's database
    admin = get_user_model().objects.create_superuser("director", password="Sezona-360-px")
    competition = load_season_demo(admin)
    yield competition
    cache.clear()


def phone(browser: Browser) -> Page:
    page = browser.new_context(locale="cs-CZ", viewport=PHONE, is_mobile=True,
                               has_touch=True).new_page()
    page.set_default_timeout(15_000)
    return page


def test_season_pages_read_on_a_phone(live_server, browser: Browser, season):
    page = phone(browser)
    page.goto(f"{live_server.url}/seasons/{season.pk}/")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.locator("main td.name a").count() == 14
    assert page.evaluate(BROKEN_WORDS) == []
    wrapper = page.locator("main .table-scroll").first
    assert wrapper.evaluate("(el) => el.scrollWidth > el.clientWidth")  # the rest scrolls
    total = page.evaluate(TOTAL_AT)
    assert total["left"] >= 0 and total["right"] <= PHONE["width"]  # in sight, not cut
    wrapper.evaluate("(el) => { el.scrollLeft = el.scrollWidth; }")
    assert page.evaluate(TOTAL_AT)["right"] <= PHONE["width"]

    rankings = page.locator("main .season-rankings a")
    rankings.first.click()
    page.wait_for_url(f"**/seasons/{season.pk}/rankings/**")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate(BROKEN_WORDS) == []

    page.locator("main td.name a").first.click()
    page.wait_for_url(f"**/seasons/{season.pk}/players/**")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate(CUT_TABLES) == []
    first = page.locator("main table.season-lines").first
    assert first.locator(".tournament-name").first.is_hidden()  # the day and place instead
    assert first.locator(".tournament-venue").first.is_visible()
    how = first.locator("tr.line-how td").first
    assert how.is_visible() and "hráč" in how.inner_text()  # "the table for fields of …"
    box = how.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"]
