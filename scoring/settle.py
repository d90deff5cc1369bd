"""Hand settlement: who pays whom how much, and who gets premium points.

The money of one hand is computed per payer as X, the amount he pays the declarer (negative when
the declarer pays him), from the components of the contract (ČSM 2023 A; obecná pravidla V).
X is capped at the limit; the renonc and laid-down rules then decide who actually pays it.
Everything is integer arithmetic in the smallest currency unit, and every hand sums to zero.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from scoring.errors import Problem
from scoring.explain import Line
from scoring.formatting import Money
from scoring.hand import Announcement, Hand, Marriage, Seat
from scoring.honours import (
    conceded_hand,
    honour_line,
    liable_flekers,
    presumed_result,
    presumed_transfers,
    seven_points_line,
)
from scoring.premium import (
    PremiumAward,
    SeatPremiumTable,
    get_any_table,
    needs_sheet_description,
    premium_points,
    seat_premium_points,
)
from scoring.premium.registry import AnyTable
from scoring.ruleset import CONCESSION, Ruleset, Rung
from scoring.types import (
    COMPONENT_ORDER,
    Component,
    FlekerLiability,
    HandEffect,
    HundredMarriage,
    IncorrectFlekVoids,
    RenoncGameValue,
    Series,
    Side,
    SilentHundredRule,
    UnplayedRule,
)
from scoring.validate import (
    for_ruleset,
    game_won_on_points,
    renonc_loses_hand,
    renonc_rule,
    renonc_settles_contract,
    validate,
)
from scoring.variants import game_dropped, hundred_announced, replaces_hand, unplayed_rule

HUNDRED_TARGET = 100


@dataclass(frozen=True)
class Settlement:
    money: dict[Seat, int]  # per seat, smallest currency unit; sums to zero
    premium: dict[Seat, Fraction]  # PB per seat (0 for nobody's)
    lines: tuple[Line, ...]
    warnings: tuple[Problem, ...]
    premium_pending: bool  # PB of a renonc hand wait for the referee (ČSM 2023 E.6.f)
    premium_described: bool  # 50+ PB: description and signature on the sheet (ČSM 2023 B.3)


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
    premium: dict[Seat, Fraction] = {seat: Fraction(0) for seat in hand.seats}
    pending = described = False

    rung = ruleset.rung(hand.contract) if hand.contract else None
    if hand.contract == CONCESSION:
        _settle_concession(hand, ruleset, money, lines)
    elif rung is not None and (unplayed := unplayed_rule(hand, ruleset, rung)) is not None:
        if unplayed is UnplayedRule.QUIET_TRUMP_GAME:
            # pagat L96: not played; the forehand (the declarer) is paid the game.
            _settle_quiet_game(hand, ruleset, rung, money, lines)
        elif unplayed in (UnplayedRule.HONOURS_CONCEDED, UnplayedRule.FLEKED_WITHOUT_RE):
            # SloapSlam čtyřka L20-24, křížový B/20 L206: each part conceded as it stands.
            lines.append(Line(unplayed.value, value=0))
            conceded, won = conceded_hand(hand, rung, unplayed)
            _settle_contract(conceded, ruleset, rung, won, money, lines)
        else:
            # Obecná pravidla V.12: the fleked hra and the accepted sedma cancel out.
            lines.append(Line("not_played", value=0))
    elif (rung is not None and (rule := renonc_rule(hand, ruleset)) is not None
          and replaces_hand(rule.effect)):
        _settle_pay_max(hand, ruleset, rung, money, lines)
    elif rung is not None and not renonc_settles_contract(hand, ruleset):
        # SZMK D.4.a, D.4.d, C.6.d: replayed or not played, only the paušál is paid.
        code = hand.renonc.code if hand.renonc else ""
        c6d = bool(code) and code == ruleset.hundred_without_marriage_renonc
        lines.append(Line("hundred_without_marriage" if c6d else "contract_not_settled",
                          value=0, params={"code": code}))
    elif rung is not None:
        won = _components_won(hand, ruleset, rung)
        if hand.doublings_cancelled and hand.doublings:
            lines.append(_cancelled_line(hand, ruleset))
        if hand.unannounced_marriage is not None:
            # SZMK C.6.e: the sto is lost; what it costs follows from the hidden marriage.
            lines.append(Line("hundred_unannounced", value=0,
                              params={"value": hand.unannounced_marriage.value}))
        _settle_contract(hand, ruleset, rung, won, money, lines)
        if ruleset.premium_table is not None:
            table = get_any_table(ruleset.premium_table, premium_tables)
            if isinstance(table, SeatPremiumTable):
                # SloapSlam křížový (L212-216, B/10): PB per seat, minus points included
                award = seat_premium_points(hand, rung, won, table)
                warnings.extend(award.warnings)
                pending, described = _grant_seat_premium(hand, ruleset, award, premium, lines)
            else:
                award = premium_points(hand, rung, won, table)
                warnings.extend(award.warnings)
                pending, described = _grant_premium(hand, ruleset, award, premium, lines)
    _settle_penalty(hand, ruleset, money, lines)
    _settle_incorrect_flek(hand, ruleset, money, lines)
    _settle_late(hand, ruleset, money, lines)

    assert sum(money.values()) == 0, "a hand must sum to zero"
    return Settlement(
        money=money,
        premium=premium,
        lines=tuple(lines),
        warnings=tuple(warnings),
        premium_pending=pending,
        premium_described=described,
    )


# -- which components the declarer made --------------------------------------------------------


def _components_won(hand: Hand, ruleset: Ruleset, rung: Rung) -> dict[Component, bool]:
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
                              and _hundred_count(hand, ruleset) >= HUNDRED_TARGET)
        elif component is Component.GAME and hand.points is not None:
            won[component] = game_won_on_points(hand, ruleset)
        else:
            result = hand.result(component)
            assert result is not None, "validated"
            won[component] = result
    if _hundred_seven_as_one(ruleset, rung):
        # SZMK B.10: both conditions or the whole 100+7 is lost.
        both = won[Component.HUNDRED] and won[Component.SEVEN]
        won[Component.HUNDRED] = won[Component.SEVEN] = both
    return won


def _hundred_seven_as_one(ruleset: Ruleset, rung: Rung) -> bool:
    return ruleset.hundred_seven_as_one and {Component.HUNDRED, Component.SEVEN} <= rung.components


def _hundred_count(hand: Hand, ruleset: Ruleset) -> int:
    """Points toward the 100: cards plus the best marriage(s) the rules let count (IV.4).

    With a marriage held but not announced (SZMK C.6.e) the count is the one that marriage
    would have given: it decides whether the defence reached the tens that beat the sto.
    """
    if hand.points is None:
        return 0
    held = hand.points.declarer_marriages
    if hand.unannounced_marriage is not None:
        held = (*held, hand.unannounced_marriage)
    return hand.points.declarer_cards + _counted(held, ruleset)


def _counted(marriages: tuple[Marriage, ...], ruleset: Ruleset, count: int | None = None) -> int:
    """The marriages that count toward 100: the best, or the first announced (VII.1)."""
    values = [m.value for m in marriages]
    if ruleset.hundred_marriage is not HundredMarriage.FIRST_ANNOUNCED:
        values.sort(reverse=True)
    n = ruleset.hundred_marriages_to_reach if count is None else count
    return sum(values[:n])


def _cancelled_line(hand: Hand, ruleset: Ruleset) -> Line:
    """SZMK E.1, E.2: what the referee's ruling voided."""
    if hand.incorrect_flek_by and ruleset.incorrect_flek_voids == IncorrectFlekVoids.OWN:
        seats = ", ".join(str(s) for s in hand.incorrect_flek_by)
        return Line("doublings_cancelled_own", value=0, params={"seats": seats})
    return Line("doublings_cancelled", value=0)


