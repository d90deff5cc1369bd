"""A tournament's registration list as an Excel workbook (.xlsx).

One row per registration under a bold, frozen header row with an autofilter, built from
column specs (:mod:`marias_admin.core.columns`) like the standings exports: numbers are stored
as numbers and the check-in time as a real date cell (``12. 4. 2025 9:05``, in English
``12 Apr 2025 9:05``), so the sheet sorts and filters properly. Headers, statuses and the
date format are in the active language.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext as _
from openpyxl import Workbook

from marias_admin.core.columns import Column, date_column, write_sheet
from marias_admin.core.xlsx import workbook_bytes
from marias_admin.tournaments.models import Registration, Tournament
from marias_admin.tournaments.selectors import registrations

Row = tuple[int, Registration]  # (number in the list, the registration)


def sheet_title(text: str) -> str:
    """A valid worksheet name: at most 31 characters, none of []:*?/\\."""
    cleaned = re.sub(r"[\[\]:*?/\\]", " ", text).strip() or "Sheet"
    return cleaned[:31]


def registration_columns() -> list[Column[Row]]:
    """The export's columns, headed in the active language."""
    def club(row: Row) -> Any:
        return row[1].player.club.name if row[1].player.club else None

    return [
        Column(_("No."), lambda row: row[0]),
        Column(_("Last name"), lambda row: row[1].player.last_name),
        Column(_("First name"), lambda row: row[1].player.first_name),
        Column(_("Club"), club),
        Column(_("Registration number"), lambda row: row[1].player.registration_number or None),
        Column(_("Status"), lambda row: row[1].get_status_display()),
        Column(_("Seeding rank"), lambda row: row[1].seed_rank),
        Column(_("First round"), lambda row: row[1].first_round),
        date_column(_("Checked in"), lambda row: row[1].checked_in_at, with_time=True),
        Column(_("E-mail"), lambda row: row[1].player.email or None),
        Column(_("Phone"), lambda row: row[1].player.phone or None),
    ]


def registrations_xlsx(tournament: Tournament) -> bytes:
    """The registration list of ``tournament`` as the bytes of an .xlsx file."""
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = sheet_title(_("Registrations"))
    workbook.properties.title = str(tournament)
    workbook.properties.creator = "marias_admin"
    # Alphabetically in the tournament's alphabet, as on the registration page.
    rows = list(enumerate(registrations(tournament), start=1))
    write_sheet(sheet, registration_columns(), rows)
    return workbook_bytes(workbook)
