"""The nomination sheet: one A4 page per team with its name, club, captain and members with
their roles, and empty lines for the captain's and the referee's signatures. Printed in the
tournament's language with the printouts' fonts and drawing helpers.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date as Date

from django.utils import translation
from django.utils.translation import gettext as _
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from marias_admin.printouts.drawing import (
    GREY_FILL,
    GREY_TEXT,
    cell_fill,
    dotted_line,
    draw_name,
    draw_text,
    format_date,
    hline,
)
from marias_admin.printouts.fonts import REGULAR, register_fonts

PAGE_W, PAGE_H = A4
MARGIN = 15 * mm
ROW_H = 9 * mm
MAX_ROWS_PER_PAGE = 18


@dataclass(frozen=True)
class NominatedPlayer:
    last_name: str
    first_name: str
    registration_number: str
    club: str
    role: str  # as printed


@dataclass(frozen=True)
class NominationSheet:
    team: str
    kind: str
    club: str
    captain: str
    members: Sequence[NominatedPlayer]


def _header(c: Canvas, tournament: str, when: str, sheet: NominationSheet, part: str) -> float:
    width = PAGE_W - 2 * MARGIN
    top = PAGE_H - MARGIN
    draw_text(c, MARGIN, top - 4 * mm, f"{tournament} · {when}", 9, width=width, min_size=6,
              grey=GREY_TEXT)
    draw_text(c, MARGIN, top - 12 * mm, _("Nomination sheet") + part, 16, bold=True,
              width=width, min_size=10)
    draw_text(c, MARGIN, top - 22 * mm, sheet.team, 20, bold=True, width=width, min_size=10)
    details = " · ".join(p for p in (sheet.kind, sheet.club) if p)
    draw_text(c, MARGIN, top - 29 * mm, details, 10, width=width, min_size=7)
    captain = _("Captain: %(name)s") % {"name": sheet.captain or "—"}
    draw_text(c, MARGIN, top - 36 * mm, captain, 11, bold=True, width=width, min_size=7)
    return top - 44 * mm


def _table(c: Canvas, y: float, members: Sequence[NominatedPlayer], start: int) -> float:
    x0, x1 = MARGIN, PAGE_W - MARGIN
    cols = [x0, x0 + 10 * mm, x0 + 80 * mm, x0 + 105 * mm, x0 + 135 * mm, x1]
    heads = ["#", _("Player"), _("Reg. no."), _("Role"), _("Signature")]
    cell_fill(c, x0, y - ROW_H, x1 - x0, ROW_H, GREY_FILL)
    for i, head in enumerate(heads):
        draw_text(c, cols[i] + 1.5 * mm, y - ROW_H + 3 * mm, head, 9, bold=True,
                  width=cols[i + 1] - cols[i] - 3 * mm, min_size=6)
    y -= ROW_H
    hline(c, x0, x1, y, 0.8)
    for number, member in enumerate(members, start=start):
        base = y - ROW_H + 3 * mm
        draw_text(c, cols[0] + 1.5 * mm, base, str(number), 9)
        draw_name(c, cols[1] + 1.5 * mm, base, member.last_name, member.first_name, 10,
                  width=cols[2] - cols[1] - 3 * mm, min_size=6)
        draw_text(c, cols[2] + 1.5 * mm, base, member.registration_number, 9,
                  width=cols[3] - cols[2] - 3 * mm, min_size=6)
        draw_text(c, cols[3] + 1.5 * mm, base, member.role, 9,
                  width=cols[4] - cols[3] - 3 * mm, min_size=6)
        dotted_line(c, cols[4] + 1.5 * mm, cols[5] - 1.5 * mm, y - ROW_H + 2.5 * mm)
        y -= ROW_H
        hline(c, x0, x1, y)
    return y


def _signatures(c: Canvas, y: float) -> None:
    width = (PAGE_W - 2 * MARGIN - 10 * mm) / 2
    line_y = max(MARGIN + 12 * mm, y - 25 * mm)
    for i, label in enumerate((_("Captain's signature"), _("Referee's signature"))):
        x = MARGIN + i * (width + 10 * mm)
        dotted_line(c, x, x + width, line_y)
        draw_text(c, x, line_y - 5 * mm, label, 8, width=width, min_size=6, grey=GREY_TEXT)
    draw_text(c, MARGIN, line_y + 6 * mm, _("Date and time handed in:"), 9,
              width=PAGE_W - 2 * MARGIN, min_size=6)
    dotted_line(c, MARGIN + 45 * mm, MARGIN + 100 * mm, line_y + 6 * mm)


def build_nomination_sheets(sheets: Sequence[NominationSheet], *, tournament: str,
                            date: Date, language: str) -> bytes:
    """One page per team (a team longer than a page goes on in the next one)."""
    if not sheets:
        raise ValueError("no teams, no nomination sheets")
    register_fonts()
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=A4, pageCompression=1, initialFontName=REGULAR)
    c.setTitle(tournament)
    with translation.override(language):
        when = format_date(date, language)
        for sheet in sheets:
            members = list(sheet.members)
            chunks = [members[i:i + MAX_ROWS_PER_PAGE]
                      for i in range(0, max(len(members), 1), MAX_ROWS_PER_PAGE)] or [[]]
            for index, chunk in enumerate(chunks):
                part = f" ({index + 1}/{len(chunks)})" if len(chunks) > 1 else ""
                y = _header(c, tournament, when, sheet, part)
                y = _table(c, y, chunk, index * MAX_ROWS_PER_PAGE + 1)
                if index == len(chunks) - 1:
                    _signatures(c, y)
                c.showPage()
    c.save()
    return buffer.getvalue()
