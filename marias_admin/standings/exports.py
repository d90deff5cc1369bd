"""Exports of a tournament: standings, the hand log and the seating as .xlsx; standings as PDF.

The xlsx files share the registration export's look (bold filled header, frozen header row,
autofilter, column widths, landscape fit-to-width); numbers are numbers, money is a number in
crowns/euros with a currency format, PB are numbers. The PDF embeds DejaVu Sans (diacritics),
is A4 with the header row repeated on every page and page numbers in the footer.
"""

from __future__ import annotations

import io
from collections import defaultdict
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _
from openpyxl import Workbook
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from marias_admin.core.xlsx import workbook_bytes
from marias_admin.players.exporting import MAX_WIDTH, MIN_WIDTH, sheet_title
from marias_admin.seating.models import Round, Seat
from marias_admin.seating.selectors import round_tables
from marias_admin.sheets.models import HandRecord, Ruling
from marias_admin.standings.selectors import (
    StandingsTable,
    fmt_money,
    fmt_number,
    standings_table,
    total_money,
)
from marias_admin.tournaments.models import Currency, Tournament

SEATS = (1, 2, 3, 4)
PB_FORMAT = "0.0#"
BP_FORMAT = "0.##"
HEADER_FILL = "EEEAE2"


# -- cell values ----------------------------------------------------------------------------------


def money_format(currency: str) -> str:
    """Excel number format of a money column: ``#,##0.00 "Kč"``."""
    symbol = Currency(currency).label if currency in Currency.values else currency
    return f'#,##0.00 "{symbol}"'


def number(value: Fraction | Decimal | int | None) -> int | float | None:
    """A cell value: whole numbers as ints, others as floats (Excel has nothing finer)."""
    if value is None:
        return None
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    if isinstance(value, Decimal) and value == value.to_integral_value():
        return int(value)
    if isinstance(value, int):
        return value
    return float(value)


def money(minor: Fraction | int | None, minor_per_major: int = 100) -> int | float | None:
    """Minor units (haléř, cent) → crowns/euros, rounded to the cent."""
    if minor is None:
        return None
    return float(round(Fraction(minor) / minor_per_major, 2))  # rounded exactly, then a cell float


# -- workbook helpers -----------------------------------------------------------------------------


def _new_workbook(tournament: Tournament) -> Workbook:
    workbook = Workbook()
    workbook.properties.title = str(tournament)
    workbook.properties.creator = "marias_admin"
    return workbook


def fill_sheet(sheet: Worksheet, headers: Sequence[str], rows: Sequence[Sequence[Any]],
               formats: dict[int, str] | None = None, freeze: str = "A2") -> None:
    """Header + rows with the house style; ``formats`` maps 0-based columns to formats."""
    formats = formats or {}
    sheet.append(list(headers))
    bold, fill = Font(bold=True), PatternFill("solid", fgColor=HEADER_FILL)
    for cell in sheet[1]:
        cell.font, cell.fill = bold, fill
        cell.alignment = Alignment(vertical="center", wrap_text=False)
    for values in rows:
        sheet.append(list(values))
        if formats:
            for index, fmt in formats.items():
                sheet.cell(row=sheet.max_row, column=index + 1).number_format = fmt
    for index, header in enumerate(headers):
        lengths = [len(str(header))]
        for row in rows:
            value = row[index] if index < len(row) else None
            if value is None:
                continue
            if isinstance(value, float | int) and index in formats:
                lengths.append(len(f"{value:,.2f}") + 4)
            else:
                lengths.append(len(str(value)))
        sheet.column_dimensions[get_column_letter(index + 1)].width = min(
            MAX_WIDTH, max(MIN_WIDTH, max(lengths) + 2))
    sheet.freeze_panes = freeze
    sheet.auto_filter.ref = f"A1:{get_column_letter(max(1, len(headers)))}{max(1, sheet.max_row)}"
    sheet.print_title_rows = "1:1"
    sheet.page_setup.orientation = "landscape"
    sheet.page_setup.fitToWidth = 1
    sheet.page_setup.fitToHeight = 0
    sheet.sheet_properties.pageSetUpPr.fitToPage = True


def _bytes(workbook: Workbook) -> bytes:
    return workbook_bytes(workbook)  # text cells stay text: names and reasons are typed


# -- standings ------------------------------------------------------------------------------------


