"""Reading player lists from xlsx and csv files, and the checks a row can fail on its own.

Pure: no database access. :mod:`marias_admin.tournaments.player_import` adds what needs the database
(existing players, clubs, registrations) and does the writing.

A file becomes a :class:`ParsedFile`: which column holds which field, which columns were
ignored, and one :class:`RawRow` per non-empty data row, numbered as in the spreadsheet
(the header is row 1). :func:`check_rows` turns raw rows into :class:`CheckedRow` objects
carrying their :class:`Problem` list.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from enum import StrEnum
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.translation import gettext_lazy as _

from marias_admin.core.spreadsheet_import import (
    ImportFileError,
    KeptFile,
    RowStatus,
    max_upload_bytes,
    size_label,
)
from marias_admin.players.models import MAX_BIRTH_YEAR, MIN_BIRTH_YEAR
from marias_admin.players.registration_numbers import (
    DEFAULT_REGISTRATION_NUMBER_PATTERN,
    normalise_registration_number,
    registration_number_key,
)

__all__ = ["DEFAULT_REGISTRATION_NUMBER_PATTERN", "ImportFileError", "RowStatus",
           "max_upload_bytes", "normalise_registration_number", "registration_number_key",
           "size_label"]

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
MAX_SEED_DIGITS = 6
SEED_PATTERN = re.compile(rf"[0-9]{{1,{MAX_SEED_DIGITS}}}")


# Field lengths of the Player and Club models (checked here so that a row that passes the
# checks can always be written).
MAX_LENGTH = {"first_name": 60, "last_name": 60, "club": 120, "registration_number": 20,
              "email": 254, "phone": 30, "region": 60}

FIELDS = ("last_name", "first_name", "club", "registration_number", "email", "phone", "seed",
          "sex", "birth_year", "region")
FIELD_LABELS = {
    "last_name": _("last name"),
    "first_name": _("first name"),
    "full_name": _("first and last name"),
    "full_name_reversed": _("last and first name"),
    "club": _("club"),
    "registration_number": _("registration number"),
    "email": _("e-mail"),
    "phone": _("phone"),
    "seed": _("seeding rank"),
    "sex": _("sex"),
    "birth_year": _("year of birth"),
    "region": _("region"),
}

# Header spellings, compared after normalise_header(): lower case, no diacritics, runs of
# anything but letters and digits turned into one space.
HEADER_ALIASES: dict[str, tuple[str, ...]] = {
    "last_name": ("prijmeni", "priezvisko", "last name", "lastname", "surname", "family name"),
    "first_name": ("jmeno", "meno", "first name", "firstname", "given name", "krestni jmeno",
                   "krstne meno"),
    "full_name": ("jmeno a prijmeni", "meno a priezvisko", "jmeno prijmeni", "meno priezvisko",
                  "cele jmeno", "cele meno", "name", "full name", "player", "hrac"),
    "full_name_reversed": ("prijmeni a jmeno", "priezvisko a meno", "prijmeni jmeno",
                           "priezvisko meno", "last name first name"),
    "club": ("klub", "club", "oddil", "oddiel"),
    "registration_number": ("registracni cislo", "registracne cislo", "reg c", "reg cislo",
                            "cislo", "number", "registration number", "reg no",
                            "reg number", "registration no", "cislo registrace"),
    "email": ("e mail", "email", "mail"),
    "phone": ("telefon", "phone", "tel", "mobil", "mobile", "telephone", "telefonni cislo",
              "telefonne cislo"),
    "seed": ("nasazeni", "nasadenie", "seed", "seeding", "seed rank", "seeding rank"),
    "sex": ("pohlavi", "pohlavie", "sex", "gender", "m z", "z m"),
    "birth_year": ("rok narozeni", "rok narodenia", "birth year", "year of birth", "narozen",
                   "narodeny", "rocnik", "datum narozeni", "datum narodenia", "date of birth",
                   "born"),
    "region": ("kraj", "region", "okres", "district"),
}
_ALIAS_TO_FIELD = {alias: name for name, aliases in HEADER_ALIASES.items() for alias in aliases}
NAME_FIELDS = ("last_name", "first_name", "full_name", "full_name_reversed")


class Severity(StrEnum):
    ERROR = "error"
    INFO = "info"


PROBLEM_MESSAGES = {
    "missing_name": _("missing name"),
    "missing_last_name": _("missing last name"),
    "missing_first_name": _("missing first name"),
    "bad_registration_number": _("bad registration number “%(value)s”"),
    "bad_email": _("bad e-mail address “%(value)s”"),
    "bad_seed": _("bad seeding rank “%(value)s” (a whole number from 1 is expected)"),
    "bad_sex": _("bad sex “%(value)s” (F/Ž for female or M for male is expected)"),
    "bad_birth_year": _("bad year of birth “%(value)s” (a year from %(min)s to %(max)s is "
                        "expected)"),
    "too_long": _("%(field)s is too long (at most %(max)s characters)"),
    "duplicate_number": _("duplicate in file: registration number %(value)s is already in "
                          "row %(row)s"),
    "duplicate_name": _("duplicate in file: the same name and club are already in row %(row)s"),
    "duplicate_player": _("duplicate in file: the same player as in row %(row)s"),
    "number_taken": _("registration number %(value)s belongs to another player: %(player)s"),
    "ambiguous_player": _("%(count)s existing players have this name and club; add the "
                          "registration number"),
    "already_registered": _("already registered in this tournament (skipped)"),
    "existing_player": _("matches existing player %(player)s"),
    "new_club": _("unknown club “%(club)s” — will be created"),
}
NAME_MISSING_CODES = frozenset({"missing_name", "missing_last_name", "missing_first_name"})
ERROR_CODES = NAME_MISSING_CODES | frozenset({"bad_registration_number", "bad_email", "bad_seed",
                         "bad_sex", "bad_birth_year",
                         "too_long", "duplicate_number", "duplicate_name", "duplicate_player",
                         "number_taken",
                         "ambiguous_player"})


@dataclass(frozen=True)
class Problem:
    code: str
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, code: str, **params: Any) -> Problem:
        if code not in PROBLEM_MESSAGES:
            raise ValueError(code)
        # A cell quoted back is cut short: the preview must stay readable whatever was typed.
        if isinstance(params.get("value"), str):
            params["value"] = _quoted(params["value"])
        return cls(code, tuple(sorted(params.items())))

    @property
    def severity(self) -> Severity:
        return Severity.ERROR if self.code in ERROR_CODES else Severity.INFO

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    @property
    def message(self) -> str:
        """The message in the active language."""
        template = str(PROBLEM_MESSAGES[self.code])
        return template % dict(self.params) if self.params else template

    def __str__(self) -> str:
        return self.message


def _quoted(value: str, limit: int = 40) -> str:
    return value if len(value) <= limit else value[: limit - 1] + "…"


@dataclass
class RawRow:
    """One data row as read: every value a stripped string ("" when empty)."""

    row: int
    first_name: str = ""
    last_name: str = ""
    club: str = ""
    registration_number: str = ""
    email: str = ""
    phone: str = ""
    seed: str = ""
    sex: str = ""
    birth_year: str = ""
    region: str = ""


@dataclass
class ParsedFile(KeptFile):
    """What was read from an uploaded file; JSON-friendly via as_dict()/from_dict()."""

    filename: str
    columns: dict[str, str]  # field (incl. full_name[_reversed]) -> header as in the file
    ignored: list[str]
    rows: list[RawRow]
    row_type = RawRow


# Spellings of the sex column, compared after normalise_header().
SEX_VALUES = {
    "female": ("f", "z", "zena", "female", "woman", "w", "zeny", "zenske", "zensky",
               "zenska"),
    "male": ("m", "muz", "male", "man", "muzi", "muzske", "muzsky"),
}
_SEX_BY_TEXT = {text: value for value, texts in SEX_VALUES.items() for text in texts}
BIRTH_YEAR_PATTERN = re.compile(r"([0-9]{4})(?:-[0-9]{2}-[0-9]{2}(?: .*)?)?")
BIRTH_DATE_PATTERN = re.compile(r"[0-9]{1,2}\. ?[0-9]{1,2}\. ?([0-9]{4})")


def parse_sex(text: str) -> str | None:
    """"Ž", "žena", "F", "female" -> "female"; "M", "muž" -> "male"; "" -> ""; else None."""
    key = normalise_header(text)
    if not key:
        return ""
    return _SEX_BY_TEXT.get(key)


def parse_birth_year(text: str) -> int | None:
    """"1956", "1956-03-01" (a date cell), "1. 3. 1956" -> 1956; None if not a year."""
    text = text.strip()
    match = BIRTH_YEAR_PATTERN.fullmatch(text) or BIRTH_DATE_PATTERN.fullmatch(text)
    if match is None:
        return None
    year = int(match.group(1))
    return year if MIN_BIRTH_YEAR <= year <= MAX_BIRTH_YEAR else None


@dataclass
class CheckedRow:
    """A row after normalising and the file-only checks."""

    row: int
    first_name: str
    last_name: str
    club: str
    registration_number: str  # normalised ("" if none)
    email: str
    phone: str
    seed: int | None
    problems: list[Problem] = field(default_factory=list)
    sex: str = ""  # a Sex value ("female", "male") or ""
    birth_year: int | None = None
    region: str = ""

    @property
    def full_name(self) -> str:
        return " ".join(p for p in (self.last_name, self.first_name) if p)

    @property
    def has_error(self) -> bool:
        return any(p.is_error for p in self.problems)


# --- headers ---------------------------------------------------------------------------------


def strip_diacritics(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def normalise_header(text: str) -> str:
    plain = strip_diacritics(text).casefold()
    return re.sub(r"[^0-9a-z]+", " ", plain).strip()


def match_header(text: str) -> str | None:
    """The field a header names, or None (case-, diacritics- and punctuation-insensitive)."""
    key = normalise_header(text)
    if not key:
        return None
    return _ALIAS_TO_FIELD.get(key)


def map_header(cells: list[str]) -> tuple[dict[int, str], dict[str, str], list[str]]:
    """(column index -> field, field -> header text, ignored header texts)."""
    by_index: dict[int, str] = {}
    headers: dict[str, str] = {}
    ignored: list[str] = []
    for index, text in enumerate(cells):
        if not text:
            continue
        name = match_header(text)
        if name is None or name in headers:
            ignored.append(text)
            continue
        by_index[index] = name
        headers[name] = text
    # A lone "jméno"/"meno"/"first name" column without a surname column holds whole names.
    if "first_name" in headers and "last_name" not in headers and not (
            {"full_name", "full_name_reversed"} & headers.keys()):
        index = next(i for i, n in by_index.items() if n == "first_name")
        by_index[index] = "full_name"
        headers["full_name"] = headers.pop("first_name")
    return by_index, headers, ignored


def _has_name_column(headers: dict[str, str]) -> bool:
    return ("last_name" in headers or "full_name" in headers
            or "full_name_reversed" in headers)


# --- cell values -----------------------------------------------------------------------------


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


def split_full_name(value: str, *, surname_first: bool = False) -> tuple[str, str]:
    """(first name, last name) from "Jan Novák" (split on the last space) or "Novák Jan"."""
    value = value.strip()
    if " " not in value:
        return "", value
    if surname_first:
        last, first = value.split(" ", 1)
    else:
        first, last = value.rsplit(" ", 1)
    return first.strip(), last.strip()


# --- reading files ---------------------------------------------------------------------------

XLSX_MAGIC = b"PK\x03\x04"


def read_upload(filename: str, data: bytes) -> ParsedFile:
    """Parse an uploaded .xlsx or .csv player list."""
    return parse_grid(filename, read_grid(filename, data))


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


def parse_grid(filename: str, grid: Iterable[tuple[int, list[str]]]) -> ParsedFile:
    """Find the header (first row naming a name column), then read the rows below it."""
    lines = list(grid)
    header_at: int | None = None
    for position, (_number, cells) in enumerate(lines[:HEADER_SEARCH_ROWS]):
        _by_index, headers, _ignored = map_header(cells)
        if _has_name_column(headers):
            header_at = position
            break
    if header_at is None:
        raise ImportFileError(_(
            "No column with the players' names was found. The first row must name the "
            "columns, e.g. “Příjmení”, “Jméno”, “Klub”, “Registrační číslo”."))
    by_index, headers, ignored = map_header(lines[header_at][1])
    rows = [_raw_row(number, cells, by_index) for number, cells in lines[header_at + 1:]]
    if not rows:
        raise ImportFileError(_("The file has a header but no players."))
    if len(rows) > MAX_ROWS:
        raise ImportFileError(_("The file has too many rows (at most %(max)s players).")
                              % {"max": MAX_ROWS})
    return ParsedFile(filename=filename, columns=headers, ignored=ignored, rows=rows)


def _raw_row(number: int, cells: list[str], by_index: dict[int, str]) -> RawRow:
    values: dict[str, str] = {}
    for index, name in by_index.items():
        values[name] = cells[index] if index < len(cells) else ""
    raw = RawRow(row=number, **{k: v for k, v in values.items() if k in FIELDS})
    if values.get("full_name") and not (raw.first_name or raw.last_name):
        raw.first_name, raw.last_name = split_full_name(values["full_name"])
    elif values.get("full_name_reversed") and not (raw.first_name or raw.last_name):
        raw.first_name, raw.last_name = split_full_name(values["full_name_reversed"],
                                                        surname_first=True)
    return raw


# --- row checks ------------------------------------------------------------------------------

MAX_SEED = 100_000


def is_valid_email(value: str) -> bool:
    try:
        validate_email(value)
    except ValidationError:
        return False
    return True


def text_key(value: str) -> str:
    """Case-insensitive comparison key that keeps diacritics (Novák != Novak)."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", value)).strip().casefold()


