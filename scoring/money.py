"""Money rounded to a unit: one rule shared by the game's rules and the standings maths.

SloapSlam rounds a player's money of a round to whole crowns (křížový Čl. V L274, čtyřka L14).
The rules engine states it by the ruleset (:func:`scoring.honours.round_money`) and the
standings round before SB (:func:`scoring.standings.sb_money`); both import it from here,
below them, so the settlement's side never depends on the standings maths (docs/sloapslam-krizovy.md
"Tournament result").
"""

from __future__ import annotations

from enum import StrEnum


class MoneyRounding(StrEnum):
    """How money is rounded to its unit (``Ruleset.money_rounding``, ``StandingsRules``)."""

    # ±0,50 → ±1 (docs/sloapslam-krizovy.md "Tournament result" default)
    HALF_AWAY_FROM_ZERO = "half_away_from_zero"
    HALF_UP = "half_up"  # halves toward plus infinity: −0,50 → 0
    HALF_EVEN = "half_even"  # banker's rounding: 0,50 → 0, 1,50 → 2
    DOWN = "down"  # toward zero: the haléře are dropped


def round_minor(amount: int, unit: int | None,
                mode: MoneyRounding = MoneyRounding.HALF_AWAY_FROM_ZERO) -> int:
    """``amount`` (smallest currency unit) rounded to a multiple of ``unit``; None or 0: as is."""
    if not unit:
        return amount
    floor, rest = divmod(amount, unit)  # floor toward minus infinity, 0 <= rest < unit
    if rest == 0:
        return amount
    if mode is MoneyRounding.DOWN:
        return (floor + (1 if amount < 0 else 0)) * unit
    twice = 2 * rest
    if twice != unit:
        return (floor + (1 if twice > unit else 0)) * unit
    up = {MoneyRounding.HALF_AWAY_FROM_ZERO: amount > 0, MoneyRounding.HALF_UP: True,
          MoneyRounding.HALF_EVEN: floor % 2 == 1}[mode]
    return (floor + (1 if up else 0)) * unit
