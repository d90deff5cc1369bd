"""Exports of a tournament as .xlsx: standings, the hand log and the seating (the standings
PDF is :mod:`marias_admin.standings.pdf`).

Each sheet is built from column specs (:mod:`marias_admin.standings.columns`): header, value
and number format per column. The files share the registration export's look (bold filled
header, frozen header row, autofilter, column widths, landscape fit-to-width); numbers are
numbers: money in crowns/euros with a currency format, BP and PB as ``0`` or ``0.0``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from decimal import Decimal
from typing import Any, NamedTuple

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from openpyxl import Workbook

from marias_admin.core.xlsx import streamed_bytes, workbook_bytes
from marias_admin.seating.models import Round, Seat
from marias_admin.seating.selectors import round_tables
from marias_admin.sheets.models import HandRecord, Ruling
from marias_admin.standings.columns import (
    Column,
    money_column,
    points_column,
    write_rows_streaming,
    write_sheet,
)
from marias_admin.standings.presenters.table import StandingsTable, standings_table
from marias_admin.tournaments.exporting import sheet_title
from marias_admin.tournaments.models import Tournament
from scoring.standings import total_money

SEATS = (1, 2, 3, 4)


def _new_workbook(tournament: Tournament, *, write_only: bool = False) -> Workbook:
    workbook = Workbook(write_only=write_only)
    workbook.properties.title = str(tournament)
    workbook.properties.creator = "marias_admin"
    return workbook


def _bytes(workbook: Workbook) -> bytes:
    return workbook_bytes(workbook)  # text cells stay text: names and reasons are typed


# -- standings ------------------------------------------------------------------------------------


def standings_columns(tournament: Tournament, table: StandingsTable) -> list[Column[Any]]:
    """The standings' columns, as on the page: ČSM BP, SB, ZB, PB; SZMK points and money."""
    rules = table.rules
    per_major, currency = rules.minor_per_major, tournament.currency
    columns: list[Column[Any]] = [
        Column(_("Place"), lambda row: row.standing.rank),
        Column(_("Position"), lambda row: row.standing.position),
        Column(_("Last name"), lambda row: row.player.last_name),
        Column(_("First name"), lambda row: row.player.first_name),
        Column(_("Club"), lambda row: row.player.club.name if row.player.club else None),
    ]
    if table.money_view:  # SZMK: points, the money of all rounds (budget + ZB each), ZB …
        columns += [
            points_column(_("Points"), lambda row: row.standing.bp),
            money_column(_("Money"), lambda row: total_money(row.standing, rules), currency,
                         per_major),
            money_column("ZB", lambda row: row.standing.money, currency, per_major),
            Column(_("Round record"), lambda row: row.shown["record"]),
            money_column(_("Best round"),
                         lambda row: (rules.round_budget or 0) + row.standing.best_round,
                         currency, per_major),
        ]
        per_round = _("Round %(number)s points")
    elif table.premium_view:  # SloapSlam: table points (BUS) by SB, then SB
        columns += [
            points_column(_("Points") if table.table_points_view else "BP",
                          lambda row: row.standing.bp),
            money_column("SB", lambda row: row.standing.sb, currency, per_major),
            money_column("ZB", lambda row: row.standing.money, currency, per_major),
            points_column("PB", lambda row: row.standing.premium),
        ]
        per_round = (_("Round %(number)s points") if table.table_points_view
                     else _("Round %(number)s BP"))
    elif table.table_points_view:  # křížový: table points 4-2-1-0, then money (no PB)
        columns += [
            points_column(_("Points"), lambda row: row.standing.bp),
            money_column("ZB", lambda row: row.standing.money, currency, per_major),
        ]
        per_round = _("Round %(number)s points")
    else:  # the volený families: BP by money, no PB (and so no SB beside the ZB)
        columns += [
            points_column("BP", lambda row: row.standing.bp),
            money_column("ZB", lambda row: row.standing.money, currency, per_major),
        ]
        per_round = _("Round %(number)s BP")
    columns.append(Column(_("By lot"), lambda row: _("yes") if row.standing.by_lot else None))
    for index, number_ in enumerate(table.round_numbers):
        columns.append(points_column(per_round % {"number": number_}, _round_points(index)))
    return columns


def _round_points(index: int) -> Callable[[Any], Any]:
    def value(row: Any) -> Any:
        cell = row.cells[index]
        return cell.result.bp if cell.result is not None else None
    return value


def standings_xlsx(tournament: Tournament) -> bytes:
    table = standings_table(tournament)
    workbook = _new_workbook(tournament)
    sheet = workbook.active
    sheet.title = sheet_title(_("Standings"))
    write_sheet(sheet, standings_columns(tournament, table), table.rows, freeze="E2")
    return _bytes(workbook)


# -- hand log -------------------------------------------------------------------------------------


class HandRow(NamedTuple):
    """One hand of the log, as read for the export (values, not model instances)."""

    id: int
    table_id: int
    round: int
    table: int
    number: int
    dealer: Any  # the stored hand's seat numbers (anything else is shown empty)
    declarer: Any
    description: str
    notation: str
    money_1: int
    money_2: int
    money_3: int
    money_4: int | None
    pb_1: Decimal
    pb_2: Decimal
    pb_3: Decimal
    pb_4: Decimal | None
    deleted_at: Any
    delete_reason: str


