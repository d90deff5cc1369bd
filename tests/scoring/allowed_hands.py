"""Hands the rules allow, built so by construction (issue 23: "no hand that the rules allow is
refused").

``allowed_hands(ruleset)`` draws as ``situation_hands`` does (tests/scoring/strategies.py: the
ladder, doublings, points, renoncs, PB facts, and the situations issue 23 made recordable), then
makes every fact agree with the ruleset's rules instead of filtering: each step below names the
rule it follows. Nothing is thrown away (only an omyl is drawn again where the rules have
none), so a property test over these hands fails when the
validator refuses a hand the texts allow, or when such a hand does not settle to a zero sum.
Rule lines: "OBE" = ČSM obecná pravidla, "PAG" = pagat, "SLS" = SloapSlam (docs/sources.md).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from hypothesis import strategies as st

from scoring.hand import Hand, Marriage, Points, PremiumFacts
from scoring.honours import honours_conceded, seven_trumps
from scoring.ruleset import CONCESSION, Ruleset, Rung
from scoring.types import Component, HandEffect, RenoncKind, Side, Suit
from scoring.validation.outcome import LAST_TRICK, last_trick_facts, outcome_implied
from scoring.validation.renonc import renonc_rule
from scoring.variants import unplayed_rule
from tests.scoring.strategies import (
    _RESULT_FIELD,
    _SITUATION,
    SITUATIONS,
    TABLES,
    _four_playing,
    _game_won,
    _hands,
)

_PLAY_FACTS: dict[str, Any] = dict(
    doublings=(), points=None, game_won=None, seven_won=None, silent_seven=None, betl_won=None,
    durch_won=None, two_sevens_won=None, laid_down=False, not_played=False, announcements=(),
    seven_by=None, trick8=None, partner=None, helper=None, trump=None, bid=None)


@st.composite
def allowed_hands(draw: st.DrawFn, ruleset: Ruleset) -> Hand:
    """A hand ``check(hand, ruleset)`` must accept: every fact as the ruleset's rules allow."""
    players = st.just(4) if ruleset.partnerships else TABLES
    hand = draw(_hands(ruleset, players))
    if hand.contract == CONCESSION and not ruleset.concession_rungs:
        # ČSM 2023 B.8: an omyl only where the rules know one (not SZMK, not volený)
        hand = draw(_hands(ruleset, players).filter(lambda h: h.contract != CONCESSION))
    if ruleset.partnerships:
        hand = _four_playing(draw, hand)
        if hand.partner is None and draw(st.booleans()):  # OBE VII.2 L244: usually a pair
            others = [s for s in hand.seats if s != hand.declarer]
            hand = dataclasses.replace(hand, partner=draw(st.sampled_from(others)))
    rung = _rung(ruleset, hand)
    if rung is not None:
        for name in draw(st.lists(st.sampled_from(SITUATIONS), min_size=1, max_size=3,
                                  unique=True)):
            hand = _SITUATION[name](draw, ruleset, hand)
    return _conform(draw, ruleset, hand)


def _rung(ruleset: Ruleset, hand: Hand) -> Rung | None:
    return ruleset.rung(hand.contract) if hand.contract not in (None, CONCESSION) else None


def _conform(draw: st.DrawFn, ruleset: Ruleset, hand: Hand) -> Hand:
    rung = _rung(ruleset, hand)
    hand = _renoncs(draw, ruleset, hand)
    if rung is None:
        # ČSM 2023 E.3.f, B.8: a penalty line or an omyl records no play
        return dataclasses.replace(hand, **{k: v for k, v in _PLAY_FACTS.items()
                                            if k not in ("bid",)},
                                   premium=PremiumFacts())
    hand = _seats(draw, ruleset, rung, hand)
    hand = _contract_facts(ruleset, rung, hand)
    hand = _doublings(ruleset, rung, hand)
    hand = _announcements(ruleset, rung, hand)
    hand = _points(draw, ruleset, rung, hand)
    hand = _unplayed(ruleset, rung, hand)
    hand = _results(draw, ruleset, rung, hand)
    hand = _last_trick(ruleset, hand)
    hand = _results(draw, ruleset, rung, hand)  # the points may have moved
    return _premium(draw, ruleset, rung, hand)


def _seats(draw: st.DrawFn, ruleset: Ruleset, rung: Rung, hand: Hand) -> Hand:
    if ruleset.trump_game_forehand_only and rung.has_trumps and hand.declarer != hand.forehand:
        # OBE VII.1, PAG L25: the trumps are the forehand's choice. Move the deal so that the
        # declarer is forehand (the dealer sits out at four, the declarer does not).
        dealer = (hand.declarer - 2) % hand.players + 1
        hand = dataclasses.replace(hand, dealer=dealer)
    if not ruleset.partnerships:
        return hand
    partner = hand.partner
    if not rung.has_trumps or partner == hand.declarer:
        partner = None  # OBE L244, L250-253: betl and durch are played alone
    trick8 = hand.trick8 if rung.clever else None  # OBE L251-253: only a durch s chytrým
    if rung.clever and hand.durch_won and trick8 is None:
        trick8 = draw(st.sampled_from([s for s in hand.seats if s != hand.declarer]))
    return dataclasses.replace(hand, partner=partner, trick8=trick8,
                               seven_by=hand.seven_by if hand.seven_by == partner else None)


