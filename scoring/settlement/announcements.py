"""Parts announced beside the contract: sedma proti and sto proti, and the tichá sedma.

This is where "sedma proti" is priced (ČSM volený, obecná pravidla VII.1; pagat L46): the
defence's own part, doubled by its own chain, paid to the payers when the defence makes it.
"""

from __future__ import annotations

from fractions import Fraction

from scoring.explain import Line
from scoring.hand import Announcement, Hand, Seat
from scoring.ruleset import Ruleset, Rung
from scoring.settlement.hundred import HUNDRED_TARGET, whole_steps
from scoring.types import Component, Side


def announcement_line(hand: Hand, ruleset: Ruleset, rung: Rung, announcement: Announcement,
                      payer: Seat, unfleked: bool, by_renonc: bool) -> Line:
    """A part the defence announced (sedma proti, sto proti: obecná VII.1, pagat L46).

    Its own chain doubles it; it is won or lost by the defence, so the value is negative
    (the payer receives) when the defence makes it. A sto proti counts as the declarer's sto
    does, with the sides swapped.
    """
    component = announcement.component
    hearts = ruleset.hearts_factor if rung.hearts and component in ruleset.hearts_components else 1
    cancelled = unfleked or ruleset.flek.void_for(hand, payer)
    level = 0 if cancelled else min(announcement.level, ruleset.flek.cap_for(component))
    units = ruleset.rates.component(component, rung.hearts)
    params: dict[str, int] = {"seat": announcement.by}
    count: int | Fraction = 1
    if by_renonc:
        assert hand.renonc is not None
        won = hand.renonc.offender in hand.declaring_side
        note = "basic_rate"
    elif component is Component.SEVEN:
        won = bool(announcement.won)
        note = "seven_against"
        if (not won and announcement.killed and ruleset.rates.seven_killed is not None):
            units, note = ruleset.rates.seven_killed, "seven_killed"
    elif hand.points is None:
        won, note = bool(announcement.won), "basic_rate"
    else:
        won, note, count = _hundred_against(hand, ruleset, params)
    units, whole = whole_steps(units, count)
    value = (-1 if won else 1) * units * hearts * 2**level * whole * ruleset.base
    return Line(f"{component.value}_against", units=units, hearts=hearts, level=level,
                steps=whole, value=value, note=note, won=won, params=params)


def _hundred_against(hand: Hand, ruleset: Ruleset,
                     params: dict[str, int]) -> tuple[bool, str, int | Fraction]:
    """A sto proti on points: made on the defence's tens past 100, failed on those missing."""
    points = hand.points
    assert points is not None
    policy = ruleset.hundred
    count = points.defence_cards + policy.counted(points.defence_marriages)
    won = count >= HUNDRED_TARGET
    params["total"] = points.defence_total
    if won:
        return won, "hundred_against_made", policy.series_steps(
            1, (points.defence_total - HUNDRED_TARGET) // 10)
    other = policy.opponent_marriages(points.declarer_marriages)
    missing = (HUNDRED_TARGET - count + other) // 10
    return won, "hundred_against_failed", policy.series_steps(1, max(missing, 1) - 1)


def silent_seven_line(
    hand: Hand, ruleset: Ruleset, rung: Rung, payer: Seat, unfleked: bool
) -> Line:
    """Tichá sedma in a sto contract: half the sedma rate, not doubled (ČSM 2023 A)."""
    silent = hand.silent_seven
    assert silent is not None
    hearts = ruleset.hearts_factor if rung.hearts and ruleset.silent_seven_hearts else 1
    level = 0
    if ruleset.silent_seven_doubled and not unfleked and not ruleset.flek.void_for(hand, payer):
        per_defender = ruleset.flek.per_defender(rung)
        level = min(hand.level_for(hand.doubling(Component.HUNDRED), payer, per_defender),
                    ruleset.flek.cap_for(Component.HUNDRED))
    declarer_gains = silent.won == (silent.side is Side.DECLARER)
    units = ruleset.rates.silent_seven
    value = (1 if declarer_gains else -1) * units * hearts * 2**level * ruleset.base
    return Line("silent_seven", units=units, hearts=hearts, level=level, steps=1, value=value,
                won=declarer_gains, params={"side": silent.side.value})