def _void_for(hand: Hand, ruleset: Ruleset, payer: Seat) -> bool:
    return hand.doublings_void_for(
        payer, ruleset.incorrect_flek_voids == IncorrectFlekVoids.OWN)


# -- money -------------------------------------------------------------------------------------


def _settle_concession(
    hand: Hand, ruleset: Ruleset, money: dict[Seat, int], lines: list[Line]
) -> None:
    # ČSM 2023 B.8 and A (omyl): the declarer pays the omyl rate to each other player.
    amount = ruleset.rates.concession * ruleset.base
    for payer in hand.payers:
        _transfer(money, frm=hand.declarer, to=payer, amount=amount)
    lines.append(Line("concession", units=ruleset.rates.concession, value=-amount))


def _settle_quiet_game(
    hand: Hand, ruleset: Ruleset, rung: Rung, money: dict[Seat, int], lines: list[Line]
) -> None:
    """Pagat L96: a trump game without announcements or flek is not played; the forehand is
    paid one game by every payer (two with hearts)."""
    hearts = ruleset.hearts_factor if rung.hearts else 1
    units = ruleset.rates.game * hearts
    amount = units * ruleset.base
    for payer in hand.payers:
        _transfer(money, frm=payer, to=hand.declarer, amount=amount)
    lines.append(Line("quiet_game", units=units, value=amount))


