"""Who a flek binds and who pays for it: payer groups by the levels that bind them, the
laid-down split (ČSM 2023 C.5), the flekers' liability (SloapSlam B/10) and voided raises
(SZMK E.1-E.2). The readings are the ruleset's :class:`scoring.policies.FlekPolicy`."""

from __future__ import annotations

from collections.abc import Mapping

from scoring.explain import Line
from scoring.hand import Hand, Seat
from scoring.honours import liable_flekers
from scoring.ruleset import Ruleset, Rung
from scoring.settlement.lines import component_lines
from scoring.settlement.result import capped, limit_amount, transfer
from scoring.types import COMPONENT_ORDER, Component, FlekerLiability

NO_BOUND = 1 << 62  # no limit: a part's surplus moves whole


def payer_groups(hand: Hand, ruleset: Ruleset, rung: Rung) -> list[tuple[Seat, ...]]:
    """Payers grouped by the doubling levels that bind them (one group unless per defender)."""
    per_defender = ruleset.flek.per_defender(rung)
    groups: dict[tuple[int, ...], list[Seat]] = {}
    for payer in hand.payers:
        void = ruleset.flek.void_for(hand, payer)
        key = tuple(0 if void else hand.level_for(d, payer, per_defender)
                    for d in hand.doublings)
        groups.setdefault(key, []).append(payer)
    return [tuple(g) for g in groups.values()]


def cancelled_line(hand: Hand, ruleset: Ruleset) -> Line:
    """SZMK E.1, E.2: what the referee's ruling voided."""
    if hand.incorrect_flek_by and ruleset.flek.voids_own_only:
        seats = ", ".join(str(s) for s in hand.incorrect_flek_by)
        return Line("doublings_cancelled_own", value=0, params={"seats": seats})
    return Line("doublings_cancelled", value=0)


def fleker_liability(hand: Hand, ruleset: Ruleset, rung: Rung, won: Mapping[Component, bool],
                     owed: Mapping[Seat, int], money: dict[Seat, int],
                     lines: list[Line]) -> dict[Seat, int]:
    """SloapSlam B/10 (L186): a scored part the declaring side won and a defender fleked of
    his own will: every other payer pays only its unfleked value, the flekers the rest.

    Reading (docs/sloapslam-krizovy.md "Payment rules", `FlekerLiability.SURPLUS`): the surplus of
    each non-fleker is shared equally by the flekers and paid to that non-fleker's receiver; odd
    units go to the first fleker in seat order. ``FLEKERS_PAY_ALL``: the flekers also pay the
    unfleked value. The limit has already capped each pair's X; what moves is at most what the pair
    owed. Returns what each payer still pays his own receiver.
    """
    rest = dict(owed)
    if ruleset.flek.fleker_liability is FlekerLiability.NONE:
        return rest
    for component in sorted(rung.components, key=COMPONENT_ORDER.index):
        flekers = liable_flekers(hand, ruleset, component)
        if not won.get(component) or not flekers:
            continue
        for payer in _relieved(hand, ruleset, component, flekers):
            moved = min(_surplus(hand, ruleset, rung, won, payer, component),
                        _bound(ruleset, rest[payer]))
            if not moved:
                continue
            rest[payer] -= moved
            _share(money, lines, flekers, hand.receiver(payer), moved)
    return rest


def _relieved(hand: Hand, ruleset: Ruleset, component: Component,
              flekers: tuple[Seat, ...]) -> list[Seat]:
    """The payers B/10 relieves on ``component``: every payer who did not flek it of his own
    will; a trhák who fleked it only by the duty of B/19 (L204) is relieved too unless
    ``forced_fleker_relieved`` is off (docs/readings.md §9.50), then he pays his own pair."""
    forced = set(hand.forced_on(component))  # per part (B/19: the duty is one flek)
    return [p for p in hand.payers if p not in flekers
            and (ruleset.flek.forced_fleker_relieved or p not in forced)]


def _bound(ruleset: Ruleset, owed: int) -> int:
    """At most what moves from one non-fleker to the flekers: netted (the default), what his
    pair still owes over the whole hand; part by part (``fleker_liability_per_part``), the
    part's surplus whatever the other parts did, within the limit."""
    if not ruleset.flek.liability_per_part:
        return max(owed, 0)
    limit = limit_amount(ruleset, ruleset.rates.limit)
    return NO_BOUND if limit is None else limit


def _surplus(hand: Hand, ruleset: Ruleset, rung: Rung, won: Mapping[Component, bool],
             payer: Seat, component: Component) -> int:
    """What the flekers take over from a non-fleker for one scored part."""
    full = _part_value(hand, ruleset, rung, won, payer, component, unfleked=False)
    basic = _part_value(hand, ruleset, rung, won, payer, component, unfleked=True)
    if ruleset.flek.fleker_liability is FlekerLiability.FLEKERS_PAY_ALL:
        basic = 0
    return max(full - basic, 0)


def _share(money: dict[Seat, int], lines: list[Line], flekers: tuple[Seat, ...],
           receiver: Seat, moved: int) -> None:
    share, odd = divmod(moved, len(flekers))
    for index, fleker in enumerate(flekers):
        amount = share + (1 if index < odd else 0)
        transfer(money, frm=fleker, to=receiver, amount=amount)
        lines.append(Line("fleker_pays", value=amount, params={"seat": fleker}))


def _part_value(hand: Hand, ruleset: Ruleset, rung: Rung, won: Mapping[Component, bool],
                payer: Seat, component: Component, *, unfleked: bool) -> int:
    return sum(p.value for p in component_lines(hand, ruleset, rung, won, payer,
                                                unfleked=unfleked)
               if p.part == component.value)


def settle_laid_down(
    hand: Hand,
    owed: Mapping[Seat, int],
    unfleked: Mapping[Seat, int],
    flekers: tuple[Seat, ...],
    share_cap: int | None,
    money: dict[Seat, int],
    lines: list[Line],
) -> None:
    """ČSM 2023 C.5 (obecná V.10): non-flekers pay the unfleked rate, flekers the rest.

    Reading: the rest is split equally (odd units to the fleker first in seat order) and each
    fleker's payment is capped at the limit, raised when both defenders fleked.
    """
    calm = [s for s in hand.payers if s not in flekers]
    for seat in calm:
        transfer(money, frm=seat, to=hand.receiver(seat), amount=unfleked[seat])
    rest = sum(owed.values()) - sum(unfleked[s] for s in calm)
    share, odd = divmod(rest, len(flekers))
    for index, seat in enumerate(flekers):
        amount = capped(share + (1 if index < odd else 0), share_cap)
        transfer(money, frm=seat, to=hand.receiver(seat), amount=amount)
        lines.append(Line("laid_down_fleker", value=amount, params={"seat": seat}))