def _contract_facts(ruleset: Ruleset, rung: Rung, hand: Hand) -> Hand:
    bid = ruleset.rung(hand.bid) if hand.bid else None
    helper = hand.helper
    if Component.TWO_SEVENS not in rung.components:
        helper = None  # ČSM 2023 D: a helper suit only in dvě sedmy
    seven_by = hand.seven_by if Component.SEVEN in rung.components else None  # SLS L42
    silent = hand.silent_seven
    if silent is not None and (rung.announces_seven or not rung.has_trumps):
        silent = None  # ČSM 2023 A: no tichá sedma beside an announced one, none without trumps
    return dataclasses.replace(
        hand, bid=hand.bid if bid is not None and bid.rank <= rung.rank else None,  # B.7
        helper=helper, seven_by=seven_by, silent_seven=silent)


def _doublings(ruleset: Ruleset, rung: Rung, hand: Hand) -> Hand:
    out = []
    for d in hand.doublings:
        if d.component not in rung.components:
            continue
        if (d.component is Component.SEVEN and ruleset.hundred.seven_as_one
                and Component.HUNDRED in rung.components):
            continue  # SZMK B.10: 100+7 is fleked as a whole, on the sto
        allowed = set(hand.auction_defenders) - {hand.partner}  # OBE VII.2 L246-248
        by = tuple(s for s in d.by if s in allowed)
        per = tuple((s, lv) for s, lv in d.per_defender if s in allowed)
        if hand.laid_down and d.level and not by:
            by = (min(allowed),)  # ČSM 2023 C.5: the flekers of a laid-down hand are named
        forced = tuple(s for s in d.forced if s in by) if d.level else ()  # SLS B/19
        out.append(dataclasses.replace(d, by=by, per_defender=per, forced=forced))
    return dataclasses.replace(hand, doublings=tuple(out))


def _announcements(ruleset: Ruleset, rung: Rung, hand: Hand) -> Hand:
    kept = []
    counts = bool(rung.components & {Component.GAME, Component.HUNDRED})
    for a in hand.announcements:
        if a.component not in ruleset.defence_announcements or not rung.has_trumps:
            continue  # OBE L239-241, L250: only the announcements the rules give the defence
        if a.component is Component.SEVEN and (rung.announces_seven
                                               or hand.silent_seven is not None):
            continue  # one sedma per hand
        if a.component is Component.HUNDRED and not counts:
            continue  # a sto is counted on the points of a game
        if a.by not in hand.defenders:
            continue
        kept.append(a)
    return dataclasses.replace(hand, announcements=tuple(kept))


def _points(draw: st.DrawFn, ruleset: Ruleset, rung: Rung, hand: Hand) -> Hand:
    points = hand.points
    counts = bool(rung.components & {Component.GAME, Component.HUNDRED})
    if not counts or _no_result(ruleset, hand):
        return dataclasses.replace(hand, points=None)
    if points is None and (Component.HUNDRED in rung.components or any(
            a.component is Component.HUNDRED for a in hand.announcements)):
        points = Points(draw(st.integers(0, 9)) * 10)
    if (points is not None and ruleset.hundred.needs_marriage
            and Component.HUNDRED in rung.components and not points.declarer_marriages
            and hand.unannounced_marriage is None):
        # SZMK 2024 C.6.d: the sto is played on a marriage of the declarer's (else a renonc)
        theirs = points.defence_marriages
        taken = {m.suit for m in theirs if m.value == 20}
        options = [] if any(m.value == 40 for m in theirs) else [Marriage(40, hand.trump)]
        if sum(1 for m in theirs if m.value == 20) < 3:  # three plain suits at most
            options += [Marriage(20, s) for s in Suit if s is not hand.trump and s not in taken]
        if options:
            mine: tuple[Marriage, ...] = (draw(st.sampled_from(options)),)
        else:
            mine, theirs = theirs[:1], theirs[1:]
        points = dataclasses.replace(points, declarer_marriages=mine, defence_marriages=theirs)
    return dataclasses.replace(hand, points=points)