def _settle_pay_max(
    hand: Hand, ruleset: Ruleset, rung: Rung, money: dict[Seat, int], lines: list[Line]
) -> None:
    """Pagat L91: the offender pays every other player the larger of the paušál and the value
    of the contract and its announcements, each once at its reached level."""
    assert hand.renonc is not None
    rule = renonc_rule(hand, ruleset)
    assert rule is not None
    pausal = (getattr(ruleset.rates, rule.penalty_rate) if rule.penalty_rate else 0) * ruleset.base
    hearts = ruleset.hearts_factor if rung.hearts else 1
    contract = 0
    parts = [(c, hand.doubling(c).level) for c in rung.components]
    parts += [(a.component, a.level) for a in hand.announcements]
    for component, level in parts:
        if component is Component.GAME and game_dropped(hand, ruleset):
            continue
        factor = hearts if component in ruleset.hearts_components else 1
        units = ruleset.rates.component(component, rung.hearts, rung.open)
        contract += (units * factor * 2 ** min(level, ruleset.cap_for(component))
                     * ruleset.base)
    amount = max(pausal, contract)
    offender = hand.renonc.offender
    for seat in hand.seats:
        if seat != offender:
            _transfer(money, frm=offender, to=seat, amount=amount)
    lines.append(Line("renonc_pays_max", value=-amount,
                      params={"seat": offender, "code": rule.code,
                              "pausal": Money(pausal, ruleset.currency),
                              "contract": Money(contract, ruleset.currency)}))


def _settle_contract(
    hand: Hand,
    ruleset: Ruleset,
    rung: Rung,
    won: Mapping[Component, bool],
    money: dict[Seat, int],
    lines: list[Line],
) -> None:
    flekers = tuple(s for s in hand.flekers if not _void_for(hand, ruleset, s))
    raised = hand.laid_down and len(flekers) >= 2  # ČSM 2023 C.5
    limit = _limit(ruleset, ruleset.rates.limit)
    owed: dict[Seat, int] = {}
    distinct_payers = _payer_groups(hand, ruleset, rung)
    for payers in distinct_payers:
        payer = payers[0]
        parts = _component_lines(hand, ruleset, rung, won, payer)
        total = sum(p.value for p in parts)
        tag = payers if len(distinct_payers) > 1 else ()
        lines.extend(p.for_payers(tag) for p in parts)
        if limit is not None and abs(total) > limit:
            lines.append(Line("limit", payers=tag, value=limit if total > 0 else -limit,
                              params={"before": Money(total, ruleset.currency)}))
            total = limit if total > 0 else -limit
        for seat in payers:
            owed[seat] = total
    capped = [d for d in hand.doublings if d.level > ruleset.cap_for(d.component)]
    if capped and not all(_void_for(hand, ruleset, p) for p in hand.payers):
        lines.append(Line("doubling_capped", params={"cap": ruleset.cap_for(capped[0].component)}))

    if renonc_loses_hand(hand, ruleset) and hand.renonc and (
            hand.renonc.offender not in hand.declaring_side or hand.side_partner is not None):
        # ČSM 2023 E.6.c, obecná VI.3 L227: the offender pays for his whole side; in 2v2
        # (VII.2) he pays both opponents and his partner pays nothing.
        offender = hand.renonc.offender
        if hand.side_partner is None or ruleset.renonc_offender_pays_side:
            defender = offender not in hand.declaring_side
            for payer, amount in owed.items():
                frm, to = (offender, hand.receiver(payer)) if defender else (payer, offender)
                _transfer(money, frm=frm, to=to, amount=amount)
            total = sum(owed.values())
            if hand.side_partner is None:
                lines.append(Line("renonc_pays_for_side", value=total,
                                  params={"seat": offender}))
            else:
                each = next(iter(owed.values()))
                lines.append(Line("renonc_pays_for_pair", value=each if defender else -each,
                                  params={"seat": offender}))
            return
    if presumed_result(hand, ruleset):
        # SloapSlam čtyřka L38: the presumed play, paid by the offender for his side.
        assert hand.renonc is not None
        lines.append(Line("renonc_presumed", value=0, params={"seat": hand.renonc.offender}))
        for frm, to, amount in presumed_transfers(hand, owed):
            _transfer(money, frm=frm, to=to, amount=amount)
        return
    if ruleset.scored_components and not hand.laid_down:
        owed = _fleker_liability(hand, ruleset, rung, won, owed, money, lines)
    if hand.laid_down and flekers:
        unfleked = {
            seat: _capped(sum(p.value for p in _component_lines(
                hand, ruleset, rung, won, seat, unfleked=True)), limit)
            for seat in hand.payers
        }
        share_cap = _limit(ruleset, ruleset.rates.raised_limit) if raised else limit
        _settle_laid_down(hand, owed, unfleked, flekers, share_cap, money, lines)
        return
    for payer, amount in owed.items():
        # VII.2 L248-250: in 2v2 each payer settles with one of the declaring pair.
        _transfer(money, frm=payer, to=hand.receiver(payer), amount=amount)


