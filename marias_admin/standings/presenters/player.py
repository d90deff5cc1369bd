"""One player's rounds for his page: table, seat, opponents, results and big hands."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from django.utils.translation import gettext as _

from marias_admin.seating.models import Bye, RoundState, Seat
from marias_admin.sheets.models import HandRecord, SheetState, TableSheet
from marias_admin.standings.presenters.explanations import RoundContext, round_rank_text
from marias_admin.standings.selectors import SEATS, round_scores, rules_from
from marias_admin.tournaments.models import Registration, Tournament
from scoring.standings import RoundStanding, Standing, compute_standings, round_money


@dataclass(frozen=True)
class BigHand:
    number: int
    description: str
    notation: str
    premium: Fraction  # this player's PB from the hand


@dataclass(frozen=True)
class PlayerRound:
    number: int
    round_state: str
    table: int
    seat: int
    opponents: list[Registration]
    sheet_state: str | None
    result: RoundStanding | None
    dropped: bool
    explanation: tuple[str, ...]
    big_hands: list[BigHand]
    money: int | None = None  # SZMK: the round money (budget + ZB)
    bye: bool = False  # křížový: no table this round (seating.Bye); table and seat are 0

    @property
    def provisional(self) -> bool:
        return self.round_state == RoundState.SEATED

    @property
    def sheet_state_label(self) -> str:
        return SheetState(self.sheet_state).label if self.sheet_state else _("not started")


def player_rounds(tournament: Tournament, registration: Registration,
                  standings: list[Standing] | None = None) -> list[PlayerRound]:
    """The rounds of one player: table, seat, opponents, results and his games of 50+ PB;
    a round he sat out with a bye (křížový) as ``bye`` (one more query, only there)."""
    rules = rules_from(tournament)
    if standings is None:
        standings = compute_standings(round_scores(tournament, rules=rules), rules,
                                      tournament.standings_seed)
    mine = next((s for s in standings if s.player == registration.pk), None)
    results = {r.round: r for r in mine.rounds} if mine else {}
    context = RoundContext.of((r for s in standings for r in s.rounds), rules)
    seats = list(Seat.objects.filter(registration=registration, round__tournament=tournament)
                 .select_related("round", "table").order_by("round__number"))
    table_ids = [s.table_id for s in seats]
    opponents: dict[int, list[Registration]] = defaultdict(list)
    for seat in (Seat.objects.filter(table_id__in=table_ids).exclude(registration=registration)
                 .select_related("registration__player__club").order_by("position")):
        opponents[seat.table_id].append(seat.registration)
    states = dict(TableSheet.objects.filter(table_id__in=table_ids)
                  .values_list("table_id", "state"))
    position = {s.table_id: s.position for s in seats}
    threshold = tournament.ruleset().premium_referee_threshold
    hands: dict[int, list[BigHand]] = defaultdict(list)
    for hand in (HandRecord.objects.filter(
            sheet__table_id__in=table_ids, sheet__state=SheetState.CONFIRMED,
            premium_described=True, deleted_at__isnull=True)
            .order_by("number")
            .values("sheet__table_id", "number", "description", "notation",
                    *[f"pb_{s}" for s in SEATS])):
        mine_pb = Fraction(hand[f"pb_{position[hand['sheet__table_id']]}"] or 0)
        if mine_pb >= threshold:
            hands[hand["sheet__table_id"]].append(BigHand(
                hand["number"], hand["description"], hand["notation"], mine_pb))
    def explain(result: RoundStanding | None) -> tuple[str, ...]:
        return ((round_rank_text(result, rules), *context.explain(result, rules))
                if result is not None else ())

    rounds = []
    if tournament.full_tables_only:
        for bye in (Bye.objects.filter(registration=registration, round__tournament=tournament)
                    .select_related("round")):
            result = results.get(bye.round.number)
            rounds.append(PlayerRound(
                number=bye.round.number, round_state=bye.round.state, table=0, seat=0,
                opponents=[], sheet_state=None, result=result,
                dropped=bool(mine and bye.round.number in mine.dropped),
                explanation=explain(result), big_hands=[],
                money=round_money(result.money, rules) if result is not None else None,
                bye=True,
            ))
    for seat in seats:
        result = results.get(seat.round.number)
        explanation = explain(result)
        rounds.append(PlayerRound(
            number=seat.round.number, round_state=seat.round.state, table=seat.table.number,
            seat=seat.position, opponents=opponents[seat.table_id],
            sheet_state=states.get(seat.table_id), result=result,
            dropped=bool(mine and seat.round.number in mine.dropped), explanation=explanation,
            big_hands=hands[seat.table_id],
            money=round_money(result.money, rules) if result is not None else None,
        ))
    return sorted(rounds, key=lambda r: r.number)