def _renoncs(draw: st.DrawFn, ruleset: Ruleset, hand: Hand) -> Hand:
    renonc = hand.renonc
    if renonc is None:
        return dataclasses.replace(hand, further_renoncs=(), premium_ruling=None)
    rule = ruleset.renonc(renonc.code)
    assert rule is not None
    rung = _rung(ruleset, hand)
    if rule.kind is RenoncKind.IN_PLAY and hand.laid_down:
        hand = dataclasses.replace(hand, laid_down=False)  # ČSM 2023 C.4: no play to err in
    if rule.code == ruleset.hundred.without_marriage_renonc and rung is not None:
        if Component.HUNDRED not in rung.components:
            return dataclasses.replace(hand, renonc=None, further_renoncs=(),
                                       premium_ruling=None)
        renonc = dataclasses.replace(renonc, offender=hand.declarer)  # SZMK C.6.d
    if rule.effect is HandEffect.LOST_BY_OFFENDER and hand.contract is None:
        return dataclasses.replace(hand, renonc=None, further_renoncs=(), premium_ruling=None)
    played_out = renonc.played_out and rule.effect is HandEffect.LOST_UNLESS_PLAYED_OUT  # D4
    renonc = dataclasses.replace(renonc, played_out=played_out, decisive=False)
    further = hand.further_renoncs
    if not played_out and ruleset.first_in_play_renonc_only:
        # ČSM 2023 E.6.d: only the first renonc in play counts; E.6.a: a technical one beside
        # it costs its paušál
        further = tuple(f for f in further if ruleset.renonc(f.code).pausal_only)  # type: ignore[union-attr]
    further = tuple(dataclasses.replace(f, decisive=False) for f in further)
    last = hand.further_renoncs[-1] if hand.further_renoncs else None
    if (played_out and further and last is not None and last.decisive
            and ruleset.renonc(last.code).effect is HandEffect.LOST_UNLESS_PLAYED_OUT):  # type: ignore[union-attr]
        further = (*further[:-1], last)  # SLS D4 L260: the last one may end the dohrávka
    hand = dataclasses.replace(hand, renonc=renonc, further_renoncs=further)
    if _no_result(ruleset, hand) and hand.contract:
        # SZMK D.4.a, D.4.d: the hand is replayed or not played: it has no result
        hand = dataclasses.replace(hand, points=None, game_won=None, seven_won=None,
                                   betl_won=None, durch_won=None, two_sevens_won=None,
                                   laid_down=False, not_played=False, silent_seven=None)
    return hand


def _no_result(ruleset: Ruleset, hand: Hand) -> bool:
    rule = renonc_rule(hand, ruleset)
    return rule is not None and rule.effect in (HandEffect.REPLAYED, HandEffect.NOT_PLAYED)


def _unplayed(ruleset: Ruleset, rung: Rung, hand: Hand) -> Hand:
    if hand.not_played and unplayed_rule(hand, ruleset, rung) is None:
        return dataclasses.replace(hand, not_played=False)  # OBE V.12: only as the rule says
    return hand


def _results(draw: st.DrawFn, ruleset: Ruleset, rung: Rung, hand: Hand) -> Hand:
    implied = outcome_implied(hand, ruleset)
    results: dict[str, Any] = {}
    for component, field in _RESULT_FIELD.items():
        value = getattr(hand, field)
        if component not in rung.components:
            results[field] = None
        elif component is Component.GAME and hand.points is not None:
            if value is not None:
                results[field] = _game_won(hand.points, ruleset)
        elif value is None and not implied:
            results[field] = True if hand.laid_down else draw(st.booleans())
        elif hand.laid_down and value is False:
            results[field] = True  # ČSM 2023 C.4: a laid-down game is won
    return dataclasses.replace(hand, **results)


def _last_trick(ruleset: Ruleset, hand: Hand) -> Hand:
    """OBE III.1, V.8: the side that took the last trick has its 10 card points."""
    facts = last_trick_facts(hand, ruleset)
    if hand.laid_down and hand.silent_seven is not None and any(
            side is Side.DEFENCE for _, _, side in facts):
        silent = hand.silent_seven
        hand = dataclasses.replace(hand, silent_seven=dataclasses.replace(
            silent, won=silent.side is Side.DECLARER))  # the declarer took every trick
        facts = last_trick_facts(hand, ruleset)
    points = hand.points
    if points is None or not facts:
        return hand
    side = facts[0][2]
    cards = points.declarer_cards
    cards = max(cards, LAST_TRICK) if side is Side.DECLARER else min(cards, 90 - LAST_TRICK)
    return dataclasses.replace(hand, points=dataclasses.replace(points, declarer_cards=cards))


def _premium(draw: st.DrawFn, ruleset: Ruleset, rung: Rung, hand: Hand) -> Hand:
    premium = hand.premium
    claims = tuple(s for s in premium.defender_claims if s in hand.defenders)
    premium = dataclasses.replace(premium, defender_claims=claims)
    hand = dataclasses.replace(hand, premium=premium)
    if (ruleset.accepted_seven_points and Component.SEVEN in rung.components
            and honours_conceded(hand, ruleset, rung) and seven_trumps(hand) is None):
        # SLS L46, L64-68: the accepted seven is paid by its announcer's trumps
        trumps = draw(st.integers(1, 8))
        if hand.seven_by is None:
            premium = dataclasses.replace(premium, trumps=trumps)
        else:
            premium = dataclasses.replace(premium, seat_trumps=((hand.seven_by, trumps),))
        hand = dataclasses.replace(hand, premium=premium)
    return hand

