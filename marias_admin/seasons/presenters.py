"""The season rankings dressed for the pages: numbers in the active language and, for each
tournament of a player's line, a sentence saying how its points came about and why it counted
or not (the EMA's users' first request: a readable calculation and its date)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from marias_admin.core.templatetags.marias import money_class
from marias_admin.seasons.models import Scheme as SchemeChoice
from marias_admin.seasons.rankings import Member, RankingTable
from marias_admin.standings.presenters.formatting import fmt_number
from scoring.ranking import Line, LineStatus, RankingOptions, RankingRow, SchemeKind
from scoring.ranking.schemes import Scheme, scheme_by_code


def number(value: Fraction | int) -> str:
    return fmt_number(value, places=2)


def how(line: Line, scheme: Scheme) -> str:
    """How the points of one placement came about."""
    placement = line.placement
    if placement is None:
        return ""
    if placement.points is not None:  # a club: its best members' points
        return _("the points of its best members")
    if scheme.kind is SchemeKind.SUPERLIGA:
        first = scheme.first_points(line.event.coefficient)
        return _("round(%(top)s × %(coefficient)s) = %(first)s for the winner, one less a "
                 "place, at least %(floor)s") % {
            "top": scheme.top, "coefficient": number(line.event.coefficient),
            "first": number(first), "floor": scheme.floor_points}
    if scheme.kind is SchemeKind.LINEAR:
        return _("%(top)s × (%(field)s − %(place)s) / (%(field)s − 1)") % {
            "top": scheme.top, "field": placement.field, "place": placement.place}
    band = scheme.band(placement.field)
    return _("the table for fields of %(starters)s or more players") % {
        "starters": band.min_starters}


def why(line: Line, options: RankingOptions) -> str:
    """Whether the line counted, and why not."""
    if line.status is LineStatus.COUNTED:
        return _("counted")
    if line.status is LineStatus.MISSED:
        return _("not played: counts 0")
    if line.status is LineStatus.DROPPED:
        text = _("dropped: one of the %(count)s worst results") % {"count": options.drop_worst}
        return (_("not played, %(dropped)s") % {"dropped": text}
                if line.placement is None else text)
    if line.status is LineStatus.BEYOND_BEST:
        return _("not counted: only the best %(count)s results count") % {
            "count": options.best_of}
    return _("not counted: too old")


def shown_rows(table: RankingTable, player_url: Callable[[int], str] | None) -> SafeString:
    """The ranking's rows as HTML, written in Python (as the standings' rows are,
    ``standings/presenters/rows_html.py``): 320 players × 9 tournaments of template loops
    were most of a render. Every name is escaped; numbers are the formatter's. A player's
    club is a line under his name, as in a tournament's standings: one column fewer on a
    phone."""
    not_counted = escape(_("not counted"))
    out = []
    for row in table.rows:
        who = table.names.get(row.player)
        rank = f"{row.rank}." if row.rank else "–"
        if player_url is None:  # clubs
            name = f'<td class="name">{escape(getattr(who, "name", ""))}</td>'
        else:
            club = (f'<span class="club">{escape(str(who.club))}</span>'
                    if who is not None and who.club else "")
            url = escape(player_url(who.pk if who is not None else 0))
            name = (f'<td class="name"><a href="{url}">'
                    f'{escape(who.full_name if who is not None else "")}</a>{club}</td>')
        cells = []
        for line in row.lines:
            text = "–" if line.placement is None else number(line.weighted)
            if line.status is LineStatus.COUNTED:
                cells.append(f'<td class="num">{text}</td>')
            else:
                cells.append(f'<td class="num dropped" title="{not_counted}"><s>{text}</s></td>')
        out.append(f'<tr data-rank="{row.rank or ""}"><td class="rank">{rank}</td>{name}'
                   f'{"".join(cells)}<td class="num bp"><strong>{number(row.total)}</strong>'
                   f"</td></tr>")
    return mark_safe("".join(out))  # every text above is escaped


@dataclass(frozen=True)
class ExplainedLine:
    member: Member
    place: str
    field: str
    coefficient: str
    points: str
    weight: str
    how: str
    why: str
    counted: bool


def explained(table: RankingTable, row: RankingRow, options: RankingOptions) -> list[
        ExplainedLine]:
    scheme = scheme_by_code(table.ranking.scheme)
    lines = []
    for member, line in zip(table.members, row.lines, strict=True):
        placement = line.placement
        lines.append(ExplainedLine(
            member, "–" if placement is None else f"{placement.place}.",
            "–" if placement is None else str(placement.field),
            number(line.event.coefficient), number(line.points),
            "" if line.weight == 1 else number(line.weight), how(line, scheme),
            why(line, options), line.status is LineStatus.COUNTED))
    return lines


def scheme_label(table: RankingTable) -> Any:
    return SchemeChoice(table.ranking.scheme).label


@dataclass(frozen=True)
class PlayerView:
    """One ranking on a player's season page."""

    table: RankingTable
    label: Any
    rank: int | None
    total: str
    lines: list[ExplainedLine]
    reason: str
    options: RankingOptions

    @property
    def coefficients(self) -> bool:
        """Only the Superliga key uses a coefficient: the column is shown for it alone."""
        return scheme_by_code(self.table.ranking.scheme).kind is SchemeKind.SUPERLIGA


def player_view(table: RankingTable, row: RankingRow | None, reason: str,
                options: RankingOptions) -> PlayerView:
    return PlayerView(table, scheme_label(table), row.rank if row else None,
                      number(row.total) if row else "",
                      explained(table, row, options) if row else [], reason, options)


def season_rows(table: Any, player_url: Callable[[int], str]) -> SafeString:
    """The season standings' player rows (``selectors.SeasonTable``) as HTML, for the same
    reason as :func:`shown_rows`; the markup is what ``seasons/season.html`` wrote."""
    not_counted = escape(_("not counted"))
    out = []
    for line in table.rows:
        player, row, shown = line.player, line.row, line.shown
        cells = []
        for cell in line.cells:
            text = escape(cell.text)
            cells.append(f'<td class="num dropped" title="{not_counted}"><s>{text}</s></td>'
                         if cell.dropped else f'<td class="num">{text}</td>')
        club = (f'<span class="club">{escape(str(player.club))}</span>'
                if player.club else "")
        out.append(
            f'<tr data-player="{player.pk}" data-rank="{row.rank}">'
            f'<td class="rank">{row.rank}.</td>'
            f'<td class="name"><a href="{escape(player_url(player.pk))}">'
            f"{escape(player.full_name)}</a>{club}</td>{''.join(cells)}"
            f'<td class="num bp"><strong>{escape(shown["reduced_bp"])}</strong></td>'
            f'<td class="num">{escape(shown["bp"])}</td>'
            f'<td class="num {money_class(shown["sb"])}">{escape(shown["sb"])}</td>'
            f'<td class="num {money_class(shown["zb"])}">{escape(shown["zb"])}</td></tr>')
    return mark_safe("".join(out))  # every text above is escaped
