"""Read side of the standings: confirmed results in, ranked rows out (constant query counts).

The maths is :mod:`scoring.standings`; this module only feeds it confirmed table results from
the database and dresses its rows for the pages (names, per-round cells, explanations in the
visitor's language). Public API (also used by the exports):

- ``rules_from(tournament) -> StandingsRules``
- ``round_scores(tournament, rounds=None, rules=None) -> list[RoundScore]``
- ``tournament_standings(tournament) -> list[Standing]``
- ``standings_table(tournament) -> StandingsTable`` (rows with registrations and explanations)
- ``standings_row_shown(standing, rules)``, ``total_money(standing, rules)``,
  ``round_money(money, rules)`` (SZMK: the money of a round = budget + ZB)
- ``round_results(tournament, number) -> list[TableResult]``
- ``player_rounds(tournament, registration, standings=None) -> list[PlayerRound]``
- ``find_seats(tournament, query) -> SeatSearch``
- ``results_progress(tournament) -> list[RoundProgress]``
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.db.models import Count, Exists, OuterRef, Q, Sum
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from marias_admin.core import formatting
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
from scoring.formatting import format_number
from scoring.standings import (
    PlacementKey,
    RankKey,
    RoundScore,
    RoundStanding,
    Standing,
    StandingsRules,
    TieShare,
    compute_standings,
    rank_round,
    round_money,
    total_money,
)

SEATS = (1, 2, 3, 4)


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
    return Fraction(value) if value is not None else Fraction(0)


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
    totals = [f"total_money_{s}" for s in SEATS] + [f"total_pb_{s}" for s in SEATS]
    sheets = list(TableSheet.objects.filter(**confirmed).order_by().values(
        "id", "mode", "table_id", "table__number", "table__round__number", *totals))
    if not sheets:
        return []
    through = {f"sheet__{k}": v for k, v in confirmed.items()}
    sums = {
        row["sheet_id"]: row
        for row in HandRecord.objects.filter(deleted_at__isnull=True, sheet__mode=SheetMode.HANDS,
                                             **through)
        .order_by().values("sheet_id").annotate(
            **{f"money_{s}": Sum(f"money_{s}") for s in SEATS},
            **{f"pb_{s}": Sum(f"pb_{s}") for s in SEATS},
        )
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
    for sheet in sorted(sheets, key=lambda s: (s["table__round__number"], s["table__number"])):
        if sheet["mode"] == SheetMode.TOTALS:
            money = {s: sheet[f"total_money_{s}"] for s in SEATS}
            premium = {s: sheet[f"total_pb_{s}"] for s in SEATS}
            if any(money[p] is None for p, _reg in seats[sheet["table_id"]]):
                continue  # confirmed without totals: nothing to count
        else:
            summed = sums.get(sheet["id"], {})
            money = {s: summed.get(f"money_{s}") for s in SEATS}
            premium = {s: summed.get(f"pb_{s}") for s in SEATS}
        missing = absent.get(sheet["table_id"], set())
        for position, registration_id in seats[sheet["table_id"]]:
            fixed = None
            if missing:  # SZMK 2024 E.5: the absent player 0, each present player the rules' points
                fixed = Fraction(0 if registration_id in missing else rules.contumation_points)
            scores.append(RoundScore(
                player=registration_id, round=sheet["table__round__number"],
                table=sheet["table__number"], money=int(money[position] or 0),
                premium=_fraction(premium[position]), fixed_points=fixed,
            ))
    if tournament.full_tables_only:
        scores.extend(_bye_scores(tournament, {s["table__round__number"] for s in sheets}))
    return scores


def _bye_scores(tournament: Tournament, rounds: set[int]) -> list[RoundScore]:
    """Křížový byes (research/variants.md §9.13; ``seating.Bye``): of the rounds that have a
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


# -- formatting and explanations ------------------------------------------------------------------


def fmt_number(value: Fraction | Decimal | int, places: int = 2, scale: int = 1,
               fixed: bool = False) -> str:
    """A number in the active language: 12.5 → "12,5"; ``fixed`` keeps trailing zeros.

    One convention for the whole site: :mod:`scoring.formatting` (minus sign, grouping).
    """
    return format_number(value, formatting.language(), places, scale=scale, fixed=fixed)


def fmt_money(value: Fraction | int, rules: StandingsRules) -> str:
    return fmt_number(value, places=2, scale=rules.minor_per_major, fixed=True)


KEY_NAMES = {RankKey.SB: "SB", RankKey.ZB: "ZB", RankKey.PB: "PB", RankKey.BP: "BP",
             RankKey.ROUND_RECORD: gettext_lazy("round record"),
             RankKey.BEST_ROUND: gettext_lazy("best round")}


def chain_text(chain: Sequence[RankKey]) -> str:
    return ", ".join(str(KEY_NAMES[k]) for k in chain)


