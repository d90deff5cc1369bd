"""An xlsx sheet built from column specs: each column knows its header, how to read its value
from a row's object, and its Excel number format (every export: registrations, standings,
hand log, seating).

Money and points are numbers, never text, so a spreadsheet sums and sorts them; their
formats follow the site's convention (:mod:`scoring.formatting`): money with two decimals and
the currency (``#,##0.00 "Kč"``), points as ``0`` when every value is whole and ``0.0`` when
halves occur (never ``0.##``, which Excel shows as "4." for a whole number). Excel itself
shows the decimal mark and thousands separator of the reader's locale. Dates and times are
real date cells (Excel has no time zones: the local wall-clock time) shown in the export's
language: ``12. 4. 2025 9:05`` in Czech and Slovak, ``12 Apr 2025 9:05`` in English.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from fractions import Fraction
from typing import Any, Generic, TypeVar

from django.utils import timezone
from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from marias_admin.core.formatting import language
from marias_admin.core.xlsx import needs_text_cell, text_cell
from scoring.formatting import currency_symbol

Item = TypeVar("Item")
NumberFormat = str | Callable[[Sequence[Any]], str] | None

HEADER_FILL = "EEEAE2"
MIN_WIDTH, MAX_WIDTH = 5, 50
# Excel date formats per language (scoring.formatting's convention); [$-809] (English, UK)
# makes "mmm" an English month name whatever the reader's Excel speaks.
DATE_FORMATS = {"cs": "d. m. yyyy", "sk": "d. m. yyyy", "en": "[$-809]d mmm yyyy"}
TIME_FORMAT = "h:mm"


def date_format(lang: str | None = None, *, with_time: bool = False) -> str:
    """Excel number format of a date column in ``lang`` (default: the active language):
    ``d. m. yyyy`` (en ``[$-809]d mmm yyyy``), with ``h:mm`` after it for a date and time."""
    fmt = DATE_FORMATS[language(lang)]
    return f"{fmt} {TIME_FORMAT}" if with_time else fmt


def money_format(currency: str) -> str:
    """Excel number format of a money column: ``#,##0.00 "Kč"`` (``"€"`` for euros)."""
    return f'#,##0.00 "{currency_symbol(currency, "cs")}"'


def points_format(values: Sequence[Any]) -> str:
    """``0`` for whole points, ``0.0`` when halves occur, ``0.00`` for quarters and finer."""
    places = 0
    for value in values:
        if isinstance(value, float) and not value.is_integer():
            text = f"{value:.2f}".rstrip("0")
            places = max(places, len(text.split(".")[1]))
    return "0" if places == 0 else "0." + "0" * min(places, 2)


def number(value: Fraction | Decimal | int | float | None) -> int | float | None:
    """A cell value: whole numbers as ints, others as floats (Excel has nothing finer)."""
    if value is None:
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, Decimal):  # PB from the database: no Fraction needed to tell
        return int(value) if value == value.to_integral_value() else float(value)
    if Fraction(value).denominator == 1:
        return int(value)
    return float(value)


def money(minor: Fraction | int | None, per_major: int = 100) -> int | float | None:
    """Minor units (haléř, cent) → crowns/euros, rounded to the cent."""
    if minor is None:
        return None
    if type(minor) is int and 100 % per_major == 0:
        # At most two decimals already: Python's int division is correctly rounded, so this
        # is the float the exact path below gives, without two Fractions per cell.
        return minor / per_major
    return float(round(Fraction(minor) / per_major, 2))  # rounded exactly, then a cell float


@dataclass(frozen=True)
class Column(Generic[Item]):
    """One column: its header, the value of a row's object, its number format (a format, or
    a function choosing one from the column's values, or None for text and plain integers)."""

    header: str
    value: Callable[[Item], Any]
    number_format: NumberFormat = None

    def format_for(self, values: Sequence[Any]) -> str | None:
        if callable(self.number_format):
            return self.number_format(values)
        return self.number_format


def money_column(header: str, minor: Callable[[Item], Fraction | int | None], currency: str,
                 per_major: int = 100) -> Column[Item]:
    """Money in the smallest unit shown as crowns/euros with the currency."""
    return Column(header, lambda item: money(minor(item), per_major), money_format(currency))


def points_column(header: str, points: Callable[[Item], Fraction | Decimal | int | None]
                  ) -> Column[Item]:
    """BP or PB: whole numbers as ``0``, halves as ``0.0``."""
    return Column(header, lambda item: number(points(item)), points_format)


def local_naive(value: datetime | date | None) -> datetime | date | None:
    """A cell value: Excel has no time zones, so an aware datetime becomes the local
    wall-clock time (to the second)."""
    if not isinstance(value, datetime):
        return value
    if timezone.is_aware(value):
        value = timezone.localtime(value)
    return value.replace(tzinfo=None, microsecond=0)


