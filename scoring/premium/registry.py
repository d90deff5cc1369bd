"""The PB tables we ship, lookup by id, and the JSON form an organiser edits.

A ruleset names its table by id (``Ruleset.premium_table``). An organiser who has the real
attachment of the 2023 rules exports a table with :func:`to_dict`, corrects it and loads it back
with :func:`from_dict`; a loaded table is passed to :func:`get_table` as ``extra``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date
from fractions import Fraction
from typing import Any

from scoring.errors import Problem, ScoringError
from scoring.premium.data_2010 import CSM_2010
from scoring.premium.data_2014 import CSM_2014
from scoring.premium.data_sloapslam import SLOAPSLAM_KRIZOVY_STRUCTURE
from scoring.premium.seats import FORMAT as SEAT_FORMAT
from scoring.premium.seats import SeatPremiumTable, seat_table_from_dict, seat_table_to_dict
from scoring.premium.tables import (
    PB,
    ROWS,
    HundredSevenRule,
    PremiumCell,
    PremiumTable,
    compose,
)

# docs/csm-licitovany.md#premium-points: for a 2023 tournament, 2014 where known and 2010 elsewhere.
CSM_2023_DEFAULT = compose(
    code="csm-2023-default",
    name="ČSM 2023 – výchozí tabulka (2014, jinak 2010)",
    valid_from=date(2023, 1, 1),
    primary=CSM_2014,
    fallback=CSM_2010,
    source="csm-2014 where known, csm-2010 elsewhere (docs/csm-licitovany.md#premium-points)",
)

TABLES: Mapping[str, PremiumTable] = {t.code: t for t in (CSM_2010, CSM_2014, CSM_2023_DEFAULT)}
DEFAULT_TABLE = CSM_2023_DEFAULT.code

# Per-seat tables (scoring.premium.seats): only the structure of the SloapSlam křížový table,
# without numbers (data_sloapslam); kept apart so that ``TABLES`` stays the ČSM kind.
SEAT_TABLES: Mapping[str, SeatPremiumTable] = {
    t.code: t for t in (SLOAPSLAM_KRIZOVY_STRUCTURE,)}

AnyTable = PremiumTable | SeatPremiumTable


def get_table(code: str, extra: Iterable[PremiumTable] = ()) -> PremiumTable:
    """The table ``code``; a loaded table in ``extra`` wins over a shipped one of the same id."""
    for table in extra:
        if table.code == code:
            return table
    try:
        return TABLES[code]
    except KeyError:
        raise KeyError(f"unknown PB table {code!r}; known: {sorted(TABLES)}") from None


def get_any_table(code: str, extra: Iterable[AnyTable] = ()) -> AnyTable:
    """The table ``code`` of either kind; a loaded table in ``extra`` wins."""
    for table in extra:
        if table.code == code:
            return table
    if code in SEAT_TABLES:
        return SEAT_TABLES[code]
    return get_table(code)


def load_table(data: Mapping[str, Any]) -> AnyTable:
    """A table of either kind from its JSON form (``"format": "per_seat"`` for the
    per-seat kind)."""
    if data.get("format") == SEAT_FORMAT:
        return seat_table_from_dict(data)
    return from_dict(data)


def dump_table(table: AnyTable) -> dict[str, Any]:
    if isinstance(table, SeatPremiumTable):
        return seat_table_to_dict(table)
    return to_dict(table)


# -- JSON --------------------------------------------------------------------------------------
# Fractions travel as an int when whole and as "n/d" otherwise; an organiser may also type 27.5.


def _json_pb(value: PB) -> int | str | None:
    if value is None:
        return None
    return value.numerator if value.denominator == 1 else str(value)


def to_dict(table: PremiumTable) -> dict[str, Any]:
    """JSON-ready form listing every row, unknown cells as null."""
    rule = table.hundred_seven
    return {
        "code": table.code,
        "name": table.name,
        "valid_from": table.valid_from.isoformat(),
        "source": table.source,
        "hundred_seven": None if rule is None else {
            "max_trumps": rule.max_trumps, "hundred_share": _json_pb(rule.hundred_share),
        },
        "rows": {
            row: {"with_lead": _json_pb(c.with_lead), "without_lead": _json_pb(c.without_lead)}
            for row, c in table.rows.items()
        },
    }


class _Reader:
    """Collects every problem of an uploaded table, so a form can show them all at once."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def bad(self, field: str, value: Any) -> None:
        self.problems.append(
            Problem("premium_table_value_invalid", f"premium_table.{field}", {"value": value})
        )

    def required(self, data: Mapping[str, Any], name: str) -> Any:
        if name not in data:
            self.problems.append(
                Problem("premium_table_field_missing", f"premium_table.{name}", {"name": name})
            )
        return data.get(name)

    def pb(self, field: str, value: Any) -> PB:
        if value is None:
            return None
        try:
            if isinstance(value, bool) or not isinstance(value, int | float | str):
                raise ValueError(value)
            # str() first: a float 27.5 from JSON becomes exactly 55/2, never a binary fraction.
            result = Fraction(str(value))
        except (ValueError, ZeroDivisionError):
            self.bad(field, value)
            return None
        if result < 0:
            self.bad(field, value)
            return None
        return result

    def day(self, value: Any) -> date:
        try:
            return date.fromisoformat(value)
        except (TypeError, ValueError):
            self.bad("valid_from", value)
            return date.min

    def cell(self, row: str, value: Any) -> PremiumCell:
        if row not in ROWS:
            self.problems.append(
                Problem("premium_table_row_unknown", f"premium_table.rows.{row}", {"row": row})
            )
            return PremiumCell()
        if not isinstance(value, Mapping):
            self.bad(f"rows.{row}", value)
            return PremiumCell()
        return PremiumCell(
            self.pb(f"rows.{row}.with_lead", value.get("with_lead")),
            self.pb(f"rows.{row}.without_lead", value.get("without_lead")),
        )

    def rule(self, value: Any) -> HundredSevenRule | None:
        if value is None:
            return None
        if isinstance(value, Mapping):
            trumps = value.get("max_trumps")
            share = self.pb("hundred_seven.hundred_share", value.get("hundred_share"))
            if isinstance(trumps, int) and not isinstance(trumps, bool) and share is not None:
                return HundredSevenRule(trumps, share)
        self.bad("hundred_seven", value)
        return None


def from_dict(data: Mapping[str, Any]) -> PremiumTable:
    """A table from its JSON form; raises :class:`ScoringError` listing every problem.

    Rows left out are unknown. Unknown row codes are refused rather than ignored: a typo in a
    corrected table must not silently leave the shipped value in force.
    """
    reader = _Reader()
    code = reader.required(data, "code")
    name = reader.required(data, "name")
    valid_from = reader.day(reader.required(data, "valid_from"))
    rows_in = reader.required(data, "rows")
    if rows_in is not None and not isinstance(rows_in, Mapping):
        reader.bad("rows", rows_in)
        rows_in = None
    rows = {row: reader.cell(row, value) for row, value in (rows_in or {}).items()}
    rule = reader.rule(data.get("hundred_seven"))
    if reader.problems:
        raise ScoringError(reader.problems)
    return PremiumTable(
        code=str(code),
        name=str(name),
        valid_from=valid_from,
        rows=rows,
        hundred_seven=rule,
        source=str(data.get("source", "")),
    )