def standings_rows(tournament: Tournament) -> tuple[list[str], list[list[Any]], dict[int, str]]:
    """(headers, rows, number formats) of the standings, as on the page."""
    table = standings_table(tournament)
    if table.money_view:
        return _money_standings_rows(tournament, table)
    per_major = table.rules.minor_per_major
    headers = [*_who_headers(), "BP", "SB", "ZB", "PB", _("By lot")]
    headers += [_("Round %(number)s BP") % {"number": n} for n in table.round_numbers]
    currency = money_format(tournament.currency)
    formats = {5: BP_FORMAT, 6: currency, 7: currency, 8: PB_FORMAT}
    for offset in range(len(table.round_numbers)):
        formats[10 + offset] = BP_FORMAT
    rows = []
    for row in table.rows:
        s, player = row.standing, row.player
        rows.append([
            *_who(s, player),
            number(s.bp), money(s.sb, per_major), money(s.money, per_major), number(s.premium),
            _("yes") if s.by_lot else None, *_round_points(row),
        ])
    return headers, rows, formats


def _money_standings_rows(tournament: Tournament, table: StandingsTable
                          ) -> tuple[list[str], list[list[Any]], dict[int, str]]:
    """SZMK: points, the money of all rounds (budget + ZB each), ZB, round record, table points
    per round."""
    rules = table.rules
    headers = [*_who_headers(), _("Points"), _("Money"), "ZB", _("Round record"),
               _("Best round"), _("By lot")]
    headers += [_("Round %(number)s points") % {"number": n} for n in table.round_numbers]
    currency = money_format(tournament.currency)
    formats = {5: BP_FORMAT, 6: currency, 7: currency, 9: currency}
    for offset in range(len(table.round_numbers)):
        formats[11 + offset] = BP_FORMAT
    rows = []
    for row in table.rows:
        s, player = row.standing, row.player
        rows.append([
            *_who(s, player),
            number(s.bp), money(total_money(s, rules), rules.minor_per_major),
            money(s.money, rules.minor_per_major), row.shown["record"],
            money((rules.round_budget or 0) + s.best_round, rules.minor_per_major),
            _("yes") if s.by_lot else None, *_round_points(row),
        ])
    return headers, rows, formats


def _who_headers() -> list[str]:
    return [_("Place"), _("Position"), _("Last name"), _("First name"), _("Club")]


def _who(standing: Any, player: Any) -> list[Any]:
    """The row's first cells: rank, position among equals, name and club."""
    return [standing.rank, standing.position, player.last_name, player.first_name,
            player.club.name if player.club else None]


def _round_points(row: Any) -> list[Any]:
    return [number(c.result.bp) if c.result is not None else None for c in row.cells]


def standings_xlsx(tournament: Tournament) -> bytes:
    headers, rows, formats = standings_rows(tournament)
    workbook = _new_workbook(tournament)
    sheet = workbook.active
    sheet.title = sheet_title(_("Standings"))
    fill_sheet(sheet, headers, rows, formats, freeze="E2")
    return _bytes(workbook)


# -- hand log -------------------------------------------------------------------------------------


def hand_rows(tournament: Tournament) -> tuple[list[str], list[list[Any]], dict[int, str]]:
    """Every hand of every table (deleted ones marked), with the rulings on it."""
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
    currency = money_format(tournament.currency)
    headers = [_("Round"), _("Table"), _("Hand"), _("Dealer"), _("Declarer"), _("Description"),
               _("As typed"),
               *[_("Money, seat %(seat)s") % {"seat": s} for s in SEATS],
               *[_("PB, seat %(seat)s") % {"seat": s} for s in SEATS],
               _("Deleted"), _("Reason for deleting"), _("Rulings")]
    formats = {7 + i: currency for i in range(4)} | {11 + i: PB_FORMAT for i in range(4)}
    rows = []
    for hand in (HandRecord.objects.filter(sheet__table__round__tournament=tournament)
                 .select_related("sheet__table__round")
                 .order_by("sheet__table__round__number", "sheet__table__number", "number")):
        table = hand.sheet.table
        data = hand.hand if isinstance(hand.hand, dict) else {}

        def who(seat: Any, table_id: int = table.pk) -> str | None:
            if not isinstance(seat, int):
                return None
            return f"{seat}. {names.get((table_id, seat), '')}".strip()

        rows.append([
            table.round.number, table.number, hand.number, who(data.get("dealer")),
            who(data.get("declarer")), hand.description, hand.notation or None,
            *[money(getattr(hand, f"money_{s}")) for s in SEATS],
            *[number(getattr(hand, f"pb_{s}")) for s in SEATS],
            _("deleted") if hand.deleted_at else None, hand.delete_reason or None,
            "; ".join(rulings.get(hand.pk, [])) or None,
        ])
    return headers, rows, formats


def hands_xlsx(tournament: Tournament) -> bytes:
    headers, rows, formats = hand_rows(tournament)
    workbook = _new_workbook(tournament)
    sheet = workbook.active
    sheet.title = sheet_title(_("Hands"))
    fill_sheet(sheet, headers, rows, formats, freeze="D2")
    return _bytes(workbook)


# -- seating --------------------------------------------------------------------------------------