def date_column(header: str, value: Callable[[Item], datetime | date | None], *,
                with_time: bool = False, lang: str | None = None) -> Column[Item]:
    """A date (``with_time``: date and time) as a real date cell in the export's language."""
    return Column(header, lambda item: local_naive(value(item)),
                  date_format(lang, with_time=with_time))


def write_sheet(sheet: Worksheet, columns: Sequence[Column[Item]], items: Sequence[Item],
                freeze: str = "A2") -> list[list[Any]]:
    """Header + one row per item with the house style (bold filled header, frozen header row,
    autofilter, widths, landscape fit-to-width); returns the rows written."""
    rows = [[column.value(item) for column in columns] for item in items]
    sheet.append([column.header for column in columns])
    bold, fill = Font(bold=True), PatternFill("solid", fgColor=HEADER_FILL)
    for cell in sheet[1]:
        cell.font, cell.fill = bold, fill
        cell.alignment = Alignment(vertical="center", wrap_text=False)
    for values in rows:
        sheet.append(values)
    for index, (fmt, width) in enumerate(_widths_and_formats(columns, rows)):
        letter = get_column_letter(index + 1)
        if fmt:
            for row_number, values in enumerate(rows, start=2):
                if isinstance(values[index], date | int | float):  # datetime too
                    sheet[f"{letter}{row_number}"].number_format = fmt
        sheet.column_dimensions[letter].width = width
    _house_layout(sheet, len(columns), max(1, sheet.max_row), freeze)
    return rows


def _widths_and_formats(columns: Sequence[Column[Any]], rows: Sequence[Sequence[Any]]
                        ) -> list[tuple[str | None, float]]:
    """Each column's number format and width (its longest value as shown), for both
    writers."""
    result: list[tuple[str | None, float]] = []
    for index, column in enumerate(columns):
        values = [row[index] for row in rows]
        fmt = column.format_for([v for v in values if v is not None])
        lengths = [len(str(column.header))]
        for value in values:
            if value is None:
                continue
            if fmt and isinstance(value, date):
                lengths.append(len(re.sub(r"\[[^]]*\]", "", fmt)) + 4)
            elif fmt and isinstance(value, int | float):
                lengths.append(len(f"{value:,.2f}") + 4)
            else:
                lengths.append(len(str(value)))
        result.append((fmt, min(MAX_WIDTH, max(MIN_WIDTH, max(lengths) + 2))))
    return result


def _house_layout(sheet: Any, column_count: int, last_row: int, freeze: str) -> None:
    """Frozen header, autofilter over the rows, header row printed on every page,
    landscape fit to width: the same in a normal and a write-only sheet."""
    sheet.freeze_panes = freeze
    sheet.auto_filter.ref = f"A1:{get_column_letter(max(1, column_count))}{last_row}"
    sheet.print_title_rows = "1:1"
    sheet.page_setup.orientation = "landscape"
    sheet.page_setup.fitToWidth = 1
    sheet.page_setup.fitToHeight = 0
    sheet.sheet_properties.pageSetUpPr.fitToPage = True


def write_rows_streaming(workbook: Workbook, title: str, columns: Sequence[Column[Any]],
                         rows: Sequence[Sequence[Any]], freeze: str = "A2") -> None:
    """The sheet :func:`write_sheet` makes — same cells, formats, widths and house style —
    in a write-only workbook (``Workbook(write_only=True)``), from rows of values already
    read (each row: the columns' values in order).

    For the big exports (a tournament's hand log: 5 760 rows × 18 columns, issue 27): the
    rows go straight to the file instead of a cell object each with its own style, and text
    is protected here as it is written (:mod:`marias_admin.core.xlsx`), since a write-only
    sheet cannot be swept after."""
    sheet = workbook.create_sheet(title)
    specs = _widths_and_formats(columns, rows)
    for index, (_fmt, width) in enumerate(specs):
        sheet.column_dimensions[get_column_letter(index + 1)].width = width
    _house_layout(sheet, len(columns), len(rows) + 1, freeze)
    bold, fill = Font(bold=True), PatternFill("solid", fgColor=HEADER_FILL)
    alignment = Alignment(vertical="center", wrap_text=False)
    header = []
    for column in columns:
        cell = WriteOnlyCell(sheet, value=str(column.header))
        cell.font, cell.fill, cell.alignment = bold, fill, alignment
        header.append(text_cell(sheet, cell))
    sheet.append(header)
    # One styled cell per formatted column, its value set for each row: a write-only sheet
    # writes a row out as it is appended, so the cell is free again for the next row.
    formatted = []
    for index, (fmt, _width) in enumerate(specs):
        if fmt:
            cell = WriteOnlyCell(sheet)
            cell.number_format = fmt
            formatted.append((index, cell))
    for values in rows:
        out: list[Any] = list(values)
        for index, value in enumerate(out):
            if type(value) is str and needs_text_cell(value):
                out[index] = text_cell(sheet, WriteOnlyCell(sheet, value=value))
        for index, cell in formatted:
            value = out[index]
            if isinstance(value, int | float | date):
                cell.value = value
                out[index] = cell
        sheet.append(out)
