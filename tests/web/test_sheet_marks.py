"""The table sheet's legend for the facts without a column of their own (issue 23): a sto
proti beside the declarer's own sto (OBE L239-241, PAG L46), the čtyřka partner's seven (SLS
L42-46), a trhák's compulsory flek on one part (SLS B/19 L204) and the dohrávka's renoncs (SLS
D4 L260). Built without the database: the sheet is pure reportlab."""

from __future__ import annotations

import dataclasses
from datetime import date

import pytest
from django.utils import translation

from marias_admin.printouts.data import RoundInfo, SeatingTable, SheetData, SheetPlayer
from marias_admin.printouts.table_sheets import build_table_sheets, sheet_marks
from tests.web.helpers import assert_pdf_inside, pdf_pieces

BASE = RoundInfo(tournament_name="Vánoční turnaj", date=date(2026, 12, 20), venue="Brno",
                 round_number=1, starts_at=None, round_minutes=90, language="en",
                 premium_points=False)
KRIZOVY = dataclasses.replace(BASE, announcements_against=True, partnerships=True,
                              dohravka=True, table_points=(4, 2, 1, 0))
CTYRKA = dataclasses.replace(BASE, announcements_against=True, partnerships=True,
                             honours=True, table_points=(4, 2, 1, 0))
PLAYERS = tuple(SheetPlayer(seat, f"Jan{seat}", f"Novák{seat}") for seat in range(1, 5))


def _text(info: RoundInfo) -> str:
    sheet = SheetData(info, SeatingTable(3, PLAYERS), url="https://example.org/t/1")
    content = build_table_sheets([sheet])
    assert_pdf_inside("table sheet", content)
    return " ".join(piece[1] for piece in pdf_pieces(content))


def test_no_legend_where_nothing_is_new() -> None:
    with translation.override("en"):
        assert sheet_marks(BASE) == ""


@pytest.mark.parametrize(("info", "marks"), [
    (KRIZOVY, ("100 against", "trh@3", "dohr", "bez dohr")),
    (CTYRKA, ("100 against", "7@2")),
])
def test_the_legend_is_on_the_sheet(info: RoundInfo, marks: tuple[str, ...]) -> None:
    with translation.override("en"):
        text = _text(info)
    for mark in marks:
        assert mark in text, mark
    if not info.dohravka:
        assert "trh@3" not in text
