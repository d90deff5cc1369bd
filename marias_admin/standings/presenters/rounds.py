"""One round's results per table: players, ZB/PB/SB/rank/BP and their explanations."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import F
from django.utils.translation import gettext as _

from marias_admin.seating.models import Seat
from marias_admin.sheets.models import SheetState, TableSheet
from marias_admin.standings.presenters.explanations import (
    RoundContext,
    round_rank_text,
)
from marias_admin.standings.presenters.formatting import chain_text
from marias_admin.standings.selectors import round_scores, rules_from
from marias_admin.tournaments.models import Registration, Tournament
from scoring.standings import RoundStanding, rank_round, round_money


@dataclass(frozen=True)
class TableResultRow:
    seat: Seat
    result: RoundStanding | None
    explanation: tuple[str, ...] = ()
    money: int | None = None  # SZMK: the round money (budget + ZB)

    @property
    def registration(self) -> Registration:
        return self.seat.registration


@dataclass(frozen=True)
class TableResult:
    number: int
    state: str | None  # the sheet's state, None before anything was entered
    rows: list[TableResultRow]

    @property
    def confirmed(self) -> bool:
        return self.state == SheetState.CONFIRMED

    @property
    def state_label(self) -> str:
        return SheetState(self.state).label if self.state else _("not started")


def round_results(tournament: Tournament, number: int) -> list[TableResult]:
    """Each table of a round with its players and, once confirmed, ZB/PB/SB/rank/BP."""
    rules = rules_from(tournament)
    ranked = rank_round(round_scores(tournament, rounds=[number], rules=rules), rules)
    context = RoundContext.of(ranked, rules)
    chain = chain_text(rules.round_chain)  # the same words in every row
    by_player = {r.player: r for r in ranked}
    states = dict(TableSheet.objects.filter(table__round__tournament=tournament,
                                            table__round__number=number)
                  .values_list("table__number", "state"))
    tables: dict[int, list[TableResultRow]] = defaultdict(list)
    # the table's number only (not 80 Table objects: issue 27, 320 players)
    for seat in (Seat.objects.filter(round__tournament=tournament, round__number=number)
                 .select_related("registration__player__club")
                 .annotate(table_number=F("table__number"))
                 .order_by("table__number", "position")):
        result = by_player.get(seat.registration_id)
        explanation = ((round_rank_text(result, rules, chain), *context.explain(result, rules))
                       if result is not None else ())
        money = round_money(result.money, rules) if result is not None else None
        tables[seat.table_number].append(  # type: ignore[attr-defined]
            TableResultRow(seat, result, explanation, money))
    return [TableResult(n, states.get(n), rows) for n, rows in sorted(tables.items())]
