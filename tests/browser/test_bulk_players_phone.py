"""The bulk player table in a browser: it fits a 360 px phone with tap-sized fields, and the
Tab key walks it row by row (sex, year of birth, region, club, then the next player)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests.browser import helpers
from tests.factories import make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "Hromadne-360-px"


def test_bulk_table_fits_a_phone_and_tabs_row_by_row(live_server, browser):
    organiser = get_user_model().objects.create_user("org", password=PASSWORD)
    tournament = make_tournament(organiser, players=4)
    path = reverse("tournaments:players_bulk", args=[tournament.pk])
    page = helpers.open_as(browser, live_server.url, "org", path, PASSWORD)

    page.set_viewport_size({"width": 1366, "height": 800})
    page.focus("#id_p-0-sex")
    walked = []
    for _step in range(5):
        page.keyboard.press("Tab")
        walked.append(page.evaluate("document.activeElement.id"))
    assert walked == ["id_p-0-birth_year", "id_p-0-region", "id_p-0-club", "id_p-1-sex",
                      "id_p-1-birth_year"]

    page.set_viewport_size({"width": 360, "height": 740})
    measured = page.evaluate(helpers.MEASURE, helpers.TAP)
    assert measured["width"] <= 360, measured["wide"]
    assert not measured["small"], measured["small"]
    page.context.close()
