"""Read side of the standings: confirmed results in, the engine's ranked rows out.

The maths is :mod:`scoring.standings`; this module only reads the database and feeds it
(constant query counts). Dressing the rows for the pages and exports (names, per-round cells,
explanations in the visitor's language) is :mod:`marias_admin.standings.presenters`.
Public API:

- ``rules_from(tournament) -> StandingsRules``
- ``round_scores(tournament, rounds=None, rules=None) -> list[RoundScore]``
- ``tournament_standings(tournament) -> list[Standing]``
- ``order_before_round(tournament, number) -> list[int]`` (the SZMK plan, through probes)
- ``results_progress(tournament) -> list[RoundProgress]``
- ``registrations_by_id(tournament) -> dict[int, Registration]``
- ``find_seats(tournament, query) -> SeatSearch``
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from typing import Any

from django.db.models import Count, Exists, OuterRef, Q, Sum

from marias_admin.core.ordering import czech_order
from marias_admin.seating.models import Bye, Round, RoundState, Seat, Table
from marias_admin.sheets.models import (
    HandRecord,
    Ruling,
    RulingKind,
    SheetMode,
    SheetState,
    TableSheet,
)
from marias_admin.tournaments.models import Registration, Tournament
from marias_admin.tournaments.standings_rules import rules_from_dict
from scoring.standings import (
    PlacementKey,
    RoundScore,
    Standing,
    StandingsRules,
    compute_standings,
    round_score,
)

SEATS = (1, 2, 3, 4)
# A sheet's results as one row: the money of seats 1-4, then their PB (typed totals, or the
# sums of the live hands), read as tuples: a standings render reads 80 sheets a round.
_TOTALS = tuple(f"total_money_{s}" for s in SEATS) + tuple(f"total_pb_{s}" for s in SEATS)
_SUMS = tuple(f"money_{s}" for s in SEATS) + tuple(f"pb_{s}" for s in SEATS)


# -- rules and scores -----------------------------------------------------------------------------


def rules_from(tournament: Tournament) -> StandingsRules:
    """The tournament's stored rules with its ruleset's SB premium factor, round budget (SZMK)
    and money rounding before SB (SloapSlam); a Superliga key takes its coefficient from the
    competition the tournament counts for, when it has one."""
    ruleset = tournament.ruleset()
    rules = rules_from_dict(tournament.standings_rules, premium_factor=ruleset.sb_premium_factor,
                            round_budget=ruleset.round_budget)
    if ruleset.money_rounding is not None:  # SloapSlam L74, L272-274: whole crowns before SB
        rules = dataclasses.replace(rules, money_rounding=ruleset.money_rounding)
    if rules.placement is PlacementKey.SUPERLIGA:
        coefficient = (tournament.competition_memberships
                       .values_list("competition__coefficient", flat=True).first())
        if coefficient is not None:
            rules = dataclasses.replace(rules, coefficient=Fraction(coefficient))
    return rules


def _fraction(value: Decimal | int | None) -> Fraction:
    return _exact(value) if value is not None else Fraction(0)


@lru_cache(maxsize=4096)
def _exact(value: Decimal | int) -> Fraction:
    """PB as a Fraction: converting a Decimal costs microseconds, and a field's PB are a few
    values (0, 5, 10, 12,5 …) repeated on thousands of seats."""
    return Fraction(value)


def order_before_round(tournament: Tournament, number: int) -> list[int]:
    """Registration ids, best first, by the confirmed results of the rounds before round
    ``number`` (the SZMK plan seats rounds 4-6 by them; asked by seating through its probes)."""
    scores = round_scores(tournament, range(1, number))
    return [s.player for s in compute_standings(scores, rules_from(tournament),
                                                tournament.standings_seed)]


def round_scores(tournament: Tournament, rounds: Iterable[int] | None = None,
                 rules: StandingsRules | None = None) -> list[RoundScore]:
    """Every seat's result from the CONFIRMED sheets only, player = registration id.

    Hands mode: the sum of the live (not deleted) hands per seat; totals mode: the typed
    totals (a totals sheet without money is left out). Three queries, whatever the field.

    Contumation (SZMK E.5), when the rules give points for it: a confirmed sheet with a
    contumation ruling naming the absent player fixes the round's points – 0 for him, the
    rules' ``contumation_points`` for each present player. The sheet's money is whatever the
    sheet holds (the sheets service writes the +1 € / −2 € totals). The ruling is read in the
    seats query, so the count stays at three.
    """
    if rules is None:
        rules = rules_from_dict(tournament.standings_rules)  # no query: only the stored part
    confirmed: dict[str, Any] = {"table__round__tournament": tournament,
                                 "state": SheetState.CONFIRMED}
    if rounds is not None:
        confirmed["table__round__number__in"] = list(rounds)
    sheets = list(TableSheet.objects.filter(**confirmed).order_by().values_list(
        "id", "mode", "table_id", "table__number", "table__round__number", *_TOTALS))
    if not sheets:
        return []
    through = {f"sheet__{k}": v for k, v in confirmed.items()}
    # per hands sheet: (money_1 … money_4, pb_1 … pb_4), the same layout as a totals row
    sums = {
        row[0]: row[1:]
        for row in HandRecord.objects.filter(deleted_at__isnull=True, sheet__mode=SheetMode.HANDS,
                                             **through)
        .order_by().values("sheet_id").annotate(
            **{f"money_{s}": Sum(f"money_{s}") for s in SEATS},
            **{f"pb_{s}": Sum(f"pb_{s}") for s in SEATS},
        ).values_list("sheet_id", *_SUMS)
    }
    seats: dict[int, list[tuple[int, int]]] = defaultdict(list)
    absent: dict[int, set[int]] = defaultdict(set)  # table id → absent registration ids
    seat_rows = Seat.objects.filter(
        **{f"table__sheet__{k}": v for k, v in confirmed.items()}).order_by("position")
    columns = ["table_id", "position", "registration_id"]
    if rules.contumation_points is not None:
        seat_rows = seat_rows.annotate(absent=Exists(Ruling.objects.filter(
            sheet__table_id=OuterRef("table_id"), kind=RulingKind.CONTUMATION,
            offender_id=OuterRef("registration_id"))))
        columns.append("absent")
    for table_id, position, registration_id, *flags in seat_rows.values_list(*columns):
        seats[table_id].append((position, registration_id))
        if flags and flags[0]:
            absent[table_id].add(registration_id)
    scores: list[RoundScore] = []
    no_sums = (None,) * (2 * len(SEATS))
    for sheet_id, mode, table_id, table_number, round_number, *totals in sorted(
            sheets, key=lambda s: (s[4], s[3])):
        if mode == SheetMode.TOTALS:
            results = totals
            if any(results[p - 1] is None for p, _reg in seats[table_id]):
                continue  # confirmed without totals: nothing to count
        else:
            results = sums.get(sheet_id, no_sums)
        missing = absent.get(table_id)
        for position, registration_id in seats[table_id]:
            fixed = None
            if missing:  # SZMK 2024 E.5: the absent player 0, each present player the rules' points
                fixed = Fraction(0 if registration_id in missing else rules.contumation_points)
            scores.append(round_score(
                registration_id, round_number, table_number, int(results[position - 1] or 0),
                _fraction(results[len(SEATS) + position - 1]), fixed))
    if tournament.full_tables_only:
        scores.extend(_bye_scores(tournament, {row[4] for row in sheets}))  # round numbers
    return scores


def _bye_scores(tournament: Tournament, rounds: set[int]) -> list[RoundScore]:
    """Křížový byes (docs/readings.md §9.13; ``seating.Bye``): of the rounds that have a
    confirmed table counted, each bye with 0 money and the rules' bye points. One query."""
    byes = Bye.objects.filter(round__tournament=tournament, round__number__in=rounds)
    return [RoundScore(player=registration_id, round=number, table=0, money=0, bye=True)
            for number, registration_id in byes.order_by("round__number", "registration_id")
            .values_list("round__number", "registration_id")]


