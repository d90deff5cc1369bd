"""PB tables as data: one versioned value per published Bodovací tabulka.

ČSM 2023 B.2 points to an attached scoring table that changes between seasons and that we only
partly know, so every number lives here as data chosen per tournament
(docs/csm-licitovany.md#premium-points). A cell nobody has told us is ``None``, never 0: the
computation must be able to say "this table does not know" instead of silently awarding nothing.
Values are :class:`fractions.Fraction` because the sto a sedma rule halves a PB value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from types import MappingProxyType

from scoring import formatting
from scoring.errors import Problem, ScoringError

PB = Fraction | None


def pb(value: int | str | Fraction | None) -> PB:
    """A PB value as a Fraction; ``None`` stays unknown."""
    return None if value is None else Fraction(value)


def pb_out(value: Fraction) -> int | float:
    """PB as a JSON number: whole points as integers, half points as x.5."""
    return int(value) if value.denominator == 1 else float(value)


def format_pb(value: Fraction, lang: str = "cs") -> str:
    """27.5 rather than 55/2 for a referee; a decimal comma in Czech (scoring.formatting)."""
    return formatting.format_pb(value, lang)


@dataclass(frozen=True)
class PremiumCell:
    """One row of a table: PB s výnosem and bez výnosu (the declarer led or not)."""

    with_lead: PB = None
    without_lead: PB = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "with_lead", pb(self.with_lead))
        object.__setattr__(self, "without_lead", pb(self.without_lead))

    def value(self, with_lead: bool) -> PB:
        return self.with_lead if with_lead else self.without_lead

    def or_else(self, other: PremiumCell) -> PremiumCell:
        """Each column from ``self`` where known, from ``other`` elsewhere."""
        return PremiumCell(
            self.with_lead if self.with_lead is not None else other.with_lead,
            self.without_lead if self.without_lead is not None else other.without_lead,
        )


UNKNOWN = PremiumCell()


def cell(with_lead: int | None, without_lead: int | None) -> PremiumCell:
    return PremiumCell(pb(with_lead), pb(without_lead))


def same(value: int) -> PremiumCell:
    """A row whose value does not depend on the lead (betl, durch, the marriage bonus)."""
    return cell(value, value)


@dataclass(frozen=True)
class HundredSevenRule:
    """Sto a sedma, both made, on at most ``max_trumps``: sedma PB + ``hundred_share`` of sto PB.

    A rule of the table rather than a cell, and versioned with it; 2010 says 4 trumps and half.
    """

    max_trumps: int
    hundred_share: Fraction

    def __post_init__(self) -> None:
        object.__setattr__(self, "hundred_share", Fraction(self.hundred_share))


# -- the row catalogue -------------------------------------------------------------------------
# Rows are keyed by what the scorekeeper records (PremiumFacts), not by the printed layout, so the
# same code means the same game in every table version.

_TRUMPS_CS = {
    "1": "s 1 trumfem", "2": "se 2 trumfy", "3": "se 3 trumfy", "4": "se 4 trumfy",
    "5_6": "s 5–6 trumfy",
}
_TRUMPS_EN = {
    "1": "on 1 trump", "2": "on 2 trumps", "3": "on 3 trumps", "4": "on 4 trumps",
    "5_6": "on 5–6 trumps",
}
_HOLDINGS = {
    "with_both": ("s esem a desítkou", "with ace and ten"),
    "without_ten": ("bez desítky", "without the ten"),
    "without_ace": ("bez esa", "without the ace"),
    "without_both": ("bez esa a desítky", "without ace and ten"),
}
_ONE_TRUMP = {
    "ace": ("trumfem je eso", "the trump is the ace"),
    "ten": ("trumfem je desítka", "the trump is the ten"),
    "without_both": ("trumf není eso ani desítka", "the trump is neither ace nor ten"),
}
_TWO_SEVENS = {
    "helpers_4": ("se 4 pomocnými", "on 4 helper cards"),
    "trumps_4": ("se 4 trumfy", "on 4 trumps"),
    "helpers_4_trumps_4": ("se 4 pomocnými a 4 trumfy", "on 4 helper cards and 4 trumps"),
    "fewer_than_4": (
        "s méně než 4 pomocnými nebo trumfy", "on fewer than 4 helper cards or trumps"
    ),
}


def _catalogue() -> dict[str, tuple[str, str]]:
    rows: dict[str, tuple[str, str]] = {}
    for n in ("1", "2", "3"):
        rows[f"seven.trumps_{n}"] = (f"sedma {_TRUMPS_CS[n]}", f"seven {_TRUMPS_EN[n]}")
    rows["hundred.trumps_5_6.without_both"] = (
        f"sto {_TRUMPS_CS['5_6']}, {_HOLDINGS['without_both'][0]}",
        f"hundred {_TRUMPS_EN['5_6']}, {_HOLDINGS['without_both'][1]}",
    )
    for n in ("4", "3", "2"):
        for key, (cs, en) in _HOLDINGS.items():
            rows[f"hundred.trumps_{n}.{key}"] = (
                f"sto {_TRUMPS_CS[n]}, {cs}", f"hundred {_TRUMPS_EN[n]}, {en}"
            )
    for key, (cs, en) in _ONE_TRUMP.items():
        rows[f"hundred.trumps_1.{key}"] = (f"sto s 1 trumfem, {cs}", f"hundred on 1 trump, {en}")
    for n in ("5_6", "4", "3", "2", "1"):
        rows[f"hundred.non_trump_marriage.trumps_{n}"] = (
            f"sto na netrumfovou hlášku {_TRUMPS_CS[n]}",
            f"hundred on a non-trump marriage {_TRUMPS_EN[n]}",
        )
    rows["betl.catching_ace"] = ("betl: chytací eso", "betl: catching ace")
    rows["betl.six_card_single_catcher"] = (
        "betl: šestikartová barva s jedním chytákem", "betl: six-card suit with one catcher"
    )
    rows["betl.defender_flek"] = ("betl: flek obránce", "betl: a defender's flek")
    rows["durch.unsolid_suit"] = ("durch: nepevná barva", "durch: suit that was not solid")
    rows["durch.defender_flek"] = ("durch: flek obránce", "durch: a defender's flek")
    for key, (cs, en) in _TWO_SEVENS.items():
        rows[f"two_sevens.{key}"] = (f"dvě sedmy {cs}", f"two sevens {en}")
        rows[f"two_sevens.{key}.with_hundred"] = (
            f"dvě sedmy {cs}, s hlášeným a uhraným stem",
            f"two sevens {en}, with announced and made hundred",
        )
    return rows


ROWS: Mapping[str, tuple[str, str]] = MappingProxyType(_catalogue())
"""Every row code a table may hold → (Czech name, English name), in table order."""


# -- the table ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class PremiumTable:
    """One version of the PB table; ``rows`` always lists the whole catalogue after creation."""

    code: str
    name: str
    valid_from: date
    rows: Mapping[str, PremiumCell]
    hundred_seven: HundredSevenRule | None = None  # None: this table's rule is unknown
    source: str = ""  # where the numbers come from, for the organiser choosing a table

    def __post_init__(self) -> None:
        strangers = [row for row in self.rows if row not in ROWS]
        if strangers:
            raise ScoringError(
                Problem("premium_table_row_unknown", f"premium_table.rows.{row}", {"row": row})
                for row in strangers
            )
        full = {row: self.rows.get(row, UNKNOWN) for row in ROWS}
        object.__setattr__(self, "rows", MappingProxyType(full))

    def __hash__(self) -> int:
        return hash((self.code, self.valid_from))

    def value(self, row: str, with_lead: bool) -> PB:
        return self.rows[row].value(with_lead)

    @property
    def unknown_cells(self) -> tuple[tuple[str, str], ...]:
        """(row, column) pairs this table does not know, for an organiser checking a table."""
        return tuple(
            (row, column)
            for row, c in self.rows.items()
            for column, v in (("with_lead", c.with_lead), ("without_lead", c.without_lead))
            if v is None
        )


def compose(
    code: str,
    name: str,
    valid_from: date,
    primary: PremiumTable,
    fallback: PremiumTable,
    source: str = "",
) -> PremiumTable:
    """A table taking each cell (and the sto a sedma rule) from ``primary`` where it is known.

    Cell by cell, not row by row: a half-known row such as 2014's "the 10 100/?" keeps its
    known column and borrows only the missing one.
    """
    return PremiumTable(
        code=code,
        name=name,
        valid_from=valid_from,
        rows={row: primary.rows[row].or_else(fallback.rows[row]) for row in ROWS},
        hundred_seven=primary.hundred_seven or fallback.hundred_seven,
        source=source,
    )
