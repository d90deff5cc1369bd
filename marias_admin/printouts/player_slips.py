"""Player slips: one small slip per player with his personal PIN, cut apart and handed out at
check-in. The PIN lets him confirm his table's sheet on the table's phone without an account
(:mod:`marias_admin.sheets.access`), so it is printed only here, never on a list on the wall.

A grid of 3 × 8 slips per A4 page with dashed cut lines. Pure reportlab: plain data in, bytes out.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils import translation
from django.utils.translation import gettext as _
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from marias_admin.printouts.drawing import GREY_TEXT, draw_name, draw_text
from marias_admin.printouts.fonts import REGULAR, register_fonts

PAGE_W, PAGE_H = A4
MARGIN_X = 8 * mm
MARGIN_Y = 10 * mm
COLUMNS, ROWS = 3, 8
SLIP_W = (PAGE_W - 2 * MARGIN_X) / COLUMNS
SLIP_H = (PAGE_H - 2 * MARGIN_Y) / ROWS
PAD = 3 * mm


@dataclass(frozen=True)
class PlayerSlip:
    last_name: str
    first_name: str
    club: str
    pin: str


def _slip(c: Canvas, slip: PlayerSlip, tournament: str, x: float, y: float) -> None:
    """One slip with its bottom-left corner at (x, y)."""
    top = y + SLIP_H
    inner = SLIP_W - 2 * PAD
    draw_text(c, x + PAD, top - PAD - 2.5 * mm, tournament, 6.5, width=inner, min_size=5,
              grey=GREY_TEXT, lines=2)
    draw_name(c, x + PAD, top - PAD - 8 * mm, slip.last_name, slip.first_name, 11,
              width=inner, min_size=7)
    if slip.club:
        draw_text(c, x + PAD, top - PAD - 12 * mm, slip.club, 7, width=inner, min_size=5,
                  grey=GREY_TEXT, lines=2)
    draw_text(c, x + PAD, y + PAD + 7 * mm, _("Player PIN"), 7.5, bold=True)
    draw_text(c, x + SLIP_W - PAD, y + PAD + 6 * mm, slip.pin, 18, bold=True, align="right")
    draw_text(c, x + PAD, y + PAD, _("Confirms your table's sheet. Keep it to yourself."),
              6, width=inner, min_size=4.5, grey=GREY_TEXT)


def _cut_lines(c: Canvas) -> None:
    c.saveState()
    c.setDash(2, 2)
    c.setLineWidth(0.3)
    c.setStrokeGray(0.6)
    for col in range(COLUMNS + 1):
        x = MARGIN_X + col * SLIP_W
        c.line(x, MARGIN_Y, x, PAGE_H - MARGIN_Y)
    for row in range(ROWS + 1):
        y = MARGIN_Y + row * SLIP_H
        c.line(MARGIN_X, y, PAGE_W - MARGIN_X, y)
    c.restoreState()


def build_player_slips(slips: Sequence[PlayerSlip], tournament: str, language: str) -> bytes:
    """The slips in the given order (alphabetical, as they are handed out)."""
    if not slips:
        raise ValueError("no players, no slips")
    register_fonts()
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=A4, pageCompression=1, initialFontName=REGULAR)
    c.setTitle(tournament)
    per_page = COLUMNS * ROWS
    with translation.override(language):
        for start in range(0, len(slips), per_page):
            _cut_lines(c)
            for i, slip in enumerate(slips[start:start + per_page]):
                row, col = divmod(i, COLUMNS)
                _slip(c, slip, tournament, MARGIN_X + col * SLIP_W,
                      PAGE_H - MARGIN_Y - (row + 1) * SLIP_H)
            c.showPage()
    c.save()
    return buffer.getvalue()
