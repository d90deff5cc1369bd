"""Placement-point schemes: the points a player's place in one tournament is worth.

Each scheme is data (a kind and its numbers) and names its source:

- ``SUPERLIGA`` — ČSM Superliga 2009 (docs/sources.md, talon.cz ``superliga2009``, points 5–7):
  the winner gets round(50 × coefficient), arithmetic rounding (halves up), and each next
  place one less, never below 1. The coefficient is the competition's average attendance in
  the previous season divided by the best attended competition's (the best = 1). The source
  does not say to how many places the coefficient is rounded: we round it to two decimals,
  halves up (docs/season-rankings.md, "Readings").
- ``PRAGUE_LEAGUE`` — Pražská liga licitovaného mariáše, Soutěžní řád (pllm.websnadno.cz):
  points by place from a table chosen by the number of starters. The league's own table was
  not found; ours (``PRAGUE_BANDS``) is a reading, marked so in the docs, and every number of
  it is data a competition may replace.
- ``LINEAR_EMA`` — the European Mahjong Association's ranking rules: 1000 × (N − rank)/(N − 1)
  for rank ``rank`` of ``N`` players (a field of one scores 1000).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from math import floor


class SchemeKind(StrEnum):
    SUPERLIGA = "superliga"  # round(50 × coefficient) for the first, one less a place, ≥ 1
    STARTERS_TABLE = "starters_table"  # a table of points by place, chosen by field size
    LINEAR = "linear"  # top × (N − rank)/(N − 1)


def half_up(value: Fraction, places: int = 0) -> Fraction:
    """Arithmetic rounding (halves away from zero for the non-negative values used here)."""
    scale = 10 ** places
    return Fraction(floor(value * scale + Fraction(1, 2)), scale)


@dataclass(frozen=True)
class StartersBand:
    """For fields of at least ``min_starters`` players: the points of places 1, 2, …;
    places beyond the list score ``beyond``."""

    min_starters: int
    points: tuple[int, ...]
    beyond: int = 0


@dataclass(frozen=True)
class Scheme:
    code: str
    kind: SchemeKind
    source: str  # where the rule comes from (shown under the ranking)
    top: int = 50  # SUPERLIGA: the winner's points at coefficient 1; LINEAR: the winner's
    floor_points: int = 1  # SUPERLIGA: never below this
    bands: tuple[StartersBand, ...] = ()  # STARTERS_TABLE, by ascending ``min_starters``
    # the numbers are our reading (the source's own table was not found); the pages say so
    # in their language, after the source
    reading: bool = False

    def first_points(self, coefficient: Fraction) -> Fraction:
        """SUPERLIGA: the winner's points for a competition's coefficient."""
        return half_up(self.top * coefficient)

    def band(self, starters: int) -> StartersBand:
        chosen = self.bands[0]
        for band in self.bands:
            if starters >= band.min_starters:
                chosen = band
        return chosen

    def points(self, place: int, starters: int, coefficient: Fraction = Fraction(1)) -> Fraction:
        """The points of ``place`` (1 = the winner; shared places give each player the points
        of the best place they share) in a field of ``starters`` players."""
        if place < 1 or starters < 1:
            raise ValueError("place and field size start at 1")
        if self.kind is SchemeKind.SUPERLIGA:
            return max(self.first_points(coefficient) - (place - 1), Fraction(self.floor_points))
        if self.kind is SchemeKind.LINEAR:
            if starters == 1:
                return Fraction(self.top)
            return Fraction(self.top * (starters - place), starters - 1)
        band = self.band(starters)
        return Fraction(band.points[place - 1] if place <= len(band.points) else band.beyond)


SUPERLIGA = Scheme(
    code="superliga", kind=SchemeKind.SUPERLIGA, top=50, floor_points=1,
    source="ČSM, Staromyslivecká Superliga ČR v licitovaném mariáši 2009, body 5–7")

# Our reading (the league's table was not found): the small field's key is N − place + 1
# stretched so that first place is worth more in a bigger field; see docs/season-rankings.md.
PRAGUE_BANDS: tuple[StartersBand, ...] = (
    StartersBand(1, (10, 8, 6, 5, 4, 3, 2, 1)),
    StartersBand(12, (15, 12, 10, 8, 7, 6, 5, 4, 3, 2, 1), beyond=1),
    StartersBand(24, (20, 17, 15, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1), beyond=1),
)
PRAGUE_LEAGUE = Scheme(
    code="prague_league", kind=SchemeKind.STARTERS_TABLE, bands=PRAGUE_BANDS,
    source="Pražská liga licitovaného mariáše, Soutěžní řád", reading=True)

LINEAR_EMA = Scheme(
    code="linear_ema", kind=SchemeKind.LINEAR, top=1000,
    source="European Mahjong Association, ranking rules: 1000 × (N − rank)/(N − 1)")

SCHEMES: Mapping[str, Scheme] = {s.code: s for s in (SUPERLIGA, PRAGUE_LEAGUE, LINEAR_EMA)}


def scheme_by_code(code: str) -> Scheme:
    return SCHEMES[code]


def superliga_coefficients(attendance: Mapping[str, Fraction]) -> dict[str, Fraction]:
    """Each competition's coefficient from its average attendance in the previous season:
    its average over the best average, rounded to two decimals halves up (our reading);
    the best attended competition has 1."""
    best = max(attendance.values(), default=Fraction(0))
    if best <= 0:
        return {name: Fraction(1) for name in attendance}
    return {name: half_up(Fraction(value) / best, 2) for name, value in attendance.items()}
