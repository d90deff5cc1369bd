"""The prize list as .xlsx (column specs of :mod:`marias_admin.core.columns`) and as a PDF
(A4 portrait, DejaVu Sans, the printouts' helpers), in the tournament's language."""

from __future__ import annotations

from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _
from openpyxl import Workbook
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Table, TableStyle

from marias_admin.core.columns import HEADER_FILL, Column, money_column, write_sheet
from marias_admin.core.xlsx import workbook_bytes
from marias_admin.printouts.fonts import BOLD, REGULAR, register_fonts
from marias_admin.prizes.selectors import PrizeLine, prize_list
from marias_admin.standings.pdf import MARGIN, PAD, SIZE, SMALL, document_pdf, escape
from marias_admin.tournaments.exporting import sheet_title
from marias_admin.tournaments.models import Tournament


def _winner(line: PrizeLine) -> str:
    return line.registration.player.full_name if line.registration else ""


def _club(line: PrizeLine) -> str:
    player = line.registration.player if line.registration else None
    return player.club.name if player is not None and player.club else ""


def columns(tournament: Tournament) -> list[Column[PrizeLine]]:
    return [
        Column(_("Order"), lambda line: line.prize.order),
        Column(_("Prize for"), lambda line: line.what),
        Column(_("Prize"), lambda line: line.prize.label),
        money_column(_("Value"), lambda line: line.prize.value, tournament.currency),
        Column(_("Place"), lambda line: line.rank),
        Column(_("Last name"),
               lambda line: line.registration.player.last_name if line.registration else None),
        Column(_("First name"),
               lambda line: line.registration.player.first_name if line.registration else None),
        Column(_("Club"), lambda line: _club(line) or None),
        Column(_("Why"), lambda line: line.reason),
    ]


def prize_list_xlsx(tournament: Tournament) -> bytes:
    with translation.override(tournament.page_language):
        workbook = Workbook()
        workbook.properties.title = str(tournament)
        workbook.properties.creator = "marias_admin"
        sheet = workbook.active
        sheet.title = sheet_title(_("Prize list"))
        write_sheet(sheet, columns(tournament), prize_list(tournament))
        return workbook_bytes(workbook)


def prize_list_pdf(tournament: Tournament) -> bytes:
    with translation.override(tournament.page_language):
        return _pdf(tournament, prize_list(tournament))


def _pdf(tournament: Tournament, lines: list[PrizeLine]) -> bytes:
    """Every cell a paragraph that wraps in its column: a long prize ("5 000 Kč + pohár"), a
    long club or reason takes another line, never a "…"."""
    register_fonts()
    room = A4[0] - 2 * MARGIN
    # Prize for | prize | player, club | why
    widths = [38 * mm, 36 * mm, 48 * mm]
    widths.append(room - sum(widths))
    plain = ParagraphStyle("p", fontName=REGULAR, fontSize=SIZE, leading=SIZE + 2)
    bold = ParagraphStyle("b", parent=plain, fontName=BOLD)
    reason = ParagraphStyle("r", fontName=REGULAR, fontSize=7, leading=8.5)
    header = [_("Prize for"), _("Prize"), _("Player"), _("Why")]
    data: list[list[Any]] = [[Paragraph(escape(h), bold) for h in header]]
    for line in lines:
        prize = line.prize.label + (f" ({line.value_text})" if line.value_text else "")
        winner, club = _winner(line), _club(line)
        who = f'<font name="{BOLD}">{escape(winner)}</font>' if winner else "–"
        who += f", {escape(club)}" if winner and club else ""
        data.append([
            Paragraph(escape(line.what), plain),
            Paragraph(escape(prize), plain),
            Paragraph(who, plain),
            Paragraph(escape(line.reason), reason),
        ])
    grid = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    grid.setStyle(TableStyle([
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#" + HEADER_FILL)),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
        ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.grey),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), PAD),
        ("RIGHTPADDING", (0, 0), (-1, -1), PAD),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ]))
    body = [grid] if lines else [Paragraph(escape(_("No prizes defined.")), SMALL)]
    return document_pdf(tournament, _("Prize list"), body)
