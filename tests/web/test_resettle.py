"""Issue 27: ``manage.py resettle`` settles every stored hand again and names the ones whose
stored money or PB the engine no longer gives (here: one deliberately altered in the database)."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import translation

from marias_admin.sheets.models import HandRecord
from marias_admin.sheets.resettle import resettle
from marias_admin.tournaments.models import Tournament
from tests.factories import add_hands, make_world, sheet_of, shorthand

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    """Table 1 with seven hands through the services: six of the same sedma (one settlement
    for them all) and a sto with PB facts."""
    from marias_admin.sheets.services import hand_add

    world = make_world()
    add_hands(world, 6)
    sheet = sheet_of(world)
    hand_add(user=world["users"]["keeper"], sheet=sheet, expected_version=sheet.version,
             hand=shorthand(world, "100+7c f100 60+40 s+ tr3 e+ x-", 1, 2))
    return world


def _run(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with translation.override("en"):
        try:
            call_command("resettle", *args, stdout=out)
        except SystemExit as exit:
            return int(exit.code or 0), out.getvalue()
    return 0, out.getvalue()


def test_stored_hands_settle_alike_and_repeats_settle_once(world):
    report = resettle(Tournament.objects.filter(pk=world["t"].pk))
    assert (report.hands, report.differences) == (7, [])
    assert report.settled < report.hands  # a repeated hand is settled once
    code, out = _run("--tournament", str(world["t"].pk))
    assert code == 0 and "7 hands of 1 tournaments" in out and ": 0 differ." in out


def test_an_altered_hand_is_reported(world):
    record = HandRecord.objects.filter(sheet=sheet_of(world)).order_by("number")[2]
    stored = (record.money_1, record.money_2, record.money_3, record.money_4)
    HandRecord.objects.filter(pk=record.pk).update(money_1=stored[0] + 10,
                                                   money_2=stored[1] - 10)
    report = resettle(Tournament.objects.filter(pk=world["t"].pk))
    (difference,) = report.differences
    assert (difference.record, difference.hand, difference.round, difference.table) == (
        record.pk, record.number, 1, 1)
    assert difference.engine[0] == stored and difference.stored[0] != stored
    code, out = _run("--all")
    assert code == 1
    assert f"hand {record.number} (record {record.pk})" in out and ": 1 differ." in out


def test_a_hand_the_engine_refuses_is_reported(world):
    record = HandRecord.objects.filter(sheet=sheet_of(world)).order_by("number").first()
    HandRecord.objects.filter(pk=record.pk).update(hand={**record.hand, "contract": "no-such"})
    (difference,) = resettle(Tournament.objects.filter(pk=world["t"].pk)).differences
    assert isinstance(difference.engine, str) and difference.record == record.pk


def test_the_command_needs_a_scope(world):
    with pytest.raises(CommandError):
        call_command("resettle")
    with pytest.raises(CommandError):
        call_command("resettle", "--tournament", str(world["t"].pk + 100))
    with pytest.raises(CommandError):
        call_command("resettle", "--season", "999")