HAND_FIELDS = ("id", "sheet__table_id", "sheet__table__round__number", "sheet__table__number",
               "number", "hand__dealer", "hand__declarer", "description", "notation",
               *(f"money_{s}" for s in SEATS), *(f"pb_{s}" for s in SEATS), "deleted_at",
               "delete_reason")


def hand_columns(tournament: Tournament) -> list[Column[HandRow]]:
    """Every hand of every table (deleted ones marked), with the rulings on it; the PB
    columns only where the rules have PB."""
    names: dict[tuple[int, int], str] = {}
    for table_id, position, last, first in Seat.objects.filter(
            round__tournament=tournament).values_list(
            "table_id", "position", "registration__player__last_name",
            "registration__player__first_name"):
        names[(table_id, position)] = f"{last} {first}"
    rulings: dict[int, list[str]] = defaultdict(list)
    for ruling in (Ruling.objects.filter(sheet__table__round__tournament=tournament,
                                         hand__isnull=False).order_by("at", "id")):
        rulings[ruling.hand_id].append(f"{ruling.get_kind_display()}: {ruling.reason}")

    def who(role: str) -> Callable[[HandRow], str | None]:
        def value(hand: HandRow) -> str | None:
            seat = getattr(hand, role)
            if not isinstance(seat, int) or isinstance(seat, bool):
                return None
            return f"{seat}. {names.get((hand.table_id, seat), '')}".strip()
        return value

    def seat_money(seat: int) -> Callable[[HandRow], int]:
        return lambda hand: getattr(hand, f"money_{seat}")

    def seat_pb(seat: int) -> Callable[[HandRow], Any]:
        return lambda hand: getattr(hand, f"pb_{seat}")

    premium = tournament.ruleset().has_premium

    return [
        Column(_("Round"), lambda hand: hand.round),
        Column(_("Table"), lambda hand: hand.table),
        Column(_("Hand"), lambda hand: hand.number),
        Column(_("Dealer"), who("dealer")),
        Column(_("Declarer"), who("declarer")),
        Column(_("Description"), lambda hand: hand.description),
        Column(_("As typed"), lambda hand: hand.notation or None),
        *[money_column(_("Money, seat %(seat)s") % {"seat": s}, seat_money(s),
                       tournament.currency) for s in SEATS],
        *[points_column(_("PB, seat %(seat)s") % {"seat": s}, seat_pb(s)) for s in SEATS
          if premium],
        Column(_("Deleted"), lambda hand: _("deleted") if hand.deleted_at else None),
        Column(_("Reason for deleting"), lambda hand: hand.delete_reason or None),
        Column(_("Rulings"), lambda hand: "; ".join(rulings.get(hand.id, [])) or None),
    ]


def hands_xlsx(tournament: Tournament) -> bytes:
    """The hand log: read as values (no model instance per hand: a tournament has thousands)
    and written by a write-only workbook (issue 27: 5 760 hands in well under a second, and
    no worker left holding a copy of every cell)."""
    hands = [HandRow(*row) for row in HandRecord.objects
             .filter(sheet__table__round__tournament=tournament)
             .order_by("sheet__table__round__number", "sheet__table__number", "number")
             .values_list(*HAND_FIELDS)]
    columns = hand_columns(tournament)
    rows = [[column.value(hand) for column in columns] for hand in hands]
    workbook = _new_workbook(tournament, write_only=True)
    write_rows_streaming(workbook, sheet_title(_("Hands")), columns, rows, freeze="D2")
    return streamed_bytes(workbook)


# -- seating --------------------------------------------------------------------------------------


SEATING_COLUMNS: list[Column[tuple[int, Seat]]] = [
    Column(gettext_lazy("Table"), lambda item: item[0]),
    Column(gettext_lazy("Seat"), lambda item: item[1].position),
    Column(gettext_lazy("Last name"), lambda item: item[1].registration.player.last_name),
    Column(gettext_lazy("First name"), lambda item: item[1].registration.player.first_name),
    Column(gettext_lazy("Club"), lambda item: item[1].registration.player.club.name
           if item[1].registration.player.club else None),
]


def seating_xlsx(tournament: Tournament) -> bytes:
    """One sheet per seated round: table, seat, player, club."""
    workbook = _new_workbook(tournament)
    workbook.remove(workbook.active)
    columns = [Column(str(c.header), c.value) for c in SEATING_COLUMNS]
    for round in Round.objects.filter(tournament=tournament, seats__isnull=False).distinct() \
            .order_by("number"):
        items = [(number_, seat) for number_, seats in round_tables(round) for seat in seats]
        sheet = workbook.create_sheet(sheet_title(_("Round %(number)s") % {
            "number": round.number}))
        write_sheet(sheet, columns, items)
    if not workbook.worksheets:
        sheet = workbook.create_sheet(sheet_title(_("Seating")))
        write_sheet(sheet, columns, [])
    return _bytes(workbook)
