"""Premium points (PB) granted after the money: one grant for every table kind.

The tables differ only in who counts as the offender of a renonc and where the referee's
threshold lies (:class:`scoring.policies.PremiumGrant`): ČSM 2023 E.6.e-f for a side's PB,
SloapSlam D5-D6 (L262-264) for per-seat PB with minus points.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from scoring.errors import Problem
from scoring.explain import Line
from scoring.hand import Hand, Seat
from scoring.policies import PremiumGrant
from scoring.premium import (
    PremiumAward,
    SeatPremiumTable,
    get_any_table,
    needs_sheet_description,
    premium_points,
    seat_premium_points,
)
from scoring.premium.registry import AnyTable
from scoring.ruleset import Ruleset, Rung
from scoring.types import Component


def award_premium(hand: Hand, ruleset: Ruleset, rung: Rung, won: dict[Component, bool],
                  premium_tables: Iterable[AnyTable], premium: dict[Seat, Fraction],
                  lines: list[Line], warnings: list[Problem]) -> tuple[bool, bool]:
    """Compute the hand's PB from the ruleset's table and grant them; (pending, described)."""
    table_code = ruleset.premiums.table
    if table_code is None:
        return False, False
    table = get_any_table(table_code, premium_tables)
    per_seat = isinstance(table, SeatPremiumTable)
    if isinstance(table, SeatPremiumTable):
        # SloapSlam křížový (L212-216, B/10): PB per seat, minus points included
        award = seat_premium_points(hand, rung, won, table)
    else:
        award = premium_points(hand, rung, won, table)
    warnings.extend(award.warnings)
    return grant_premium(hand, ruleset.premiums.grant(per_seat), award, premium, lines)


def grant_premium(
    hand: Hand,
    rule: PremiumGrant,
    award: PremiumAward,
    premium: dict[Seat, Fraction],
    lines: list[Line],
) -> tuple[bool, bool]:
    """After a renonc only the innocent score (the offender's side, or the offender alone,
    never); a big game waits for the referee; 50+ PB are described (ČSM 2023 B.3, SloapSlam
    B/1 L168)."""
    pending = False
    big = max((v for v in award.per_seat.values() if v > 0), default=Fraction(0))
    described = needs_sheet_description(big, rule.threshold)
    for seat, value in award.per_seat.items():
        if value > 0 and hand.renonc is not None:
            refusal = _refusal(hand, rule, seat, value)
            if refusal:
                pending = pending or refusal == "premium_pending"
                lines.append(Line(refusal, params={"seat": seat, "pb": value}))
                continue
        premium[seat] += value
    for item in award.lines:
        lines.append(Line("premium", params={"seat": item.seat, "pb": item.value,
                                             "row": item.row, "note_cs": item.note_cs,
                                             "note_en": item.note_en}))
    return pending, described


def _refusal(hand: Hand, rule: PremiumGrant, seat: Seat, value: Fraction) -> str:
    """Why a seat's PB of a renonc hand are not added now ('' when they are)."""
    if rule.refused_as_offender(hand, seat):  # SloapSlam D5 "nemá nárok na body"
        return "premium_refused_offender"
    if hand.premium_ruling is False:
        return "premium_refused_ruling"
    if rule.needs_ruling(value) and hand.premium_ruling is None:  # D6 "více jak 50 PB"
        return "premium_pending"
    return ""
