"""Renonc and fines: the paušál (ČSM 2023 E.4, E.6), the offender paying for his side (E.6.c,
obecná VI.3), paying the larger of paušál and contract (pagat L91), the incorrect-flek fine
(SZMK E.2) and lateness (SZMK E.5)."""

from __future__ import annotations

from collections.abc import Mapping

from scoring.explain import Line
from scoring.formatting import Money
from scoring.hand import Hand, Renonc, Seat
from scoring.ruleset import Ruleset, Rung
from scoring.settlement.result import pay_every_other, transfer
from scoring.types import Component, HandEffect
from scoring.validate import renonc_loses_hand, renonc_rule
from scoring.variants import game_dropped


def settle_pay_max(
    hand: Hand, ruleset: Ruleset, rung: Rung | None, money: dict[Seat, int], lines: list[Line]
) -> None:
    """Pagat L91: the offender pays every other player the larger of the paušál and the value
    of the contract and its announcements, each once at its reached level (no contract, or a
    hand not played by L96-97: still the paušál at least)."""
    assert hand.renonc is not None
    rule = renonc_rule(hand, ruleset)
    assert rule is not None
    pausal = ruleset.penalties.units(rule) * ruleset.base
    contract = 0 if rung is None else _contract_value(hand, ruleset, rung)
    amount = max(pausal, contract)
    offender = hand.renonc.offender
    pay_every_other(money, hand.seats, offender, amount)
    lines.append(Line("renonc_pays_max", value=-amount,
                      params={"seat": offender, "code": rule.code,
                              "pausal": Money(pausal, ruleset.currency),
                              "contract": Money(contract, ruleset.currency)}))


def _contract_value(hand: Hand, ruleset: Ruleset, rung: Rung) -> int:
    """Pagat L91 "den Wert des Kontraktes und die Prämienpunkte": every part once."""
    hearts = ruleset.hearts_factor if rung.hearts else 1
    contract = 0
    parts = [(c, hand.doubling(c).level) for c in rung.components]
    parts += [(a.component, a.level) for a in hand.announcements]
    for component, level in parts:
        if component is Component.GAME and game_dropped(hand, ruleset):
            continue
        factor = hearts if component in ruleset.hearts_components else 1
        units = ruleset.rates.component(component, rung.hearts, rung.open)
        contract += (units * factor * 2 ** min(level, ruleset.flek.cap_for(component))
                     * ruleset.base)
    return contract


def renonc_pays_for_side(hand: Hand, ruleset: Ruleset, owed: Mapping[Seat, int],
                         money: dict[Seat, int], lines: list[Line]) -> bool:
    """ČSM 2023 E.6.c, obecná VI.3 L227: the offender pays for his whole side; in 2v2
    (VII.2) he pays both opponents and his partner pays nothing. False: the payers pay."""
    if not (renonc_loses_hand(hand, ruleset) and hand.renonc and (
            hand.renonc.offender not in hand.declaring_side or hand.side_partner is not None)):
        return False
    if not ruleset.partnership.offender_pays_for_pair(hand):
        return False
    offender = hand.renonc.offender
    defender = offender not in hand.declaring_side
    for payer, amount in owed.items():
        frm, to = (offender, hand.receiver(payer)) if defender else (payer, offender)
        transfer(money, frm=frm, to=to, amount=amount)
    if hand.side_partner is None:
        lines.append(Line("renonc_pays_for_side", value=sum(owed.values()),
                          params={"seat": offender}))
    else:
        each = next(iter(owed.values()))
        lines.append(Line("renonc_pays_for_pair", value=each if defender else -each,
                          params={"seat": offender}))
    return True


def settle_penalty(
    hand: Hand, ruleset: Ruleset, money: dict[Seat, int], lines: list[Line]
) -> None:
    """ČSM 2023 E.6.a, E.4: a paušál from the offender to every other player at the table."""
    if hand.renonc is None:
        return
    rule = renonc_rule(hand, ruleset)
    assert rule is not None, "validated"
    first_paid = rule.penalty_rate is not None and rule.effect not in (
        HandEffect.LOST_BY_OFFENDER, HandEffect.PAY_MAX_OF_PAUSAL_AND_CONTRACT)
    if not first_paid:
        # E.6.c: a renonc in play pays no paušál; a technical one beside it still does
        # (E.6.a, E.6.d limits only the renoncs in play)
        _pay_each(hand.further_renoncs, ruleset, hand, money, lines)
        return
    if hand.renonc.forgiven:
        # SZMK D.1, D.3.a: the offender's first menší of the round is not paid.
        lines.append(Line("renonc_forgiven", units=ruleset.penalties.units(rule), value=0,
                          params={"seat": hand.renonc.offender, "code": rule.code}))
        return
    # SloapSlam D4 (L260): each renonc of a dohrávka costs its paušál too.
    _pay_each((hand.renonc,), ruleset, hand, money, lines, always=True)
    _pay_each(hand.further_renoncs, ruleset, hand, money, lines)


def _pay_each(renoncs: tuple[Renonc, ...], ruleset: Ruleset, hand: Hand,
              money: dict[Seat, int], lines: list[Line], *, always: bool = False) -> None:
    """Each renonc's paušál from its offender to every other player (a further renonc without
    one, e.g. in play, adds no line)."""
    for renonc in renoncs:
        extra = ruleset.renonc(renonc.code)
        assert extra is not None, "validated"
        units = ruleset.penalties.units(extra)
        if not always and not units:
            continue
        amount = units * ruleset.base
        pay_every_other(money, hand.seats, renonc.offender, amount)
        lines.append(Line("renonc_penalty", units=units, value=-amount,
                          params={"seat": renonc.offender, "code": extra.code,
                                  "rate": extra.penalty_rate}))


def settle_incorrect_flek(
    hand: Hand, ruleset: Ruleset, money: dict[Seat, int], lines: list[Line]
) -> None:
    """SZMK E.2: each incorrect fleker pays the fine to every other player at the table."""
    units = ruleset.penalties.incorrect_flek
    amount = units * ruleset.base
    for fleker in hand.incorrect_flek_by:
        pay_every_other(money, hand.seats, fleker, amount)
        lines.append(Line("incorrect_flek_fine", units=units, value=-amount,
                          params={"seat": fleker}))


def settle_late(hand: Hand, ruleset: Ruleset, money: dict[Seat, int], lines: list[Line]) -> None:
    """SZMK E.5: the late player pays every other player per started minute."""
    if hand.late is None:
        return
    units = ruleset.penalties.late_minute * hand.late.minutes
    amount = units * ruleset.base
    pay_every_other(money, hand.seats, hand.late.seat, amount)
    lines.append(Line("late", units=units, value=-amount,
                      params={"seat": hand.late.seat, "minutes": hand.late.minutes}))
