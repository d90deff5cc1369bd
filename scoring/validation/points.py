"""Checks of the points, marriages and PB facts: card points in tens, marriages possible at a
table, a sto on a marriage (SZMK 2024 C.6.d-e) and the PB facts' ranges."""

from __future__ import annotations

from collections import Counter

from scoring.errors import Problem
from scoring.hand import CARD_POINTS_TOTAL, Hand, Marriage
from scoring.ruleset import Ruleset, Rung
from scoring.types import Component, Suit
from scoring.validation.names import rung_name
from scoring.validation.outcome import outcome_implied
from scoring.validation.renonc import renonc_settles_contract

MARRIAGE_VALUES = (20, 40)


def check_points(hand: Hand, ruleset: Ruleset, rung: Rung, errors: list[Problem]) -> None:
    points = hand.points
    counts_points = bool(rung.components & {Component.GAME, Component.HUNDRED})
    if points is None:
        if Component.HUNDRED in rung.components and not outcome_implied(hand, ruleset):
            errors.append(Problem("points_missing", "points", {}))
        return
    if not counts_points:
        errors.append(Problem("points_not_counted", "points", {"contract": rung_name(rung)}))
        return
    cards = points.declarer_cards
    if not 0 <= cards <= CARD_POINTS_TOTAL:
        errors.append(Problem("card_points_range", "points.declarer_cards", {"points": cards}))
    elif cards % 10:
        errors.append(Problem("card_points_tens", "points.declarer_cards", {"points": cards}))
    hidden = (hand.unannounced_marriage,) if hand.unannounced_marriage is not None else ()
    check_marriages(hand, points.declarer_marriages + points.defence_marriages + hidden,
                     errors)


def check_hundred_marriage(hand: Hand, ruleset: Ruleset, rung: Rung,
                            errors: list[Problem]) -> None:
    """SZMK 2024 C.6.d-e: a sto is played on a marriage in the declarer's hand.

    Without one it is the catalogue's renonce (SZMK 2024 C.6.d, D.2 klasický m); with one held
    but not announced the sto is lost and paid by that marriage (SZMK 2024 C.6.e), which the
    sheet records.
    """
    hidden = hand.unannounced_marriage
    code = ruleset.hundred.without_marriage_renonc
    if hidden is not None:
        field = "unannounced_marriage"
        if not ruleset.hundred.needs_marriage:
            errors.append(Problem("unannounced_marriage_not_in_rules", field, {}))
        elif Component.HUNDRED not in rung.components:
            errors.append(Problem("unannounced_marriage_not_hundred", field,
                                  {"contract": rung_name(rung)}))
        elif hand.points is not None and hand.points.declarer_marriages:
            errors.append(Problem("unannounced_marriage_with_announced", field, {}))
        elif hand.renonc is not None and hand.renonc.code == code:
            errors.append(Problem("unannounced_marriage_with_renonc", field, {"code": code}))
        elif hand.laid_down:
            errors.append(Problem("laid_down_lost", field, {}))
        return
    points = hand.points
    if (ruleset.hundred.needs_marriage and Component.HUNDRED in rung.components
            and points is not None and not points.declarer_marriages
            and renonc_settles_contract(hand, ruleset)):
        errors.append(Problem("hundred_without_marriage", "points.declarer_marriages",
                              {"code": code or "?"}))


def check_no_unannounced(hand: Hand, errors: list[Problem]) -> None:
    if hand.unannounced_marriage is not None:
        errors.append(Problem("unannounced_marriage_not_hundred", "unannounced_marriage",
                              {"contract": hand.contract or "—"}))


def check_marriages(hand: Hand, marriages: tuple[Marriage, ...], errors: list[Problem]) -> None:
    field = "points.marriages"
    for m in marriages:
        if m.value not in MARRIAGE_VALUES:
            errors.append(Problem("marriage_value", field, {"value": m.value}))
            return
        if m.suit is not None and (m.value == 40) != (m.suit is hand.trump):
            code = "marriage_40_outside_trumps" if m.value == 40 else "marriage_20_in_trumps"
            errors.append(Problem(code, field, {}))
            return
    suits = Counter(m.suit or (hand.trump if m.value == 40 else None) for m in marriages)
    twice = [s for s, n in suits.items() if s is not None and n > 1]
    if twice:
        errors.append(Problem("marriage_suit_twice", field, {"suit": twice[0].value}))
    elif sum(1 for m in marriages if m.value == 20) > 3:
        errors.append(Problem("marriage_too_many", field, {}))


MAX_TRUMPS = 8


def check_premium(hand: Hand, errors: list[Problem]) -> None:
    facts = hand.premium
    if facts.trumps is not None and not 1 <= facts.trumps <= MAX_TRUMPS:
        errors.append(Problem("premium_trumps_range", "premium.trumps", {"trumps": facts.trumps}))
    if facts.helper_cards is not None and not 1 <= facts.helper_cards <= MAX_TRUMPS:
        errors.append(
            Problem("premium_trumps_range", "premium.helper_cards", {"trumps": facts.helper_cards})
        )
    for seat, count in facts.seat_trumps:  # per-seat PB tables (SloapSlam L214)
        if not 1 <= seat <= hand.players:
            errors.append(Problem("seat_range", f"premium.seat_trumps.{seat}",
                                  {"seat": seat, "players": hand.players}))
        elif not 0 <= count <= MAX_TRUMPS:
            errors.append(Problem("premium_trumps_range", f"premium.seat_trumps.{seat}",
                                  {"trumps": count}))
    counts = ("betl_catching_aces", "betl_six_card_single_catcher", "durch_unsolid_suits")
    for name in counts:
        if not 0 <= getattr(facts, name) <= len(Suit):
            errors.append(Problem("premium_count_range", f"premium.{name}", {}))
    for seat in facts.defender_claims:
        if seat not in hand.defenders:
            errors.append(Problem("premium_claim_not_defender", "premium.defender_claims",
                                  {"seat": seat}))
