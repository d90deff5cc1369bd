"""Small canvas helpers shared by the builders: fitted text, rules, and how values read.

Everything is black on white with light grey fills, so the output survives a cheap
black-and-white printer or a photocopy of a photocopy.
"""

from __future__ import annotations

from datetime import date, time
from typing import Literal

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from marias_admin.core import formatting
from marias_admin.printouts.fonts import BOLD, REGULAR, text_width

Align = Literal["left", "center", "right"]

GREY_FILL = 0.88  # header cells
ZEBRA_FILL = 0.92  # alternate rows of the wall list
GREY_TEXT = 0.4  # hints, pre-printed helpers
ELLIPSIS = "…"


def fit_size(text: str, width: float, size: float, min_size: float, bold: bool = False) -> float:
    """The largest size ≤ ``size`` (down to ``min_size``) at which ``text`` fits ``width``."""
    needed = text_width(text, size, bold)
    if needed <= width or needed == 0:
        return size
    # A hair under the exact ratio: at the exact one float rounding can make the text measure
    # a millionth of a point too wide, and ``ellipsize`` would then cut its last letter.
    return max(min_size, size * width / needed * 0.9999)


def ellipsize(text: str, width: float, size: float, bold: bool = False) -> str:
    """``text`` cut with "…" so that it fits ``width`` (long club names, long venues)."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + ELLIPSIS, size, bold) > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS


def draw_text(c: Canvas, x: float, y: float, text: str, size: float, *, bold: bool = False,
              align: Align = "left", width: float | None = None, min_size: float | None = None,
              grey: float = 0.0, lines: int = 1) -> float:
    """Draw one line; with ``width`` shrink it (to ``min_size``) to fit. With ``lines`` > 1 a
    text that still does not fit is broken into up to that many lines at ``min_size``, centred
    on ``y`` (a long club name in a row of the players' table); only a text that fits in no
    way is cut with "…".

    ``x`` is the left edge, the centre or the right edge as ``align`` says. Returns the width
    drawn, so that a bold surname can be followed by a regular first name.
    """
    if width is None:
        return _draw_line(c, x, y, text, size, bold, align, grey)
    least = min_size or size
    fitted = fit_size(text, width, size, least, bold)
    if lines > 1 and text_width(text, fitted, bold) > width:
        small, parts = wrap_lines(text, width, least, least * 0.8, lines, bold)
        if len(parts) > 1:
            parts = [*parts[:lines - 1], " ".join(parts[lines - 1:])]
            leading = small * 1.1
            # The block's middle where the one line at ``size`` would have had its middle
            # (DejaVu: capitals and descenders centre 0.26 em above the baseline).
            top = y + 0.26 * (size - small) + (len(parts) - 1) * leading / 2
            return max(_draw_line(c, x, top - i * leading, ellipsize(part, width, small, bold),
                                  small, bold, align, grey) for i, part in enumerate(parts))
    return _draw_line(c, x, y, ellipsize(text, width, fitted, bold), fitted, bold, align, grey)


def _draw_line(c: Canvas, x: float, y: float, text: str, size: float, bold: bool,
               align: Align, grey: float) -> float:
    c.setFont(BOLD if bold else REGULAR, size)
    c.setFillGray(grey)
    if align == "center":
        c.drawCentredString(x, y, text)
    elif align == "right":
        c.drawRightString(x, y, text)
    else:
        c.drawString(x, y, text)
    c.setFillGray(0)
    return text_width(text, size, bold)


def wrap_lines(text: str, width: float, size: float, min_size: float, max_lines: int,
               bold: bool = False) -> tuple[float, list[str]]:
    """(size, lines): ``text`` broken at spaces into at most ``max_lines`` lines of ``width``,
    at the largest size from ``size`` down to ``min_size`` (by quarter points) that needs no
    more; at ``min_size`` it takes the lines it needs. Never cuts a word off."""
    step = size
    while True:
        lines = simpleSplit(text, BOLD if bold else REGULAR, step, width)
        if len(lines) <= max_lines or step <= min_size:
            return step, lines
        step = max(min_size, step - 0.25)


def draw_name(c: Canvas, x: float, y: float, last: str, first: str, size: float,
              width: float, min_size: float) -> float:
    """Surname in bold, first name regular, shrunk together to fit ``width``; returns the
    width drawn."""
    full = f"{last} {first}"
    # Fit on the bold width of the whole name: a little conservative, never overflowing.
    size = fit_size(full, width, size, min_size, bold=True)
    used = draw_text(c, x, y, last, size, bold=True, width=width, min_size=size)
    space = text_width(" ", size)
    rest = width - used - space
    if first and rest > text_width("M" + ELLIPSIS, size):
        used += space + draw_text(c, x + used + space, y, first, size, width=rest,
                                  min_size=size)
    return used


def cell_fill(c: Canvas, x: float, y: float, w: float, h: float, gray: float) -> None:
    c.setFillGray(gray)
    c.rect(x, y, w, h, stroke=0, fill=1)
    c.setFillGray(0)


def hline(c: Canvas, x1: float, x2: float, y: float, width: float = 0.4) -> None:
    c.setLineWidth(width)
    c.line(x1, y, x2, y)


def vline(c: Canvas, x: float, y1: float, y2: float, width: float = 0.4) -> None:
    c.setLineWidth(width)
    c.line(x, y1, x, y2)


def dotted_line(c: Canvas, x1: float, x2: float, y: float) -> None:
    """A line to write or sign on."""
    c.saveState()
    c.setLineWidth(0.5)
    c.setDash(1, 1.5)
    c.line(x1, y, x2, y)
    c.restoreState()


def format_date(value: date, lang: str = "cs") -> str:
    """12. 4. 2025 (cs, sk), 12 Apr 2025 (en): :mod:`marias_admin.core.formatting`."""
    return formatting.day(value, lang)


def format_time(value: time) -> str:
    return formatting.time_of_day(value)


def format_money(amount: int, currency: str, lang: str = "cs") -> str:
    """1000, "€" → "10,00 €"; the site's one convention (:mod:`marias_admin.core.formatting`)."""
    return formatting.money(amount, currency, lang)
