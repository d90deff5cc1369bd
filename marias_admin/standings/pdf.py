"""The standings as a PDF: A4, the header row repeated on every page, page numbers, DejaVu Sans
embedded, in the tournament's language (not the visitor's: the paper hangs in the hall).

Every column is as wide as its widest text; the table takes A4 portrait when it fits, else
landscape, and then a smaller font (down to :data:`MIN_SIZE`) until it fits the page; names and
clubs are the columns that give way, wrapped onto a second line if they must (never cut).
Nothing prints past the margins.
"""

from __future__ import annotations

import io
from typing import Any

from django.utils import timezone, translation
from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from marias_admin.core import formatting
from marias_admin.printouts.drawing import ellipsize, fit_size
from marias_admin.printouts.fonts import BOLD, REGULAR, register_fonts, text_width
from marias_admin.standings.columns import HEADER_FILL
from marias_admin.standings.presenters.formatting import fmt_money, fmt_number
from marias_admin.standings.presenters.table import StandingsTable, standings_table
from marias_admin.tournaments.models import Tournament

MARGIN = 12 * mm
PAD = 2.5  # points left and right of every cell
SIZE, MIN_SIZE = 8.5, 6.0
NAME, CLUB = 1, 2  # the columns that shrink (and are cut) when the page is too narrow
NAME_MIN, CLUB_MIN = 30 * mm, 18 * mm
NAME_MAX, CLUB_MAX = 60 * mm, 45 * mm


def standings_pdf(tournament: Tournament) -> bytes:
    """The standings PDF in the tournament's language."""
    with translation.override(tournament.page_language):
        return _build(tournament, standings_table(tournament))


def _rows(table: StandingsTable) -> list[list[str]]:
    rules, rounds = table.rules, table.round_numbers
    if table.money_view:  # SZMK: points, the money of all rounds, ZB, round record
        header = ["#", _("Player"), _("Club"), _("Points"), _("Money"), "ZB", _("Round record"),
                  *[f"{n}." for n in rounds]]
    elif table.premium_view:  # SloapSlam: table points (BUS) by SB
        first = _("Points") if table.table_points_view else "BP"
        header = ["#", _("Player"), _("Club"), first, "SB", "ZB", "PB", *[f"{n}." for n in rounds]]
    else:  # the volený families: BP by money, no PB; křížový: table points, no PB
        first = _("Points") if table.table_points_view else "BP"
        header = ["#", _("Player"), _("Club"), first, "ZB", *[f"{n}." for n in rounds]]
    data = [header]
    for row in table.rows:
        s = row.standing
        if table.money_view:
            figures = [row.shown["money"], fmt_money(s.money, rules), row.shown["record"]]
        elif table.premium_view:
            figures = [fmt_money(s.sb, rules), fmt_money(s.money, rules),
                       fmt_number(s.premium, 1)]
        else:
            figures = [fmt_money(s.money, rules)]
        data.append([
            f"{s.rank}.", row.player.full_name, row.player.club.name if row.player.club else "",
            fmt_number(s.bp), *figures,
            *[("(" + c.text + ")" if c.dropped else c.text) or "–" for c in row.cells],
        ])
    return data


def _natural(data: list[list[str]], size: float) -> list[float]:
    """Each column's width at ``size``: its widest text (the header bold) plus padding."""
    widths = [0.0] * len(data[0])
    for index, row in enumerate(data):
        for column, text in enumerate(row):
            bold = index == 0 or column == 3
            widths[column] = max(widths[column], text_width(text, size, bold) + 2 * PAD)
    return widths


def layout(data: list[list[str]]) -> tuple[tuple[float, float], float, list[float]]:
    """(page size, font size, column widths) that fit the page: A4 portrait, else landscape
    at smaller and smaller type; the name and club columns give way (down to their minimum)."""
    attempts = [(A4, SIZE)]
    size = SIZE
    while size >= MIN_SIZE:
        attempts.append((landscape(A4), size))
        size -= 0.5
    for pagesize, size in attempts:
        room = pagesize[0] - 2 * MARGIN
        widths = _natural(data, size)
        name, club = min(widths[NAME], NAME_MAX), min(widths[CLUB], CLUB_MAX)
        name_min, club_min = min(name, NAME_MIN), min(club, CLUB_MIN)
        spare = room - (sum(widths) - widths[NAME] - widths[CLUB])
        if spare >= name_min + club_min:
            break
    if spare >= name + club:
        widths[NAME], widths[CLUB] = spare - club, club  # the names take the rest
    elif spare >= name_min + club_min:
        slack = (name - name_min) + (club - club_min)
        share = (spare - name_min - club_min) / slack if slack else 0.0
        widths[NAME] = name_min + (name - name_min) * share
        widths[CLUB] = club_min + (club - club_min) * share
    else:  # more rounds than any tournament plays: everything narrower, texts cut
        widths[NAME], widths[CLUB] = name_min, club_min
        widths = [w * room / sum(widths) for w in widths]
    return pagesize, size, widths


