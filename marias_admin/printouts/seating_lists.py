"""Seating lists of a round: by table (for the organiser and the referee) and alphabetical by
player (for the entrance wall, read from a step away by a crowd looking for its name).

Rows have a fixed height, so the page count is known before drawing and every page can say
"page X/Y" without a second pass. Pure reportlab: plain data in, PDF bytes out.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from marias_admin.core.collation import sort_key
from marias_admin.printouts.data import (
    RoundInfo,
    SeatingData,
    SeatingListRow,
    SeatingTable,
    SheetPlayer,
)
from marias_admin.printouts.drawing import (
    GREY_FILL,
    GREY_TEXT,
    ZEBRA_FILL,
    cell_fill,
    draw_name,
    draw_text,
    format_date,
    format_time,
    hline,
)
from marias_admin.printouts.fonts import REGULAR, register_fonts, text_width

PAGE_W, PAGE_H = A4
LEFT = 12 * mm
RIGHT = PAGE_W - 12 * mm
WIDTH = RIGHT - LEFT
TOP = PAGE_H - 10 * mm
HEADER_H = 17 * mm
BODY_TOP = TOP - HEADER_H - 4 * mm
BODY_BOTTOM = 15 * mm
BODY_H = BODY_TOP - BODY_BOTTOM
GUTTER = 6 * mm

# By table
BLOCK_HEAD_H = 6.5 * mm
BLOCK_ROW_H = 5.6 * mm
BLOCK_GAP = 4 * mm

# Alphabetical
ALPHA_HEAD_H = 6 * mm
ALPHA_ROW_H = 7.4 * mm
ALPHA_NAME_SIZE = 14.0
ALPHA_MIN_SIZE = 10.5  # smaller than this and a two-column wall list is not readable
NUMBER_W = 15 * mm

PageDrawer = Callable[[Canvas, int], None]


def build_seating_by_table(data: SeatingData) -> bytes:
    """Every table with its players in seat order, two columns of tables per page; the
    players with a bye (křížový) in a last block of the same size after the tables."""
    tables = data.tables
    if not tables:
        raise ValueError("a round without tables has no seating list")
    seats = max(len(t.players) for t in (*tables, SeatingTable(0, data.byes)))
    block_h = BLOCK_HEAD_H + seats * BLOCK_ROW_H
    per_column = max(1, int((BODY_H + BLOCK_GAP) // (block_h + BLOCK_GAP)))
    per_page = 2 * per_column
    col_w = (WIDTH - GUTTER) / 2
    blocks: list[SeatingTable | None] = [*tables, *([None] if data.byes else [])]

    def draw_page(c: Canvas, page: int) -> None:
        chunk = blocks[page * per_page:(page + 1) * per_page]
        for i, table in enumerate(chunk):  # down the left column, then down the right one
            col, row = divmod(i, per_column)
            x = LEFT + col * (col_w + GUTTER)
            top = BODY_TOP - row * (block_h + BLOCK_GAP)
            if table is None:
                _byes_block(c, data.byes, x, top, col_w)
            else:
                _table_block(c, table, x, top, col_w, block_h)

    pages = -(-len(blocks) // per_page)
    return _render(data.info, gettext_lazy("Seating by table"), pages, draw_page)


def build_seating_alphabetical(data: SeatingData) -> bytes:
    """Players A–Z with table and seat in big type; two columns when the names fit."""
    language = data.info.language
    rows = sorted(data.rows(), key=lambda r: (sort_key(r.last_name, language),
                                              sort_key(r.first_name, language), r.club))
    if not rows:
        raise ValueError("a round without players has no seating list")
    names = _display_names(rows)
    columns, size = _alpha_layout(names)
    col_w = (WIDTH - GUTTER * (columns - 1)) / columns
    per_column = int((BODY_H - ALPHA_HEAD_H) // ALPHA_ROW_H)
    per_page = per_column * columns

    def draw_page(c: Canvas, page: int) -> None:
        start = page * per_page
        on_page = len(rows[start:start + per_page])
        height = -(-on_page // columns)  # the last page's columns come out even
        for col in range(columns):
            first = start + col * height
            chunk = rows[first:min(first + height, start + on_page)]
            if chunk:
                x = LEFT + col * (col_w + GUTTER)
                _alpha_column(c, chunk, names[first:first + len(chunk)], x, col_w, size)

    pages = -(-len(rows) // per_page)
    return _render(data.info, gettext_lazy("Seating by player"), pages, draw_page)


def _render(info: RoundInfo, title: object, pages: int, draw_page: PageDrawer) -> bytes:
    """Draw ``pages`` pages in the tournament's language; ``title`` is a lazy string."""
    register_fonts()
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=A4, pageCompression=1, initialFontName=REGULAR)
    with translation.override(info.language):
        text = str(title)
        round_label = _("round %(number)s") % {"number": info.round_number}
        c.setTitle(f"{text} – {info.tournament_name} – {round_label}")
        c.setAuthor(info.tournament_name)
        c.setCreator("marias_admin")
        for page in range(pages):
            _page_frame(c, info, text, page + 1, pages)
            draw_page(c, page)
            c.showPage()
    c.save()
    return buffer.getvalue()