def premium_view(rules: StandingsRules) -> bool:
    """Whether SB and PB are shown: ČSM's PB count in SB; rules without PB (SZMK, the volený
    families: ``sb_premium_factor = 0``) show money and points only."""
    return rules.round_budget is None and rules.premium_factor != 0


def money_explanation(money: int, rules: StandingsRules) -> str:
    """One round's money at SZMK: the budget plus the round's ZB."""
    return _("Money %(total)s = %(budget)s + ZB %(zb)s") % {
        "total": fmt_money(rules.round_budget + money, rules),
        "budget": fmt_money(rules.round_budget, rules), "zb": fmt_money(money, rules)}


def placement_text(rules: StandingsRules) -> str:
    """The BP key in words."""
    if rules.placement is PlacementKey.SUPERLIGA:
        first = round(50 * rules.coefficient)
        return _("Superliga: %(first)s for the first, one less per place, at least 1") % {
            "first": first}
    if rules.placement is PlacementKey.CUSTOM:
        return _("custom points: %(points)s") % {
            "points": "–".join(str(p) for p in rules.custom_points)}
    if rules.placement is PlacementKey.TABLE_POINTS:
        return _("points by the place at the table: %(points)s") % {
            "points": "–".join(str(p) for p in rules.table_points)}
    return _("N − place + 1 (N = players in the round)")


def sb_explanation(money: int, premium: Fraction, sb: Fraction, rules: StandingsRules) -> str:
    if not premium_view(rules):  # the volený families: money alone, no PB
        return _("ZB %(zb)s (these rules have no PB)") % {"zb": fmt_money(money, rules)}
    return _("SB = ZB %(zb)s + %(factor)s × PB %(pb)s = %(sb)s") % {
        "zb": fmt_money(money, rules), "factor": rules.premium_factor,
        "pb": fmt_number(premium, 1), "sb": fmt_money(sb, rules)}


def bp_explanation(row: RoundStanding, size: int, shared: int, rules: StandingsRules) -> str:
    """Why a player has the BP he has in one round, in the visitor's language."""
    bp = fmt_number(row.bp)
    if row.bye:  # research/variants.md §9.13: tables of four, the rest sits the round out
        return _("BP %(bp)s for a bye: no table of four was left for this player in this "
                 "round (money 0)") % {"bp": bp}
    if row.fixed:
        return _("BP %(bp)s fixed by the referee's contumation ruling: the absent player gets 0, "
                 "each present player %(points)s") % {
            "bp": bp, "points": rules.contumation_points}
    if rules.placement is PlacementKey.TABLE_POINTS:
        text = _("BP %(bp)s: place %(rank)s at table %(table)s (points %(points)s)") % {
            "bp": bp, "rank": row.rank, "table": row.table,
            "points": "–".join(str(p) for p in rules.table_points)}
    elif rules.placement is PlacementKey.SUPERLIGA:
        text = _("BP %(bp)s: place %(rank)s of %(size)s, %(first)s − (%(rank)s − 1), at least 1"
                 ) % {"bp": bp, "rank": row.rank, "size": size,
                      "first": round(50 * rules.coefficient)}
    elif rules.placement is PlacementKey.CUSTOM:
        text = _("BP %(bp)s: place %(rank)s of %(size)s by the custom key") % {
            "bp": bp, "rank": row.rank, "size": size}
    else:
        text = _("BP = %(size)s − %(rank)s + 1 = %(bp)s (place %(rank)s of %(size)s)") % {
            "bp": bp, "rank": row.rank, "size": size}
    if shared > 1:
        if rules.placement_ties is TieShare.AVERAGE:
            text += " · " + _("%(count)s players share places %(first)s–%(last)s and the "
                              "average of their points") % {
                "count": shared, "first": row.rank, "last": row.rank + shared - 1}
        else:
            text += " · " + _("%(count)s players share place %(rank)s and its points") % {
                "count": shared, "rank": row.rank}
    return text


def round_rank_text(row: RoundStanding, rules: StandingsRules) -> str:
    if row.bye:
        return _("Bye in round %(number)s") % {"number": row.round}
    where = (_("at table %(table)s") % {"table": row.table}
             if rules.placement is PlacementKey.TABLE_POINTS else _("in the round"))
    return _("Place %(rank)s %(where)s by %(chain)s") % {
        "rank": row.rank, "where": where, "chain": chain_text(rules.round_chain)}


