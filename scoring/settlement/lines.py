"""The signed value of each part of a contract for one payer, as the lines of the sheet."""

from __future__ import annotations

from collections.abc import Mapping

from scoring.explain import Line
from scoring.hand import Hand, Seat
from scoring.honours import honour_line, seven_points_line
from scoring.ruleset import Ruleset, Rung
from scoring.settlement.announcements import announcement_line, silent_seven_line
from scoring.settlement.hundred import SILENT_HUNDRED_STEPS, steps, whole_steps
from scoring.types import COMPONENT_ORDER, Component, UnplayedRule
from scoring.validate import renonc_loses_hand
from scoring.variants import game_dropped, unplayed_rule


def component_lines(
    hand: Hand,
    ruleset: Ruleset,
    rung: Rung,
    won: Mapping[Component, bool],
    payer: Seat,
    *,
    unfleked: bool = False,
) -> list[Line]:
    """The signed value of each component for one payer (positive: he pays the declarer)."""
    lost_by_renonc = renonc_loses_hand(hand, ruleset)
    if lost_by_renonc and ruleset.penalties.basic_at_levels and ruleset.penalties.basic_unfleked:
        unfleked = True  # SloapSlam D4 (L260) "základní sazbu hry" read as the unfleked rate
    result: list[Line] = []
    dropped = game_dropped(hand, ruleset)
    for component in sorted(rung.components, key=COMPONENT_ORDER.index):
        if dropped and component is Component.GAME:
            continue  # a sto announced against the declarer replaces the hra (pagat L93)
        result.extend(_part_lines(hand, ruleset, rung, component, won[component], payer,
                                  unfleked, lost_by_renonc))
    for announcement in hand.announcements:
        result.append(announcement_line(hand, ruleset, rung, announcement, payer, unfleked,
                                        lost_by_renonc))
    for honour in hand.honours:  # SloapSlam čtyřka L28-32
        result.append(honour_line(hand, ruleset, rung, honour, payer, unfleked,
                                  lost_by_renonc, ruleset.flek.void_for(hand, payer)))
    if (Component.SEVEN in rung.components and won.get(Component.SEVEN)
            and unplayed_rule(hand, ruleset, rung) is UnplayedRule.HONOURS_CONCEDED):
        points = seven_points_line(hand, ruleset, rung)  # L20, L64-68
        if points is not None:
            result.append(points)
    if hand.silent_seven is not None and not lost_by_renonc:
        result.append(silent_seven_line(hand, ruleset, rung, payer, unfleked))
    return result


def _part_lines(hand: Hand, ruleset: Ruleset, rung: Rung, component: Component, won: bool,
                payer: Seat, unfleked: bool, lost_by_renonc: bool) -> list[Line]:
    """One component's line, and the tens of a tiché sto apart when they are not fleked."""
    flek = ruleset.flek
    # SZMK B.10: the flek of 100+7 is said to the whole, recorded on the sto.
    whole = ruleset.hundred.seven_whole_with(rung) and component is Component.SEVEN
    doubled = Component.HUNDRED if whole else component
    declared = hand.level_for(hand.doubling(doubled), payer, flek.per_defender(rung))
    cancelled = unfleked or flek.void_for(hand, payer)
    level = 0 if cancelled else min(declared, flek.cap_for(component))
    hearts = ruleset.hearts_factor if rung.hearts else 1
    factor = hearts if component in ruleset.hearts_components else 1
    units = ruleset.rates.component(component, rung.hearts, rung.open)
    raw_steps, note = steps(hand, ruleset, component, won, lost_by_renonc, rung)
    units, count = whole_steps(units, raw_steps)
    if rung.open:
        note = "open"
    if (component is Component.SEVEN and not won and hand.seven_killed
            and ruleset.rates.seven_killed is not None and not lost_by_renonc):
        units, note = ruleset.rates.seven_killed, "seven_killed"  # pagat L103
    sign = 1 if won else -1
    params: dict[str, int] = {}
    tens_apart = 0
    if note == "silent_hundred":
        assert hand.points is not None
        winner = hand.points.declarer_total if won else hand.points.defence_total
        params = {"total": winner}
        if level and not ruleset.hundred.silent_tens_doubled:
            # Reading of obecná pravidla V.7: the tiché sto counts at the hra's flek, each
            # ten past 100 only at the (unfleked) rate of a tiché sto.
            tens_apart, count = count - SILENT_HUNDRED_STEPS, SILENT_HUNDRED_STEPS
    value = sign * units * factor * (2**level) * count * ruleset.base
    lines = [Line(component.value, units=units, hearts=factor, level=level, steps=count,
                  value=value, note=note, won=won, params=params)]
    if tens_apart:
        lines.append(Line("silent_hundred_tens", units=units, hearts=factor, level=0,
                          steps=tens_apart, won=won, note="hundred_made",
                          value=sign * units * factor * tens_apart * ruleset.base))
    return lines
