"""Why a player has the numbers he has, and the rules in words, in the visitor's language."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _

from marias_admin.core.formatting import language
from marias_admin.seating.models import Seat
from marias_admin.sheets.models import HandRecord, SheetState
from marias_admin.standings.presenters.formatting import (
    chain_text,
    fmt_money,
    fmt_number,
    premium_view,
    sum_text,
)
from marias_admin.tournaments.models import Tournament
from scoring.standings import (
    PlacementKey,
    RankKey,
    RoundStanding,
    Standing,
    StandingsRules,
    TieShare,
    round_money,
    total_money,
)


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
    if row.bye:  # docs/readings.md §9.13: tables of four, the rest sits the round out
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


def round_rank_text(row: RoundStanding, rules: StandingsRules, chain: str | None = None) -> str:
    """``chain``: ``chain_text(rules.round_chain)`` when the caller words many rows."""
    if row.bye:
        return _("Bye in round %(number)s") % {"number": row.round}
    where = (_("at table %(table)s") % {"table": row.table}
             if rules.placement is PlacementKey.TABLE_POINTS else _("in the round"))
    return _("Place %(rank)s %(where)s by %(chain)s") % {
        "rank": row.rank, "where": where,
        "chain": chain if chain is not None else chain_text(rules.round_chain)}


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


def standings_row_explanations(standing: Standing, tournament: Tournament,
                               standings: Sequence[Standing],
                               rules: StandingsRules) -> dict[str, str]:
    """Hover texts of one player's totals ("rank", "bp", "sb", "zb", "pb"), as his page
    explains them: with the referee's waivers of missing PB facts at his tables (the
    standings page's hover texts leave them out, to keep its query count)."""
    tied = sum(1 for s in standings if s.rank == standing.rank)
    return row_explanations(standing, tied, rules, tournament,
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
    if byes:  # docs/readings.md §9.13: our default, configurable
        lines.append((_("Bye"), _("players left over at tables of four: money 0 and "
                                  "%(points)s points") % {"points": fmt_number(rules.bye_points)}))
    if rules.drop_best or rules.drop_worst:
        lines.append((_("Rounds left out"), _("best %(best)s, worst %(worst)s") % {
            "best": rules.drop_best, "worst": rules.drop_worst}))
    return lines


def standings_row_shown(standing: Standing, rules: StandingsRules,
                        lang: str | None = None) -> dict[str, str]:
    """One player's totals as shown ("bp", "sb", "zb", "pb", "money", "record", "best");
    ``lang``: the language once for a whole table (default: the active one)."""
    lang = lang or language()
    money = total_money(standing, rules)
    best = round_money(standing.best_round, rules)
    return {"bp": fmt_number(standing.bp, lang=lang), "sb": fmt_money(standing.sb, rules, lang),
            "zb": fmt_money(standing.money, rules, lang),
            "pb": fmt_number(standing.premium, 1, lang=lang),
            "money": fmt_money(money, rules, lang) if money is not None else "",
            "record": " · ".join(fmt_number(p, lang=lang) for p in standing.record),
            "best": fmt_money(best if best is not None else standing.best_round, rules, lang)}


def row_explanations(standing: Standing, tied: int, rules: StandingsRules,
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
        + sum_text([fmt_number(r.bp) for r in kept]) + dropped,
        "sb": sb_explanation(standing.money, standing.premium, standing.sb, rules) + dropped,
        "zb": f"ZB {fmt_money(standing.money, rules)} = "
        + sum_text([fmt_money(r.money, rules) for r in kept]) + dropped,
        "pb": f"PB {fmt_number(standing.premium, 1)} = "
        + sum_text([fmt_number(r.premium, 1) for r in kept]) + dropped
        + "".join(f" · {note}" for note in waivers),
    }
    money = total_money(standing, rules)
    if money is not None:
        explain["money"] = _("Money %(total)s = %(rounds)s (%(count)s × %(budget)s + ZB "
                             "%(zb)s)") % {
            "total": fmt_money(money, rules),
            "rounds": sum_text([fmt_money(rules.round_budget + r.money, rules) for r in kept]),
            "count": len(kept), "budget": fmt_money(rules.round_budget, rules),
            "zb": fmt_money(standing.money, rules)} + dropped
    return explain