def tournament_standings(tournament: Tournament) -> list[Standing]:
    """The tournament order from confirmed results (player = registration id)."""
    rules = rules_from(tournament)
    return compute_standings(round_scores(tournament, rules=rules), rules,
                             tournament.standings_seed)


@dataclass(frozen=True)
class RoundProgress:
    number: int
    tables: int
    confirmed: int

    @property
    def complete(self) -> bool:
        return self.tables > 0 and self.confirmed == self.tables


def results_progress(tournament: Tournament) -> list[RoundProgress]:
    """Per seated round: how many of its tables have a confirmed sheet (one query)."""
    rows = (Table.objects.filter(round__tournament=tournament).order_by()
            .values("round__number")
            .annotate(tables=Count("id"),
                      confirmed=Count("id", filter=Q(sheet__state=SheetState.CONFIRMED))))
    return sorted((RoundProgress(r["round__number"], r["tables"], r["confirmed"]) for r in rows),
                  key=lambda p: p.number)


def registrations_by_id(tournament: Tournament) -> dict[int, Registration]:
    return {r.pk: r for r in Registration.objects.filter(tournament=tournament)
            .select_related("player__club")}


# -- where do I sit -------------------------------------------------------------------------------


def fold(text: str) -> str:
    """Case- and diacritics-insensitive form: "Šťastný" → "stastny"."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


@dataclass(frozen=True)
class SeatFound:
    registration: Registration
    seat: Seat | None
    bye: bool = False  # křížový: no table for him this round (seating.Bye)


@dataclass(frozen=True)
class SeatSearch:
    query: str
    round: Round | None
    results: list[SeatFound]
    more: int = 0  # matches left out beyond the limit

    @property
    def provisional(self) -> bool:
        return self.round is not None and self.round.state == RoundState.SEATED


def find_seats(tournament: Tournament, query: str, limit: int = 30) -> SeatSearch:
    """Players whose name contains every word of ``query`` (any case, any diacritics), with
    their table and seat in the latest seated round, or their bye in it (křížový). At most
    three queries (four with byes: ``Tournament.full_tables_only``)."""
    words = fold(query).split()
    if not words:
        return SeatSearch(query, None, [])
    matches = []
    for registration in (Registration.objects.filter(tournament=tournament)
                         .select_related("player__club")
                         .order_by(*czech_order("player__last_name", "player__first_name",
                                                language=tournament.page_language), "id")):
        player = registration.player
        name = fold(f"{player.first_name} {player.last_name}")
        if all(w in name for w in words):
            matches.append(registration)
    shown, more = matches[:limit], max(len(matches) - limit, 0)
    if not shown:
        return SeatSearch(query, None, [], 0)
    round = (Round.objects.filter(tournament=tournament, seats__isnull=False)
             .order_by("-number").first())
    seats = {}
    byes: set[int] = set()
    if round is not None:
        ids = [r.pk for r in shown]
        seats = {s.registration_id: s for s in Seat.objects.filter(
            round=round, registration__in=ids).select_related("table")}
        if tournament.full_tables_only and len(seats) < len(ids):
            byes = set(Bye.objects.filter(round=round, registration__in=ids)
                       .values_list("registration_id", flat=True))
    return SeatSearch(query, round, [SeatFound(r, seats.get(r.pk), r.pk in byes)
                                     for r in shown], more)
