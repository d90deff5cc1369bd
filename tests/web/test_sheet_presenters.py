"""The table page's presenters: who deleted a hand is named as people know him, and the
presenters shape already-loaded data without queries of their own."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from marias_admin.sheets.models import HandRecord
from marias_admin.sheets.presenters.account import account_rows
from marias_admin.sheets.services import hand_delete
from tests.factories import add_hands, make_world, sheet_of
from tests.web.helpers import client_for, page_url

pytestmark = pytest.mark.django_db


@pytest.fixture
def deleted():
    world = make_world()
    add_hands(world, 2)
    organiser = world["users"]["organiser"]
    organiser.first_name, organiser.last_name = "Olga", "Pořadatelová"
    organiser.save()
    sheet = sheet_of(world)
    record = HandRecord.objects.get(sheet=sheet, number=1)
    hand_delete(user=organiser, record=record, expected_version=sheet.version, reason="omyl")
    return world, record


def test_who_deleted_a_hand_is_shown_by_full_name(deleted):
    world, record = deleted
    referee = client_for(world["users"]["referee"])
    page = referee.get(page_url(world, deleted="1", hand="1")).content.decode()
    assert "omyl – Olga Pořadatelová" in page  # the account's line
    assert ", Olga Pořadatelová: omyl" in page  # the open hand's panel
    history = referee.get(reverse("sheets:hand_history",
                                  args=(*world["args"], record.pk))).content.decode()
    assert "Olga Pořadatelová: omyl" in history
    assert "organiser: omyl" not in page + history


def test_account_rows_read_nothing_more(deleted):
    world, _ = deleted
    response = client_for(world["users"]["organiser"]).get(page_url(world, deleted="1"))
    page = response.context["page"]
    with CaptureQueriesContext(connection) as queries:
        rows, account = account_rows(page, show_deleted=True)
    assert len(queries) == 0
    assert [r.deleted_by for r in rows] == ["Olga Pořadatelová", ""]
    assert sum(account.money) == 0
