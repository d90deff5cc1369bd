"""Saving exported workbooks so that nothing a user typed runs as a formula.

Player and club names, delete reasons and ruling texts are typed by organisers, scorekeepers
and importers; an export is opened by the organiser in Excel or LibreOffice. openpyxl stores any
string beginning with ``=`` as a formula, and spreadsheets also evaluate text beginning with
``+``, ``-`` or ``@`` when a cell is edited — so ``=HYPERLINK(...)`` as a surname would become
a live link (or worse) on the organiser's machine. Every export saves through
:func:`workbook_bytes`, which makes each text cell a string cell and marks the dangerous ones
with Excel's quote prefix (the invisible ``'`` that keeps a cell text even when edited). No
export writes formulas on purpose, so the sweep needs no exceptions.
"""

from __future__ import annotations

import io
from typing import Any

from openpyxl import Workbook
from openpyxl.cell.cell import ERROR_CODES

# What spreadsheets read as the start of a formula (OWASP "CSV injection").
FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r", "\n")


def protect_text_cells(workbook: Workbook) -> None:
    """Every string cell of every sheet becomes text, never a formula."""
    for sheet in workbook.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                value = cell.value
                if not isinstance(value, str):
                    continue
                cell.data_type = "s"
                if value.startswith(FORMULA_PREFIXES):
                    cell.quotePrefix = True


def needs_text_cell(value: str) -> bool:
    """Whether openpyxl would not store ``value`` as a plain text cell by itself: a formula
    ("=…"), an error code ("#N/A") or text a spreadsheet evaluates when edited."""
    return value.startswith(FORMULA_PREFIXES) or value in ERROR_CODES


def text_cell(sheet: Any, cell: Any) -> Any:
    """``cell`` (a write-only cell of ``sheet``) kept as text, as :func:`protect_text_cells`
    keeps a cell of a normal sheet: written while streaming (a write-only sheet cannot be
    swept after)."""
    value = cell.value
    if isinstance(value, str):
        cell.data_type = "s"
        if value.startswith(FORMULA_PREFIXES):
            cell.quotePrefix = True
    return cell


def streamed_bytes(workbook: Workbook) -> bytes:
    """The .xlsx bytes of a write-only ``workbook`` whose text cells were written through
    :func:`text_cell` (its sheets cannot be read back to be swept)."""
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def workbook_bytes(workbook: Workbook) -> bytes:
    """The .xlsx bytes of ``workbook``, with its text cells protected."""
    protect_text_cells(workbook)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()