def _page_frame(c: Canvas, info: RoundInfo, title: str, page: int, pages: int) -> None:
    """Tournament, list title, round and date on top; "page X/Y" at the bottom."""
    right_w = 60 * mm
    left_w = WIDTH - right_w - 4 * mm
    draw_text(c, LEFT, TOP - 6 * mm, info.tournament_name, 15, bold=True, width=left_w,
              min_size=10)
    draw_text(c, LEFT, TOP - 13 * mm, title, 12, width=left_w, min_size=9)
    draw_text(c, RIGHT, TOP - 6 * mm, _("Round %(number)s") % {"number": info.round_number},
              15, bold=True, align="right", width=right_w)
    when = format_date(info.date, info.language)
    if info.starts_at:
        when += " · " + _("start %(time)s") % {"time": format_time(info.starts_at)}
    draw_text(c, RIGHT, TOP - 13 * mm, when, 10, align="right", width=right_w, min_size=8)
    hline(c, LEFT, RIGHT, TOP - HEADER_H, 1)

    hline(c, LEFT, RIGHT, 11 * mm, 0.4)
    footer = f"{info.tournament_name} · {title}"
    draw_text(c, LEFT, 7 * mm, footer, 7, width=WIDTH - 40 * mm, min_size=6, grey=GREY_TEXT)
    draw_text(c, RIGHT, 7 * mm, _("page %(page)s/%(pages)s") % {"page": page, "pages": pages},
              9, bold=True, align="right")


def _table_block(c: Canvas, table: SeatingTable, x: float, top: float, w: float,
                 h: float) -> None:
    cell_fill(c, x, top - BLOCK_HEAD_H, w, BLOCK_HEAD_H, GREY_FILL)
    draw_text(c, x + 2 * mm, top - BLOCK_HEAD_H + 1.8 * mm,
              _("Table %(number)s") % {"number": table.number}, 11, bold=True)
    draw_text(c, x + w - 2 * mm, top - BLOCK_HEAD_H + 1.9 * mm,
              ngettext("%(count)s player", "%(count)s players", len(table.players))
              % {"count": len(table.players)}, 7, align="right",
              grey=GREY_TEXT)
    seat_w, club_w = 7 * mm, 30 * mm
    y = top - BLOCK_HEAD_H
    for p in table.players:
        base = y - BLOCK_ROW_H + 1.7 * mm
        draw_text(c, x + seat_w / 2, base, str(p.seat), 9.5, bold=True, align="center")
        draw_name(c, x + seat_w, base, p.last_name, p.first_name, 9.5,
                  w - seat_w - club_w - 2 * mm, 7)
        draw_text(c, x + w - 1.5 * mm, base, p.club, 7, align="right",
                  width=club_w - 1.5 * mm, min_size=6, grey=GREY_TEXT, lines=2)
        y -= BLOCK_ROW_H
        if y > top - h + 0.1:
            hline(c, x, x + w, y, 0.3)
    c.setLineWidth(0.9)
    c.rect(x, top - h, w, h, stroke=1, fill=0)


def _byes_block(c: Canvas, players: Sequence[SheetPlayer], x: float, top: float,
                w: float) -> None:
    """The players left out of the round (křížový: tables of exactly four), by name."""
    h = BLOCK_HEAD_H + len(players) * BLOCK_ROW_H
    cell_fill(c, x, top - BLOCK_HEAD_H, w, BLOCK_HEAD_H, GREY_FILL)
    # Translators: křížový, tables of exactly four: the players who sit this round out
    # (Czech "Volno v tomto kole").
    title = ngettext("Bye this round", "Byes this round", len(players))
    draw_text(c, x + 2 * mm, top - BLOCK_HEAD_H + 1.8 * mm, title, 11, bold=True,
              width=w - 30 * mm, min_size=8)
    draw_text(c, x + w - 2 * mm, top - BLOCK_HEAD_H + 1.9 * mm,
              ngettext("%(count)s player", "%(count)s players", len(players))
              % {"count": len(players)}, 7, align="right", grey=GREY_TEXT)
    seat_w, club_w = 7 * mm, 30 * mm
    y = top - BLOCK_HEAD_H
    for p in players:
        base = y - BLOCK_ROW_H + 1.7 * mm
        draw_text(c, x + seat_w / 2, base, "–", 9.5, bold=True, align="center")
        draw_name(c, x + seat_w, base, p.last_name, p.first_name, 9.5,
                  w - seat_w - club_w - 2 * mm, 7)
        draw_text(c, x + w - 1.5 * mm, base, p.club, 7, align="right",
                  width=club_w - 1.5 * mm, min_size=6, grey=GREY_TEXT, lines=2)
        y -= BLOCK_ROW_H
        if y > top - h + 0.1:
            hline(c, x, x + w, y, 0.3)
    c.setLineWidth(0.9)
    c.rect(x, top - h, w, h, stroke=1, fill=0)