@dataclass(frozen=True)
class RoundContext:
    """Field sizes and shared places of every round, for the BP explanations."""

    sizes: dict[Any, int]
    shared: Counter

    @classmethod
    def of(cls, rows: Iterable[RoundStanding], rules: StandingsRules) -> RoundContext:
        by_table = rules.placement is PlacementKey.TABLE_POINTS
        sizes: Counter = Counter()
        shared: Counter = Counter()
        for row in rows:
            group = (row.round, row.table if by_table else 0)
            sizes[group] += 1
            shared[(*group, row.rank)] += 1
        return cls(dict(sizes), shared)

    def explain(self, row: RoundStanding, rules: StandingsRules) -> tuple[str, str]:
        """(the SB – or at SZMK the round money – explained, the BP explained)."""
        group = (row.round, row.table if rules.placement is PlacementKey.TABLE_POINTS else 0)
        first = (money_explanation(row.money, rules) if rules.round_budget is not None
                 else sb_explanation(row.money, row.premium, row.sb, rules))
        return (first,
                bp_explanation(row, self.sizes[group], self.shared[(*group, row.rank)], rules))


# -- the standings table --------------------------------------------------------------------------


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


def _sum_text(parts: list[str]) -> str:
    return " + ".join(p if not p.startswith("−") else f"({p})" for p in parts) or "0"


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
            explain=_row_explanations(standing, ties[standing.rank], rules, tournament)
            if explained else {},
            shown=standings_row_shown(standing, rules),
        ))
    return StandingsTable(rows, numbers, rules, results_progress(tournament))


def standings_row_explanations(standing: Standing, tournament: Tournament,
                               standings: Sequence[Standing],
                               rules: StandingsRules) -> dict[str, str]:
    """Hover texts of one player's totals ("rank", "bp", "sb", "zb", "pb"), as his page
    explains them: with the referee's waivers of missing PB facts at his tables (the
    standings page's hover texts leave them out, to keep its query count)."""
    tied = sum(1 for s in standings if s.rank == standing.rank)
    return _row_explanations(standing, tied, rules, tournament,
                             pb_waiver_notes(tournament).get(standing.player, ()))


def pb_waiver_notes(tournament: Tournament) -> dict[int, list[str]]:
    """Registration → the referee's waivers of missing PB facts at his tables (two queries).

    A waived hand counts with the PB it has (often none): every player of that table sees in
    his standings explanation why, so a missing PB is never silent (issue 21)."""
    hands = list(HandRecord.objects.filter(
        sheet__table__round__tournament=tournament, sheet__state=SheetState.CONFIRMED,
        deleted_at__isnull=True, pb_waiver__isnull=False,
    ).select_related("pb_waiver", "sheet__table__round").order_by(
        "sheet__table__round__number", "sheet__table__number", "number"))
    if not hands:
        return {}
    players: dict[int, list[int]] = defaultdict(list)
    for table_id, registration_id in Seat.objects.filter(
            table_id__in={h.sheet.table_id for h in hands}).values_list("table_id",
                                                                        "registration_id"):
        players[table_id].append(registration_id)
    notes: dict[int, list[str]] = defaultdict(list)
    for hand in hands:
        assert hand.pb_waiver is not None
        text = _("Round %(round)s, table %(table)s: PB facts of hand %(hand)s waived by the "
                 "referee (%(reason)s)") % {
            "round": hand.sheet.table.round.number, "table": hand.sheet.table.number,
            "hand": hand.number, "reason": hand.pb_waiver.reason}
        for registration_id in players[hand.sheet.table_id]:
            notes[registration_id].append(text)
    return dict(notes)


def rules_summary(rules: StandingsRules, byes: bool = False) -> list[tuple[str, str]]:
    """The rules in words, as (label, value) lines for the pages; ``byes``: the tournament
    plays at tables of exactly four, so a field not divisible by four gives byes."""
    ties = (_("tied players share the average of their places' points")
            if rules.placement_ties is TieShare.AVERAGE
            else _("tied players all get the points of the place they share"))
    lines = [
        (_("Round ranking"), chain_text(rules.round_chain)),
        (_("Placement points (BP)"), placement_text(rules)),
        (_("Ties in a round"), ties),
        (_("Tournament order"), chain_text(rules.tournament_chain) + ", "
         + _("then by lot")),
    ]
    if premium_view(rules):
        lines.append((_("SB"), _("ZB + %(factor)s × PB") % {"factor": rules.premium_factor}))
    elif rules.round_budget is None:
        lines.append((_("PB"), _("none: these rules count money only")))
    else:
        lines.append((_("Money"), _("every round starts at %(budget)s: the money of a round is "
                                    "that plus the round's ZB") % {
            "budget": fmt_money(rules.round_budget, rules)}))
    if RankKey.ROUND_RECORD in rules.tournament_chain:
        lines.append((_("Round record"), _("the round points from the best to the worst, "
                                           "compared one by one: more round wins first, then "
                                           "more second places, …")))
    if rules.contumation_points is not None:
        lines.append((_("Contumation"), _("each present player %(points)s points, the absent "
                                          "player 0") % {"points": rules.contumation_points}))
    if byes:  # research/variants.md §9.13: our default, configurable
        lines.append((_("Bye"), _("players left over at tables of four: money 0 and "
                                  "%(points)s points") % {"points": fmt_number(rules.bye_points)}))
    if rules.drop_best or rules.drop_worst:
        lines.append((_("Rounds left out"), _("best %(best)s, worst %(worst)s") % {
            "best": rules.drop_best, "worst": rules.drop_worst}))
    return lines


