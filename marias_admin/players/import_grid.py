"""Reading an uploaded xlsx or csv file into a grid of cell texts, within safe limits.

Pure: no database access, no idea of what the columns mean beyond telling a csv delimiter
by the headers it makes readable. Every import reads its file here, so the limits against
hostile or broken files (oversized, zip bombs, runaway sheets) hold for all of them, and each
refusal is an :class:`ImportFileError` naming the limit it hit.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from datetime import date, datetime
from typing import Any

from django.utils.translation import gettext_lazy as _

from marias_admin.core.spreadsheet_import import ImportFileError, max_upload_bytes, size_label
from marias_admin.players.import_headers import match_header

MAX_ROWS = 2000  # data rows; a federation's whole register fits, a runaway sheet does not
MAX_COLUMNS = 60
HEADER_SEARCH_ROWS = 10  # the header may sit below a title line or two
# Limits that keep a hostile or broken file from tying a worker up for minutes: every one is
# far above what a real player list needs, and each refusal names the limit it hit.
MAX_SHEET_ROWS = 10_000  # physical rows of a worksheet read, blank ones included
MAX_CELL_LENGTH = 300  # characters kept of a cell (longer than any field, so "too long" shows)
MAX_ZIP_MEMBERS = 500
MAX_XLSX_UNPACKED_BYTES = 20 * 1024 * 1024  # all parts of the workbook together
MAX_XLSX_PART_BYTES = 5 * 1024 * 1024  # one part (a worksheet, the shared strings)
MAX_COMPRESSION_RATIO = 100  # real workbooks compress 5-20 times; bombs a thousand times
RATIO_CHECK_FROM_BYTES = 1024 * 1024


def _quoted(value: str, limit: int = 40) -> str:
    return value if len(value) <= limit else value[: limit - 1] + "…"


def cell_text(value: Any) -> str:
    """A cell value as the text an organiser would type: 1234.0 -> "1234", no stray spaces."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, float):
        if value.is_integer():
            return str(int(value))
        return repr(value)
    if isinstance(value, datetime):
        return value.date().isoformat() if value.time() == datetime.min.time() else (
            value.isoformat(sep=" "))
    if isinstance(value, date):
        return value.isoformat()
    text = str(value).replace("\u00a0", " ")
    # One character over the limit is kept, so that a mapped field still shows "too long".
    return re.sub(r"\s+", " ", text).strip()[:MAX_CELL_LENGTH + 1]


XLSX_MAGIC = b"PK\x03\x04"


def read_grid(filename: str, data: bytes) -> list[tuple[int, list[str]]]:
    """(row number, cell texts) of an uploaded .xlsx or .csv file (decided by its content,
    named by its name), within the limits against hostile files: the one reader of every
    import, whatever its columns."""
    if not data:
        raise ImportFileError(_("The file is empty."))
    limit = max_upload_bytes()
    if len(data) > limit:
        raise ImportFileError(_("The file is too large (%(size)s); at most %(max)s can be "
                                "imported.") % {"size": size_label(len(data)),
                                                "max": size_label(limit)})
    if data.startswith(XLSX_MAGIC):
        return read_xlsx(data)
    if filename.lower().endswith(".xlsx") or data.startswith(b"\xd0\xcf\x11\xe0"):
        raise ImportFileError(_("The file is not a readable Excel workbook (.xlsx). Save it "
                                "as “Excel Workbook (.xlsx)” or as CSV and try again."))
    return read_csv(data)


def check_xlsx_archive(data: bytes) -> None:
    """Refuse a workbook whose parts would unpack to more than a player list ever needs.

    Runs before openpyxl sees the file: openpyxl reads the shared strings whole, so a 400 kB
    upload holding one 400 MB string would otherwise take gigabytes. The sizes checked are the
    ones the archive declares; :mod:`zipfile` never unpacks more than that (a lying header
    ends in a CRC error), so they are a safe bound.
    """
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError) as exc:
        raise ImportFileError(_("The file is not a readable Excel workbook (.xlsx).")) from exc
    if len(members) > MAX_ZIP_MEMBERS:
        raise ImportFileError(_("The workbook has too many parts (more than %(max)s); it is "
                                "not a plain player list.") % {"max": MAX_ZIP_MEMBERS})
    total = 0
    for member in members:
        total += member.file_size
        too_big = member.file_size > MAX_XLSX_PART_BYTES
        packed = max(member.compress_size, 1)
        absurd = (member.file_size > RATIO_CHECK_FROM_BYTES
                  and member.file_size / packed > MAX_COMPRESSION_RATIO)
        if too_big or absurd or total > MAX_XLSX_UNPACKED_BYTES:
            raise ImportFileError(_(
                "The workbook unpacks to too much data (%(size)s in “%(part)s”; at most "
                "%(max)s per part and %(total)s in all are read). Copy the player list into a "
                "new workbook, or save it as CSV, and try again.") % {
                    "size": size_label(member.file_size), "part": _quoted(member.filename),
                    "max": size_label(MAX_XLSX_PART_BYTES),
                    "total": size_label(MAX_XLSX_UNPACKED_BYTES)})


