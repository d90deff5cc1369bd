"""The team standings as .xlsx (one sheet with the team rows as on the page, one with every
member's result in every round and whether it counted, so each team row can be summed again
in the spreadsheet) and as a PDF for the hall's wall (the team rows as on the page)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _
from openpyxl import Workbook

from marias_admin.core.columns import Column, money_column, points_column, write_sheet
from marias_admin.core.xlsx import workbook_bytes
from marias_admin.standings.pdf import table_pdf
from marias_admin.teams.selectors import MemberShown, TeamRow, TeamTable, team_table
from marias_admin.tournaments.exporting import sheet_title
from marias_admin.tournaments.models import Tournament
from scoring.rank_keys import RANK_KEYS
from scoring.standings import RankKey


def _value(key: RankKey, table: TeamTable, currency: str, header: str,
           get: Callable[[Any], Any]) -> Column[Any]:
    if RANK_KEYS[key].money:
        return money_column(header, get, currency, table.individual.minor_per_major)
    return points_column(header, get)


def team_columns(tournament: Tournament, table: TeamTable) -> list[Column[TeamRow]]:
    columns: list[Column[TeamRow]] = [
        Column(_("Place"), lambda row: row.standing.rank),
        Column(_("Team"), lambda row: row.team.name),
        Column(_("Club"), lambda row: row.team.club.name if row.team.club else None),
    ]
    for key in table.keys:
        columns.append(_value(key, table, tournament.currency, table.labels[key],
                              lambda row, key=key: row.standing.value(key)))
    first = table.keys[0] if table.keys else RankKey.BP
    for index, number in enumerate(table.round_numbers):
        header = _("Round %(number)s") % {"number": number} + f" ({table.labels[first]})"
        columns.append(_value(first, table, tournament.currency, header,
                              lambda row, index=index: row.standing.rounds[index].value(first)))
    return columns


def member_columns(tournament: Tournament, table: TeamTable
                   ) -> list[Column[tuple[TeamRow, int, MemberShown]]]:
    columns: list[Column[tuple[TeamRow, int, MemberShown]]] = [
        Column(_("Team"), lambda item: item[0].team.name),
        Column(_("Round"), lambda item: item[1]),
        Column(_("Last name"), lambda item: item[2].player.last_name),
        Column(_("First name"), lambda item: item[2].player.first_name),
        Column(_("Counted"), lambda item: _("yes") if item[2].member.counted else _("no")),
        Column(_("Why"), lambda item: item[2].reason),
    ]
    for key in table.keys:
        columns.append(_value(key, table, tournament.currency, table.labels[key],
                              lambda item, key=key: item[2].member.value(key)
                              if item[2].member.played else None))
    return columns


def team_standings_xlsx(tournament: Tournament) -> bytes:
    table = team_table(tournament)
    workbook = Workbook()
    workbook.properties.title = str(tournament)
    workbook.properties.creator = "marias_admin"
    sheet = workbook.active
    sheet.title = sheet_title(_("Team standings"))
    write_sheet(sheet, team_columns(tournament, table), table.rows, freeze="C2")
    members = workbook.create_sheet(sheet_title(_("Team members by round")))
    items = [(row, r.number, m) for row in table.rows for r in row.rounds
             for m in (*r.counted, *r.others)]
    write_sheet(members, member_columns(tournament, table), items, freeze="C2")
    return workbook_bytes(workbook)


def team_standings_pdf(tournament: Tournament) -> bytes:
    """The team rows as on the page, in the tournament's language."""
    with translation.override(tournament.page_language):
        table = team_table(tournament)
        header = ["#", _("Team"), _("Club"), *[table.labels[k] for k in table.keys],
                  *[f"{n}." for n in table.round_numbers]]
        data = [header] + [
            [f"{row.standing.rank}.", row.team.name, row.team.club.name if row.team.club else "",
             *[row.shown.get(k, "") for k in table.keys], *row.first_sums]
            for row in table.rows]
        return table_pdf(tournament, _("Team standings"), data, has_rows=bool(table.rows),
                         provisional=table.provisional)