def standings_row_shown(standing: Standing, rules: StandingsRules) -> dict[str, str]:
    """One player's totals as shown ("bp", "sb", "zb", "pb", "money", "record", "best")."""
    money = total_money(standing, rules)
    best = round_money(standing.best_round, rules)
    return {"bp": fmt_number(standing.bp), "sb": fmt_money(standing.sb, rules),
            "zb": fmt_money(standing.money, rules), "pb": fmt_number(standing.premium, 1),
            "money": fmt_money(money, rules) if money is not None else "",
            "record": " · ".join(fmt_number(p) for p in standing.record),
            "best": fmt_money(best if best is not None else standing.best_round, rules)}


def _row_explanations(standing: Standing, tied: int, rules: StandingsRules,
                      tournament: Tournament, waivers: Sequence[str] = ()) -> dict[str, str]:
    kept = [r for r in standing.rounds if r.round not in standing.dropped]
    dropped = ""
    if standing.dropped:
        dropped = " · " + _("not counted: round %(rounds)s") % {
            "rounds": ", ".join(str(n) for n in standing.dropped)}
    rank = _("Place %(rank)s by %(chain)s.") % {"rank": standing.rank,
                                               "chain": chain_text(rules.tournament_chain)}
    if tied > 1:
        rank += " " + _("%(count)s players are equal on all of them; their order "
                        "(%(first)s–%(last)s) was drawn by lot (seed %(seed)s).") % {
            "count": tied, "first": standing.rank, "last": standing.rank + tied - 1,
            "seed": tournament.standings_seed}
    best = next((r for r in kept if r.money == standing.best_round), None)
    best_money = round_money(standing.best_round, rules)
    explain = {
        "rank": rank,
        # RankKey.ROUND_RECORD: the round points sorted best first, compared one by one.
        "record": _("Round record %(record)s: the round points from the best to the worst, "
                    "compared one by one (more round wins first, then more second places, "
                    "…)") % {"record": " · ".join(fmt_number(p) for p in standing.record)},
        "best": _("Best round: %(money)s (round %(number)s)") % {
            "money": fmt_money(best_money if best_money is not None else standing.best_round,
                               rules),
            "number": best.round if best is not None else "–"},
        "bp": f"BP {fmt_number(standing.bp)} = "
        + _sum_text([fmt_number(r.bp) for r in kept]) + dropped,
        "sb": sb_explanation(standing.money, standing.premium, standing.sb, rules) + dropped,
        "zb": f"ZB {fmt_money(standing.money, rules)} = "
        + _sum_text([fmt_money(r.money, rules) for r in kept]) + dropped,
        "pb": f"PB {fmt_number(standing.premium, 1)} = "
        + _sum_text([fmt_number(r.premium, 1) for r in kept]) + dropped
        + "".join(f" · {note}" for note in waivers),
    }
    money = total_money(standing, rules)
    if money is not None:
        explain["money"] = _("Money %(total)s = %(rounds)s (%(count)s × %(budget)s + ZB "
                             "%(zb)s)") % {
            "total": fmt_money(money, rules),
            "rounds": _sum_text([fmt_money(rules.round_budget + r.money, rules) for r in kept]),
            "count": len(kept), "budget": fmt_money(rules.round_budget, rules),
            "zb": fmt_money(standing.money, rules)} + dropped
    return explain


# -- round results per table ----------------------------------------------------------------------


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
    by_player = {r.player: r for r in ranked}
    states = dict(TableSheet.objects.filter(table__round__tournament=tournament,
                                            table__round__number=number)
                  .values_list("table__number", "state"))
    tables: dict[int, list[TableResultRow]] = defaultdict(list)
    for seat in (Seat.objects.filter(round__tournament=tournament, round__number=number)
                 .select_related("table", "registration__player__club")
                 .order_by("table__number", "position")):
        result = by_player.get(seat.registration_id)
        explanation = ((round_rank_text(result, rules), *context.explain(result, rules))
                       if result is not None else ())
        money = round_money(result.money, rules) if result is not None else None
        tables[seat.table.number].append(TableResultRow(seat, result, explanation, money))
    return [TableResult(n, states.get(n), rows) for n, rows in sorted(tables.items())]


# -- player page ----------------------------------------------------------------------------------


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
        mine_pb = _fraction(hand[f"pb_{position[hand['sheet__table_id']]}"])
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
