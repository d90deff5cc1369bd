"""The standings table's rows as HTML, written in Python rather than by template loops.

At 320 players × 6 rounds the row loop of ``_standings_table.html`` was 14 500 template nodes,
a third of a render (issue 27). The rows are the same markup, attributes and classes as the
templates wrote (the tests read ``data-registration``, ``data-rank``, ``lot-mark`` …); every
text that comes from a name, a club or an explanation is escaped here; the numbers are the
formatter's (digits, signs, separators: nothing to escape). The templates call
:func:`standings_rows` and :func:`projector_rows` through the tags of the same names
(``standings.templatetags.standings_format``), so a category table, whose rows the prizes app
renumbers, is written the same way. The round results page's tables likewise
(:func:`round_result_tables`, tag ``round_result_tables``).
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape as html_escape
from typing import TYPE_CHECKING

from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from marias_admin.core import formatting
from marias_admin.core.formatting import worded, worded_amount, worded_signed
from marias_admin.core.templatetags.marias import money_class

if TYPE_CHECKING:
    from marias_admin.standings.presenters.rounds import TableResult
    from marias_admin.standings.presenters.table import RoundCell, StandingRow, StandingsTable


def escape(text: object) -> str:
    """Django's ``escape`` (the same five replacements: ``html.escape`` with quotes) without
    its lazy-string wrapper: a standings page escapes a thousand names and titles."""
    return html_escape(str(text))


def _title(text: str | None, shown: bool) -> str:
    return f' title="{escape(text or "")}"' if shown else ""


def _cells(cells: Iterable[RoundCell], explained: bool, no_result: str) -> str:
    parts = []
    for cell in cells:
        dropped = " dropped" if cell.dropped else ""
        title = _title(cell.explanation or no_result, explained)
        parts.append(f'<td class="num round-col{dropped}"{title}>{cell.text or "–"}</td>')
    return "".join(parts)


def _totals(row: StandingRow, table: StandingsTable) -> str:
    shown, explain = row.shown, row.explain
    on = bool(explain)
    bp = f'<td class="num bp"{_title(explain.get("bp"), on)}>{shown["bp"]}</td>'
    if table.money_view:
        money_title = " · ".join(explain.get(k, "") for k in ("money", "record", "best"))
        return bp + (f'<td class="num money {money_class(shown["money"])}"'
                     f'{_title(money_title, on)}>{shown["money"]}</td>')
    parts = [bp]
    if table.premium_view:
        parts.append(f'<td class="num {money_class(shown["sb"])}"'
                     f'{_title(explain.get("sb"), on)}>{shown["sb"]}</td>')
    parts.append(f'<td class="num {money_class(row.standing.money)}"'
                 f'{_title(explain.get("zb"), on)}>{shown["zb"]}</td>')
    if table.premium_view:
        parts.append(f'<td class="num"{_title(explain.get("pb"), on)}>{shown["pb"]}</td>')
    return "".join(parts)


def standings_rows(table: StandingsTable, players_linked: bool, player_base: str) -> SafeString:
    """The ``<tr>`` of every row of the standings page (``_standings_table.html``)."""
    no_result = _("no confirmed result")
    lot = escape(_("lot"))
    out = []
    for row in table.rows:
        standing, registration = row.standing, row.registration
        pk = registration.pk
        player = registration.player
        name = str(escape(player.full_name))
        if players_linked:
            name = f'<a href="{escape(player_base)}{pk}/">{name}</a>'
        if player.club_id is not None:
            name += f' <span class="club">{escape(str(player.club))}</span>'
        rank = f"{standing.rank}."
        if standing.by_lot:
            by_lot = _("Position %(position)s by lot") % {"position": standing.position}
            rank += f'<span class="lot-mark" title="{escape(by_lot)}">{lot}</span>'
        tied = ' class="tied"' if row.tied > 1 else ""
        out.append(
            f'<tr id="p{pk}" data-registration="{pk}" data-rank="{standing.rank}" '
            f'data-position="{standing.position}"{tied}>'
            f'<td class="rank"{_title(row.explain.get("rank"), bool(row.explain))}>{rank}</td>'
            f'<td class="name">{name}</td>{_totals(row, table)}'
            f'{_cells(row.cells, bool(row.explain), no_result)}</tr>\n')
    return mark_safe("".join(out))  # every text above is escaped


def projector_rows(table: StandingsTable) -> SafeString:
    """The ``<tr>`` of every row of the projector (``projector.html``): no links, no titles."""
    out = []
    for row in table.rows:
        standing, player = row.standing, row.registration.player
        shown = row.shown
        podium = ' class="podium"' if standing.rank <= 3 else ""
        club = escape(str(player.club)) if player.club_id is not None else ""
        cells = "".join(
            f'<td class="num round-col{" dropped" if c.dropped else ""}">{c.text or "–"}'
            "</td>" for c in row.cells)
        if table.money_view:
            totals = (f'<td class="num money {money_class(shown["money"])}">'
                      f'{shown["money"]}</td>')
        else:
            totals = (f'<td class="num {money_class(shown["sb"])}">{shown["sb"]}</td>'
                      if table.premium_view else "")
            totals += (f'<td class="num {money_class(standing.money)}">'
                       f'{shown["zb"]}</td>')
        out.append(
            f'<tr data-registration="{row.registration.pk}"{podium}>'
            f'<td class="rank">{standing.rank}.</td>'
            f'<td class="name">{escape(player.full_name)}</td><td class="club">{club}</td>'
            f'{cells}<td class="num bp">{shown["bp"]}</td>{totals}</tr>\n')
    return mark_safe("".join(out))  # every text above is escaped


def _nth(texts: tuple[str, ...], index: int) -> str:
    """``{{ row.explanation.N }}``: the N-th explanation, or nothing."""
    return str(conditional_escape(texts[index])) if index < len(texts) else ""


def round_result_tables(tables: Iterable[TableResult], *, head: str, notices: dict[int, str],
                        sheet_base: str | None, player_base: str | None, money_view: bool,
                        premium_view: bool) -> SafeString:
    """The ``<li>`` of every table of the round results page (``round_results.html``).

    At 320 players the template's loops were 40 000 lookups, two thirds of a render (issue
    27). The markup is the template's as the public page cache keeps it (its indentation
    dropped: one tag a line), so the cached page is byte for byte what the loops wrote.
    ``head`` (the tables' ``<thead>``) and ``notices`` (table number → a ruling's notice) come
    rendered from their templates; ``sheet_base``/``player_base``: the URL of a table's page /
    a player's page without the number, None when that page is not public.
    """
    lang = formatting.language()
    out = []
    for table in tables:
        unconfirmed = "" if table.confirmed else " unconfirmed"
        label: str = escape(_("Table %(number)s") % {"number": table.number})
        if sheet_base is not None:
            label = f'<a href="{escape(sheet_base)}{table.number}/">{label}</a>'
        lines = [f'<li class="result-table{unconfirmed}" id="table-{table.number}">', "<h2>",
                 label, f'<span class="pill sheet-{escape(table.state or "none")}">'
                 f"{conditional_escape(table.state_label)}</span>", "</h2>"]
        if notices.get(table.number):
            lines.append(notices[table.number])
        lines += ['<div class="table-scroll">', '<table class="data result-rows">', head,
                  "<tbody>"]
        rows = _result_rows(table, player_base, money_view, premium_view, lang)
        if rows:
            lines.append(rows)
        lines += ["</tbody>", "</table>", "</div>", "</li>"]
        out.append("\n".join(lines))
    return mark_safe("\n".join(out))  # every text is escaped, the templates' parts by them


def _result_rows(table: TableResult, player_base: str | None, money_view: bool,
                 premium_view: bool, lang: str) -> str:
    """The ``<tr>`` of one table's players."""
    not_confirmed = escape(_("not confirmed yet"))
    span = 5 if premium_view else 4 if money_view else 3
    base = escape(player_base) if player_base is not None else None
    out = []
    for row in table.rows:
        registration = row.seat.registration
        pk, player = registration.pk, registration.player
        name = conditional_escape(player.full_name)
        lines = [f'<tr data-registration="{pk}">',
                 f'<td class="num">{row.seat.position}</td>', '<td class="name">',
                 f'<a href="{base}{pk}/">{name}</a>' if base is not None else str(name)]
        if player.club_id is not None:
            lines.append(f'<span class="club">{conditional_escape(str(player.club))}</span>')
        lines.append("</td>")
        result, texts = row.result, row.explanation
        if result is None:
            lines.append(f'<td class="num muted" colspan="{span}">{not_confirmed}</td>')
        else:
            money = worded_signed(result.money, lang)
            zb = f'<td class="num {money_class(result.money)}">{money}</td>'
            if money_view:
                shown = "" if row.money is None else worded_amount(row.money, lang)
                lines += [f'<td class="num money" title="{_nth(texts, 1)}">{shown}</td>', zb]
            else:
                lines.append(zb)
                if premium_view:
                    lines += [
                        f'<td class="num">{worded(result.premium, lang, 1)}</td>',
                        f'<td class="num {money_class(result.sb)}" title="{_nth(texts, 1)}">'
                        f'{worded_amount(result.sb, lang)}</td>']
            lines += [f'<td class="num" title="{_nth(texts, 0)}">{result.rank}.</td>',
                      f'<td class="num bp" title="{_nth(texts, 2)}">'
                      f'{worded(result.bp, lang)}</td>']
        lines.append("</tr>")
        out.append("\n".join(lines))
    return "\n".join(out)  # every text above is escaped
