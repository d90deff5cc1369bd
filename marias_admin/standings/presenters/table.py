"""The standings table: names, per-round cells, totals as shown and their hover texts."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

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


@dataclass(frozen=True)
class RoundCell:
    number: int
    result: RoundStanding | None
    dropped: bool = False
    explanation: str = ""
    text: str = ""  # the BP as shown


@dataclass(frozen=True)
class StandingRow:
    standing: Standing
    registration: Registration
    cells: list[RoundCell]
    tied: int  # players sharing this rank (1 = alone)
    # "rank", "bp", "sb", "zb", "pb", "record", "best" (+ "money" at SZMK) → hover text
    explain: dict[str, str]
    shown: dict[str, str]  # "bp", "sb", "zb", "pb", "record", "best", "money" → as shown

    @property
    def player(self) -> Any:
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


def _names(tournament: Tournament) -> dict[int, Registration]:
    """The registrations with what a standings row shows of its player (name, club): only
    those columns, one query (the rows are read by the page, the exports and the PDF)."""
    return {r.pk: r for r in Registration.objects.filter(tournament=tournament)
            .select_related("player__club")
            .only("id", "tournament_id", "player_id", "player__first_name", "player__last_name",
                  "player__club_id", "player__club__name")}


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
