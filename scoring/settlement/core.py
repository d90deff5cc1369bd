"""Hand settlement: who pays whom how much, and who gets premium points.

The money of one hand is computed per payer as X, the amount he pays the declarer (negative when
the declarer pays him), from the components of the contract (ČSM 2023 A; obecná pravidla V).
X is capped at the limit; the renonc and laid-down rules then decide who actually pays it.
Everything is integer arithmetic in the smallest currency unit, and every hand sums to zero.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from scoring.clever import clever_flek
from scoring.dohravka import as_decided
from scoring.explain import Line
from scoring.hand import Hand, Seat
from scoring.honours import conceded_hand
from scoring.premium.registry import AnyTable
from scoring.ruleset import CONCESSION, Ruleset, Rung
from scoring.settlement.contract import settle_contract
from scoring.settlement.flek import cancelled_line
from scoring.settlement.hundred import HUNDRED_TARGET, hundred_count
from scoring.settlement.penalties import (
    settle_incorrect_flek,
    settle_late,
    settle_pay_max,
    settle_penalty,
)
from scoring.settlement.premiums import award_premium
from scoring.settlement.result import Settlement
from scoring.settlement.unplayed import settle_concession, settle_quiet_game
from scoring.types import Component, UnplayedRule
from scoring.validate import (
    for_ruleset,
    game_won_on_points,
    renonc_loses_hand,
    renonc_rule,
    renonc_settles_contract,
    validate,
)
from scoring.variants import replaces_hand, unplayed_rule


def settle(hand: Hand, ruleset: Ruleset, *,
           premium_tables: Iterable[AnyTable] = ()) -> Settlement:
    """Settle one recorded hand; raises :class:`scoring.errors.ScoringError` on bad input.

    ``premium_tables``: loaded PB tables, found by ``Ruleset.premium_table`` before the shipped
    ones (an organiser's table, or a test's).
    """
    hand = for_ruleset(hand, ruleset)
    warnings = list(validate(hand, ruleset))
    money = {seat: 0 for seat in hand.seats}
    lines: list[Line] = []
    hand = clever_flek(hand, ruleset, lines)  # OBE L251-253: the trick-8 taker's own flek
    hand = as_decided(hand)  # SLS D4 L260: a renonc that ended the dohrávka decides the hand
    premium: dict[Seat, Fraction] = {seat: Fraction(0) for seat in hand.seats}
    pending = described = False

    rung = ruleset.rung(hand.contract) if hand.contract else None
    if hand.contract == CONCESSION:
        settle_concession(hand, ruleset, money, lines)
    elif rung is None:
        _settle_without_contract(hand, ruleset, money, lines)
    elif not _settles_played(hand, ruleset, rung, money, lines):
        won = _components_won(hand, ruleset, rung)
        if hand.doublings_cancelled and hand.doublings:
            lines.append(cancelled_line(hand, ruleset))
        if hand.unannounced_marriage is not None:
            # SZMK C.6.e: the sto is lost; what it costs follows from the hidden marriage.
            lines.append(Line("hundred_unannounced", value=0,
                              params={"value": hand.unannounced_marriage.value}))
        settle_contract(hand, ruleset, rung, won, money, lines)
        pending, described = award_premium(hand, ruleset, rung, won, premium_tables, premium,
                                           lines, warnings)
    settle_penalty(hand, ruleset, money, lines)
    settle_incorrect_flek(hand, ruleset, money, lines)
    settle_late(hand, ruleset, money, lines)

    assert sum(money.values()) == 0, "a hand must sum to zero"
    return Settlement(
        money=money,
        premium=premium,
        lines=tuple(lines),
        warnings=tuple(warnings),
        premium_pending=pending,
        premium_described=described,
    )


def _settles_played(hand: Hand, ruleset: Ruleset, rung: Rung, money: dict[Seat, int],
                    lines: list[Line]) -> bool:
    """Settle a contract whose result is not played out (unplayed, pay-max renonc, replayed);
    False for a contract to be settled on its play."""
    if (rule := renonc_rule(hand, ruleset)) is not None and replaces_hand(rule.effect):
        # PAG L91 before L96-97: a renonc on a hand not played still costs "10 oder mehr".
        settle_pay_max(hand, ruleset, rung, money, lines)
    elif ((unplayed := unplayed_rule(hand, ruleset, rung)) is not None
          and not _renonc_loses_unplayed(hand, ruleset)):
        _settle_unplayed(hand, ruleset, rung, unplayed, money, lines)
    elif not renonc_settles_contract(hand, ruleset):
        # SZMK D.4.a, D.4.d, C.6.d: replayed or not played, only the paušál is paid.
        code = hand.renonc.code if hand.renonc else ""
        c6d = bool(code) and code == ruleset.hundred.without_marriage_renonc
        lines.append(Line("hundred_without_marriage" if c6d else "contract_not_settled",
                          value=0, params={"code": code}))
    else:
        return False
    return True


def _renonc_loses_unplayed(hand: Hand, ruleset: Ruleset) -> bool:
    """OBE V.12 with VI.3 L226-227 (items d-l also pay the game): a renonc on a hand not
    played loses the game for the offender's side (``renonc_unplayed_loses_game``); off, the
    hand stays not played and the renonc costs its paušál (docs/readings.md §9.51)."""
    return ruleset.renonc_unplayed_loses_game and renonc_loses_hand(hand, ruleset)


def _settle_without_contract(hand: Hand, ruleset: Ruleset, money: dict[Seat, int],
                             lines: list[Line]) -> None:
    """A sheet line with a renonc and no contract: PAG L91's "10 oder mehr" has no contract to
    compare with, so the offender pays each other player the 10 units (the paušál lines of the
    other rulesets follow in ``settle_penalty``)."""
    if (rule := renonc_rule(hand, ruleset)) is not None and replaces_hand(rule.effect):
        settle_pay_max(hand, ruleset, None, money, lines)


def _settle_unplayed(hand: Hand, ruleset: Ruleset, rung: Rung, unplayed: UnplayedRule,
                     money: dict[Seat, int], lines: list[Line]) -> None:
    if unplayed is UnplayedRule.QUIET_TRUMP_GAME:
        # pagat L96: not played; the forehand (the declarer) is paid the game.
        settle_quiet_game(hand, ruleset, rung, money, lines)
    elif unplayed in (UnplayedRule.HONOURS_CONCEDED, UnplayedRule.FLEKED_WITHOUT_RE):
        # SloapSlam čtyřka L20-24, křížový B/20 L206: each part conceded as it stands.
        lines.append(Line(unplayed.value, value=0))
        conceded, won = conceded_hand(hand, rung, unplayed)
        settle_contract(conceded, ruleset, rung, won, money, lines)
    else:
        # Obecná pravidla V.12: the fleked hra and the accepted sedma cancel out.
        lines.append(Line("not_played", value=0))


def _components_won(hand: Hand, ruleset: Ruleset, rung: Rung) -> dict[Component, bool]:
    """Which components the declarer made."""
    if hand.laid_down:
        return dict.fromkeys(rung.components, True)
    if renonc_loses_hand(hand, ruleset):
        # ČSM 2023 E.6.b: the offending side loses every component, whatever the cards say.
        assert hand.renonc is not None
        return dict.fromkeys(rung.components,
                             hand.renonc.offender not in hand.declaring_side)
    won: dict[Component, bool] = {}
    for component in rung.components:
        if component is Component.HUNDRED:
            # SZMK C.6.e: a sto played on a marriage not announced is lost.
            won[component] = (hand.unannounced_marriage is None
                              and hundred_count(hand, ruleset) >= HUNDRED_TARGET)
        elif component is Component.GAME and hand.points is not None:
            won[component] = game_won_on_points(hand, ruleset)
        else:
            result = hand.result(component)
            assert result is not None, "validated"
            won[component] = result
    if ruleset.hundred.seven_whole_with(rung):
        # SZMK B.10: both conditions or the whole 100+7 is lost.
        both = won[Component.HUNDRED] and won[Component.SEVEN]
        won[Component.HUNDRED] = won[Component.SEVEN] = both
    return won
