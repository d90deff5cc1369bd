"""QR codes drawn as vector rectangles: sharp at any printer resolution, no image library.

segno computes the module matrix; each run of dark modules in a row becomes one filled
rectangle, so a typical table URL costs a few hundred path operators, not a bitmap.
"""

from __future__ import annotations

import segno
from reportlab.pdfgen.canvas import Canvas


def qr_matrix(data: str) -> tuple[tuple[bool, ...], ...]:
    """Dark modules, row by row, without the quiet zone (the page margin provides it).

    Error correction M: a sheet gets folded, creased and coffee-stained.
    """
    code = segno.make_qr(data, error="m", boost_error=False)
    return tuple(tuple(bool(v) for v in row) for row in code.matrix)


def draw_qr(c: Canvas, data: str, x: float, y: float, size: float) -> int:
    """Draw the code for ``data`` with its bottom-left corner at (x, y); return the run count."""
    matrix = qr_matrix(data)
    module = size / len(matrix)
    path = c.beginPath()
    runs = 0
    for r, row in enumerate(matrix):
        top = y + size - (r + 1) * module
        col = 0
        while col < len(row):
            if not row[col]:
                col += 1
                continue
            start = col
            while col < len(row) and row[col]:
                col += 1
            # A hair of overlap closes the white seams some viewers render between runs.
            path.rect(x + start * module, top - 0.02, (col - start) * module, module + 0.04)
            runs += 1
    c.saveState()
    c.setFillGray(0)
    c.drawPath(path, stroke=0, fill=1)
    c.restoreState()
    return runs