def _cells(data: list[list[str]], widths: list[float], size: float) -> list[list[Any]]:
    """Every text in its column; one wider than its column (a name or a club when the page is
    narrow) wraps onto more lines as a paragraph in the cell's font, never cut with "…"."""
    regular = ParagraphStyle("cell", fontName=REGULAR, fontSize=size, leading=size * 1.2)
    bold = ParagraphStyle("cell-bold", parent=regular, fontName=BOLD)
    right = {False: ParagraphStyle("cell-right", parent=regular, alignment=TA_RIGHT),
             True: ParagraphStyle("cell-bold-right", parent=bold, alignment=TA_RIGHT)}
    rows: list[list[Any]] = []
    for index, row in enumerate(data):
        cells: list[Any] = []
        for column, text in enumerate(row):
            is_bold = index == 0 or column == 3
            if text_width(text, size, is_bold) <= widths[column] - 2 * PAD + 0.01:  # rounding
                cells.append(text)
            elif column == 0 or column >= 3:  # the figures are right-aligned
                cells.append(Paragraph(escape(text), right[is_bold]))
            else:
                cells.append(Paragraph(escape(text), bold if is_bold else regular))
        rows.append(cells)
    return rows


def _build(tournament: Tournament, table: StandingsTable) -> bytes:
    return table_pdf(tournament, _("Standings"), _rows(table), has_rows=bool(table.rows),
                     provisional=table.provisional)


def table_pdf(tournament: Tournament, what: str, data: list[list[str]], *, has_rows: bool,
              provisional: bool) -> bytes:
    """A ranked table (header row first; column 0 the place, 1 the name, 2 the club, 3 the
    first key, in bold) on A4 pages that fit it: the standings and the team standings alike."""
    register_fonts()
    pagesize, size, widths = layout(data)
    grid = Table(_cells(data, widths, size), colWidths=widths, repeatRows=1, hAlign="LEFT")
    grid.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), REGULAR, size),
        ("FONT", (0, 0), (-1, 0), BOLD, size),
        ("FONT", (3, 1), (3, -1), BOLD, size),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#" + HEADER_FILL)),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
        ("LINEBELOW", (0, 1), (-1, -1), 0.25, colors.grey),
        ("ALIGN", (3, 0), (-1, -1), "RIGHT"),
        ("ALIGN", (0, 0), (0, -1), "RIGHT"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), PAD),
        ("RIGHTPADDING", (0, 0), (-1, -1), PAD),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ]))
    if not has_rows:
        body: list[Any] = [Paragraph(escape(_("No confirmed results yet.")), SMALL)]
    else:
        body = [grid]
        if provisional:
            body += [Spacer(1, 3 * mm),
                     Paragraph(escape(_("Provisional: not every table is confirmed.")), SMALL)]
    return document_pdf(tournament, what, body, pagesize)


SMALL = ParagraphStyle("s", fontName=REGULAR, fontSize=9, leading=11)


def document_pdf(tournament: Tournament, what: str, body: list[Any],
                 pagesize: tuple[float, float] = A4) -> bytes:
    """The tournament's paper: its name and what this is, its day and venue, then ``body``;
    every page with the tournament, the time it was made and the page number at the foot
    (the standings, the team standings, the prize list)."""
    title = f"{tournament.name} – {what}"
    subtitle = formatting.day(tournament.date) + (f", {tournament.venue}"
                                                  if tournament.venue else "")
    heading = ParagraphStyle("h", fontName=BOLD, fontSize=14, leading=17)
    story: list[Any] = [Paragraph(escape(title), heading), Paragraph(escape(subtitle), SMALL),
                        Spacer(1, 4 * mm), *body]
    generated = formatting.moment(timezone.now())
    page_label = _("Page %(page)s")
    room = pagesize[0] - 2 * MARGIN

    def footer(canvas: Any, document: Any) -> None:
        canvas.saveState()
        canvas.setFont(REGULAR, 7.5)
        page = page_label % {"page": document.page}
        left, width = f"{tournament.name} · {generated}", room - text_width(page, 7.5) - 6 * mm
        size = fit_size(left, width, 7.5, 4.5)  # a long tournament name: smaller, not cut
        canvas.setFont(REGULAR, size)
        canvas.drawString(MARGIN, MARGIN - 2 * mm, ellipsize(left, width, size))
        canvas.setFont(REGULAR, 7.5)
        canvas.drawRightString(pagesize[0] - MARGIN, MARGIN - 2 * mm, page)
        canvas.restoreState()

    register_fonts()
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, pagesize=pagesize, leftMargin=MARGIN, rightMargin=MARGIN,
                            topMargin=MARGIN, bottomMargin=MARGIN + 4 * mm, title=title,
                            author="marias_admin", initialFontName=REGULAR, initialFontSize=9)
    doc.build(story, onFirstPage=footer, onLaterPages=footer)
    return buffer.getvalue()


def escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
