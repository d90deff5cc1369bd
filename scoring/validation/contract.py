"""Checks of the seats and the contract: table size, who declares, the rung against the bid,
trumps and helper, the omyl and the penalty-only line (ČSM 2023 B.2, B.7, B.8, E.3.f)."""

from __future__ import annotations

from scoring.errors import Problem
from scoring.hand import Hand
from scoring.ruleset import Ruleset, Rung
from scoring.types import Component, HandEffect, Suit
from scoring.validation.names import rung_name
from scoring.validation.renonc import renonc_rule


def check_seats(hand: Hand, ruleset: Ruleset, errors: list[Problem]) -> bool:
    if hand.players not in ruleset.table_sizes:
        allowed = ", ".join(str(n) for n in ruleset.table_sizes)
        errors.append(
            Problem("table_size", "players", {"players": hand.players, "allowed": allowed})
        )
        return False
    for name in ("dealer", "declarer"):
        seat = getattr(hand, name)
        if not 1 <= seat <= hand.players:
            errors.append(Problem("seat_range", name, {"seat": seat, "players": hand.players}))
    if errors:
        return False
    if hand.declarer == hand.sitter:
        # ČSM 2023 B.2: the dealer sits the hand out at a table of four.
        errors.append(Problem("declarer_is_sitter", "declarer", {"seat": hand.declarer}))
    return not errors


def check_contract(hand: Hand, ruleset: Ruleset, rung: Rung, errors: list[Problem]) -> None:
    if hand.bid is not None:
        bid = ruleset.rung(hand.bid)
        if bid is None:
            errors.append(Problem("contract_unknown", "bid", {"contract": hand.bid}))
        elif bid.rank > rung.rank:
            # ČSM 2023 B.7: at least the rung won in the auction, or any higher one.
            errors.append(
                Problem("contract_below_bid", "contract",
                        {"bid": rung_name(bid), "contract": rung_name(rung)})
            )
    _check_trumps(hand, rung, errors)
    if Component.TWO_SEVENS in rung.components:
        if hand.helper is None:
            errors.append(Problem("helper_missing", "helper", {}))
        elif hand.helper is hand.trump:
            errors.append(Problem("helper_is_trump", "helper", {}))
    elif hand.helper is not None:
        errors.append(Problem("helper_not_allowed", "helper", {"contract": rung_name(rung)}))



def _check_trumps(hand: Hand, rung: Rung, errors: list[Problem]) -> None:
    """Trumps as the contract has them: none in betl/durch, hearts exactly in a hearts rung."""
    if not rung.has_trumps:
        if hand.trump is not None:
            errors.append(Problem("trumps_not_allowed", "trump", {"contract": rung_name(rung)}))
    elif hand.trump is None:
        errors.append(Problem("trump_missing", "trump", {"contract": rung_name(rung)}))
    elif rung.hearts and hand.trump is not Suit.HEARTS:
        errors.append(
            Problem("hearts_contract_without_hearts", "trump", {"contract": rung_name(rung)})
        )
    elif not rung.hearts and hand.trump is Suit.HEARTS:
        errors.append(Problem("hearts_need_hearts_contract", "trump",
                              {"contract": rung_name(rung)}))

def check_concession(hand: Hand, ruleset: Ruleset, errors: list[Problem]) -> None:
    if not ruleset.concession_rungs:
        errors.append(Problem("concession_not_in_rules", "contract", {}))
        return
    # ČSM 2023 B.8: only a plain sedma auction may be folded as omyl.
    if hand.bid is not None and hand.bid not in ruleset.concession_rungs:
        errors.append(Problem("concession_needs_seven", "bid", {"bid": hand.bid}))
    if hand.trump is not None:
        errors.append(Problem("trumps_not_allowed", "trump", {"contract": "omyl"}))
    if hand.helper is not None:
        errors.append(Problem("helper_not_allowed", "helper", {"contract": "omyl"}))
    _forbid_play_facts(hand, "concession_has_play", errors)


def check_renonc_only(hand: Hand, ruleset: Ruleset, errors: list[Problem]) -> None:
    """A line of the sheet that records only a penalty, e.g. a second misdeal (ČSM 2023 E.3.f)."""
    rule = renonc_rule(hand, ruleset)
    if hand.renonc is None and hand.late is None:
        errors.append(Problem("contract_missing", "contract", {}))
    elif rule is not None and rule.effect is HandEffect.LOST_BY_OFFENDER:
        errors.append(Problem("renonc_needs_contract", "contract", {"code": rule.code}))
    _forbid_play_facts(hand, "renonc_only_has_play", errors)


def _forbid_play_facts(hand: Hand, code: str, errors: list[Problem]) -> None:
    recorded = [
        name
        for name in (
            "doublings", "points", "game_won", "seven_won", "silent_seven", "betl_won",
            "durch_won", "two_sevens_won",
        )
        if getattr(hand, name) not in (None, ())
    ]
    if hand.laid_down:
        recorded.append("laid_down")
    if hand.not_played:
        recorded.append("not_played")
    if not hand.premium.is_empty:
        recorded.append("premium")
    for name in recorded:
        errors.append(Problem(code, name, {}))
