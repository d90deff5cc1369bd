"""Read side of the seasons: each member tournament's standings summed per player, and the
club teams' standings summed per club (the season's team table, issue 16).

Player identity across tournaments is the ``Player`` (a registration links a player to one
tournament). Only tournaments with at least one confirmed result and public standings count:
a tournament not played yet is neither a result nor a miss.

The team table: a club's result in a tournament is its club team's row of the tournament's
team standings (as ``teams.selectors.team_table`` shows them; copied with the final places by
``snapshots``, never recomputed on a visit: BP — the table points under SZMK — SB and ZB
summed over the members that count, by the tournament's team rules). A club fielding several
teams counts its best placed one. Only tournaments with a team competition and at least one
ranked team count; in those a club without a team missed the tournament. The competition's
drop-worst rule and order are the players' ones (:func:`scoring.season.season_standings`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db.models import QuerySet

from marias_admin.core.ordering import name_key
from marias_admin.players.models import Club, Player
from marias_admin.seasons import snapshots
from marias_admin.seasons.models import Competition
from marias_admin.standings.presenters.formatting import fmt_number
from marias_admin.tournaments.models import Tournament
from scoring.season import EventResult, SeasonRow, season_standings

MINOR_PER_MAJOR = 100


def public_competitions() -> QuerySet[Competition]:
    return Competition.objects.filter(public=True)


def listed_competitions(*, everything: bool = False) -> QuerySet[Competition]:
    """The competitions on the list page: all of them for staff, else the public ones."""
    return Competition.objects.all() if everything else public_competitions()


def member_tournaments(competition: Competition) -> list[Tournament]:
    """The competition's tournaments in its order (ties by date): the one reading of the
    members, for the pages, the API, the exchange import and the services that renumber."""
    return [m.tournament for m in competition.memberships.select_related("tournament")
            .order_by("order", "tournament__date", "id")]


@dataclass(frozen=True)
class SeasonCell:
    tournament: Tournament
    result: EventResult | None
    dropped: bool

    @property
    def text(self) -> str:
        return fmt_number(self.result.bp) if self.result is not None else "–"


@dataclass(frozen=True)
class SeasonTableRow:
    row: SeasonRow
    player: Player
    cells: list[SeasonCell]

    def money(self, value: Fraction | int) -> str:
        return fmt_number(value, places=2, scale=MINOR_PER_MAJOR, fixed=True)

    @property
    def shown(self) -> dict[str, str]:
        return {"reduced_bp": fmt_number(self.row.reduced_bp), "bp": fmt_number(self.row.bp),
                "sb": self.money(self.row.sb), "zb": self.money(self.row.zb)}


@dataclass(frozen=True)
class SeasonTable:
    competition: Competition
    tournaments: list[Tournament]  # those that count, in the competition's order
    rows: list[SeasonTableRow]


def season_results(tournaments: list[Tournament]) -> tuple[
        list[Tournament], dict[int, dict[int, EventResult]]]:
    """(tournaments with results, player id → tournament id → result), read from the stored
    final places (``snapshots``), not recomputed."""
    counted: list[Tournament] = []
    results: dict[int, dict[int, EventResult]] = {}
    by_tournament = snapshots.places(tournaments)
    for tournament in tournaments:
        rows = by_tournament[tournament.pk]
        if not rows:
            continue
        counted.append(tournament)
        for row in rows:
            results.setdefault(row.player, {})[tournament.pk] = EventResult(
                row.bp, row.sb, row.money)
    return counted, results


def _name_key(player: Player) -> tuple[Any, ...]:
    """Alphabetical (Czech alphabet): the order of players level in the season table."""
    return (*name_key(player.last_name, player.first_name), player.pk)


def season_table(competition: Competition, *, everything: bool = False) -> SeasonTable:
    """The season standings; ``everything`` also counts tournaments with hidden standings."""
    tournaments = [t for t in member_tournaments(competition)
                   if everything or t.public_standings]
    counted, results = season_results(tournaments)
    players = {p.pk: p for p in Player.objects.filter(pk__in=results).select_related("club")}
    ordered = {pk: results[pk] for pk in sorted(results, key=lambda pk: _name_key(players[pk]))}
    rows = season_standings([t.pk for t in counted], ordered, competition.drop_worst)
    return SeasonTable(competition, counted, [
        SeasonTableRow(row, players[row.player], [
            SeasonCell(t, row.results[i], i in row.dropped) for i, t in enumerate(counted)])
        for row in rows])


# -- the season's team table -------------------------------------------------------------------


@dataclass(frozen=True)
class SeasonTeamCell:
    tournament: Tournament
    result: EventResult | None
    dropped: bool
    team: str = ""  # the club team's name in that tournament

    @property
    def text(self) -> str:
        return fmt_number(self.result.bp) if self.result is not None else "–"


@dataclass(frozen=True)
class SeasonTeamRow:
    row: SeasonRow
    club: Club
    cells: list[SeasonTeamCell]

    @property
    def shown(self) -> dict[str, str]:
        def money(value: Fraction | int) -> str:
            return fmt_number(value, places=2, scale=MINOR_PER_MAJOR, fixed=True)

        return {"reduced_bp": fmt_number(self.row.reduced_bp), "bp": fmt_number(self.row.bp),
                "sb": money(self.row.sb), "zb": money(self.row.zb)}


@dataclass(frozen=True)
class SeasonTeamTable:
    competition: Competition
    tournaments: list[Tournament]  # those with a team competition that count, in order
    rows: list[SeasonTeamRow]


def season_team_results(tournaments: list[Tournament]) -> tuple[
        list[Tournament], dict[int, dict[int, tuple[EventResult, str]]]]:
    """(tournaments with ranked club teams, club id → tournament id → (result, team name)):
    each club's best placed club team of each tournament, read from the stored copy
    (``snapshots.team_results``, refreshed with the final places), not recomputed."""
    counted: list[Tournament] = []
    results: dict[int, dict[int, tuple[EventResult, str]]] = {}
    by_tournament = snapshots.team_results(tournaments)
    for tournament in tournaments:
        rows = by_tournament[tournament.pk]
        if not rows:
            continue
        counted.append(tournament)
        for row in rows:
            results.setdefault(row.club, {})[tournament.pk] = (
                EventResult(row.bp, row.sb, row.money), row.team)
    return counted, results


def season_team_table(competition: Competition, *, everything: bool = False) -> SeasonTeamTable:
    """The season's team table (clubs); ``everything`` also counts hidden standings."""
    tournaments = [t for t in member_tournaments(competition)
                   if everything or t.public_standings]
    counted, results = season_team_results(tournaments)
    clubs = {c.pk: c for c in Club.objects.filter(pk__in=results)}
    ordered = {pk: {t: result for t, (result, _name) in results[pk].items()}
               for pk in sorted(results, key=lambda pk: (*name_key(clubs[pk].name), pk))}
    rows = season_standings([t.pk for t in counted], ordered, competition.drop_worst)
    return SeasonTeamTable(competition, counted, [
        SeasonTeamRow(row, clubs[row.player], [
            SeasonTeamCell(t, row.results[i], i in row.dropped,
                           results[row.player].get(t.pk, (None, ""))[1])
            for i, t in enumerate(counted)])
        for row in rows])
