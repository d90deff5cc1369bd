"""Renonc: the catalogue entry of a hand's renonc, what it does to the contract (ČSM 2023 E.6,
obecná VI.3, SZMK D.4, SloapSlam D1, D4) and the checks of the recorded renonc."""

from __future__ import annotations

from scoring.dohravka import check_decisive
from scoring.errors import Problem
from scoring.hand import Hand
from scoring.ruleset import CONCESSION, RenoncRule, Ruleset
from scoring.types import Component, HandEffect, RenoncKind
from scoring.validation.names import rung_name

_NEVER_SETTLED = (HandEffect.REPLAYED, HandEffect.NOT_PLAYED)


def renonc_settles_contract(hand: Hand, ruleset: Ruleset) -> bool:
    """False when the hand's renonc leaves the contract unpaid (SZMK D.4: replayed, not
    played, or a hand that may be played out but was not)."""
    rule = renonc_rule(hand, ruleset)
    if rule is None:
        return True
    if rule.effect in _NEVER_SETTLED:
        return False
    if rule.effect is HandEffect.MAY_BE_PLAYED_OUT:
        return hand.played_out
    return True


def renonc_rule(hand: Hand, ruleset: Ruleset) -> RenoncRule | None:
    """The catalogue entry of the hand's renonc; None without a renonc or for an unknown code."""
    return ruleset.renonc(hand.renonc.code) if hand.renonc else None


def renonc_loses_hand(hand: Hand, ruleset: Ruleset) -> bool:
    """True when the hand's renonc makes the offending side lose every component
    (ČSM 2023 E.6.b; SloapSlam D1 unless the hand was played out)."""
    rule = renonc_rule(hand, ruleset)
    if rule is not None and rule.effect is HandEffect.LOST_UNLESS_PLAYED_OUT:
        assert hand.renonc is not None
        return not hand.renonc.played_out
    return rule is not None and rule.effect in _LOSES_HAND


# obecná pravidla VI.3 loses the game as E.6.b does (and adds the paušál); pagat L91 replaces
# the hand's result by its own payment
_LOSES_HAND = (HandEffect.LOST_BY_OFFENDER, HandEffect.PAUSAL_AND_LOST,
               HandEffect.PAY_MAX_OF_PAUSAL_AND_CONTRACT)


def check_renonc(hand: Hand, ruleset: Ruleset, errors: list[Problem]) -> None:
    if hand.renonc is None:
        if hand.premium_ruling is not None:
            errors.append(Problem("premium_ruling_without_renonc", "premium_ruling", {}))
        if hand.further_renoncs:
            errors.append(Problem("further_renonc_without_played_out", "further_renoncs", {}))
        return
    rule = renonc_rule(hand, ruleset)
    if rule is None:
        errors.append(Problem("renonc_unknown", "renonc.code", {"code": hand.renonc.code}))
    if not 1 <= hand.renonc.offender <= hand.players:
        errors.append(
            Problem("seat_range", "renonc.offender", {"seat": hand.renonc.offender,
                                                     "players": hand.players})
        )
    if rule is not None:
        _check_rule(hand, ruleset, rule, errors)
    if hand.renonc.played_out and (rule is None or rule.effect
                                   is not HandEffect.LOST_UNLESS_PLAYED_OUT):
        errors.append(Problem("renonc_played_out_not_in_rules", "renonc.played_out", {}))
    _check_further(hand, ruleset, errors)
    if (rule is not None and rule.effect in _NEVER_SETTLED and hand.contract is not None
            and hand.played_out):
        # SZMK D.4.a, D.4.d: such a hand has no result to record.
        errors.append(Problem("renonc_hand_has_no_result", "renonc.code", {"code": rule.code}))


def _check_rule(hand: Hand, ruleset: Ruleset, rule: RenoncRule, errors: list[Problem]) -> None:
    """What the catalogue entry forbids: in a laid-down game, forgiven, on the wrong contract."""
    assert hand.renonc is not None
    if rule.kind is RenoncKind.IN_PLAY and hand.laid_down:
        errors.append(Problem("renonc_in_laid_down", "renonc.code", {}))
    if hand.renonc.forgiven and rule.kind not in ruleset.forgiven_renonc_kinds:
        errors.append(Problem("renonc_not_forgivable", "renonc.code", {"code": rule.code}))
    if rule.code == ruleset.hundred.without_marriage_renonc and (
            hand.contract is not None and hand.contract != CONCESSION):
        # SZMK C.6.d, D.2 klasický m: the declarer announced a sto without the marriage.
        rung = ruleset.rung(hand.contract)
        if rung is not None and Component.HUNDRED not in rung.components:
            errors.append(Problem("renonc_needs_hundred", "renonc.code",
                                  {"code": rule.code, "contract": rung_name(rung)}))
        elif hand.renonc.offender != hand.declarer:
            errors.append(Problem("renonc_offender_not_declarer", "renonc.offender",
                                  {"code": rule.code, "seat": hand.declarer}))


def _check_further(hand: Hand, ruleset: Ruleset, errors: list[Problem]) -> None:
    """Renoncs recorded beside the first: in a played-out hand (SloapSlam D4 L260, a paušál
    each), in any hand when every renonc of a hand counts (``first_in_play_renonc_only``
    off, docs/readings.md §9.53), and a paušál-only renonc beside any first one: ČSM 2023
    E.6.d "Sejde-li se dva a více renonců ve hře v jedné sehrávce, přihlíží se pouze k prvnímu"
    limits the renoncs in play only (the renonc in play, when there is one, is written first:
    it decides the hand); each from the catalogue."""
    assert hand.renonc is not None
    for index, extra in enumerate(hand.further_renoncs):
        # SloapSlam D4 (L260): renoncs during a dohrávka, a paušál each
        where = f"further_renoncs.{index}"
        if (not hand.renonc.played_out and ruleset.first_in_play_renonc_only
                and not _pausal_only(ruleset.renonc(extra.code))):
            errors.append(Problem("further_renonc_without_played_out", where, {}))
        if ruleset.renonc(extra.code) is None:
            errors.append(Problem("renonc_unknown", f"{where}.code", {"code": extra.code}))
        if not 1 <= extra.offender <= hand.players:
            errors.append(Problem("seat_range", f"{where}.offender",
                                  {"seat": extra.offender, "players": hand.players}))
    check_decisive(hand, ruleset, errors)  # D4: the renonc that ends the dohrávka


def _pausal_only(rule: RenoncRule | None) -> bool:
    return rule is not None and rule.pausal_only
