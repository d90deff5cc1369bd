"""The standings table: names, per-round cells, totals as shown and their hover texts."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import NamedTuple

from django.utils.translation import gettext as _

from marias_admin.core.formatting import language
from marias_admin.standings.presenters.explanations import (
    RoundContext,
    row_explanations,
    standings_row_shown,
)
from marias_admin.standings.presenters.formatting import fmt_number, premium_view
from marias_admin.standings.selectors import (
    RoundProgress,
    results_progress,
    round_scores,
    rules_from,
)
from marias_admin.tournaments.models import Registration, Tournament
from scoring.standings import (
    PlacementKey,
    RoundStanding,
    Standing,
    StandingsRules,
    compute_standings,
)


class RoundCell(NamedTuple):
    """One round's cell of a standings row: a tuple, not a dataclass, as a render builds one
    per player and round (1 920 at 320 players × 6 rounds) and a tuple is built in a quarter
    of a frozen dataclass's time (issue 27)."""

    number: int
    result: RoundStanding | None
    dropped: bool = False
    explanation: str = ""
    text: str = ""  # the BP as shown


@dataclass(frozen=True)
class StandingRow:
    standing: Standing
    registration: RegistrationShown
    cells: list[RoundCell]
    tied: int  # players sharing this rank (1 = alone)
    # "rank", "bp", "sb", "zb", "pb", "record", "best" (+ "money" at SZMK) → hover text
    explain: dict[str, str]
    shown: dict[str, str]  # "bp", "sb", "zb", "pb", "record", "best", "money" → as shown

    @property
    def player(self) -> PlayerShown:
        return self.registration.player


class _ColumnsShown:
    """Which columns the standings rules call for: the same for the whole table and for
    the facts kept beside its cached fragment."""

    rules: StandingsRules

    @property
    def money_view(self) -> bool:
        """SZMK: points and the round money instead of SB/ZB/PB."""
        return self.rules.round_budget is not None

    @property
    def premium_view(self) -> bool:
        """ČSM: SB and PB beside BP and ZB; the volený families show BP and ZB only."""
        return premium_view(self.rules)

    @property
    def table_points_view(self) -> bool:
        """BP are table points (křížový 4-2-1-0, SloapSlam BUS): the column says "Points"
        (body u stolu) as at SZMK, not BP."""
        return self.rules.placement is PlacementKey.TABLE_POINTS


@dataclass(frozen=True)
class TableFacts(_ColumnsShown):
    """What the standings page says around the table (legend, notes, rules), without the
    rows: kept beside the cached table fragment, so a page served from it needs no rows."""

    rules: StandingsRules
    round_numbers: list[int]
    has_rows: bool
    explained: bool  # the rows carry hover explanations
    progress: list[RoundProgress] = field(default_factory=list)


@dataclass(frozen=True)
class StandingsTable(_ColumnsShown):
    rows: list[StandingRow]
    round_numbers: list[int]
    rules: StandingsRules
    progress: list[RoundProgress] = field(default_factory=list)

    @property
    def provisional(self) -> bool:
        return any(not p.complete for p in self.progress if p.confirmed)

    @property
    def pending_rounds(self) -> list[RoundProgress]:
        return [p for p in self.progress if not p.complete]

    @property
    def facts(self) -> TableFacts:
        return TableFacts(self.rules, self.round_numbers, bool(self.rows),
                          bool(self.rows and self.rows[0].explain), self.progress)


@dataclass(frozen=True, slots=True)
class ClubShown:
    """A player's club as a standings row names it (``str()`` is the name, as a Club's)."""

    pk: int
    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class PlayerShown:
    """What a standings row shows of a player. Read as plain values, not model instances:
    at 320 players the page, its exports and the PDF built ~1 000 instances per render, a
    seventh of the render's time (issue 27)."""

    first_name: str
    last_name: str
    club: ClubShown | None

    @property
    def full_name(self) -> str:
        return f"{self.last_name} {self.first_name}"  # as Player.full_name

    @property
    def club_id(self) -> int | None:
        return self.club.pk if self.club is not None else None


@dataclass(frozen=True, slots=True)
class RegistrationShown:
    """A standings row's registration: its id (links, anchors) and its player."""

    pk: int
    player: PlayerShown


def _names(tournament: Tournament) -> dict[int, RegistrationShown]:
    """The registrations with what a standings row shows of its player (name, club): only
    those columns, one query (the rows are read by the page, the exports and the PDF)."""
    clubs: dict[int, ClubShown] = {}
    names = {}
    for pk, first_name, last_name, club_id, club_name in (
            Registration.objects.filter(tournament=tournament).order_by().values_list(
                "id", "player__first_name", "player__last_name", "player__club_id",
                "player__club__name")):
        club = None
        if club_id is not None:
            club = clubs.get(club_id) or clubs.setdefault(club_id, ClubShown(club_id, club_name))
        names[pk] = RegistrationShown(pk, PlayerShown(first_name, last_name, club))
    return names


def standings_table(tournament: Tournament, standings: list[Standing] | None = None, *,
                    explain_up_to: int | None = None) -> StandingsTable:
    """The standings with names, per-round cells and hover texts (six queries).

    With ``explain_up_to``, a larger field gets no hover texts (``explain`` empty): they are
    most of a big page's weight, phones cannot hover, and the player page explains every
    number in plain text."""
    rules = rules_from(tournament)
    if standings is None:
        standings = compute_standings(round_scores(tournament, rules=rules), rules,
                                      tournament.standings_seed)
    explained = explain_up_to is None or len(standings) <= explain_up_to
    registrations = _names(tournament)
    context = (RoundContext.of((r for s in standings for r in s.rounds), rules)
               if explained else None)
    numbers = sorted({r.round for s in standings for r in s.rounds})
    ties = Counter(s.rank for s in standings)
    lang = language()  # once for the table, not per number
    rows = []
    for standing in standings:
        by_round = {r.round: r for r in standing.rounds}
        cells = []
        for number in numbers:
            result = by_round.get(number)
            text = ""
            if result is not None and context is not None:
                text = " · ".join(context.explain(result, rules))
                if number in standing.dropped:
                    text = _("Round %(number)s dropped: not counted.") % {"number": number} \
                        + " " + text
            cells.append(RoundCell(number, result, number in standing.dropped, text,
                                   fmt_number(result.bp, lang=lang) if result is not None
                                   else ""))
        rows.append(StandingRow(
            standing=standing, registration=registrations[standing.player], cells=cells,
            tied=ties[standing.rank],
            explain=row_explanations(standing, ties[standing.rank], rules, tournament)
            if explained else {},
            shown=standings_row_shown(standing, rules, lang),
        ))
    return StandingsTable(rows, numbers, rules, results_progress(tournament))
