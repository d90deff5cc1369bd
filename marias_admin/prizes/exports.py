"""The prize list as .xlsx (column specs of :mod:`marias_admin.core.columns`) and as a PDF
(A4 portrait, DejaVu Sans, the printouts' helpers), in the tournament's language."""

from __future__ import annotations

import io
from typing import Any

from django.utils import timezone, translation
from django.utils.translation import gettext as _
from openpyxl import Workbook
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from marias_admin.core import formatting
from marias_admin.core.columns import HEADER_FILL, Column, money_column, write_sheet
from marias_admin.core.xlsx import workbook_bytes
from marias_admin.printouts.drawing import ellipsize
from marias_admin.printouts.fonts import BOLD, REGULAR, register_fonts, text_width
from marias_admin.prizes.selectors import PrizeLine, prize_list
from marias_admin.tournaments.exporting import sheet_title
from marias_admin.tournaments.models import Tournament

MARGIN = 12 * mm
PAD = 2.5
SIZE = 8.5


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


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def prize_list_pdf(tournament: Tournament) -> bytes:
    with translation.override(tournament.page_language):
        return _pdf(tournament, prize_list(tournament))


def _pdf(tournament: Tournament, lines: list[PrizeLine]) -> bytes:
    register_fonts()
    room = A4[0] - 2 * MARGIN
    # Prize for | prize | player (club) | why (wraps)
    widths = [38 * mm, 32 * mm, 52 * mm]
    widths.append(room - sum(widths))
    reason = ParagraphStyle("r", fontName=REGULAR, fontSize=7, leading=8.5)
    header = [_("Prize for"), _("Prize"), _("Player"), _("Why")]
    data: list[list[Any]] = [[ellipsize(h, widths[i] - 2 * PAD, SIZE, bold=True)
                              for i, h in enumerate(header)]]
    for line in lines:
        prize = line.prize.label + (f" ({line.value_text})" if line.value_text else "")
        who = _winner(line) + (f", {_club(line)}" if _club(line) else "")
        data.append([
            ellipsize(line.what, widths[0] - 2 * PAD, SIZE),
            ellipsize(prize, widths[1] - 2 * PAD, SIZE),
            ellipsize(who or "–", widths[2] - 2 * PAD, SIZE, bold=bool(who)),
            Paragraph(_escape(line.reason), reason),
        ])
    grid = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    grid.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), REGULAR, SIZE),
        ("FONT", (0, 0), (-1, 0), BOLD, SIZE),
        ("FONT", (2, 1), (2, -1), BOLD, SIZE),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#" + HEADER_FILL)),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
        ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.grey),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), PAD),
        ("RIGHTPADDING", (0, 0), (-1, -1), PAD),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ]))
    title = f"{tournament.name} – {_('Prize list')}"
    subtitle = formatting.day(tournament.date) + (f", {tournament.venue}"
                                                  if tournament.venue else "")
    heading = ParagraphStyle("h", fontName=BOLD, fontSize=14, leading=17)
    small = ParagraphStyle("s", fontName=REGULAR, fontSize=9, leading=11)
    story: list[Any] = [Paragraph(_escape(title), heading), Paragraph(_escape(subtitle), small),
                        Spacer(1, 4 * mm)]
    story.append(grid if lines else Paragraph(_escape(_("No prizes defined.")), small))
    generated = formatting.moment(timezone.now())
    page_label = _("Page %(page)s")

    def footer(canvas: Any, document: Any) -> None:
        canvas.saveState()
        canvas.setFont(REGULAR, 7.5)
        page = page_label % {"page": document.page}
        left = ellipsize(f"{tournament.name} · {generated}",
                         room - text_width(page, 7.5) - 6 * mm, 7.5)
        canvas.drawString(MARGIN, MARGIN - 2 * mm, left)
        canvas.drawRightString(A4[0] - MARGIN, MARGIN - 2 * mm, page)
        canvas.restoreState()

    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, pagesize=A4, leftMargin=MARGIN, rightMargin=MARGIN,
                            topMargin=MARGIN, bottomMargin=MARGIN + 4 * mm, title=title,
                            author="marias_admin", initialFontName=REGULAR, initialFontSize=9)
    doc.build(story, onFirstPage=footer, onLaterPages=footer)
    return buffer.getvalue()
