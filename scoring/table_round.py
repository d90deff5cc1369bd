"""Rules that need the whole round of one table, not just one hand.

SZMK volený 2024 has three: the first menší renonce of each player in a round is forgiven
(SZMK 2024 D.1, D.3.a), a player may flek only with the money he still holds of his 10 €
(SZMK 2024 C.8), and a player who does not turn up loses the round by contumation (SZMK 2024
E.5). Hands stay immutable: the caller passes the round's hands in order and gets new values back.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence

from scoring.errors import Problem
from scoring.formatting import Money
from scoring.hand import Hand, Seat
from scoring.ruleset import Ruleset
from scoring.types import Component, FlekBinding, IncorrectFlekVoids
from scoring.validate import renonc_rule


def mark_forgiven(hands: Sequence[Hand], ruleset: Ruleset) -> list[Hand]:
    """The round's hands, in order, with ``renonc.forgiven`` set where the rules forgive it.

    Recomputed over the whole round, so that editing or deleting an earlier hand moves the
    forgiveness to the offender's next renonce of that tier.
    """
    seen: Counter[Seat] = Counter()
    result = []
    for hand in hands:
        rule = renonc_rule(hand, ruleset)
        forgiven = False
        if hand.renonc is not None and rule is not None and (
                rule.kind in ruleset.forgiven_renonc_kinds):
            offender = hand.renonc.offender
            forgiven = seen[offender] < ruleset.forgiven_per_round
            seen[offender] += 1
        if hand.renonc is not None and hand.renonc.forgiven != forgiven:
            hand = dataclasses.replace(
                hand, renonc=dataclasses.replace(hand.renonc, forgiven=forgiven)
            )
        result.append(hand)
    return result


def holdings(seats: Sequence[Seat], moves: Sequence[Mapping[Seat, int]],
             ruleset: Ruleset) -> dict[Seat, int]:
    """Each seat's money in the round after ``moves`` (SZMK C.8: everyone starts with 10 €)."""
    start = ruleset.round_budget or 0
    return {seat: start + sum(m.get(seat, 0) for m in moves) for seat in seats}


def flek_exposure(hand: Hand, ruleset: Ruleset) -> dict[Seat, int]:
    """What each seat's own raises put at stake: the raised part at its basic rate.

    Reading of SZMK 2024 C.8 (the example: 30 c is not enough to flek malý, which needs 50 c): a
    defender's raises are the odd levels (flek, sub), so he needs the part at the highest odd
    level he reached, toward the declarer; the declarer's are the even ones (reflek, hirš),
    each toward the defender it binds.
    """
    rung = ruleset.rung(hand.contract) if hand.contract else None
    stake: dict[Seat, int] = dict.fromkeys(hand.seats, 0)
    if rung is None:
        return stake
    # SZMK 2024 E.1, E.2: raises the referee voided put nothing at stake.
    own_only = ruleset.incorrect_flek_voids == IncorrectFlekVoids.OWN
    per_defender = ruleset.flek_binding is FlekBinding.PER_DEFENDER
    hearts = ruleset.hearts_factor if rung.hearts else 1
    for doubling in hand.doublings:
        component = doubling.component
        units = ruleset.rates.component(component, rung.hearts)
        if ruleset.hundred_seven_as_one and component is Component.HUNDRED and (
                Component.SEVEN in rung.components):
            units += ruleset.rates.component(Component.SEVEN, rung.hearts)
        factor = hearts if component in ruleset.hearts_components else 1
        cap = ruleset.cap_for(component)
        flekers = doubling.by or hand.defenders
        for payer in hand.payers:
            if hand.doublings_void_for(payer, own_only):
                continue
            level = min(hand.level_for(doubling, payer, per_defender), cap)
            own = level if level % 2 else level - 1  # the defender's flek or sub
            if payer in flekers and own > 0:
                stake[payer] += units * factor * 2**own * ruleset.base
            answer = level - level % 2  # the declarer's reflek or hirš
            if answer > 0:
                stake[hand.declarer] += units * factor * 2**answer * ruleset.base
    return stake


def budget_problems(hand: Hand, ruleset: Ruleset, held: Mapping[Seat, int]) -> list[Problem]:
    """Every seat whose doublings in ``hand`` need more than it holds (SZMK C.8)."""
    if ruleset.round_budget is None:
        return []
    problems = []
    for seat, needed in flek_exposure(hand, ruleset).items():
        if needed and needed > held.get(seat, 0):
            problems.append(Problem("flek_over_budget", "doublings", {
                "seat": seat,
                "needed": Money(needed, ruleset.currency),
                "holds": Money(held.get(seat, 0), ruleset.currency),
            }))
    return problems


def first_over_budget(round_hands: Sequence[tuple[Hand, Mapping[Seat, int]]],
                      ruleset: Ruleset, start: int = 0) -> tuple[int, list[Problem]] | None:
    """The first hand from index ``start`` on whose doublings need more money than a player
    holds after the hands before it (SZMK C.8), with its problems; None when all fit.

    ``round_hands`` are the round's hands in order, each with the money it moved. An edit,
    a deletion or a ruling changes what every later player holds, so they are all checked.
    """
    if ruleset.round_budget is None:
        return None
    moves: list[Mapping[Seat, int]] = []
    for index, (hand, moved) in enumerate(round_hands):
        if index >= start and hand.doublings:
            problems = budget_problems(hand, ruleset, holdings(hand.seats, moves, ruleset))
            if problems:
                return index, problems
        moves.append(moved)
    return None


def contumation_money(seats: Sequence[Seat], absent: Sequence[Seat],
                      ruleset: Ruleset) -> dict[Seat, int]:
    """The round's money when players did not turn up (SZMK E.5).

    Every present player wins ``contumation_gain`` (11 € instead of 10 €). Reading: the absent
    players pay it between them, so the table still sums to zero; the first absent seat
    pays any odd cent.
    """
    gain = (ruleset.contumation_gain or 0) * ruleset.base
    present = [s for s in seats if s not in absent]
    if not absent or not present:
        return dict.fromkeys(seats, 0)
    total = gain * len(present)
    share, odd = divmod(total, len(absent))
    result = {seat: gain for seat in present}
    for index, seat in enumerate(sorted(absent)):
        result[seat] = -(share + (odd if index == 0 else 0))
    return {seat: result[seat] for seat in seats}
