"""The hundred maths: how many times a rate counts for the sto, the tiché sto and the tens.

The readings (series, marriages counted, tiché sto rule) are the ruleset's
:class:`scoring.policies.HundredPolicy`; this module applies them to a recorded hand.
"""

from __future__ import annotations

from fractions import Fraction

from scoring.hand import Hand
from scoring.ruleset import Ruleset, Rung
from scoring.types import Component, SilentHundredRule
from scoring.variants import hundred_announced

HUNDRED_TARGET = 100
SILENT_HUNDRED_STEPS = 2  # a reached 100 counts the hra twice (obecná V.7, SZMK C.5)


def hundred_count(hand: Hand, ruleset: Ruleset) -> int:
    """Points toward the 100: cards plus the best marriage(s) the rules let count (IV.4).

    With a marriage held but not announced (SZMK C.6.e) the count is the one that marriage
    would have given: it decides whether the defence reached the tens that beat the sto.
    """
    if hand.points is None:
        return 0
    held = hand.points.declarer_marriages
    if hand.unannounced_marriage is not None:
        held = (*held, hand.unannounced_marriage)
    return hand.points.declarer_cards + ruleset.hundred.counted(held)


def steps(
    hand: Hand, ruleset: Ruleset, component: Component, won: bool, by_renonc: bool,
    rung: Rung,
) -> tuple[int | Fraction, str]:
    """How many times the rate counts: tens over or under 100, or tiché sto (obecná V.6, V.7)."""
    points = hand.points
    if by_renonc and ruleset.penalties.basic_at_levels:
        return 1, "basic_rate"  # obecná VI.3: the game at the reached levels, once
    if component is Component.HUNDRED:
        return _hundred_steps(hand, ruleset, won, by_renonc)
    if component is Component.GAME and points is not None and not hundred_announced(hand, rung):
        silent = _silent_hundred_steps(hand, ruleset, won)
        if silent is not None:
            return silent, "silent_hundred"
    return 1, ""


def _hundred_steps(hand: Hand, ruleset: Ruleset, won: bool,
                   by_renonc: bool) -> tuple[int | Fraction, str]:
    """The announced sto: tens past 100 when made, tens missing when failed (obecná V.6)."""
    points = hand.points
    if points is None:
        return 1, "basic_rate"
    policy = ruleset.hundred
    if won:
        count = 1 + (points.declarer_total - HUNDRED_TARGET) // 10
    elif hand.unannounced_marriage is not None and (
            hundred_count(hand, ruleset) >= HUNDRED_TARGET):
        # SZMK C.6.e: the defence did not take the tens that beat a sto on the hidden
        # marriage: the basic rate of the sto (or 100+7), no marriages.
        return 1, "basic_rate"
    elif policy.seven_as_one and hundred_count(hand, ruleset) >= HUNDRED_TARGET:
        # SZMK C.6.c: 100+7 lost on the seven alone costs the basic rate, no marriages.
        return 1, "basic_rate"
    else:
        missing = HUNDRED_TARGET - hundred_count(hand, ruleset)
        count = (missing + policy.opponent_marriages(points.defence_marriages)) // 10
    if count < 1 and (by_renonc or hand.laid_down) and ruleset.penalties.min_basic_rate:
        return 1, "basic_rate"  # ČSM 2023 E.6.b: never below the basic rate
    note = "hundred_made" if won else "hundred_failed"
    return policy.series_steps(1, max(count, 1) - 1), note


def _silent_hundred_steps(hand: Hand, ruleset: Ruleset, won: bool) -> int | Fraction | None:
    """The hra's steps when its winner reached a tiché sto; None when nobody did."""
    points = hand.points
    assert points is not None
    policy = ruleset.hundred
    winner_total = points.declarer_total if won else points.defence_total
    if policy.silent_marriages is not None:
        # pagat L53: one marriage to reach the 100, then all of them for the tens.
        cards, held = ((points.declarer_cards, points.declarer_marriages) if won
                       else (points.defence_cards, points.defence_marriages))
        reached = cards + policy.counted(held, policy.silent_marriages)
    else:
        reached = winner_total
    if reached < HUNDRED_TARGET or policy.silent is SilentHundredRule.NONE:
        return None
    tens = (winner_total - HUNDRED_TARGET) // 10
    if policy.silent is SilentHundredRule.SERIES:
        # SZMK C.5: a reached 100 is a nahraná stovka, twice the hra (10 c); C.6.b:
        # each further ten is worth one more of it (SZMK 2024 C.1: 110 = 20 c, 120 = 30 c).
        return policy.series_steps(SILENT_HUNDRED_STEPS, tens)
    # Obecná pravidla V.7: tiché sto doubles the hra; each ten past 100 adds the
    # tiché sto rate once more.
    per_ten = policy.silent is SilentHundredRule.DOUBLE_PER_TEN
    return SILENT_HUNDRED_STEPS * (1 + tens if per_ten else 1)


def whole_steps(units: int, count: int | Fraction) -> tuple[int, int]:
    """Half steps (pagat L101: 4+2+2+2) as whole steps of half the rate."""
    fraction = Fraction(count)
    if fraction.denominator == 1:
        return units, int(fraction)
    assert units % fraction.denominator == 0, "half steps need an even rate"
    return units // fraction.denominator, int(fraction * fraction.denominator)
