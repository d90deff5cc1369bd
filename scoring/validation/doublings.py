"""Checks of the raises: once per part, within the cap, by defenders, the flekers of a laid-down
hand, incorrect fleks (SZMK E.2) and lateness (SZMK E.5)."""

from __future__ import annotations

from scoring.errors import Problem
from scoring.hand import Hand
from scoring.partnerships import game_flek_checked_here
from scoring.ruleset import Ruleset, Rung
from scoring.types import Component
from scoring.validation.names import rung_name

INCORRECT_FLEK_TOTAL = 120  # SZMK E.2.a


def check_doublings(
    hand: Hand, ruleset: Ruleset, rung: Rung, errors: list[Problem], warnings: list[Problem]
) -> None:
    seen: set[Component] = set()
    for d in hand.doublings:
        where = f"doublings.{d.component.value}"
        if d.component in seen:
            errors.append(Problem("doubling_twice", where, {}))
        seen.add(d.component)
        if d.component not in rung.components:
            errors.append(Problem("doubling_not_in_contract", where, {"contract": rung_name(rung)}))
        levels = [d.level, *(level for _, level in d.per_defender)]
        cap = ruleset.flek.cap_for(d.component)
        if any(level < 0 for level in levels):
            errors.append(Problem("doubling_negative", where, {}))
        elif max(levels) > cap:
            # ČSM 2023 E.5.b, SZMK D.3.b: a raise past the cap is void, the last allowed counts.
            warnings.append(Problem("doubling_capped", where, {"cap": cap}))
        if (d.component is Component.SEVEN and ruleset.hundred.seven_as_one
                and Component.HUNDRED in rung.components):
            # SZMK B.10: 100+7 is fleked as a whole; the flek is recorded on the sto.
            errors.append(Problem("doubling_hundred_seven_whole", where, {}))
        flekers = () if game_flek_checked_here(ruleset, where) else (
            *d.by, *(s for s, _ in d.per_defender))  # pagat L111: check_game_flek
        for seat in flekers:
            if seat == hand.partner:
                # obecná pravidla VII.2 L246-248: the called partner never fleks the
                # declarer's contract (odd raises are the defence's).
                errors.append(Problem("partner_flek", where, {"seat": seat}))
            elif seat not in hand.auction_defenders:
                # A durch s chytrým's trick-8 taker fleked as a defender (OBE L251-253).
                errors.append(Problem("doubling_by_not_defender", where, {"seat": seat}))
    if hand.laid_down and hand.flekers == () and any(d.level > 0 for d in hand.doublings):
        # ČSM 2023 C.5 splits the payment by who fleked, so it must be recorded.
        errors.append(Problem("laid_down_flekers_missing", "doublings", {}))
    if _flek_looks_incorrect(hand, ruleset, rung):
        warnings.append(Problem("incorrect_flek_suspected", "doublings", {}))


def _flek_looks_incorrect(hand: Hand, ruleset: Ruleset, rung: Rung) -> bool:
    """SZMK E.2: a flek on a hra the declarer makes with 120+, or on a laid-down malý/veľký."""
    if not ruleset.penalties.incorrect_flek or hand.doublings_cancelled:
        return False
    fleked = {d.component for d in hand.doublings if d.level > 0}
    if hand.laid_down and fleked & {Component.BETL, Component.DURCH}:
        return True
    points = hand.points
    return (Component.GAME in fleked and points is not None
            and points.declarer_total >= INCORRECT_FLEK_TOTAL)


def check_late(hand: Hand, ruleset: Ruleset, errors: list[Problem]) -> None:
    """SZMK E.5: lateness is a line of its own, within the minutes before a contumation."""
    late = hand.late
    if late is None:
        return
    if not ruleset.penalties.late_minute:
        errors.append(Problem("late_not_in_rules", "late", {}))
    if hand.contract is not None or hand.renonc is not None:
        errors.append(Problem("late_own_line", "late", {}))
    if not 1 <= late.seat <= hand.players:
        errors.append(Problem("seat_range", "late.seat", {"seat": late.seat,
                                                          "players": hand.players}))
    if not 1 <= late.minutes <= ruleset.late_minutes_max:
        errors.append(Problem("late_minutes_range", "late.minutes",
                              {"minutes": late.minutes, "max": ruleset.late_minutes_max}))


def check_cancelled_doublings(hand: Hand, ruleset: Ruleset, errors: list[Problem]) -> None:
    if not (hand.doublings_cancelled or hand.incorrect_flek_by):
        return
    if not any(d.level > 0 for d in hand.doublings):
        errors.append(Problem("doublings_cancelled_none", "doublings_cancelled", {}))
    if hand.incorrect_flek_by and not ruleset.penalties.incorrect_flek:
        errors.append(Problem("incorrect_flek_not_in_rules", "incorrect_flek_by", {}))
    named = set(hand.flekers)
    for seat in hand.incorrect_flek_by:
        if seat not in hand.defenders or (named and seat not in named):
            errors.append(Problem("incorrect_flek_not_fleker", "incorrect_flek_by",
                                  {"seat": seat}))