def _fleker_liability(hand: Hand, ruleset: Ruleset, rung: Rung, won: Mapping[Component, bool],
                      owed: Mapping[Seat, int], money: dict[Seat, int],
                      lines: list[Line]) -> dict[Seat, int]:
    """SloapSlam B/10 (L186): a scored part the declaring side won and a defender fleked of
    his own will: every other payer pays only its unfleked value, the flekers the rest.

    Reading (variants.md §5.3, `FlekerLiability.SURPLUS`): the surplus of each non-fleker is
    shared equally by the flekers and paid to that non-fleker's receiver; odd units go to the
    first fleker in seat order. ``FLEKERS_PAY_ALL``: the flekers also pay the unfleked value.
    The limit has already capped each pair's X; what moves is at most what the pair owed.
    Returns what each payer still pays his own receiver.
    """
    rest = dict(owed)
    if ruleset.fleker_liability is FlekerLiability.NONE:
        return rest
    for component in sorted(rung.components, key=COMPONENT_ORDER.index):
        flekers = liable_flekers(hand, ruleset, component)
        if not won.get(component) or not flekers:
            continue
        for payer in hand.payers:
            if payer in flekers:
                continue
            full = _part_value(hand, ruleset, rung, won, payer, component, unfleked=False)
            basic = _part_value(hand, ruleset, rung, won, payer, component, unfleked=True)
            if ruleset.fleker_liability is FlekerLiability.FLEKERS_PAY_ALL:
                basic = 0
            moved = min(max(full - basic, 0), max(rest[payer], 0))
            if not moved:
                continue
            rest[payer] -= moved
            share, odd = divmod(moved, len(flekers))
            receiver = hand.receiver(payer)
            for index, fleker in enumerate(flekers):
                amount = share + (1 if index < odd else 0)
                _transfer(money, frm=fleker, to=receiver, amount=amount)
                lines.append(Line("fleker_pays", value=amount, params={"seat": fleker}))
    return rest


def _part_value(hand: Hand, ruleset: Ruleset, rung: Rung, won: Mapping[Component, bool],
                payer: Seat, component: Component, *, unfleked: bool) -> int:
    return sum(p.value for p in _component_lines(hand, ruleset, rung, won, payer,
                                                 unfleked=unfleked)
               if p.part == component.value)


def _limit(ruleset: Ruleset, units: int | None) -> int | None:
    return None if units is None else units * ruleset.base


def _payer_groups(hand: Hand, ruleset: Ruleset, rung: Rung) -> list[tuple[Seat, ...]]:
    """Payers grouped by the doubling levels that bind them (one group unless per defender)."""
    per_defender = ruleset.per_defender(rung)
    groups: dict[tuple[int, ...], list[Seat]] = {}
    for payer in hand.payers:
        void = _void_for(hand, ruleset, payer)
        key = tuple(0 if void else hand.level_for(d, payer, per_defender)
                    for d in hand.doublings)
        groups.setdefault(key, []).append(payer)
    return [tuple(g) for g in groups.values()]


