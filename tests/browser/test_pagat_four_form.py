"""Pagat's four-player game on the table page's form by fields (PAG L115, variant
``all_four``): the declarer's own tricks show only for a Durch mit Partner that is lost, and
a lost one entered so is saved with its money (seat 1 pays both opponents, his partner nothing).

The world is set up through the services (tests/factories.py); every wait is for something the
page shows.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from marias_admin.sheets.models import HandRecord
from marias_admin.tournaments.rule_variants import overrides_with
from tests import factories
from tests.browser.helpers import open_as

pytestmark = pytest.mark.browser

PAGAT = "pagat-voleny"


def test_the_declarers_tricks_follow_the_contract_and_its_result(live_server, browser: Browser,
                                                                  transactional_db):
    setup = factories.tournament(players=4, ruleset_code=PAGAT,
                                 ruleset_overrides=overrides_with(PAGAT, ["all_four"]))
    factories.seated_round(setup)
    keeper = setup.staff.scorekeeper
    path = f"/t/{setup.tournament.pk}/round/1/table/1/"
    page = open_as(browser, live_server.url, keeper.username, path + "?entry=form",
                   "heslo-" + keeper.username)
    try:
        form = page.locator("#entry form.struct-form")
        tricks = form.locator("input[name='form-declarer_tricks']")
        form.locator("select[name='form-dealer']").select_option("4")
        form.locator("input[name='form-declarer'][value='1']").check()
        form.locator("select[name$='-contract']").select_option("durch_partner")
        expect(tricks).to_be_hidden()  # not lost yet
        form.locator("select[name='form-durch_won']").select_option("won")
        expect(tricks).to_be_hidden()
        form.locator("select[name='form-durch_won']").select_option("lost")
        expect(tricks).to_be_visible()
        form.locator("select[name$='-contract']").select_option("durch")
        expect(tricks).to_be_hidden()  # a durch alone has no partner to spare
        form.locator("select[name$='-contract']").select_option("durch_partner")
        expect(tricks).to_be_visible()
        form.locator("select[name='form-partner']").select_option("4")
        tricks.fill("5")
        form.locator("button[type=submit]").first.click()
        expect(page.locator("body")).to_contain_text("zdvihy aktéra 5")
        # The text may already show in the form's live preview: wait for the saved hand.
        for _attempt in range(100):
            if HandRecord.objects.exists():
                break
            page.wait_for_timeout(50)
        assert HandRecord.objects.get().money == [-400, 200, 200, 0]
    finally:
        page.context.close()
