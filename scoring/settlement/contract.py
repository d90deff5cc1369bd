"""A played contract: each payer's X from the part lines, capped at the limit, then paid by
whom the renonc, presumed-play, flek-liability and laid-down rules say (ČSM 2023 A, C.5,
E.6; obecná pravidla V, VII.2)."""

from __future__ import annotations

from collections.abc import Mapping

from scoring.explain import Line
from scoring.formatting import Money
from scoring.hand import Hand, Seat
from scoring.honours import presumed_result, presumed_transfers
from scoring.partnerships import alone_line, settles_with
from scoring.ruleset import Ruleset, Rung
from scoring.settlement.flek import fleker_liability, payer_groups, settle_laid_down
from scoring.settlement.lines import component_lines
from scoring.settlement.penalties import renonc_pays_for_side
from scoring.settlement.result import capped, limit_amount, transfer
from scoring.types import Component


def settle_contract(
    hand: Hand,
    ruleset: Ruleset,
    rung: Rung,
    won: Mapping[Component, bool],
    money: dict[Seat, int],
    lines: list[Line],
) -> None:
    limit = limit_amount(ruleset, ruleset.rates.limit)
    owed = _owed(hand, ruleset, rung, won, limit, lines)
    if renonc_pays_for_side(hand, ruleset, owed, money, lines):
        return
    if presumed_result(hand, ruleset):
        # SloapSlam čtyřka L38: the presumed play, paid by the offender for his side.
        assert hand.renonc is not None
        lines.append(Line("renonc_presumed", value=0, params={"seat": hand.renonc.offender}))
        for frm, to, amount in presumed_transfers(hand, owed):
            transfer(money, frm=frm, to=to, amount=amount)
        return
    if ruleset.flek.flekers_liable and not hand.laid_down:
        owed = fleker_liability(hand, ruleset, rung, won, owed, money, lines)
    flekers = tuple(s for s in hand.flekers if not ruleset.flek.void_for(hand, s))
    if hand.laid_down and flekers:
        unfleked = {
            seat: capped(sum(p.value for p in component_lines(
                hand, ruleset, rung, won, seat, unfleked=True)), limit)
            for seat in hand.payers
        }
        raised = len(flekers) >= 2  # ČSM 2023 C.5
        share_cap = limit_amount(ruleset, ruleset.rates.raised_limit) if raised else limit
        settle_laid_down(hand, owed, unfleked, flekers, share_cap, money, lines)
        return
    line = alone_line(hand, rung)
    if line is not None:
        lines.append(line)
    for payer, amount in owed.items():
        # VII.2 L248-250: in 2v2 each payer settles with one of the declaring pair (pagat
        # L112 the same; L115: a lost Durch mit Partner under 6 tricks, the declarer alone).
        transfer(money, frm=payer, to=settles_with(hand, rung, payer), amount=amount)


def _owed(hand: Hand, ruleset: Ruleset, rung: Rung, won: Mapping[Component, bool],
          limit: int | None, lines: list[Line]) -> dict[Seat, int]:
    """Each payer's X, capped at the limit, with the lines of every group of payers."""
    owed: dict[Seat, int] = {}
    distinct_payers = payer_groups(hand, ruleset, rung)
    for payers in distinct_payers:
        parts = component_lines(hand, ruleset, rung, won, payers[0])
        total = sum(p.value for p in parts)
        tag = payers if len(distinct_payers) > 1 else ()
        lines.extend(p.for_payers(tag) for p in parts)
        if limit is not None and abs(total) > limit:
            lines.append(Line("limit", payers=tag, value=limit if total > 0 else -limit,
                              params={"before": Money(total, ruleset.currency)}))
            total = limit if total > 0 else -limit
        for seat in payers:
            owed[seat] = total
    flek = ruleset.flek
    capped_raises = [d for d in hand.doublings if d.level > flek.cap_for(d.component)]
    if capped_raises and not all(flek.void_for(hand, p) for p in hand.payers):
        lines.append(Line("doubling_capped",
                          params={"cap": flek.cap_for(capped_raises[0].component)}))
    return owed
