"""Player lists read from xlsx and csv files: their rows, and the checks a row can fail alone.

Pure: no database access. :mod:`marias_admin.players.import_grid` reads the file into cell
texts and :mod:`marias_admin.players.import_headers` tells which column holds which field;
:mod:`marias_admin.tournaments.player_import` adds what needs the database (existing players,
clubs, registrations) and does the writing.

A file becomes a :class:`ParsedFile`: which column holds which field, which columns were
ignored, and one :class:`RawRow` per non-empty data row, numbered as in the spreadsheet
(the header is row 1). :func:`check_rows` turns raw rows into :class:`CheckedRow` objects
carrying their :class:`Problem` list.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
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
from marias_admin.players.import_grid import (
    HEADER_SEARCH_ROWS,
    MAX_COLUMNS,
    MAX_ROWS,
    MAX_SHEET_ROWS,
    _quoted,
    read_grid,
)
from marias_admin.players.import_headers import map_header, match_header, normalise_header
from marias_admin.players.models import MAX_BIRTH_YEAR, MIN_BIRTH_YEAR
from marias_admin.players.probes import JOINS, LEAVES
from marias_admin.players.registration_numbers import (
    DEFAULT_REGISTRATION_NUMBER_PATTERN,
    normalise_registration_number,
    registration_number_key,
)

# Re-exported: the import paths that callers and tests have always used.
__all__ = ["DEFAULT_REGISTRATION_NUMBER_PATTERN", "MAX_COLUMNS", "MAX_SHEET_ROWS",
           "ImportFileError", "RowStatus", "match_header", "max_upload_bytes",
           "normalise_registration_number", "registration_number_key", "size_label"]

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


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
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
    "already_registered_details": _("already registered in this tournament; only the changes "
                                    "of sex, year of birth, region or club below are saved"),
    "details_change": _("%(field)s: %(before)s → %(after)s"),
    # A known player's changed details move a finished tournament's category (the details
    # service's own words; the import needs the organiser's tick then).
    "finished_joins": JOINS,
    "finished_leaves": LEAVES,
}
FINISHED_CODES = frozenset({"finished_joins", "finished_leaves"})
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
        if self.code in ERROR_CODES:
            return Severity.ERROR
        return Severity.WARNING if self.code in FINISHED_CODES else Severity.INFO

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


def _has_name_column(headers: dict[str, str]) -> bool:
    return ("last_name" in headers or "full_name" in headers
            or "full_name_reversed" in headers)


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


def read_upload(filename: str, data: bytes) -> ParsedFile:
    """Parse an uploaded .xlsx or .csv player list."""
    return parse_grid(filename, read_grid(filename, data))


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

