"""Table sheets (stolové lístky, SZMK: súťažné lístky): one A4 page per table of a round.

The scorekeeper writes one row per hand: what was played, its PB and what each player won or
lost. ČSM rule B.3 makes the sheet the record: hands worth 50+ PB are described and signed,
and every player checks the totals of PB and ZB and signs. The layout follows that order from
top to bottom: who sits where and deals when, the hands, the totals with the players'
signatures under their own columns, the 50+ PB hands, the scorekeeper and the referee.

The volený families (ČSM obecná pravidla, pagat) have no PB and no auction: their sheet has
no PB column, and instead an "against" column for the seven or hundred a defender announces
against the declarer (obecná pravidla VII.1 L240, pagat L46), with its seat; the header names
the rate (pagat: the money of one unit, L73) and the rank at the table is written under the
totals, as the round is ranked by money.

Křížový (ČSM obecná pravidla VII.2): four money columns, all four play every hand (L243, so no
sitter note), a "partner" column for the seat of the declarer's partner (the holder of the
called card, L243-245; empty when he plays alone), and the table points 4-2-1-0 written in a
row under the totals (docs/csm-krizovy.md "Tournament scoring").

The SloapSlam čtyřka (docs/sloapslam-ctyrka.md) adds a "honers" column: the devítka and osma
announced (SLS L28-32), each with its announcer's seat, e.g. "9 @1, 8 @2". It is drawn when the
round's info says ``honours`` (``RoundInfo.honours``, set from ``Ruleset.honours``).

Facts without a column of their own (a sto proti beside the declarer's own sto, the čtyřka
partner's seven, a trhák's compulsory flek on one part, the dohrávka's renoncs; issue 23; the
declarer's own tricks in pagat's lost Durch mit Partner, PAG L115) are
written in the description in the shorthand; a legend under the totals says how
(``sheet_marks``), for the families that have them.

Pure reportlab: ``build_table_sheets(sheets) -> bytes``; no database, no request.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from marias_admin.printouts.data import RoundInfo, SheetData, SheetPlayer
from marias_admin.printouts.drawing import (
    GREY_FILL,
    GREY_TEXT,
    cell_fill,
    dotted_line,
    draw_name,
    draw_text,
    format_date,
    format_money,
    format_time,
    hline,
    vline,
    wrap_lines,
)
from marias_admin.printouts.fonts import REGULAR, register_fonts
from marias_admin.printouts.qr import draw_qr

PAGE_W, PAGE_H = A4
LEFT = 12 * mm
RIGHT = PAGE_W - 12 * mm
TOP = PAGE_H - 10 * mm
BOTTOM = 12 * mm  # the footer sits below this
WIDTH = RIGHT - LEFT

HEADER_H = 25.5 * mm
QR_SIZE = 21.5 * mm
BOX_W = 22 * mm
PLAYER_ROW_H = 5.3 * mm
TABLE_HEAD_H = 4.6 * mm
GRID_HEAD_H = 8.5 * mm
MIN_HAND_ROW_H = 4.65 * mm  # 30 rows at a ČSM table of 4; school squared paper is 5 mm
TOTAL_ROW_H = 5.6 * mm
SIGN_ROW_H = 8.5 * mm
HINT_H = 5 * mm  # the "totals add up to 0" line under the totals
LEGEND_LINE_H = 3.2 * mm  # each line of the marks legend under the hint
PREMIUM_TITLE_H = 5 * mm
PREMIUM_ROWS = 3
PREMIUM_ROW_H = 6 * mm
OFFICIALS_H = 9.5 * mm
DOUBLE_RULE = 0.8 * mm
GAP = 3 * mm

NUM_W = 7 * mm
DEALER_W = 8 * mm
PB_W = 11 * mm
AGAINST_W = 24 * mm
PARTNER_W = 16 * mm
HONOURS_W = 20 * mm


def has_honours(info: RoundInfo) -> bool:
    """Whether the round's rules have honers (the čtyřka, SLS L28-32): a column for them."""
    return info.honours


