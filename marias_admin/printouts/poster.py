"""The hall poster: the tournament's name, date and place, and a big QR code of its public
home (``/t/<id>/``), on A4 or A3, for the entrance and the walls. Spectators and players scan
it and reach the seating, the standings and the results from there.

Pure reportlab: plain data in, PDF bytes out; every size is a share of the paper, so A3 is
A4 scaled up. Nothing is ever cut: the name shrinks and wraps onto three lines (more if it must).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from datetime import date

from django.utils import translation
from django.utils.translation import gettext as _
from reportlab.lib.pagesizes import A3, A4
from reportlab.pdfgen.canvas import Canvas

from marias_admin.printouts.drawing import draw_text, format_date, wrap_lines
from marias_admin.printouts.fonts import REGULAR, register_fonts
from marias_admin.printouts.qr import draw_qr

PAPERS = {"a4": A4, "a3": A3}


@dataclass(frozen=True)
class PosterData:
    name: str
    date: date
    venue: str
    url: str  # the public home's absolute address, the QR code's content
    language: str


def build_poster(data: PosterData, paper: str = "a4") -> bytes:
    """One page of ``paper`` ("a4" or "a3")."""
    width, height = PAPERS[paper]
    unit = width / 210  # one millimetre of A4, scaled to the paper
    margin = 15 * unit
    inner = width - 2 * margin
    register_fonts()
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(width, height), pageCompression=1, initialFontName=REGULAR)
    with translation.override(data.language):
        c.setTitle(data.name)
        c.setAuthor(data.name)
        c.setCreator("marias_admin")
        y = height - margin - 14 * unit
        # Three lines at most while the type can shrink; a name longer still takes the lines
        # it needs at the smallest size (the QR code gives way), never cut.
        size, lines = wrap_lines(data.name, inner, 16 * unit, 6 * unit, 3, bold=True)
        for line in lines:
            draw_text(c, width / 2, y, line, size, bold=True, align="center", width=inner,
                      min_size=size)
            y -= size * 1.15
        when = format_date(data.date, data.language)
        place = f"{when} · {data.venue}" if data.venue else when
        y -= 3 * unit
        draw_text(c, width / 2, y, place, 9 * unit, align="center", width=inner,
                  min_size=4 * unit, lines=2)
        y -= 14 * unit
        draw_text(c, width / 2, y, _("Seating, standings and results:"), 7 * unit,
                  align="center", width=inner, min_size=4 * unit)
        qr_size = min(inner, y - margin - 30 * unit)
        qr_top = y - 6 * unit
        draw_qr(c, data.url, (width - qr_size) / 2, qr_top - qr_size, qr_size)
        y = qr_top - qr_size - 10 * unit
        draw_text(c, width / 2, y, _("Scan the code with your phone or open:"), 5 * unit,
                  align="center", width=inner, min_size=3.5 * unit, grey=0.3)
        y -= 9 * unit
        draw_text(c, width / 2, y, data.url, 7 * unit, bold=True, align="center", width=inner,
                  min_size=3.5 * unit, lines=2)
        c.showPage()
    c.save()
    return buffer.getvalue()
