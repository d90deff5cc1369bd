"""Rule checks on a recorded hand, before any money moves.

Everything wrong is collected (a form can then mark every bad field at once); only warnings
let a hand through. Sections of ČSM 2023 are cited where a check comes from a rule.
"""

from __future__ import annotations

import dataclasses

from scoring.errors import Problem, ScoringError
from scoring.hand import Hand
from scoring.honours import check_honours, check_seven_by
from scoring.partnerships import check_partnerships
from scoring.ruleset import CONCESSION, Ruleset
from scoring.validation.contract import (
    check_concession,
    check_contract,
    check_renonc_only,
    check_seats,
)
from scoring.validation.doublings import check_cancelled_doublings, check_doublings, check_late
from scoring.validation.outcome import check_last_trick, check_outcome, outcome_implied
from scoring.validation.points import (
    check_hundred_marriage,
    check_no_unannounced,
    check_points,
    check_premium,
)
from scoring.validation.renonc import check_renonc
from scoring.variants import check_variants


def check(hand: Hand, ruleset: Ruleset) -> tuple[list[Problem], list[Problem]]:
    """All errors and warnings of ``hand`` under ``ruleset``."""
    errors: list[Problem] = []
    warnings: list[Problem] = []
    hand = for_ruleset(hand, ruleset)
    if not check_seats(hand, ruleset, errors):
        return errors, warnings
    rung = ruleset.rung(hand.contract) if hand.contract else None
    check_renonc(hand, ruleset, errors)
    check_cancelled_doublings(hand, ruleset, errors)
    check_late(hand, ruleset, errors)
    if hand.contract is None:
        check_renonc_only(hand, ruleset, errors)
    elif hand.contract == CONCESSION:
        check_concession(hand, ruleset, errors)
    elif rung is None:
        errors.append(Problem("contract_unknown", "contract", {"contract": hand.contract}))
    else:
        check_contract(hand, ruleset, rung, errors)
        check_doublings(hand, ruleset, rung, errors, warnings)
        check_points(hand, ruleset, rung, errors)
        check_hundred_marriage(hand, ruleset, rung, errors)
        check_premium(hand, errors)
        check_outcome(hand, ruleset, rung, errors)
        check_last_trick(hand, ruleset, errors)
    check_variants(hand, ruleset, rung, errors)  # roles, announcements against, raise chains
    check_partnerships(hand, ruleset, rung, errors)  # křížový: partner, trick 8
    if hand.honours or (rung is not None and ruleset.honours):  # SloapSlam čtyřka
        check_honours(hand, ruleset, rung, rung is not None and (
            outcome_implied(hand, ruleset)), errors)
    check_seven_by(hand, rung, errors)  # SloapSlam L42, L46: the partner's seven
    for seat in hand.forced_flekers:
        if seat not in hand.flekers:  # SloapSlam B/19: a trhák's flek, recorded as a flek
            errors.append(Problem("forced_not_fleker", "forced_flekers", {"seat": seat}))
    for d in hand.doublings:  # B/19 per part: the compulsory flek is one of that part's
        for seat in d.forced:
            if d.level == 0 or seat not in d.by:
                errors.append(Problem("forced_not_fleker",
                                      f"doublings.{d.component.value}.forced", {"seat": seat}))
    if hand.contract is None or rung is None:
        check_no_unannounced(hand, errors)
    return errors, warnings


def for_ruleset(hand: Hand, ruleset: Ruleset) -> Hand:
    """The hand as ``ruleset`` seats it: with partnerships all four play, nobody sits out
    (obecná pravidla VII.2 L243)."""
    if ruleset.partnership.partnerships and not hand.all_play:
        return dataclasses.replace(hand, all_play=True)
    return hand


def validate(hand: Hand, ruleset: Ruleset) -> tuple[Problem, ...]:
    """Raise :class:`ScoringError` with every error; return the warnings otherwise."""
    errors, warnings = check(hand, ruleset)
    if errors:
        raise ScoringError(errors)
    return tuple(warnings)