def build_table_sheets(sheets: Sequence[SheetData]) -> bytes:
    """The PDF of a round's table sheets, one page per table, in the order given."""
    if not sheets:
        raise ValueError("a round without tables has no table sheets")
    register_fonts()
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=A4, pageCompression=1, initialFontName=REGULAR)
    info = sheets[0].info
    with translation.override(info.language):
        round_label = _("round %(number)s") % {"number": info.round_number}
        c.setTitle(" – ".join((_("Table sheet"), info.tournament_name, round_label)))
        c.setAuthor(info.tournament_name)
        c.setCreator("marias_admin")
        for sheet in sheets:
            _draw_sheet(c, sheet)
            c.showPage()
    c.save()
    return buffer.getvalue()


def dealer_seat(hand: int, players: int) -> int:
    """Who deals hand ``hand`` (1-based): seat 1 deals first, then clockwise (ČSM B.3.3)."""
    return (hand - 1) % players + 1


def hands_dealt_by(seat: int, players: int, shown: int = 4) -> str:
    """"1, 5, 9, 13, …": the hands a seat deals, for the players' table."""
    return ", ".join(str(seat + k * players) for k in range(shown)) + ", …"


def column_heads(players: Sequence[SheetPlayer]) -> list[str]:
    """Surnames over the money columns; an initial added where two surnames are the same."""
    surnames = [p.last_name for p in players]
    return [
        f"{p.last_name} {p.first_name[:1]}." if surnames.count(p.last_name) > 1 and p.first_name
        else p.last_name
        for p in players
    ]


@dataclass(frozen=True)
class _Columns:
    """x positions of the hand grid; the money columns also carry totals and signatures."""

    num: float
    dealer: float
    description: float
    pb: float | None
    money: tuple[float, ...]
    money_w: float
    against: float | None = None
    partner: float | None = None
    honours: float | None = None

    @classmethod
    def for_sheet(cls, players: int, premium: bool, against: bool = False,
                  partner: bool = False, honours: bool = False) -> _Columns:
        money_w = (22 if players >= 4 else 27) * mm
        money_x = RIGHT - players * money_w
        # From the money leftwards: PB, against, honers, partner.
        edge = money_x
        pb = against_x = honours_x = partner_x = None
        if premium:
            pb = edge = edge - PB_W
        if against:
            against_x = edge = edge - AGAINST_W
        if honours:
            honours_x = edge = edge - HONOURS_W
        if partner:
            partner_x = edge - PARTNER_W
        return cls(
            num=LEFT, dealer=LEFT + NUM_W, description=LEFT + NUM_W + DEALER_W, pb=pb,
            money=tuple(money_x + i * money_w for i in range(players)), money_w=money_w,
            against=against_x, partner=partner_x, honours=honours_x,
        )

    @property
    def labels_end(self) -> float:
        """Where the label cells of the totals rows end (the first column after the
        description: partner, honers, against, PB, or the money)."""
        for x in (self.partner, self.honours, self.against, self.pb):
            if x is not None:
                return x
        return self.money[0]

    @property
    def closed(self) -> list[tuple[float, float]]:
        """(x, width) of the columns with no total: greyed in the totals rows."""
        found = [(self.partner, PARTNER_W), (self.honours, HONOURS_W),
                 (self.against, AGAINST_W), (self.pb, PB_W)]
        return [(x, w) for x, w in found if x is not None]


