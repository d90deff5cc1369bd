"""A tournament's registration list as an Excel workbook (.xlsx).

One row per registration under a bold, frozen header row with an autofilter; numbers are
stored as numbers and the check-in time as a date, so the sheet sorts and filters properly.
Headers and statuses are in the active language.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter

from marias_admin.core.xlsx import workbook_bytes
from marias_admin.tournaments.models import Tournament
from marias_admin.tournaments.selectors import registrations

DATETIME_FORMAT = "d.m.yyyy h:mm"
MIN_WIDTH, MAX_WIDTH = 5, 50


def _local_naive(value: datetime | None) -> datetime | None:
    """Excel has no time zones: the local wall-clock time."""
    if value is None:
        return None
    if timezone.is_aware(value):
        value = timezone.localtime(value)
    return value.replace(tzinfo=None, microsecond=0)


def sheet_title(text: str) -> str:
    """A valid worksheet name: at most 31 characters, none of []:*?/\\."""
    cleaned = re.sub(r"[\[\]:*?/\\]", " ", text).strip() or "Sheet"
    return cleaned[:31]


def registration_rows(tournament: Tournament) -> tuple[list[str], list[list[Any]]]:
    """(headers, rows) of the export, in the active language."""
    headers = [
        _("No."), _("Last name"), _("First name"), _("Club"), _("Registration number"),
        _("Status"), _("Seeding rank"), _("First round"), _("Checked in"), _("E-mail"),
        _("Phone"),
    ]
    rows: list[list[Any]] = []
    # Alphabetically in the tournament's alphabet, as on the registration page.
    for number, registration in enumerate(registrations(tournament), start=1):
        player = registration.player
        rows.append([
            number,
            player.last_name,
            player.first_name,
            player.club.name if player.club else None,
            player.registration_number or None,
            registration.get_status_display(),
            registration.seed_rank,
            registration.first_round,
            _local_naive(registration.checked_in_at),
            player.email or None,
            player.phone or None,
        ])
    return headers, rows


def registrations_xlsx(tournament: Tournament) -> bytes:
    """The registration list of ``tournament`` as the bytes of an .xlsx file."""
    headers, rows = registration_rows(tournament)
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = sheet_title(_("Registrations"))
    workbook.properties.title = str(tournament)
    workbook.properties.creator = "marias_admin"

    sheet.append(headers)
    bold = Font(bold=True)
    fill = PatternFill("solid", fgColor="EEEAE2")
    for cell in sheet[1]:
        cell.font = bold
        cell.fill = fill
        cell.alignment = Alignment(vertical="center")
    for values in rows:
        sheet.append(values)
        for cell in sheet[sheet.max_row]:
            if isinstance(cell.value, datetime):
                cell.number_format = DATETIME_FORMAT

    for index, header in enumerate(headers, start=1):
        values = [header, *(row[index - 1] for row in rows)]
        width = max(len(DATETIME_FORMAT) + 4 if isinstance(v, datetime) else len(str(v))
                    for v in values if v is not None)
        sheet.column_dimensions[get_column_letter(index)].width = min(
            MAX_WIDTH, max(MIN_WIDTH, width + 2))

    sheet.freeze_panes = "A2"
    last_row = max(1, sheet.max_row)
    sheet.auto_filter.ref = f"A1:{get_column_letter(len(headers))}{last_row}"
    sheet.print_title_rows = "1:1"
    sheet.page_setup.orientation = "landscape"
    sheet.page_setup.fitToWidth = 1
    sheet.page_setup.fitToHeight = 0
    sheet.sheet_properties.pageSetUpPr.fitToPage = True

    return workbook_bytes(workbook)