def _component_lines(
    hand: Hand,
    ruleset: Ruleset,
    rung: Rung,
    won: Mapping[Component, bool],
    payer: Seat,
    *,
    unfleked: bool = False,
) -> list[Line]:
    """The signed value of each component for one payer (positive: he pays the declarer)."""
    per_defender = ruleset.per_defender(rung)
    hearts = ruleset.hearts_factor if rung.hearts else 1
    lost_by_renonc = renonc_loses_hand(hand, ruleset)
    result: list[Line] = []
    as_one = _hundred_seven_as_one(ruleset, rung)
    dropped = game_dropped(hand, ruleset)
    for component in sorted(rung.components, key=COMPONENT_ORDER.index):
        if dropped and component is Component.GAME:
            continue  # a sto announced against the declarer replaces the hra (pagat L93)
        # SZMK B.10: the flek of 100+7 is said to the whole, recorded on the sto.
        doubled = Component.HUNDRED if as_one and component is Component.SEVEN else component
        declared = hand.level_for(hand.doubling(doubled), payer, per_defender)
        cancelled = unfleked or _void_for(hand, ruleset, payer)
        level = 0 if cancelled else min(declared, ruleset.cap_for(component))
        factor = hearts if component in ruleset.hearts_components else 1
        units = ruleset.rates.component(component, rung.hearts, rung.open)
        raw_steps, note = _steps(hand, ruleset, component, won[component], lost_by_renonc,
                                 rung)
        units, steps = _whole_steps(units, raw_steps)
        if rung.open:
            note = "open"
        if (component is Component.SEVEN and not won[component] and hand.seven_killed
                and ruleset.rates.seven_killed is not None and not lost_by_renonc):
            units, note = ruleset.rates.seven_killed, "seven_killed"  # pagat L103
        sign = 1 if won[component] else -1
        params: dict[str, int] = {}
        tens_apart = 0
        if note == "silent_hundred":
            assert hand.points is not None
            winner = hand.points.declarer_total if won[component] else hand.points.defence_total
            params = {"total": winner}
            if level and not ruleset.silent_hundred_tens_doubled:
                # Reading of obecná pravidla V.7: the tiché sto counts at the hra's flek, each
                # ten past 100 only at the (unfleked) rate of a tiché sto.
                tens_apart, steps = steps - SILENT_HUNDRED_STEPS, SILENT_HUNDRED_STEPS
        value = sign * units * factor * (2**level) * steps * ruleset.base
        result.append(Line(component.value, units=units, hearts=factor, level=level,
                           steps=steps, value=value, note=note, won=won[component],
                           params=params))
        if tens_apart:
            result.append(Line("silent_hundred_tens", units=units, hearts=factor, level=0,
                               steps=tens_apart, won=won[component], note="hundred_made",
                               value=sign * units * factor * tens_apart * ruleset.base))
    for announcement in hand.announcements:
        result.append(_announcement_line(hand, ruleset, rung, announcement, payer, unfleked,
                                         lost_by_renonc))
    for honour in hand.honours:  # SloapSlam čtyřka L28-32
        result.append(honour_line(hand, ruleset, rung, honour, payer, unfleked,
                                  lost_by_renonc, _void_for(hand, ruleset, payer)))
    if (Component.SEVEN in rung.components and won.get(Component.SEVEN)
            and unplayed_rule(hand, ruleset, rung) is UnplayedRule.HONOURS_CONCEDED):
        points = seven_points_line(hand, ruleset, rung)  # L20, L64-68
        if points is not None:
            result.append(points)
    if hand.silent_seven is not None and not lost_by_renonc:
        result.append(_silent_seven_line(hand, ruleset, rung, payer, unfleked))
    return result


def _whole_steps(units: int, steps: int | Fraction) -> tuple[int, int]:
    """Half steps (pagat L101: 4+2+2+2) as whole steps of half the rate."""
    fraction = Fraction(steps)
    if fraction.denominator == 1:
        return units, int(fraction)
    assert units % fraction.denominator == 0, "half steps need an even rate"
    return units // fraction.denominator, int(fraction * fraction.denominator)


