"""Issue 27: logged-in visitors (organisers polling their standings) get the standings table
from the cache of the tournament's current results, and a confirmed sheet shows at once."""

from __future__ import annotations

import re
from datetime import datetime
from unittest import mock

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from marias_admin.seating.models import Table
from marias_admin.sheets.models import SheetState, TableSheet
from marias_admin.sheets.services import sheet_confirm
from tests.factories import make_user, played_field

pytestmark = pytest.mark.django_db


def _table(html: str) -> str:
    """The standings table of a page, without the render time ("Updated at …")."""
    body = html[html.index('<table class="data standings">'):]
    return body[:body.index("</table>")]


def _get(client, url, **headers):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, **headers)
    assert response.status_code == 200
    return response.content.decode(), len(queries)


def test_the_organisers_table_comes_from_the_cache_until_a_result_changes(client):
    organiser = make_user("organiser")
    generated = played_field(12, 2, organiser=organiser, unconfirmed=1)
    tournament = generated.tournament
    client.force_login(organiser)
    url = reverse("standings:standings", args=(tournament.pk,))

    first, rendered = _get(client, url)
    second, cached = _get(client, url)
    assert _table(second) == _table(first)
    assert cached < rendered  # the standings' queries were not made again
    assert 'class="notice warning provisional"' in first  # round 2: one table to confirm
    # the htmx refresh is the same fragment, from the cache too
    partial, partial_queries = _get(client, url, HTTP_HX_REQUEST="true")
    assert _table(partial) == _table(first) and partial_queries <= cached

    # the last table is confirmed: the next poll shows its players' round 2 at once
    table = Table.objects.get(round__tournament=tournament, round__number=2,
                              sheet__state=SheetState.SUBMITTED)
    sheet = TableSheet.objects.get(table=table)
    sheet_confirm(user=organiser, sheet=sheet, expected_version=sheet.version)
    after, queries = _get(client, url)
    assert 'class="notice warning provisional"' not in after
    assert queries == rendered  # rendered anew, with the same queries as before
    rows = dict(re.findall(r'data-registration="(\d+)"(.*?)</tr>', _table(after), re.S))
    seated = list(table.seats.values_list("registration_id", flat=True))
    assert seated and all(rows[str(r)].count('round-col') == 2 for r in seated)
    before_rows = dict(re.findall(r'data-registration="(\d+)"(.*?)</tr>', _table(first), re.S))
    assert any(before_rows[str(r)] != rows[str(r)] for r in seated)


def test_the_update_time_is_the_answers_not_the_cached_tables(client):
    """The table comes from the cache, "Updated at" never does: a poll a minute later says the
    poll's time, or an organiser would think the page had stopped refreshing."""
    organiser = make_user("organiser")
    tournament = played_field(9, 1, organiser=organiser).tournament
    client.force_login(organiser)
    url = reverse("standings:standings", args=(tournament.pk,))
    times = [timezone.make_aware(datetime(2026, 4, 12, 9, 5, 7)),
             timezone.make_aware(datetime(2026, 4, 12, 9, 6, 38))]
    pages = []
    for when, headers in zip(times, ({}, {"HTTP_HX_REQUEST": "true"}), strict=True):
        with mock.patch("marias_admin.standings.views.timezone.now", return_value=when):
            pages.append(_get(client, url, **headers))
    (first, rendered), (second, cached) = pages
    assert cached < rendered  # the second table came from the cache
    assert _table(second) == _table(first)
    assert "9:05:07" in first and "9:05:07" not in second
    assert "9:06:38" in second
