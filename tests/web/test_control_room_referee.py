"""The control room for the tournament's referees (issue 24): its own page with the live rows,
confirming a submitted table or opening a handed-in one again from its row, with the same
second-person rule as the table page; the organiser keeps the room on the round page."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.db import transaction
from django.test import Client
from django.urls import reverse

from marias_admin.audit.models import AuditEntry
from marias_admin.seating.services import round_start_clock
from marias_admin.sheets.models import SheetState, TableSheet
from marias_admin.sheets.services import sheet_confirm, sheet_submit
from tests import factories
from tests.web.module_world import each_test_in_a_savepoint  # noqa: F401 (autouse)

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """Round 1 of 16 players released: table 1 submitted by the scorekeeper, table 2 submitted
    by the referee (who entered its hand), table 3 confirmed, table 4 not started. Built once,
    rolled back after the module."""
    with django_db_blocker.unblock(), transaction.atomic():
        setup = factories.tournament(players=16, name="Velín rozhodčích")
        round = factories.seated_round(setup, 1, state="released")
        round_start_clock(user=setup.staff.organiser, round=round, minutes=60)
        staff = setup.staff
        for table, writer in ((1, staff.scorekeeper), (2, staff.referee), (3, staff.scorekeeper)):
            sheet = factories.sheet(round, table)
            factories.add_hand(sheet, "7k+ tr4", by=writer)
            sheet.refresh_from_db()
            sheet = sheet_submit(user=writer, sheet=sheet, expected_version=None)
            if table == 3:
                sheet_confirm(user=staff.organiser, sheet=sheet, expected_version=None)
        stranger = factories.user("cizi-rozhodci")
        with django_db_blocker.block():
            yield {"setup": setup, "stranger": stranger}
        transaction.set_rollback(True)



def _client(user) -> Client:
    """Logged in, reading English (the switcher's cookie beats the tournament's Czech)."""
    client = Client()
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


def _url(world, name: str, *args) -> str:
    return reverse(f"seating:{name}", args=(world["setup"].tournament.pk, 1, *args))


def _state(world, table: int) -> str:
    return TableSheet.objects.get(table__round__tournament=world["setup"].tournament,
                                  table__round__number=1, table__number=table).state


def _rows(html: str) -> dict[int, str]:
    return {int(n): row for n, row in re.findall(r'<tr [^>]*data-table="(\d+)"(.*?)</tr>', html,
                                                  flags=re.S)}


def test_a_referee_opens_the_control_room_with_its_rows_and_clock(world):
    referee = _client(world["setup"].staff.referee)
    response = referee.get(_url(world, "round_control"))
    assert response.status_code == 200
    html = response.content.decode()
    rows = _rows(html)
    assert set(rows) == {1, 2, 3, 4}
    assert 'data-confirm-table="1"' in rows[1]
    assert "data-confirm-table" not in rows[3] + rows[4]  # only a submitted sheet
    assert 'data-reopen-table="3"' in rows[3] and "data-reopen-table" not in rows[4]
    assert "data-round-clock" in html  # the clock shows...
    assert reverse("seating:round_clock", args=(world["setup"].tournament.pk, 1)) not in html
    # ...but only the organisers set it; the filters lead to this page, not the round page.
    control = _url(world, "round_control")
    assert f'href="{control}?state=submitted#control-room"' in html
    round_page = _url(world, "round")
    assert f'href="{round_page}?' not in html and f'href="{round_page}#' not in html
    assert f'hx-get="{_url(world, "round_tables_status")}"' in html


def test_the_live_part_polled_by_a_referee_keeps_the_referees_page(world):
    html = _client(world["setup"].staff.referee).get(
        _url(world, "round_tables_status"), {"flag": "any"}).content.decode()
    assert f'href="{_url(world, "round_control")}?state=open&amp;flag=any#control-room"' in html
    organiser = _client(world["setup"].staff.organiser).get(
        _url(world, "round_tables_status")).content.decode()
    assert f'href="{_url(world, "round")}?state=open#control-room"' in organiser


@pytest.mark.parametrize("who", ["scorekeeper", "stranger"])
def test_others_get_no_control_room(world, who):
    user = world["stranger"] if who == "stranger" else world["setup"].staff.scorekeeper
    client = _client(user)
    assert client.get(_url(world, "round_control")).status_code == 403
    assert client.post(_url(world, "round_table_confirm", 1)).status_code == 403
    assert client.post(_url(world, "round_table_reopen", 3), {"reason": "x"}).status_code == 403
    assert _state(world, 1) == SheetState.SUBMITTED and _state(world, 3) == SheetState.CONFIRMED


def test_a_referee_confirms_a_table_from_its_row_and_returns_to_his_room(world):
    referee = world["setup"].staff.referee
    response = _client(referee).post(_url(world, "round_table_confirm", 1),
                                     {"state": "submitted"})
    assert response.status_code == 302
    assert response["Location"] == _url(world, "round_control") + "?state=submitted#control-room"
    assert _state(world, 1) == SheetState.CONFIRMED
    entry = AuditEntry.objects.filter(action="sheet.confirmed").latest("at")
    assert entry.user == referee


def test_a_referee_who_entered_the_sheet_cannot_confirm_it(world):
    client = _client(world["setup"].staff.referee)
    response = client.post(_url(world, "round_table_confirm", 2), follow=True)
    assert _state(world, 2) == SheetState.SUBMITTED
    errors = [str(m) for m in response.context["messages"] if m.level_tag == "error"]
    assert errors and "confirmed by someone other than who submitted it" in errors[0]
    # A second person (the organiser) may.
    _client(world["setup"].staff.organiser).post(_url(world, "round_table_confirm", 2))
    assert _state(world, 2) == SheetState.CONFIRMED


def test_a_referee_opens_a_confirmed_table_again_with_a_reason(world):
    client = _client(world["setup"].staff.referee)
    refused = client.post(_url(world, "round_table_reopen", 3), {"reason": "  "}, follow=True)
    assert _state(world, 3) == SheetState.CONFIRMED  # no reason, no change
    assert any(m.level_tag == "error" for m in refused.context["messages"])
    response = client.post(_url(world, "round_table_reopen", 3), {"reason": "chybný součet"})
    assert response["Location"] == _url(world, "round_control") + "#control-room"
    assert _state(world, 3) == SheetState.DRAFT
    entry = AuditEntry.objects.filter(action="sheet.draft").latest("at")
    assert entry.user == world["setup"].staff.referee and entry.reason == "chybný součet"


def test_opening_a_sheet_nobody_started_is_refused(world):
    client = _client(world["setup"].staff.referee)
    response = client.post(_url(world, "round_table_reopen", 4), {"reason": "omyl"}, follow=True)
    assert any(m.level_tag == "error" for m in response.context["messages"])
    assert not TableSheet.objects.filter(table__round__tournament=world["setup"].tournament,
                                         table__number=4, state=SheetState.DRAFT,
                                         version__gt=0).exists()


def test_the_organiser_confirms_from_the_round_page_and_returns_there(world):
    response = _client(world["setup"].staff.organiser).post(_url(world, "round_table_confirm", 1))
    assert response["Location"] == _url(world, "round") + "#control-room"


def test_a_referee_finds_the_control_room_on_the_front_door(world):
    home = _client(world["setup"].staff.referee).get("/").content.decode()
    assert f'href="{_url(world, "round_control")}"' in home
    assert "Tables in play, round 1" in home
    organiser = _client(world["setup"].staff.organiser).get("/").content.decode()
    assert _url(world, "round_control") not in organiser  # the round page has it


def test_a_round_not_yet_released_has_no_rows_yet(world):
    second = reverse("seating:round_control", args=(world["setup"].tournament.pk, 2))
    html = _client(world["setup"].staff.referee).get(second).content.decode()
    assert "its tables show here once its seating is released" in html
    assert "data-table=" not in html
