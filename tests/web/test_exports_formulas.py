"""Issue 10 item 13: nothing a user typed comes back from an export as a spreadsheet formula.

Player and club names, a scorekeeper's reason for deleting a hand and a referee's ruling text
start with ``=``, ``+``, ``-`` and ``@``; every xlsx export (registrations, standings, hands,
seating) must hold them as text cells with Excel's quote prefix, and no cell may be a formula.
"""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from marias_admin.sheets.models import RulingKind
from marias_admin.sheets.services import hand_delete, ruling_add, sheet_confirm, sheet_submit
from marias_admin.tournaments.models import RegistrationStatus
from marias_admin.tournaments.services import player_create, registration_create
from tests import factories

pytestmark = pytest.mark.django_db

LINK = '=HYPERLINK("http://evil.example/","Results")'
NAMES = [(LINK, "Petr"), ("+1+1", "Jan"), ("-2+3", "Karel"), ("@SUM(1+1)", "Josef")]
CLUB = "=1+1"
DELETE_REASON = "=cmd|' /C calc'!A0"
RULING_REASON = "@SUM(9+9)"

EXPORTS = {
    "registrations": lambda t: reverse("players:export_registrations", args=[t.pk]),
    "standings": lambda t: reverse("exports:standings_xlsx", args=[t.pk]),
    "hands": lambda t: reverse("exports:hands_xlsx", args=[t.pk]),
    "seating": lambda t: reverse("exports:seating_xlsx", args=[t.pk]),
}
# What each export must contain (it shows names; the hand log also the typed reasons).
EXPECTED = {
    "registrations": {LINK, "+1+1", "-2+3", "@SUM(1+1)", CLUB},
    "standings": {LINK, "+1+1", "-2+3", "@SUM(1+1)", CLUB},
    "hands": {DELETE_REASON, RULING_REASON},
    "seating": {LINK, "+1+1", "-2+3", "@SUM(1+1)", CLUB},
}


@pytest.fixture
def hostile():
    """A played, confirmed round whose players, club and typed reasons look like formulas."""
    setup = factories.tournament(players=4)
    organiser = setup.staff.organiser
    for last, first in NAMES:
        player = player_create(user=organiser, first_name=first, last_name=last, club_name=CLUB)
        setup.registrations.append(registration_create(
            user=organiser, tournament=setup.tournament, player=player,
            status=RegistrationStatus.PRESENT))
    round = factories.seated_round(setup, 1, state="released")
    for table in round.tables.all():
        sheet = factories.sheet(round, table.number)
        factories.add_hand(sheet, "7k+ tr4")  # complete hands: trumps given (issue 21)
        factories.add_hand(sheet, "7k+ tr4", dealer=2, declarer=3)
        if table.number == 1:
            record = sheet.hands.get(number=2)
            sheet.refresh_from_db()
            hand_delete(user=setup.staff.scorekeeper, record=record,
                        expected_version=sheet.version, reason=DELETE_REASON)
            ruling_add(user=setup.staff.referee, sheet=sheet, kind=RulingKind.OTHER,
                       reason=RULING_REASON, hand=sheet.hands.get(number=1))
        sheet.refresh_from_db()
        sheet_submit(user=setup.staff.scorekeeper, sheet=sheet, expected_version=sheet.version)
        sheet.refresh_from_db()
        sheet_confirm(user=setup.staff.referee, sheet=sheet, expected_version=sheet.version)
    return setup


@pytest.mark.parametrize("kind", list(EXPORTS))
def test_typed_text_comes_back_as_text_never_a_formula(client, hostile, kind):
    client.force_login(hostile.staff.organiser)
    response = client.get(EXPORTS[kind](hostile.tournament))
    assert response.status_code == 200
    workbook = load_workbook(io.BytesIO(response.content))
    texts = {}
    for sheet in workbook.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                assert cell.data_type != "f", (kind, cell.coordinate, cell.value)
                if isinstance(cell.value, str):
                    assert cell.data_type == "s", (kind, cell.coordinate, cell.value)
                    texts[cell.value] = cell
    found = {text for text in texts if any(bad in text for bad in EXPECTED[kind])}
    for bad in EXPECTED[kind]:
        assert any(bad in text for text in found), (kind, bad, sorted(texts))
    for text in found:
        if text.startswith(("=", "+", "-", "@")):
            # Excel's quote prefix: the cell stays text even when the organiser edits it
            assert texts[text].quotePrefix, (kind, text)

