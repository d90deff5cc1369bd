"""Plain data the PDF builders draw: no ORM, no request, so the builders test without a database.

Money is an integer number of the smallest unit (haléř, cent), as everywhere in the project.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, time

from scoring.formatting import currency_symbol


@dataclass(frozen=True)
class RoundInfo:
    """What the header of every page of one round's printouts says, and how to say it."""

    tournament_name: str
    date: date
    venue: str
    round_number: int
    starts_at: time | None
    round_minutes: int
    # The tournament's language ("cs" for ČSM, "sk" for SZMK), not the viewer's: the paper
    # goes to the players at the tables.
    language: str = "cs"
    currency: str = "Kč"
    # ČSM sheets record PB and describe every 50+ PB hand (ČSM 2023 B.3); SZMK has no PB.
    premium_points: bool = True
    # SZMK: every player starts a round with this much money (docs/szmk.md); None for ČSM.
    starting_money: int | None = None
    # The volený families (ČSM obecná pravidla VII.1 L240, pagat L46): the defence announces
    # a seven or a hundred against the declarer, so the sheet has a column for it.
    announcements_against: bool = False
    # Printed in the header when set: the base rate, or the money of one unit (pagat L73).
    rate: int | None = None
    rate_is_unit: bool = False
    # Křížový (ČSM obecná pravidla VII.2 L243-245): all four play every hand (no sitter) and
    # the declarer calls a card whose holder is his partner: the sheet has a partner column.
    partnerships: bool = False
    # Points by the place at the table, printed as a row under the totals (křížový 4-2-1-0,
    # docs/csm-krizovy.md "Tournament scoring"); empty: no such row.
    table_points: tuple[int, ...] = ()
    # The čtyřka (SloapSlam L28-32): the trump nine and eight announced as honers get a column.
    honours: bool = False
    # SloapSlam křížový (D1-D4 L254-260, B/19 L204): renoncs may be played out (dohrávka) and a
    # trhák's flek is compulsory; the sheet's legend names how to write both.
    dohravka: bool = False
    # Pagat's all-four game (PAG L115): a lost Durch mit Partner records the tricks its
    # declarer took himself; the legend names how (``zd5`` in the description).
    declarer_tricks: bool = False

    @property
    def currency_symbol(self) -> str:
        """The currency as the sheet's language writes it: "Kč", "€" (en "CZK", "EUR")."""
        return currency_symbol(self.currency, self.language)


@dataclass(frozen=True)
class SheetPlayer:
    """One seated player, as printed."""

    seat: int
    first_name: str
    last_name: str
    club: str = ""
    registration_number: str = ""

    @property
    def full_name(self) -> str:
        """Surname first, as on Czech and Slovak tournament lists."""
        return f"{self.last_name} {self.first_name}"


@dataclass(frozen=True)
class SeatingTable:
    """One table of a round with its players in seat order."""

    number: int
    players: tuple[SheetPlayer, ...]


@dataclass(frozen=True)
class SheetData:
    """One table sheet (stolový lístek / súťažný lístok): one page of the round's PDF."""

    info: RoundInfo
    table: SeatingTable
    url: str  # the table's page, printed as text (and as the QR code when there is no link)
    link: str = ""  # the table's secret access link: the QR code (marias_admin.sheets.access)
    pin: str = ""  # the table's PIN, printed beside the QR code

    @property
    def players(self) -> tuple[SheetPlayer, ...]:
        return self.table.players


@dataclass(frozen=True)
class SeatingListRow:
    """One line of the alphabetical list on the entrance wall; a bye has table and seat 0."""

    last_name: str
    first_name: str
    club: str
    table: int
    seat: int
    bye: bool = False  # křížový: no table for him this round (seating.Bye)

    @property
    def full_name(self) -> str:
        return f"{self.last_name} {self.first_name}"


@dataclass(frozen=True)
class SeatingData:
    """A round's seating, the input of both seating lists."""

    info: RoundInfo
    tables: tuple[SeatingTable, ...]
    # Křížový (tables of exactly four, docs/readings.md §9.13): the players left out of
    # the round, by name; their ``seat`` is 0.
    byes: tuple[SheetPlayer, ...] = ()

    def rows(self) -> list[SeatingListRow]:
        """Every seated player as a list row, in table and seat order, then the byes."""
        return [
            SeatingListRow(p.last_name, p.first_name, p.club, table.number, p.seat)
            for table in self.tables for p in table.players
        ] + [SeatingListRow(p.last_name, p.first_name, p.club, 0, 0, bye=True)
             for p in self.byes]