def person_key(first_name: str, last_name: str, club: str) -> tuple[str, str, str]:
    return text_key(first_name), text_key(last_name), text_key(club)


def check_row(raw: RawRow, pattern: re.Pattern[str]) -> CheckedRow:
    problems: list[Problem] = []
    number_ok = True
    try:
        number = normalise_registration_number(raw.registration_number, pattern)
    except ValidationError:
        number, number_ok = re.sub(r"\s+", "", raw.registration_number).upper(), False
    seed: int | None = None
    if raw.seed:
        # ASCII digits only, and few of them: "²".isdigit() is true but int("²") fails, and
        # int() of thousands of digits is refused by Python itself.
        seed_text = raw.seed.strip().rstrip(".")
        if re.fullmatch(SEED_PATTERN, seed_text) and (
                1 <= int(seed_text) <= MAX_SEED):
            seed = int(seed_text)
        else:
            problems.append(Problem.of("bad_seed", value=raw.seed))
    sex = parse_sex(raw.sex)
    if sex is None:
        problems.append(Problem.of("bad_sex", value=raw.sex))
    birth_year: int | None = None
    if raw.birth_year.strip():
        birth_year = parse_birth_year(raw.birth_year)
        if birth_year is None:
            problems.append(Problem.of("bad_birth_year", value=raw.birth_year,
                                       min=MIN_BIRTH_YEAR, max=MAX_BIRTH_YEAR))
    row = CheckedRow(
        row=raw.row, first_name=raw.first_name.strip(), last_name=raw.last_name.strip(),
        club=raw.club.strip(), registration_number=number, email=raw.email.strip(),
        phone=raw.phone.strip(), seed=seed, problems=problems, sex=sex or "",
        birth_year=birth_year, region=raw.region.strip(),
    )
    if not row.first_name or not row.last_name:
        # Name the field that is empty: "missing name" for a missing surname misleads.
        missing = ("missing_name" if not (row.first_name or row.last_name)
                   else "missing_last_name" if not row.last_name else "missing_first_name")
        problems.insert(0, Problem.of(missing))
    if not number_ok:
        problems.append(Problem.of("bad_registration_number", value=raw.registration_number))
    if row.email and not is_valid_email(row.email):
        problems.append(Problem.of("bad_email", value=row.email))
    for name, limit in MAX_LENGTH.items():
        if len(getattr(row, name)) > limit:
            problems.append(Problem.of("too_long", field=FIELD_LABELS[name], max=limit))
    return row


def check_rows(rows: Iterable[RawRow], pattern: str | re.Pattern[str] | None = None,
               ) -> list[CheckedRow]:
    """Normalise and check each row, then mark later repeats of a number or name+club."""
    compiled = re.compile(pattern or DEFAULT_REGISTRATION_NUMBER_PATTERN)
    checked = [check_row(raw, compiled) for raw in rows]
    seen_numbers: dict[str, int] = {}
    seen_people: dict[tuple[str, str, str], int] = {}
    for row in checked:
        codes = {p.code for p in row.problems}
        if row.registration_number and "bad_registration_number" not in codes:
            key = registration_number_key(row.registration_number)
            if key in seen_numbers:
                row.problems.append(Problem.of("duplicate_number", value=row.registration_number,
                                               row=seen_numbers[key]))
            else:
                seen_numbers[key] = row.row
        if not codes & NAME_MISSING_CODES:
            key3 = person_key(row.first_name, row.last_name, row.club)
            if key3 in seen_people:
                row.problems.append(Problem.of("duplicate_name", row=seen_people[key3]))
            else:
                seen_people[key3] = row.row
    return checked

