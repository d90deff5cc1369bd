"""The standings table: names, per-round cells, totals as shown and their hover texts."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from marias_admin.standings.presenters.explanations import (
    RoundContext,
    row_explanations,
    standings_row_shown,
)
from marias_admin.standings.presenters.formatting import fmt_number, premium_view
from marias_admin.standings.selectors import (
    RoundProgress,
    registrations_by_id,
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


@dataclass(frozen=True)
class StandingsTable:
    rows: list[StandingRow]
    round_numbers: list[int]
    rules: StandingsRules
    progress: list[RoundProgress] = field(default_factory=list)

    @property
    def provisional(self) -> bool:
        return any(not p.complete for p in self.progress if p.confirmed)

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

    @property
    def pending_rounds(self) -> list[RoundProgress]:
        return [p for p in self.progress if not p.complete]


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
    registrations = registrations_by_id(tournament)
    context = RoundContext.of((r for s in standings for r in s.rounds), rules)
    numbers = sorted({r.round for s in standings for r in s.rounds})
    ties = Counter(s.rank for s in standings)
    rows = []
    for standing in standings:
        by_round = {r.round: r for r in standing.rounds}
        cells = []
        for number in numbers:
            result = by_round.get(number)
            text = ""
            if result is not None and explained:
                text = " · ".join(context.explain(result, rules))
                if number in standing.dropped:
                    text = _("Round %(number)s dropped: not counted.") % {"number": number} \
                        + " " + text
            cells.append(RoundCell(number, result, number in standing.dropped, text,
                                   fmt_number(result.bp) if result is not None else ""))
        rows.append(StandingRow(
            standing=standing, registration=registrations[standing.player], cells=cells,
            tied=ties[standing.rank],
            explain=row_explanations(standing, ties[standing.rank], rules, tournament)
            if explained else {},
            shown=standings_row_shown(standing, rules),
        ))
    return StandingsTable(rows, numbers, rules, results_progress(tournament))