def _too_many_columns() -> ImportFileError:
    return ImportFileError(_("The file has data in more than %(max)s columns; at most %(max)s "
                             "columns are read. Delete the columns that are not needed.")
                           % {"max": MAX_COLUMNS})


def read_xlsx(data: bytes) -> list[tuple[int, list[str]]]:
    """(row number, cell texts) for the rows of the first worksheet."""
    from openpyxl import load_workbook

    check_xlsx_archive(data)
    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # zipfile, XML and openpyxl errors of every kind
        raise ImportFileError(_("The file is not a readable Excel workbook (.xlsx).")) from exc
    try:
        sheet = workbook.active  # the sheet the organiser saw last, else the first one
        if not hasattr(sheet, "iter_rows"):
            sheet = workbook.worksheets[0] if workbook.worksheets else None
        if sheet is None:
            raise ImportFileError(_("The workbook has no worksheet."))
        # The declared dimension (<dimension ref="A1:A5000000"/>) is not trusted: openpyxl
        # would pad the sheet with empty rows up to it. Only rows actually present are read.
        sheet.reset_dimensions()
        # The rows where the header may be are read in full width: a column named beyond
        # the limit would otherwise be dropped without a word. Below them a cell past the
        # limit is only looked at in the first column beyond it.
        for values in sheet.iter_rows(max_row=HEADER_SEARCH_ROWS, values_only=True):
            if any(cell_text(v) for v in values[MAX_COLUMNS:]):
                raise _too_many_columns()
        grid: list[tuple[int, list[str]]] = []
        for number, values in enumerate(
                sheet.iter_rows(max_col=MAX_COLUMNS + 1, values_only=True), start=1):
            if number > MAX_SHEET_ROWS:
                raise ImportFileError(_(
                    "The worksheet goes on below row %(max)s; at most %(max)s rows are read. "
                    "Delete the rows below the player list (even empty or formatted ones) "
                    "and try again.") % {"max": MAX_SHEET_ROWS})
            cells = [cell_text(v) for v in values]
            if len(cells) > MAX_COLUMNS:
                if cells[MAX_COLUMNS]:
                    raise _too_many_columns()
                cells = cells[:MAX_COLUMNS]
            if any(cells):
                grid.append((number, cells))
                if len(grid) > MAX_ROWS + HEADER_SEARCH_ROWS:
                    break
        return grid
    except ImportFileError:
        raise
    except Exception as exc:
        raise ImportFileError(_("The file is not a readable Excel workbook (.xlsx).")) from exc
    finally:
        workbook.close()


def decode_text(data: bytes) -> str:
    """Text of a csv file: UTF-8 (with or without BOM), UTF-16 with BOM, else Windows-1250."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise ImportFileError(_("The file is not a readable CSV file.")) from exc
    if b"\x00" in data:
        raise ImportFileError(_("The file is not a readable CSV file (it looks binary)."))
    for encoding in ("utf-8-sig", "cp1250"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise ImportFileError(_("The file is not a readable CSV file: unknown text encoding "
                            "(UTF-8 or Windows-1250 expected)."))


DELIMITERS = (";", ",", "\t")


def _csv_error(exc: csv.Error) -> ImportFileError:
    """A clear message for the csv module's refusals (an over-long field above all)."""
    if "field larger than field limit" in str(exc):
        return ImportFileError(_("The file has a value longer than %(max)s characters (perhaps "
                                 "an unclosed quotation mark); it is not a plain player list.")
                               % {"max": csv.field_size_limit()})
    return ImportFileError(_("The file is not a readable CSV file."))


def sniff_delimiter(text: str) -> str:
    """The delimiter (; , or tab) that makes the most of the header, else the commonest."""
    lines = [line for line in text.splitlines() if line.strip()][:HEADER_SEARCH_ROWS + 5]
    if not lines:
        return ";"
    best: tuple[int, int, int] | None = None
    choice = ";"
    for preference, delimiter in enumerate(DELIMITERS):
        try:
            rows = list(csv.reader(lines, delimiter=delimiter))
        except csv.Error as exc:
            raise _csv_error(exc) from exc
        recognised = max((sum(1 for c in r if match_header(c)) for r in rows), default=0)
        widths = [len(r) for r in rows]
        consistent = max(widths.count(w) for w in set(widths)) if max(widths) > 1 else 0
        score = (recognised, consistent, -preference)
        if best is None or score > best:
            best, choice = score, delimiter
    return choice


def read_csv(data: bytes) -> list[tuple[int, list[str]]]:
    """(row number, cell texts) for the non-empty lines of a csv file."""
    text = decode_text(data)
    delimiter = sniff_delimiter(text)
    grid: list[tuple[int, list[str]]] = []
    try:
        reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
        for number, values in enumerate(reader, start=1):
            if any(v.strip() for v in values[MAX_COLUMNS:]):
                raise _too_many_columns()
            cells = [cell_text(v) for v in values[:MAX_COLUMNS]]
            if any(cells):
                grid.append((number, cells))
                if len(grid) > MAX_ROWS + HEADER_SEARCH_ROWS:
                    break
    except csv.Error as exc:
        raise _csv_error(exc) from exc
    return grid