def _announcement_line(hand: Hand, ruleset: Ruleset, rung: Rung, announcement: Announcement,
                       payer: Seat, unfleked: bool, by_renonc: bool) -> Line:
    """A part the defence announced (sedma proti, sto proti: obecná VII.1, pagat L46).

    Its own chain doubles it; it is won or lost by the defence, so the value is negative
    (the payer receives) when the defence makes it. A sto proti counts as the declarer's sto
    does, with the sides swapped.
    """
    component = announcement.component
    hearts = ruleset.hearts_factor if rung.hearts and component in ruleset.hearts_components else 1
    cancelled = unfleked or _void_for(hand, ruleset, payer)
    level = 0 if cancelled else min(announcement.level, ruleset.cap_for(component))
    units = ruleset.rates.component(component, rung.hearts)
    points = hand.points
    params: dict[str, int] = {"seat": announcement.by}
    steps: int | Fraction = 1
    if by_renonc:
        assert hand.renonc is not None
        won = hand.renonc.offender in hand.declaring_side
        note = "basic_rate"
    elif component is Component.SEVEN:
        won = bool(announcement.won)
        note = "seven_against"
        if (not won and announcement.killed and ruleset.rates.seven_killed is not None):
            units, note = ruleset.rates.seven_killed, "seven_killed"
    elif points is None:
        won, note = bool(announcement.won), "basic_rate"
    else:
        count = points.defence_cards + _counted(points.defence_marriages, ruleset)
        won = count >= HUNDRED_TARGET
        params["total"] = points.defence_total
        if won:
            note = "hundred_against_made"
            steps = _series(ruleset, 1, (points.defence_total - HUNDRED_TARGET) // 10)
        else:
            note = "hundred_against_failed"
            other = (sum(m.value for m in points.declarer_marriages)
                     if ruleset.hundred_failed_counts_opponent_marriages else 0)
            missing = (HUNDRED_TARGET - count + other) // 10
            steps = _series(ruleset, 1, max(missing, 1) - 1)
    units, whole = _whole_steps(units, steps)
    value = (-1 if won else 1) * units * hearts * 2**level * whole * ruleset.base
    return Line(f"{component.value}_against", units=units, hearts=hearts, level=level,
                steps=whole, value=value, note=note, won=won, params=params)


def _steps(
    hand: Hand, ruleset: Ruleset, component: Component, won: bool, by_renonc: bool,
    rung: Rung,
) -> tuple[int | Fraction, str]:
    """How many times the rate counts: tens over or under 100, or tiché sto (obecná V.6, V.7)."""
    points = hand.points
    if by_renonc and ruleset.renonc_game_value is RenoncGameValue.BASIC_AT_LEVELS:
        return 1, "basic_rate"  # obecná VI.3: the game at the reached levels, once
    if component is Component.HUNDRED:
        if points is None:
            return 1, "basic_rate"
        if won:
            steps = 1 + (points.declarer_total - HUNDRED_TARGET) // 10
        elif hand.unannounced_marriage is not None and (
                _hundred_count(hand, ruleset) >= HUNDRED_TARGET):
            # SZMK C.6.e: the defence did not take the tens that beat a sto on the hidden
            # marriage: the basic rate of the sto (or 100+7), no marriages.
            return 1, "basic_rate"
        elif ruleset.hundred_seven_as_one and _hundred_count(hand, ruleset) >= HUNDRED_TARGET:
            # SZMK C.6.c: 100+7 lost on the seven alone costs the basic rate, no marriages.
            return 1, "basic_rate"
        else:
            missing = HUNDRED_TARGET - _hundred_count(hand, ruleset)
            defence = (sum(m.value for m in points.defence_marriages)
                       if ruleset.hundred_failed_counts_opponent_marriages else 0)
            steps = (missing + defence) // 10
        if steps < 1 and (by_renonc or hand.laid_down) and ruleset.renonc_min_basic_rate:
            return 1, "basic_rate"  # ČSM 2023 E.6.b: never below the basic rate
        note = "hundred_made" if won else "hundred_failed"
        return _series(ruleset, 1, max(steps, 1) - 1), note
    if component is Component.GAME and points is not None and not hundred_announced(hand, rung):
        winner_total = points.declarer_total if won else points.defence_total
        rule = ruleset.silent_hundred
        if ruleset.silent_hundred_marriages is not None:
            # pagat L53: one marriage to reach the 100, then all of them for the tens.
            cards, held = ((points.declarer_cards, points.declarer_marriages) if won
                           else (points.defence_cards, points.defence_marriages))
            reached = cards + _counted(held, ruleset, ruleset.silent_hundred_marriages)
        else:
            reached = winner_total
        if reached >= HUNDRED_TARGET and rule is not SilentHundredRule.NONE:
            tens = (winner_total - HUNDRED_TARGET) // 10
            if rule is SilentHundredRule.SERIES:
                # SZMK C.5: a reached 100 is a nahraná stovka, twice the hra (10 c); C.6.b:
                # each further ten is worth one more of it (SZMK 2024 C.1: 110 = 20 c, 120 = 30 c).
                return _series(ruleset, SILENT_HUNDRED_STEPS, tens), "silent_hundred"
            # Obecná pravidla V.7: tiché sto doubles the hra; each ten past 100 adds the
            # tiché sto rate once more.
            per_ten = rule is SilentHundredRule.DOUBLE_PER_TEN
            return SILENT_HUNDRED_STEPS * (1 + tens if per_ten else 1), "silent_hundred"
    return 1, ""


SILENT_HUNDRED_STEPS = 2  # a reached 100 counts the hra twice (obecná V.7, SZMK C.5)


def _series(ruleset: Ruleset, first: int, tens: int) -> int | Fraction:
    """Steps after ``tens`` full tens past 100, ``first`` being the value at 100.

    SZMK C.1 "aritmetickým radom", C.6.b: each ten adds the value at 100 once more (a stovka
    per ten for the announced stovka, a nahraná stovka per ten for a farba). Pagat L101:
    geometric by default, half steps (4+2+2+2) as a variant.
    """
    if ruleset.hundred_series is Series.GEOMETRIC:
        doubled: int = 2**tens  # int ** int is typed Any (a negative power is a float)
        return first * doubled
    if ruleset.hundred_series is Series.HALF_STEP:
        return first + Fraction(first * tens, 2)
    return first * (1 + tens)


def _silent_seven_line(
    hand: Hand, ruleset: Ruleset, rung: Rung, payer: Seat, unfleked: bool
) -> Line:
    """Tichá sedma in a sto contract: half the sedma rate, not doubled (ČSM 2023 A)."""
    silent = hand.silent_seven
    assert silent is not None
    hearts = ruleset.hearts_factor if rung.hearts and ruleset.silent_seven_hearts else 1
    level = 0
    if ruleset.silent_seven_doubled and not unfleked and not _void_for(hand, ruleset, payer):
        per_defender = ruleset.per_defender(rung)
        level = min(hand.level_for(hand.doubling(Component.HUNDRED), payer, per_defender),
                    ruleset.cap_for(Component.HUNDRED))
    declarer_gains = silent.won == (silent.side is Side.DECLARER)
    units = ruleset.rates.silent_seven
    value = (1 if declarer_gains else -1) * units * hearts * 2**level * ruleset.base
    return Line("silent_seven", units=units, hearts=hearts, level=level, steps=1, value=value,
                won=declarer_gains, params={"side": silent.side.value})


def _capped(amount: int, limit: int | None) -> int:
    return amount if limit is None else max(-limit, min(limit, amount))


def _settle_laid_down(
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
        _transfer(money, frm=seat, to=hand.receiver(seat), amount=unfleked[seat])
    rest = sum(owed.values()) - sum(unfleked[s] for s in calm)
    share, odd = divmod(rest, len(flekers))
    for index, seat in enumerate(flekers):
        amount = _capped(share + (1 if index < odd else 0), share_cap)
        _transfer(money, frm=seat, to=hand.receiver(seat), amount=amount)
        lines.append(Line("laid_down_fleker", value=amount, params={"seat": seat}))


def _transfer(money: dict[Seat, int], *, frm: Seat, to: Seat, amount: int) -> None:
    money[frm] -= amount
    money[to] += amount


# -- renonc penalties --------------------------------------------------------------------------


def _settle_penalty(
    hand: Hand, ruleset: Ruleset, money: dict[Seat, int], lines: list[Line]
) -> None:
    """ČSM 2023 E.6.a, E.4: a paušál from the offender to every other player at the table."""
    if hand.renonc is None:
        return
    rule = renonc_rule(hand, ruleset)
    assert rule is not None, "validated"
    if rule.penalty_rate is None or rule.effect in (
            HandEffect.LOST_BY_OFFENDER, HandEffect.PAY_MAX_OF_PAUSAL_AND_CONTRACT):
        return
    units = getattr(ruleset.rates, rule.penalty_rate)
    if hand.renonc.forgiven:
        # SZMK D.1, D.3.a: the offender's first menší of the round is not paid.
        lines.append(Line("renonc_forgiven", units=units, value=0,
                          params={"seat": hand.renonc.offender, "code": rule.code}))
        return
    for renonc in (hand.renonc, *hand.further_renoncs):
        # SloapSlam D4 (L260): each renonc of a dohrávka costs its paušál too.
        extra = ruleset.renonc(renonc.code)
        assert extra is not None, "validated"
        units = getattr(ruleset.rates, extra.penalty_rate) if extra.penalty_rate else 0
        if renonc is not hand.renonc and not units:
            continue
        amount = units * ruleset.base
        for seat in hand.seats:
            if seat != renonc.offender:
                _transfer(money, frm=renonc.offender, to=seat, amount=amount)
        lines.append(Line("renonc_penalty", units=units, value=-amount,
                          params={"seat": renonc.offender, "code": extra.code,
                                  "rate": extra.penalty_rate}))


def _settle_incorrect_flek(
    hand: Hand, ruleset: Ruleset, money: dict[Seat, int], lines: list[Line]
) -> None:
    """SZMK E.2: each incorrect fleker pays the fine to every other player at the table."""
    units = ruleset.rates.incorrect_flek
    amount = units * ruleset.base
    for fleker in hand.incorrect_flek_by:
        for seat in hand.seats:
            if seat != fleker:
                _transfer(money, frm=fleker, to=seat, amount=amount)
        lines.append(Line("incorrect_flek_fine", units=units, value=-amount,
                          params={"seat": fleker}))


def _settle_late(hand: Hand, ruleset: Ruleset, money: dict[Seat, int], lines: list[Line]) -> None:
    """SZMK E.5: the late player pays every other player per started minute."""
    if hand.late is None:
        return
    units = ruleset.rates.late_minute * hand.late.minutes
    amount = units * ruleset.base
    for seat in hand.seats:
        if seat != hand.late.seat:
            _transfer(money, frm=hand.late.seat, to=seat, amount=amount)
    lines.append(Line("late", units=units, value=-amount,
                      params={"seat": hand.late.seat, "minutes": hand.late.minutes}))


# -- premium points ----------------------------------------------------------------------------


def _grant_premium(
    hand: Hand,
    ruleset: Ruleset,
    award: PremiumAward,
    premium: dict[Seat, Fraction],
    lines: list[Line],
) -> tuple[bool, bool]:
    """Apply ČSM 2023 E.6.e/f: after a renonc only the innocent side scores, 50+ PB by ruling."""
    threshold = ruleset.premium_referee_threshold
    pending = False
    described = False
    for seat, value in award.per_seat.items():
        if value <= 0:
            continue
        if needs_sheet_description(value, threshold):
            described = True
        if hand.renonc is not None:
            offender_side = _side(hand, hand.renonc.offender)
            if _side(hand, seat) is offender_side:
                lines.append(Line("premium_refused_offender", params={"seat": seat,
                                                                       "pb": value}))
                continue
            if hand.premium_ruling is False:
                lines.append(Line("premium_refused_ruling", params={"seat": seat,
                                                                     "pb": value}))
                continue
            if value >= threshold and hand.premium_ruling is None:
                pending = True
                lines.append(Line("premium_pending", params={"seat": seat, "pb": value}))
                continue
        premium[seat] += value
    for item in award.lines:
        lines.append(Line("premium", params={"seat": item.seat, "pb": item.value,
                                             "row": item.row, "note_cs": item.note_cs,
                                             "note_en": item.note_en}))
    return pending, described


def _grant_seat_premium(
    hand: Hand,
    ruleset: Ruleset,
    award: PremiumAward,
    premium: dict[Seat, Fraction],
    lines: list[Line],
) -> tuple[bool, bool]:
    """SloapSlam D5-D6 (L262-264) for per-seat PB: the offender of a renonc never scores
    (his minus points stay); after a renonc a game of more than ``premium_referee_threshold``
    PB scores only by the referee's ruling (``Hand.premium_ruling``). B/1 (L168): 50 and more
    is described on the sheet."""
    threshold = ruleset.premium_referee_threshold
    pending = False
    big = max((v for v in award.per_seat.values() if v > 0), default=Fraction(0))
    described = needs_sheet_description(big, threshold)
    for seat, value in award.per_seat.items():
        if value > 0 and hand.renonc is not None:
            if seat == hand.renonc.offender:  # D5 "nemá nárok na body v žádném případě"
                lines.append(Line("premium_refused_offender", params={"seat": seat,
                                                                       "pb": value}))
                continue
            if hand.premium_ruling is False:
                lines.append(Line("premium_refused_ruling", params={"seat": seat,
                                                                     "pb": value}))
                continue
            if value > threshold and hand.premium_ruling is None:  # D6 "více jak 50 PB"
                pending = True
                lines.append(Line("premium_pending", params={"seat": seat, "pb": value}))
                continue
        premium[seat] += value
    for item in award.lines:
        lines.append(Line("premium", params={"seat": item.seat, "pb": item.value,
                                             "row": item.row, "note_cs": item.note_cs,
                                             "note_en": item.note_en}))
    return pending, described


def _side(hand: Hand, seat: Seat) -> Side:
    return Side.DECLARER if seat in hand.declaring_side else Side.DEFENCE