def _draw_sheet(c: Canvas, sheet: SheetData) -> None:
    info, players = sheet.info, sheet.players
    cols = _Columns.for_sheet(len(players), info.premium_points, info.announcements_against,
                              info.partnerships, has_honours(info))
    y = _header(c, sheet, TOP)
    y = _players(c, players, y - GAP)
    y -= GAP

    # The hand rows take what the fixed parts leave, in whole rows stretched to fill it.
    grid_space = y - GRID_HEAD_H - BOTTOM - _below_grid_height(info)
    rows = int(grid_space // MIN_HAND_ROW_H)
    row_h = grid_space / rows

    y = _hand_grid(c, sheet, cols, y, rows, row_h)
    y = _totals(c, sheet, cols, y)
    if info.premium_points:
        y = _premium_hands(c, y - GAP)
    _officials(c, y - GAP)
    _footer(c, sheet)


def _below_grid_height(info: RoundInfo) -> float:
    """Totals, signatures, the 50+ PB lines and the officials: what the grid leaves room for."""
    totals = (DOUBLE_RULE + len(_total_rows(info)) * TOTAL_ROW_H + SIGN_ROW_H + HINT_H
              + len(_legend(info)[1]) * LEGEND_LINE_H)
    premium = (GAP + PREMIUM_TITLE_H + TABLE_HEAD_H + PREMIUM_ROWS * PREMIUM_ROW_H
               if info.premium_points else 0)
    return totals + premium + GAP + OFFICIALS_H


def sheet_marks(info: RoundInfo) -> str:
    """How to write the facts that have no column of their own (issue 23), in the description
    as the shorthand writes them: a sto proti beside the declarer's own sto (OBE L239-241, PAG
    L46), the partner's seven in the čtyřka (SLS L42-46), a trhák's compulsory flek on one part
    (SLS B/19 L204), the renoncs of a dohrávka (SLS D4 L260) and the declarer's own tricks in
    a lost Durch mit Partner (PAG L115). Empty: nothing to add."""
    marks = []
    if info.announcements_against:
        marks.append(_("Against: a 100 against may stand beside the declarer's own 100; "
                       "write both."))
    if info.honours:
        marks.append(_("7@2 in the description: the seven announced by the declarer's "
                       "partner, seat 2."))
    if info.dohravka:
        marks.append(_("In the description: trh@3 = the compulsory flek of seat 3 on that "
                       "part; dohr = the renonc was played out; bez dohr = the renonc that "
                       "ended the dohrávka."))
    if info.declarer_tricks:
        marks.append(_("zd5 in the description: in a lost durch with a partner the declarer "
                       "took 5 tricks himself (under 6 he pays for his partner)."))
    return " ".join(marks)


def _legend(info: RoundInfo) -> tuple[float, list[str]]:
    """The marks legend broken into at most two lines across the page."""
    marks = sheet_marks(info)
    return wrap_lines(marks, WIDTH, 6.5, 5, 2) if marks else (0.0, [])


def seat_instruction(info: RoundInfo) -> str:
    """The header's line on where the seats are and who deals, in the active language."""
    if info.partnerships:  # křížový, obecná pravidla VII.2 L243-245: nobody sits out
        return _("Seats clockwise from seat 1; seat 1 deals first. All four play; the partner "
                 "holds the card forehand calls.")
    if info.announcements_against:
        return _("Seats clockwise from seat 1; seat 1 deals first. Forehand chooses trumps; "
                 "at a table of four the dealer sits out.")
    return _("Seats clockwise from seat 1; seat 1 deals the first hand.")


def _header(c: Canvas, sheet: SheetData, top: float) -> float:
    """Title, tournament, date, venue, time on the left; round and table boxes; the QR."""
    info = sheet.info
    qr_x = RIGHT - QR_SIZE
    draw_qr(c, sheet.link or sheet.url, qr_x, top - QR_SIZE, QR_SIZE)
    if sheet.pin:
        # The QR code opens the table on a phone without an account; the PIN lets it write.
        draw_text(c, qr_x + QR_SIZE / 2, top - QR_SIZE - 3 * mm,
                  _("PIN %(pin)s") % {"pin": sheet.pin}, 8.5, bold=True, align="center",
                  width=QR_SIZE + 4 * mm, min_size=6)
    else:
        draw_text(c, qr_x + QR_SIZE / 2, top - QR_SIZE - 2.5 * mm, _("table page"), 6,
                  align="center", grey=GREY_TEXT)

    table_x = qr_x - 5 * mm - BOX_W
    round_x = table_x - 3 * mm - BOX_W
    box_h = QR_SIZE
    _number_box(c, round_x, top - box_h, box_h, _("Round"), str(info.round_number), 1)
    _number_box(c, table_x, top - box_h, box_h, _("Table"), str(sheet.table.number), 1.8)

    text_w = round_x - 4 * mm - LEFT
    draw_text(c, LEFT, top - 5 * mm, _("Table sheet"), 15, bold=True, width=text_w,
              min_size=11)
    draw_text(c, LEFT, top - 10 * mm, info.tournament_name, 11, bold=True, width=text_w,
              min_size=8)
    where = format_date(info.date, info.language) + (f" · {info.venue}" if info.venue else "")
    draw_text(c, LEFT, top - 14.3 * mm, where, 8.5, width=text_w, min_size=7)
    when = (_("Start %(time)s") % {"time": format_time(info.starts_at)} + " · "
            if info.starts_at else "")
    when += _("round length %(minutes)s min") % {"minutes": info.round_minutes}
    if info.starting_money is not None:
        when += " · " + _("each player starts with %(money)s") % {
            "money": format_money(info.starting_money, info.currency, info.language)}
    if info.rate is not None:
        rate = format_money(info.rate, info.currency, info.language)
        when += " · " + (_("one unit = %(money)s") if info.rate_is_unit
                         else _("base rate %(money)s")) % {"money": rate}
    draw_text(c, LEFT, top - 18.3 * mm, when, 8.5, width=text_w, min_size=7)
    # One line at 7 pt where it fits (English), else two smaller ones in the same room: the
    # Czech and Slovak sentences are twice as long as the column is wide.
    size, lines = wrap_lines(seat_instruction(info), text_w, 7, 7, 1)
    if len(lines) > 1:
        size, lines = wrap_lines(seat_instruction(info), text_w, 6.5, 5, 2)
    for i, line in enumerate(lines):
        base = top - (22.3 if len(lines) == 1 else 21.6) * mm - i * size * 1.15
        draw_text(c, LEFT, base, line, size, grey=GREY_TEXT)
    bottom = top - HEADER_H
    hline(c, LEFT, RIGHT, bottom, 1)
    return bottom


def _number_box(c: Canvas, x: float, y: float, h: float, label: str, number: str,
                border: float) -> None:
    c.setLineWidth(border)
    c.rect(x, y, BOX_W, h, stroke=1, fill=0)
    draw_text(c, x + BOX_W / 2, y + h - 4.5 * mm, label.upper(), 7.5, bold=True,
              align="center", width=BOX_W - 2 * mm, min_size=5)
    draw_text(c, x + BOX_W / 2, y + 4 * mm, number, 30, bold=True, align="center",
              width=BOX_W - 2 * mm, min_size=14)


def _players(c: Canvas, players: Sequence[SheetPlayer], top: float) -> float:
    """Seat, name, club, registration number, the hands each seat deals."""
    seat_w, club_w, reg_w, deals_w = 11 * mm, 54 * mm, 21 * mm, 29 * mm
    xs = [LEFT, LEFT + seat_w, RIGHT - deals_w - reg_w - club_w, RIGHT - deals_w - reg_w,
          RIGHT - deals_w, RIGHT]
    heads = [pgettext("place at a table", "Seat"), _("Player"), _("Club"),
             _("Reg. no."), _("Deals hands no.")]
    _head_row(c, xs, top, TABLE_HEAD_H, heads)
    y = top - TABLE_HEAD_H
    for p in players:
        base = y - PLAYER_ROW_H + 1.8 * mm
        draw_text(c, (xs[0] + xs[1]) / 2, base, str(p.seat), 11, bold=True, align="center")
        draw_name(c, xs[1] + 1.5 * mm, base, p.last_name, p.first_name, 10.5,
                  xs[2] - xs[1] - 3 * mm, 7)
        draw_text(c, xs[2] + 1.5 * mm, base, p.club, 8.5, width=club_w - 3 * mm, min_size=6,
                  lines=2)
        draw_text(c, xs[3] + 1.5 * mm, base, p.registration_number, 8.5,
                  width=reg_w - 3 * mm, min_size=6.5)
        draw_text(c, xs[4] + 1.5 * mm, base, hands_dealt_by(p.seat, len(players)), 8.5,
                  width=deals_w - 3 * mm, min_size=6.5)
        y -= PLAYER_ROW_H
        hline(c, LEFT, RIGHT, y, 0.4)
    _frame(c, xs, top, y)
    return y


def _head_row(c: Canvas, xs: Sequence[float], top: float, h: float,
              labels: Sequence[str]) -> None:
    cell_fill(c, xs[0], top - h, xs[-1] - xs[0], h, GREY_FILL)
    for (x1, x2), label in zip(pairwise(xs), labels, strict=True):
        draw_text(c, x1 + 1.5 * mm, top - h + 1.4 * mm, label, 7, bold=True,
                  width=x2 - x1 - 3 * mm, min_size=5)
    hline(c, xs[0], xs[-1], top - h, 0.6)


def _frame(c: Canvas, xs: Sequence[float], top: float, bottom: float) -> None:
    for x in xs[1:-1]:
        vline(c, x, top, bottom, 0.4)
    c.setLineWidth(0.9)
    c.rect(xs[0], bottom, xs[-1] - xs[0], top - bottom, stroke=1, fill=0)


def _hand_grid(c: Canvas, sheet: SheetData, cols: _Columns, top: float, rows: int,
               row_h: float) -> float:
    """The numbered hand rows: #, dealer's seat, description, PB, one money column each."""
    info, players = sheet.info, sheet.players
    xs = [cols.num, cols.dealer, cols.description]
    xs += [cols.partner] if cols.partner is not None else []
    xs += [cols.honours] if cols.honours is not None else []
    xs += [cols.against] if cols.against is not None else []
    xs += [cols.pb] if cols.pb is not None else []
    xs += [*cols.money, RIGHT]
    cell_fill(c, LEFT, top - GRID_HEAD_H, WIDTH, GRID_HEAD_H, GREY_FILL)
    head_base = top - GRID_HEAD_H + 2 * mm
    draw_text(c, (xs[0] + xs[1]) / 2, head_base, _("No."), 6.5, bold=True, align="center",
              width=NUM_W - 1 * mm, min_size=5)
    draw_text(c, (xs[1] + xs[2]) / 2, head_base, pgettext("column", "Deals"), 6.5,
              bold=True, align="center", width=DEALER_W - 1 * mm, min_size=4.5)
    # Narrow where the family adds columns (the čtyřka's honours and announcements): the
    # heading then takes two lines rather than losing its end.
    draw_text(c, xs[2] + 1.5 * mm, head_base, _("Description of the hand"), 8, bold=True,
              width=cols.labels_end - xs[2] - 3 * mm, min_size=6, lines=2)
    if cols.partner is not None:
        # The seat of the declarer's partner (the called card's holder); empty: alone (1v3).
        mid = cols.partner + PARTNER_W / 2
        draw_text(c, mid, top - 4 * mm, _("Partner"), 8, bold=True, align="center",
                  width=PARTNER_W - 2 * mm, min_size=5)
        draw_text(c, mid, top - GRID_HEAD_H + 1.5 * mm, pgettext("place at a table", "Seat"),
                  6.5, align="center", width=PARTNER_W - 2 * mm, min_size=4.5)
    if cols.honours is not None:
        # The čtyřka's honers (SLS L28-32): devítka (trick 6) and osma (trick 7), each with
        # its announcer's seat, e.g. "9 @1, 8 @2".
        mid = cols.honours + HONOURS_W / 2
        draw_text(c, mid, top - 4 * mm, _("Honers"), 8, bold=True, align="center",
                  width=HONOURS_W - 2 * mm, min_size=5)
        draw_text(c, mid, top - GRID_HEAD_H + 1.5 * mm, _("9 / 8, seat"), 6.5,
                  align="center", width=HONOURS_W - 2 * mm, min_size=4.5)
    if cols.against is not None:
        # What a defender announced against the declarer (7 or 100) and his seat, e.g. "7 @3".
        mid = cols.against + AGAINST_W / 2
        draw_text(c, mid, top - 4 * mm, _("Against"), 8, bold=True, align="center",
                  width=AGAINST_W - 2 * mm, min_size=5.5)
        draw_text(c, mid, top - GRID_HEAD_H + 1.5 * mm, _("7 / 100, seat"), 6.5,
                  align="center", width=AGAINST_W - 2 * mm, min_size=4.5)
    if cols.pb is not None:
        draw_text(c, cols.pb + PB_W / 2, head_base, "PB", 8, bold=True, align="center")
    for x, p, head in zip(cols.money, players, column_heads(players), strict=True):
        mid = x + cols.money_w / 2
        # A double surname ("Kolowrat-Krakovský") has no space to wrap at: it gets smaller.
        draw_text(c, mid, top - 4 * mm, head, 8.5, bold=True, align="center",
                  width=cols.money_w - 2 * mm, min_size=4.5)
        draw_text(c, mid, top - GRID_HEAD_H + 1.5 * mm, f"{p.seat} · {info.currency_symbol}", 6.5,
                  align="center")
    hline(c, LEFT, RIGHT, top - GRID_HEAD_H, 0.8)

    y = top - GRID_HEAD_H
    for hand in range(1, rows + 1):
        base = y - row_h + (row_h - 2.3 * mm) / 2
        draw_text(c, (xs[0] + xs[1]) / 2, base, str(hand), 7, align="center")
        draw_text(c, (xs[1] + xs[2]) / 2, base, str(dealer_seat(hand, len(players))), 7,
                  align="center", grey=GREY_TEXT)
        y -= row_h
        # A heavier rule every five hands makes counting and checking easier.
        hline(c, LEFT, RIGHT, y, 0.8 if hand % 5 == 0 else 0.3)
    _frame(c, xs, top, y)
    # The description is the widest column; the money columns deserve a stronger edge.
    vline(c, cols.money[0], top, y, 0.9)
    return y


def _total_rows(info: RoundInfo) -> list[str]:
    if info.premium_points:
        return [_("Total ZB (%(currency)s)") % {"currency": info.currency_symbol},
                _("Total PB")]
    rows = [_("Total won or lost (%(currency)s)") % {"currency": info.currency_symbol}]
    if info.starting_money is not None:
        rows.append(_("Money at the end (%(money)s + total)") % {
            "money": format_money(info.starting_money, info.currency, info.language)})
    rows.append(_("Rank at the table"))
    if info.table_points:
        rows.append(_("Table points %(points)s") % {
            "points": "-".join(str(p) for p in info.table_points)})
    return rows


def _totals(c: Canvas, sheet: SheetData, cols: _Columns, top: float) -> float:
    """Totals under each player's column, then the player's own signature under them."""
    labels = [*_total_rows(sheet.info), _("Player's signature")]
    heights = [TOTAL_ROW_H] * (len(labels) - 1) + [SIGN_ROW_H]
    xs = [LEFT, *sorted(x for x, _w in cols.closed), *cols.money, RIGHT]
    y = top - DOUBLE_RULE  # a double rule under the last hand
    hline(c, LEFT, RIGHT, y, 0.8)
    for label, h in zip(labels, heights, strict=True):
        cell_fill(c, LEFT, y - h, cols.labels_end - LEFT, h, GREY_FILL)
        for x, w in cols.closed:  # no single figure for the table: the column is closed
            cell_fill(c, x, y - h, w, h, GREY_FILL)
        draw_text(c, cols.labels_end - 2 * mm, y - h / 2 - 1.1 * mm, label, 8, bold=True,
                  align="right", width=cols.labels_end - LEFT - 4 * mm, min_size=6)
        y -= h
        hline(c, LEFT, RIGHT, y, 0.4)
    _frame(c, xs, top - DOUBLE_RULE, y)
    vline(c, cols.money[0], top, y, 0.9)
    if sheet.info.premium_points:
        hint = _("Check: the ZB of all players add up to 0. Every player checks the totals "
                 "of ZB and PB and signs.")
    elif sheet.info.table_points:
        hint = _("Check: the sums won and lost add up to 0 and the table points to "
                 "%(total)s (equal sums share the points of their places). Every player "
                 "checks the totals and signs.") % {"total": sum(sheet.info.table_points)}
    else:
        hint = _("Check: the sums won and lost add up to 0. Every player checks the "
                 "totals and signs.")
    draw_text(c, RIGHT, y - 3.5 * mm, hint, 7, align="right", width=WIDTH, min_size=5.5,
              grey=GREY_TEXT)
    y -= HINT_H
    size, lines = _legend(sheet.info)
    for line in lines:
        draw_text(c, LEFT, y - 2.4 * mm, line, size, width=WIDTH, min_size=size,
                  grey=GREY_TEXT)
        y -= LEGEND_LINE_H
    return y


def _premium_hands(c: Canvas, top: float) -> float:
    """Lines for hands worth 50+ PB: described, attributed and signed (ČSM B.3)."""
    draw_text(c, LEFT, top - 3.8 * mm, _("Hands worth 50 or more PB"), 9, bold=True)
    draw_text(c, RIGHT, top - 3.8 * mm,
              _("describe the hand, name the player; the scorekeeper signs; "
                "mark a renonc (the referee decides)"),
              6.5, align="right", width=WIDTH - 55 * mm, min_size=5, grey=GREY_TEXT)
    top -= PREMIUM_TITLE_H
    hand_w, player_w, pb_w, sign_w = 12 * mm, 42 * mm, 13 * mm, 40 * mm
    xs = [LEFT, LEFT + hand_w, RIGHT - sign_w - pb_w - player_w, RIGHT - sign_w - pb_w,
          RIGHT - sign_w, RIGHT]
    _head_row(c, xs, top, TABLE_HEAD_H, [
        _("Hand no."), _("Description of the hand"), _("Player"), "PB",
        _("Scorekeeper's signature")])
    y = top - TABLE_HEAD_H
    for _row in range(PREMIUM_ROWS):
        y -= PREMIUM_ROW_H
        hline(c, LEFT, RIGHT, y, 0.4)
    _frame(c, xs, top, y)
    return y


def _officials(c: Canvas, top: float) -> None:
    """Scorekeeper (one of the players, drawn by lot) and referee sign the sheet."""
    half = WIDTH / 2
    base = top - 9 * mm
    for i, label in enumerate((_("Scorekeeper (name and signature)"),
                               _("Referee (signature)"))):
        x = LEFT + i * half
        draw_text(c, x, top - 3 * mm, label, 7.5, bold=True, width=half - 6 * mm,
                  min_size=6)
        dotted_line(c, x, x + half - 6 * mm, base)


def _footer(c: Canvas, sheet: SheetData) -> None:
    """The table page as text under the sheet (it is in the QR too) and where this page is."""
    y = 7 * mm
    where = _("round %(round)s · table %(table)s") % {
        "round": sheet.info.round_number, "table": sheet.table.number}
    used = draw_text(c, RIGHT, y, where, 7, bold=True, align="right")
    draw_text(c, LEFT, y, _("Table page: %(url)s") % {"url": sheet.url}, 6.5,
              width=WIDTH - used - 6 * mm, min_size=4.5, grey=GREY_TEXT)
