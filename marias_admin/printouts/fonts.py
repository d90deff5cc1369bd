"""The embedded fonts every printout uses.

The 14 standard PDF fonts cannot print ě, ř, ů, ľ, ĺ, ŕ, ô … and a PDF viewer would substitute
something else anyway, so every PDF embeds (a subset of) DejaVu Sans, shipped with the app in
``fonts/`` so that the output does not depend on what the server has installed.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"

_FILES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}


def register_fonts() -> None:
    """Register the fonts with reportlab once per process (cheap to call again)."""
    registered = set(pdfmetrics.getRegisteredFontNames())
    for name, filename in _FILES.items():
        if name not in registered:
            pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Width of ``text`` in points, for fitting names into fixed columns."""
    register_fonts()
    return pdfmetrics.stringWidth(text, BOLD if bold else REGULAR, size)
