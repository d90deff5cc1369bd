"""The table sheet of pagat's four-player game (PAG L109-116, variant ``all_four``): its legend
says how to write the tricks the declarer of a lost Durch mit Partner took himself (PAG L115),
which the sheet has no column for; other sheets do not carry that line."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, time

from marias_admin.printouts.data import RoundInfo
from marias_admin.printouts.table_sheets import build_table_sheets, sheet_marks
from tests.printouts.helpers import page_text, sheet

PAGAT_FOUR = RoundInfo("Čtyřka U Lípy", date(2026, 11, 21), "Hospoda U Lípy", 1, time(10, 0),
                       90, language="en", premium_points=False, announcements_against=True,
                       rate=20, rate_is_unit=True, partnerships=True, declarer_tricks=True)


def test_the_legend_names_the_declarers_tricks() -> None:
    assert "zd5" in sheet_marks(PAGAT_FOUR)
    assert "zd5" not in sheet_marks(replace(PAGAT_FOUR, declarer_tricks=False))
    text = " ".join(page_text(build_table_sheets([sheet(PAGAT_FOUR, 1)])).split())
    assert "zd5 in the description" in text and "took 5 tricks himself" in text
    assert "Partner" in text  # the called partner's column (L110)