@dataclass(frozen=True)
class _Name:
    last: str
    first: str
    extra: str  # the club, when two players share a name


def _display_names(rows: Sequence[SeatingListRow]) -> list[_Name]:
    """Names as printed: a club added where two players have the same name."""
    counts: dict[str, int] = {}
    for r in rows:
        counts[r.full_name] = counts.get(r.full_name, 0) + 1
    return [_Name(r.last_name, r.first_name, r.club if counts[r.full_name] > 1 else "")
            for r in rows]


def _alpha_layout(names: Sequence[_Name]) -> tuple[int, float]:
    """Two columns if the longest name still reads at ``ALPHA_MIN_SIZE``; else one, larger.

    An added club does not count: it is shortened rather than costing the wall a column.
    """
    longest = max(text_width(f"{n.last} {n.first}", 1, bold=True) for n in names)
    for columns in (2, 1):
        name_w = (WIDTH - GUTTER * (columns - 1)) / columns - 2 * NUMBER_W - 3 * mm
        size = min(ALPHA_NAME_SIZE if columns == 2 else 16.0, name_w / longest)
        if size >= ALPHA_MIN_SIZE or columns == 1:
            return columns, size
    raise AssertionError("unreachable")


def _alpha_column(c: Canvas, rows: Sequence[SeatingListRow], names: Sequence[_Name],
                  x: float, w: float, size: float) -> None:
    name_w = w - 2 * NUMBER_W - 3 * mm
    table_x, seat_x = x + w - 2 * NUMBER_W, x + w - NUMBER_W
    cell_fill(c, x, BODY_TOP - ALPHA_HEAD_H, w, ALPHA_HEAD_H, GREY_FILL)
    head_base = BODY_TOP - ALPHA_HEAD_H + 1.8 * mm
    draw_text(c, x + 2 * mm, head_base, _("Player"), 8, bold=True)
    draw_text(c, table_x + NUMBER_W / 2, head_base, _("Table"), 8, bold=True, align="center",
              width=NUMBER_W - 1 * mm, min_size=6)
    draw_text(c, seat_x + NUMBER_W / 2, head_base, pgettext("place at a table", "Seat"), 8,
              bold=True, align="center", width=NUMBER_W - 1 * mm, min_size=6)
    y = BODY_TOP - ALPHA_HEAD_H
    for i, (row, name) in enumerate(zip(rows, names, strict=True)):
        if i % 2:  # zebra rows carry the eye from a name to its numbers
            cell_fill(c, x, y - ALPHA_ROW_H, w, ALPHA_ROW_H, ZEBRA_FILL)
        base = y - ALPHA_ROW_H + 2.1 * mm
        used = draw_name(c, x + 2 * mm, base, name.last, name.first, size, name_w, size * 0.8)
        rest = name_w - used - 2 * mm
        if name.extra and rest > 8 * mm:
            draw_text(c, x + 3.5 * mm + used, base, f"({name.extra})", 8, width=rest,
                      min_size=6, grey=GREY_TEXT)
        if row.bye:  # no table: the word spans the table and seat columns
            # Translators: in the list by name, instead of a table and seat: this player
            # sits the round out (křížový; Czech "volno").
            draw_text(c, table_x + NUMBER_W, base, pgettext("no table this round", "bye"), 13,
                      bold=True, align="center", width=2 * NUMBER_W - 1 * mm, min_size=7)
        else:
            draw_text(c, table_x + NUMBER_W / 2, base, str(row.table), 15, bold=True,
                      align="center")
            draw_text(c, seat_x + NUMBER_W / 2, base, str(row.seat), 13, align="center")
        y -= ALPHA_ROW_H
    hline(c, x, x + w, y, 0.6)