def seating_xlsx(tournament: Tournament) -> bytes:
    """One sheet per seated round: table, seat, player, club."""
    workbook = _new_workbook(tournament)
    workbook.remove(workbook.active)
    headers = [_("Table"), _("Seat"), _("Last name"), _("First name"), _("Club")]
    for round in Round.objects.filter(tournament=tournament, seats__isnull=False).distinct() \
            .order_by("number"):
        rows = [[number_, seat.position, seat.registration.player.last_name,
                 seat.registration.player.first_name,
                 seat.registration.player.club.name if seat.registration.player.club else None]
                for number_, seats in round_tables(round) for seat in seats]
        sheet = workbook.create_sheet(sheet_title(_("Round %(number)s") % {
            "number": round.number}))
        fill_sheet(sheet, headers, rows)
    if not workbook.worksheets:
        sheet = workbook.create_sheet(sheet_title(_("Seating")))
        fill_sheet(sheet, headers, [])
    return _bytes(workbook)


# -- standings PDF --------------------------------------------------------------------------------


def standings_pdf(tournament: Tournament) -> bytes:
    """The standings on A4 pages: header row repeated, page numbers, fonts embedded."""
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4, landscape
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    from marias_admin.printouts.fonts import BOLD, REGULAR, register_fonts

    register_fonts()
    table = standings_table(tournament)
    rules = table.rules
    rounds = table.round_numbers
    pagesize = landscape(A4) if len(rounds) > 6 else A4
    if table.money_view:  # SZMK: points, the money of all rounds, ZB, round record
        header = ["#", _("Player"), _("Club"), _("Points"), _("Money"), "ZB", _("Round record"),
                  *[f"{n}." for n in rounds]]
    else:
        header = ["#", _("Player"), _("Club"), "BP", "SB", "ZB", "PB",
                  *[f"{n}." for n in rounds]]
    data: list[list[str]] = [header]
    for row in table.rows:
        s = row.standing
        figures = ([row.shown["money"], fmt_money(s.money, rules), row.shown["record"]]
                   if table.money_view else
                   [fmt_money(s.sb, rules), fmt_money(s.money, rules), fmt_number(s.premium, 1)])
        data.append([
            f"{s.rank}.", row.player.full_name, row.player.club.name if row.player.club else "",
            fmt_number(s.bp), *figures,
            *[("(" + c.text + ")" if c.dropped else c.text) or "–" for c in row.cells],
        ])
    title = f"{tournament.name} – {_('Standings')}"
    subtitle = f"{tournament.date:%d.%m.%Y}, {tournament.venue}"
    buffer = io.BytesIO()
    margin = 12 * mm
    doc = SimpleDocTemplate(buffer, pagesize=pagesize, leftMargin=margin, rightMargin=margin,
                            topMargin=margin, bottomMargin=margin + 4 * mm, title=title,
                            author="marias_admin", initialFontName=REGULAR,
                            initialFontSize=9)
    width = pagesize[0] - 2 * margin
    last = 26 * mm if table.money_view else 13 * mm  # the round record is longer than PB
    fixed = [12 * mm, 0, 38 * mm, 14 * mm, 20 * mm, 20 * mm, last] + [9 * mm] * len(rounds)
    fixed[1] = max(40 * mm, width - sum(fixed))
    grid = Table(data, colWidths=fixed, repeatRows=1)
    grid.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), REGULAR, 8.5),
        ("FONT", (0, 0), (-1, 0), BOLD, 8.5),
        ("FONT", (3, 1), (3, -1), BOLD, 8.5),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#" + HEADER_FILL)),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
        ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.grey),
        ("ALIGN", (3, 0), (-1, -1), "RIGHT"),
        ("ALIGN", (0, 0), (0, -1), "RIGHT"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ]))
    heading = ParagraphStyle("h", fontName=BOLD, fontSize=14, leading=17)
    small = ParagraphStyle("s", fontName=REGULAR, fontSize=9, leading=11)
    generated = timezone.localtime().strftime("%d.%m.%Y %H:%M")
    story: list[Any] = [Paragraph(_escape(title), heading), Paragraph(_escape(subtitle), small),
                        Spacer(1, 4 * mm)]
    if not table.rows:
        story.append(Paragraph(_escape(_("No confirmed results yet.")), small))
    else:
        story.append(grid)
        if table.provisional:
            story += [Spacer(1, 3 * mm),
                      Paragraph(_escape(_("Provisional: not every table is confirmed.")), small)]

    def footer(canvas: Any, document: Any) -> None:
        canvas.saveState()
        canvas.setFont(REGULAR, 7.5)
        canvas.drawString(margin, margin - 2 * mm, f"{tournament.name} · {generated}")
        canvas.drawRightString(pagesize[0] - margin, margin - 2 * mm,
                               _("Page %(page)s") % {"page": document.page})
        canvas.restoreState()

    doc.build(story, onFirstPage=footer, onLaterPages=footer)
    return buffer.getvalue()


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
