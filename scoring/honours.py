"""SloapSlam's two club games: the čtyřka's honers and the bodovaný křížový's payment rules.

What is here (docs/sloapslam-ctyrka.md, docs/sloapslam-krizovy.md and docs/families.md §8.2 c, d, h,
i, j, l, m, n): the honers osma and devítka with their rates by the announcer's trumps, the hand the
čtyřka does not play (L20-24) with its accepted seven paid per premium point, the presumed-result
renonc (L38), B/20's fleked hand without re, B/10's fleker liability and the rounding of a round's
money to whole crowns. Lines ("L28") cite ``rules/sloapslam-krizovy-a-honerovy.txt`` by ``cat -n``.
The money itself stays in :mod:`scoring.settle`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from scoring.errors import Problem
from scoring.explain import Line
from scoring.hand import HONOUR_ORDER, Announcement, Doubling, Hand, Honour, Seat
from scoring.messages import register
from scoring.money import round_minor  # the standings apply it too, per player per round
from scoring.raises import check_chain
from scoring.ruleset import Ruleset, Rung
from scoring.types import Component, HandEffect, Rank, UnplayedRule

# The parts a conceded čtyřka may hold besides its honers (L20-24): hra and sedma only.
_CONCEDABLE = frozenset({Component.GAME, Component.SEVEN})


def honours_conceded(hand: Hand, ruleset: Ruleset, rung: Rung) -> bool:
    """Whether the čtyřka settles ``hand`` without play (L20-24, docs/sloapslam-ctyrka.md "Rates and
    payment").

    The contract is hra with honers only (the sedma and announced osma / devítka), none of
    them fleked nor announced by the defence, and the hra accepted or fleked once without re.
    A bare accepted hra (nothing announced, nothing fleked) is not played either: the defence
    pays its rate (L20 "Hra se nehraje a protistrana rovnou platí danou sazbu"; the research
    default of docs/sloapslam-ctyrka.md "Hands not played").
    """
    if UnplayedRule.HONOURS_CONCEDED not in ruleset.unplayed_rules:
        return False
    if (not rung.components <= _CONCEDABLE or Component.GAME not in rung.components
            or hand.announcements or renonc_plays(hand, ruleset) or hand.laid_down
            or hand.doublings_cancelled):
        return False
    if hand.doubling(Component.SEVEN).level or any(h.level for h in hand.honours):
        return False
    if any(h.by not in hand.declaring_side for h in hand.honours):
        return False
    return hand.doubling(Component.GAME).level <= 1


def renonc_plays(hand: Hand, ruleset: Ruleset) -> bool:
    """Whether a renonc makes a hand that the rules would not play a played one, lost by the
    offender's side (``renonc_unplayed_loses_game``, docs/readings.md §9.51)."""
    return hand.renonc is not None and ruleset.renonc_unplayed_loses_game


def fleked_without_re(hand: Hand, ruleset: Ruleset, rung: Rung) -> bool:
    """SloapSlam B/20 (L206): something was fleked and nothing got a re: not played."""
    if UnplayedRule.FLEKED_WITHOUT_RE not in ruleset.unplayed_rules:
        return False
    if renonc_plays(hand, ruleset) or hand.laid_down or hand.doublings_cancelled:
        return False
    levels = [d.level for d in hand.doublings if not _dropped_game_re(hand, ruleset, d)]
    levels += [a.level for a in hand.announcements] + [h.level for h in hand.honours]
    return bool(levels) and max(levels) == 1


def _dropped_game_re(hand: Hand, ruleset: Ruleset, doubling: Doubling) -> bool:
    """SLS B/20 (L206) with B/22 (L210): a hra that a sto proti replaced counts for nothing,
    its raises too, unless ``dropped_game_re_plays`` (the default: its re plays the hand;
    docs/readings.md §9.52)."""
    return (not ruleset.dropped_game_re_plays and doubling.component is Component.GAME
            and ruleset.hundred_replaces_game
            and any(a.component is Component.HUNDRED for a in hand.announcements))


def conceded_results(hand: Hand, rung: Rung, rule: UnplayedRule) -> dict[Component, bool]:
    """Who concedes what in a hand not played: the fleked parts are lost by their announcer
    (B/20; the čtyřka's fleked hra, L22), the accepted ones won (L24)."""
    del rule  # both rules read the same: a flek without re concedes, an acceptance pays
    return {c: hand.doubling(c).level == 0 for c in rung.components}


def conceded_hand(hand: Hand, rung: Rung, rule: UnplayedRule) -> tuple[Hand, dict[Component,
                                                                                 bool]]:
    """The hand with its conceded results filled in, and the results of the contract."""
    won = conceded_results(hand, rung, rule)
    honours = tuple(dataclasses.replace(h, won=h.level == 0) for h in hand.honours)
    announcements = tuple(Announcement(a.component, a.by, a.level, a.raises, a.level == 0)
                          for a in hand.announcements)
    return dataclasses.replace(hand, honours=honours, announcements=announcements,
                               points=None), won


# -- lines -------------------------------------------------------------------------------------


def honour_raised(ruleset: Ruleset, honour: Honour) -> bool:
    """L30, L46: the raised rate on 3 or fewer trumps of the honer's announcer."""
    return honour.trumps is not None and honour.trumps <= ruleset.honour_raised_at_most


def honour_line(hand: Hand, ruleset: Ruleset, rung: Rung, honour: Honour, payer: Seat,
                unfleked: bool, by_renonc: bool, void: bool) -> Line:
    """An honer's value for one payer (positive: he pays the declaring side).

    L28-30: 2 / 4 Kč, raised 4 / 6 on 3 or fewer trumps; its own chain doubles it; won by the
    announcer's side when the card took its trick (L32).
    """
    raised = honour_raised(ruleset, honour)
    units = ruleset.rates.honour_rate(False, raised)
    hearts_units = ruleset.rates.honour_rate(True, raised) if rung.hearts else units
    component = Component.SEVEN  # its cap: the honers are raised like the sedma
    level = 0 if unfleked or void else min(honour.level, ruleset.cap_for(component))
    declaring = honour.by in hand.declaring_side
    if by_renonc:
        assert hand.renonc is not None
        won = (hand.renonc.offender in hand.declaring_side) != declaring
    else:
        won = bool(honour.won)
    gains = won == declaring
    value = (1 if gains else -1) * hearts_units * 2**level * ruleset.base
    note = "honour_raised" if raised else "honour"
    return Line(honour.rank.value, units=hearts_units, hearts=1, level=level, steps=1,
                value=value, note=note, won=won,
                params={"seat": honour.by, "trumps": honour.trumps or 0})


def seven_trumps(hand: Hand) -> int | None:
    """The trumps of the seven's announcer (L42, L46: "na ruce hráče, který sedmu hlásil"; the
    partner's trumps do not add): ``premium.trumps`` for the declarer, ``seat_trumps`` for a
    partner who announced it (``Hand.seven_by``)."""
    return hand.premium.trumps_of(hand.seven_announcer, hand.declarer)


def seven_points(hand: Hand, ruleset: Ruleset) -> int:
    """Premium points of an accepted seven (L62-68): by its announcer's trumps (L46) and
    whether the announcer leads himself (L56: bez výnosu otherwise, "i když vynáší
    spoluhráč")."""
    trumps = seven_trumps(hand)
    if trumps is None:
        return 0
    own_lead = hand.seven_announcer == hand.forehand
    for count, with_lead, without in ruleset.accepted_seven_points:
        if count == trumps:
            return with_lead if own_lead else without
    return 0


def seven_points_line(hand: Hand, ruleset: Ruleset, rung: Rung) -> Line | None:
    """L20, L64-68: the accepted seven of a hand not played pays 2 Kč per point (hearts 4)."""
    points = seven_points(hand, ruleset)
    if not points or not ruleset.rates.seven_point:
        return None
    hearts = ruleset.hearts_factor if rung.hearts else 1
    units = ruleset.rates.seven_point
    return Line("seven_points", units=units, hearts=hearts, steps=points,
                value=units * hearts * points * ruleset.base, won=True,
                note="seven_points",
                params={"trumps": seven_trumps(hand) or 0, "points": points})


# -- the presumed-result renonc (L38) ----------------------------------------------------------


def presumed_result(hand: Hand, ruleset: Ruleset) -> bool:
    rule = ruleset.renonc(hand.renonc.code) if hand.renonc else None
    return rule is not None and rule.effect is HandEffect.PRESUMED_RESULT


def presumed_transfers(hand: Hand, owed: Mapping[Seat, int]
                       ) -> list[tuple[Seat, Seat, int]]:
    """L38: each pair's payment of the presumed play, moved onto the offender.

    His side would have lost: he pays every winner for his whole side. It would have won: the
    innocent side pays nothing, and he pays his partner that partner's share.
    """
    assert hand.renonc is not None
    offender = hand.renonc.offender
    out = []
    for payer, amount in owed.items():
        receiver = hand.receiver(payer)
        loser, winner = (payer, receiver) if amount >= 0 else (receiver, payer)
        side = hand.declaring_side if loser in hand.declaring_side else tuple(
            s for s in hand.seats if s not in hand.declaring_side)
        if offender in side:
            frm, to = offender, winner
        elif winner == offender:
            continue
        else:
            frm, to = offender, winner
        if frm != to and amount:
            out.append((frm, to, abs(amount)))
    return out


# -- fleker liability (SloapSlam B/10) ---------------------------------------------------------


def liable_flekers(hand: Hand, ruleset: Ruleset, component: Component) -> tuple[Seat, ...]:
    """The defenders B/10 makes pay for their partners on ``component``: who fleked it of
    their own will (B/19 L204: a trhák's compulsory flek does not count)."""
    if component not in ruleset.scored_components:
        return ()
    doubling = hand.doubling(component)
    if doubling.level == 0:
        return ()
    # A durch s chytrým's trick-8 taker fleked, then paid with the declarer (OBE L251-253):
    # he has no partners among the payers to pay for.
    forced = hand.forced_on(component)  # per part: his free fleks elsewhere still count
    return tuple(s for s in doubling.by if s not in forced and s in hand.payers)


# -- the round's money in whole crowns (SloapSlam Čl. V L274, čtyřka L14) ----------------------


def round_money(amount: int, ruleset: Ruleset) -> int:
    """A player's money rounded to the ruleset's unit, halves away from zero (the research
    default for "zaokrouhlí na celé koruny dohodou", docs/sloapslam-krizovy.md "Tournament
    result")."""
    return round_minor(amount, ruleset.money_rounding)


# -- checks ------------------------------------------------------------------------------------


def check_honours(hand: Hand, ruleset: Ruleset, rung: Rung | None, implied: bool,
                  errors: list[Problem]) -> None:
    """Honers against the ruleset and the contract; the seven's trump count when conceded."""
    seen: set[Rank] = set()
    for index, honour in enumerate(hand.honours):
        where = f"honours.{index}"
        if honour.rank not in ruleset.honours or honour.rank not in HONOUR_ORDER:
            errors.append(Problem("honour_not_in_rules", where, {"rank": honour.rank.value}))
            continue
        if rung is None or not rung.has_trumps:
            errors.append(Problem("honour_no_trumps", where, {}))
            continue
        if honour.rank in seen:
            errors.append(Problem("honour_twice", where, {"rank": honour.rank.value}))
        seen.add(honour.rank)
        if not 1 <= honour.by <= hand.players or honour.by == hand.sitter:
            errors.append(Problem("seat_range", f"{where}.by",
                                  {"seat": honour.by, "players": hand.players}))
            continue
        if honour.trumps is None:
            errors.append(Problem("honour_trumps_missing", f"{where}.trumps", {}))
        elif not 1 <= honour.trumps <= 8:
            errors.append(Problem("honour_trumps_range", f"{where}.trumps", {}))
        if honour.level < 0:
            errors.append(Problem("doubling_negative", where, {}))
        check_chain(hand, ruleset, honour.raises, honour.level,
                    owner_declarer=honour.by in hand.declaring_side, where=where,
                    errors=errors)
        if honour.won is None and not implied:
            errors.append(Problem("honour_result_missing", f"{where}.won", {}))
    if (rung is not None and ruleset.accepted_seven_points
            and Component.SEVEN in rung.components and honours_conceded(hand, ruleset, rung)
            and seven_trumps(hand) is None):
        # L46, L64-68: the points of the accepted seven follow from its announcer's trumps.
        field = ("premium.trumps" if hand.seven_by is None
                 else f"premium.seat_trumps.{hand.seven_by}")
        errors.append(Problem("seven_trumps_missing", field, {}))


def check_seven_by(hand: Hand, rung: Rung | None, errors: list[Problem]) -> None:
    """A seven announced by the declarer's partner (SLS L42, L46): the contract has a sedma
    and the seat is the declarer's partner."""
    if hand.seven_by is None:
        return
    if rung is None or Component.SEVEN not in rung.components:
        errors.append(Problem("seven_by_without_seven", "seven_by", {}))
    elif hand.partner is None or hand.seven_by != hand.partner:
        errors.append(Problem("seven_by_not_partner", "seven_by", {"seat": hand.seven_by}))


register({
    "honour_not_in_rules": {
        "cs": "Honéry ({rank}) tato pravidla neznají.",
        "sk": "Honery ({rank}) tieto pravidlá nepoznajú.",
        "en": "These rules have no honers ({rank}).",
    },
    "honour_no_trumps": {
        "cs": "Honér patří jen ke hře s trumfy.",
        "sk": "Honer patrí len k hre s tromfami.",
        "en": "A honer needs a trump game.",
    },
    "honour_twice": {
        "cs": "Tento honér ({rank}) je zapsán dvakrát.",
        "sk": "Tento honer ({rank}) je zapísaný dvakrát.",
        "en": "This honer ({rank}) is recorded twice.",
    },
    "honour_trumps_missing": {
        "cs": "U honéru chybí počet trumfů hráče, který jej hlásil.",
        "sk": "Pri honeri chýba počet tromfov hráča, ktorý ho hlásil.",
        "en": "The honer needs its announcer's number of trumps.",
    },
    "honour_trumps_range": {
        "cs": "Počet trumfů musí být 1 až 8.",
        "sk": "Počet tromfov musí byť 1 až 8.",
        "en": "The number of trumps must be 1 to 8.",
    },
    "honour_result_missing": {
        "cs": "U honéru chybí, zda vzal svůj zdvih.",
        "sk": "Pri honeri chýba, či vzal svoj zdvih.",
        "en": "The honer's result (did it take its trick?) is missing.",
    },
    "seven_by_without_seven": {
        "cs": "Hlásič sedmy patří jen k závazku se sedmou.",
        "sk": "Hlásič sedmy patrí len k záväzku so sedmou.",
        "en": "Who announced the seven needs a contract with a seven.",
    },
    "seven_by_not_partner": {
        "cs": "Sedmu strany aktéra hlásí aktér nebo jeho spoluhráč (ne hráč {seat}).",
        "sk": "Sedmu strany aktéra hlási aktér alebo jeho spoluhráč (nie hráč {seat}).",
        "en": "The declaring side's seven is announced by the declarer or his partner "
              "(not seat {seat}).",
    },
    "seven_trumps_missing": {
        "cs": "Schválená sedma se platí podle počtu trumfů: zapište je.",
        "sk": "Schválená sedma sa platí podľa počtu tromfov: zapíšte ich.",
        "en": "An accepted seven is paid by its trumps: record them.",
    },
    "renonc_played_out_not_in_rules": {
        "cs": "Dohrávku po renonci tato pravidla neznají.",
        "sk": "Dohrávku po renonce tieto pravidlá nepoznajú.",
        "en": "These rules have no playing out after a renonc.",
    },
    "further_renonc_without_played_out": {
        "cs": "Další renonc patří jen do dohrávky (po renonci s dohrávkou); jinak se počítá "
              "jen první renonc hry (pravidla turnaje).",
        "sk": "Ďalšia renonce patrí len do dohrávky (po renonce s dohrávkou); inak sa počíta "
              "len prvá renonce hry (pravidlá turnaja).",
        "en": "A further renonc belongs only to a hand played out after a renonc; otherwise "
              "only the first renonc of a hand counts (the tournament's rules).",
    },
    "forced_not_fleker": {
        "cs": "Hráč {seat} má povinný flek, ale žádný flek nedal.",
        "sk": "Hráč {seat} má povinný flek, ale žiadny flek nedal.",
        "en": "Seat {seat} is marked as a compulsory fleker but did not flek.",
    },
    "line_honours_conceded": {
        "cs": "nehraje se: obrana platí, co schválila (hru, sedmu, honéry); flekovaná hra "
              "bez re je prohraná",
        "sk": "nehrá sa: obrana platí, čo schválila (hru, sedmu, honery); flekovaná hra bez "
              "re je prehraná",
        "en": "not played: the defence pays what it accepted (the hra, the seven, the "
              "honers); a hra fleked without re is lost",
    },
    "line_fleked_without_re": {
        "cs": "flekovaná hra bez re se nehraje: flekované části prohrány, schválené uhrány",
        "sk": "flekovaná hra bez re sa nehrá: flekované časti prehrané, schválené uhrané",
        "en": "fleked without re, not played: fleked parts lost, accepted parts won",
    },
    "line_renonc_presumed": {
        "cs": "renonc hráče {seat}: platí se předpokládaná sehrávka, za svou stranu platí "
              "autor renoncu",
        "sk": "renonce hráča {seat}: platí sa predpokladaná zohrávka, za svoju stranu platí "
              "autor renonce",
        "en": "renonc by seat {seat}: the presumed play is paid, the offender paying for "
              "his side",
    },
    "line_fleker_pays": {
        "cs": "hráč {seat} flekoval a platí i za spoluhráče nad neflekovanou sazbu: {amount}",
        "sk": "hráč {seat} flekoval a platí aj za spoluhráča nad neflekovanú sadzbu: {amount}",
        "en": "seat {seat} fleked and pays for his partners above the unfleked value: "
              "{amount}",
    },
    "note_honour": {"cs": "hlásil hráč {seat}, {trumps} trumfů",
                    "sk": "hlásil hráč {seat}, {trumps} tromfov",
                    "en": "announced by seat {seat}, {trumps} trumps"},
    "note_honour_raised": {"cs": "hlásil hráč {seat}, {trumps} trumfy: zvýšený základ",
                           "sk": "hlásil hráč {seat}, {trumps} tromfy: zvýšený základ",
                           "en": "announced by seat {seat}, {trumps} trumps: raised rate"},
    "note_seven_points": {"cs": "{points} b. na {trumps} trumfy", "sk": "{points} b. na {trumps} "
                          "tromfy", "en": "{points} points on {trumps} trumps"},
})
