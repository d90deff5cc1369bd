"""Hypothesis strategies for recorded hands, shared by the notation and settlement tests.

``valid_hands`` builds hands that are valid by construction (every ladder rung, omyl and
renonc-only lines, doublings 0-4 per component with who doubled and per-defender levels,
points with marriages by suit or bare value, silent seven, laid-down and not-played hands,
PB facts, renoncs from the ruleset's catalogue, referee rulings) and then keeps only those that
:func:`scoring.validate.check` passes without errors, so a change in the validator can never
make the strategy feed invalid hands to a property test.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from hypothesis import strategies as st

from scoring.hand import (
    Announcement,
    Doubling,
    Hand,
    Marriage,
    Points,
    PremiumFacts,
    Renonc,
    SilentSeven,
)
from scoring.ruleset import CONCESSION, RenoncRule, Ruleset, Rung
from scoring.types import COMPONENT_ORDER, Component, HandEffect, Side, Suit
from scoring.validate import check

_RESULT_FIELD: dict[Component, str] = {
    Component.GAME: "game_won",
    Component.SEVEN: "seven_won",
    Component.BETL: "betl_won",
    Component.DURCH: "durch_won",
    Component.TWO_SEVENS: "two_sevens_won",
}
_PLAIN_SUITS = tuple(s for s in Suit if s is not Suit.HEARTS)
MAX_LEVEL = 4
TABLES = st.sampled_from([3, 4])


def valid_hands(
    ruleset: Ruleset, players: st.SearchStrategy[int] = TABLES
) -> st.SearchStrategy[Hand]:
    """Hands that ``check(hand, ruleset)`` accepts (warnings allowed)."""
    return _hands(ruleset, players).filter(lambda hand: not check(hand, ruleset)[0])


@st.composite
def _hands(draw: st.DrawFn, ruleset: Ruleset, players: st.SearchStrategy[int]) -> Hand:
    n = draw(players)
    dealer = draw(st.integers(1, n))
    sitter = dealer if n == 4 else None
    declarer = draw(st.sampled_from([s for s in range(1, n + 1) if s != sitter]))
    defenders = tuple(s for s in range(1, n + 1) if s not in (declarer, sitter))
    seats = dict(players=n, dealer=dealer, declarer=declarer)
    kind = draw(st.integers(0, 11))
    if kind == 0:
        return _concession(draw, ruleset, seats)
    if kind == 1:
        return _renonc_only(draw, ruleset, seats, n)
    rung = draw(st.sampled_from(ruleset.ladder))
    return _played(draw, ruleset, seats, rung, n, defenders)


def _renonc(draw: st.DrawFn, rules: list[RenoncRule], n: int) -> Renonc | None:
    if not rules or draw(st.integers(0, 3)) > 0:
        return None
    rule = draw(st.sampled_from(rules))
    return Renonc(rule.code, draw(st.integers(1, n)))


def _ruling(draw: st.DrawFn, renonc: Renonc | None) -> bool | None:
    return None if renonc is None else draw(st.none() | st.booleans())


def _concession(draw: st.DrawFn, ruleset: Ruleset, seats: dict[str, int]) -> Hand:
    rungs = sorted(ruleset.concession_rungs)  # none in SZMK: such a hand is filtered out
    bid = draw(st.none() | st.sampled_from(rungs)) if rungs else None
    renonc = _renonc(draw, list(ruleset.renoncs), seats["players"])
    return Hand(**seats, contract=CONCESSION, bid=bid, renonc=renonc,
                premium_ruling=_ruling(draw, renonc))


def _renonc_only(draw: st.DrawFn, ruleset: Ruleset, seats: dict[str, int], n: int) -> Hand:
    rules = [r for r in ruleset.renoncs if r.effect is not HandEffect.LOST_BY_OFFENDER]
    rule = draw(st.sampled_from(rules))
    renonc = Renonc(rule.code, draw(st.integers(1, n)))
    return Hand(**seats, contract=None, renonc=renonc, premium_ruling=_ruling(draw, renonc))


def _seat_subset(draw: st.DrawFn, defenders: tuple[int, ...], min_size: int = 0
                 ) -> tuple[int, ...]:
    chosen = draw(st.lists(st.sampled_from(defenders), unique=True, min_size=min_size,
                           max_size=len(defenders)))
    return tuple(sorted(chosen))


def _doublings(draw: st.DrawFn, rung: Rung, defenders: tuple[int, ...], laid_down: bool,
               not_played: bool) -> tuple[Doubling, ...]:
    out = []
    for component in COMPONENT_ORDER:
        if component not in rung.components:
            continue
        if not_played:
            # Obecná pravidla V.12: hra fleked once, sedma accepted (recorded as 0 or absent).
            level = 1 if component is Component.GAME else 0
        else:
            level = draw(st.integers(0, MAX_LEVEL))
        if level == 0 and draw(st.integers(0, 5)) != 0:
            continue  # usually an accepted part has no entry at all
        by = _seat_subset(draw, defenders, min_size=1 if laid_down and level else 0)
        per_defender: tuple[tuple[int, int], ...] = ()
        if draw(st.integers(0, 4)) == 0:
            seats = _seat_subset(draw, defenders, min_size=1)
            per_defender = tuple((s, draw(st.integers(0, MAX_LEVEL))) for s in seats)
        out.append(Doubling(component, level, by, per_defender))
    return tuple(out)


def _points(draw: st.DrawFn, trump: Suit | None) -> Points:
    cards = draw(st.integers(0, 9)) * 10
    mine: list[Marriage] = []
    theirs: list[Marriage] = []
    for suit in Suit:
        holder = draw(st.sampled_from(["none", "none", "declarer", "defence"]))
        if holder == "none":
            continue
        value = 40 if suit is trump else 20
        marriage = Marriage(value, suit if draw(st.booleans()) else None)
        (mine if holder == "declarer" else theirs).append(marriage)
    return Points(cards, tuple(draw(st.permutations(mine))), tuple(draw(st.permutations(theirs))))


def _game_won(points: Points, ruleset: Ruleset) -> bool:
    mine, theirs = points.declarer_total, points.defence_total
    return mine > theirs or (mine == theirs and ruleset.game_tie_won_by_declarer)


def _premium(draw: st.DrawFn, defenders: tuple[int, ...]) -> PremiumFacts:
    if draw(st.integers(0, 2)) > 0:
        return PremiumFacts()
    small = st.integers(0, len(Suit))
    return PremiumFacts(
        trumps=draw(st.none() | st.integers(1, 8)),
        trump_ace=draw(st.none() | st.booleans()),
        trump_ten=draw(st.none() | st.booleans()),
        non_trump_marriage=draw(st.booleans()),
        helper_cards=draw(st.none() | st.integers(1, 8)),
        betl_catching_aces=draw(small),
        betl_six_card_single_catcher=draw(small),
        durch_unsolid_suits=draw(small),
        defender_claims=_seat_subset(draw, defenders),
    )


def _played(draw: st.DrawFn, ruleset: Ruleset, seats: dict[str, int], rung: Rung, n: int,
            defenders: tuple[int, ...]) -> Hand:
    components = rung.components
    if rung.hearts:
        trump: Suit | None = Suit.HEARTS
    elif rung.has_trumps:
        trump = draw(st.sampled_from(_PLAIN_SUITS))
    else:
        trump = None
    helper = (draw(st.sampled_from([s for s in Suit if s is not trump]))
              if Component.TWO_SEVENS in components else None)
    bid = draw(st.none() | st.sampled_from([r.code for r in ruleset.ladder
                                            if r.rank <= rung.rank]))
    laid_down = draw(st.integers(0, 5)) == 0
    cancels = components == {Component.GAME, Component.SEVEN}
    not_played = not laid_down and cancels and draw(st.integers(0, 5)) == 0
    rules = [r for r in ruleset.renoncs
             if not (laid_down and r.effect is HandEffect.LOST_BY_OFFENDER)]
    renonc = _renonc(draw, rules, n)
    rule = ruleset.renonc(renonc.code) if renonc else None
    implied = laid_down or not_played or (
        rule is not None and rule.effect is HandEffect.LOST_BY_OFFENDER)

    counts_points = bool(components & {Component.GAME, Component.HUNDRED})
    needs_points = Component.HUNDRED in components and not implied
    points = (_points(draw, trump)
              if counts_points and (needs_points or draw(st.booleans())) else None)

    results: dict[str, Any] = {}
    for component, field in _RESULT_FIELD.items():
        if component not in components:
            continue
        if component is Component.GAME and points is not None:
            if draw(st.integers(0, 3)) == 0:
                results[field] = _game_won(points, ruleset)
            continue
        if laid_down:
            results[field] = draw(st.none() | st.just(True))
        elif implied:
            results[field] = draw(st.none() | st.booleans())
        else:
            results[field] = draw(st.booleans())

    silent = None
    if rung.has_trumps and not rung.announces_seven and draw(st.booleans()):
        silent = SilentSeven(draw(st.sampled_from(list(Side))), draw(st.booleans()))

    return Hand(
        **seats,
        contract=rung.code,
        trump=trump,
        helper=helper,
        bid=bid,
        doublings=_doublings(draw, rung, defenders, laid_down, not_played),
        points=points,
        silent_seven=silent,
        premium=_premium(draw, defenders),
        laid_down=laid_down,
        not_played=not_played,
        renonc=renonc,
        premium_ruling=_ruling(draw, renonc),
        **results,
    )


# -- Issue 23: the situations the texts allow, for every preset ----------------------------------
#
# ``situation_hands`` draws a hand as ``_hands`` does (four playing seats and a partner where the
# ruleset has partnerships), then adds one or more of the situations issue 23 made recordable:
# a sto proti beside the declarer's own sto (OBE L239-241, PAG L46), a sedma or sto proti in the
# čtyřka (SLS L16) and the partner's seven (``seven_by``, SLS L42-46), a compulsory flek per part
# (SLS B/19 L204), renoncs of a dohrávka and the one that ends it (SLS D4 L260), several renoncs
# in a hand (docs/readings.md §9.53), the trick-8 taker's flek in a durch s chytrým (OBE
# L251-253) and a bare accepted hra (SLS L20-24). Nothing is filtered: the property tests check
# that every such hand is either refused with problems or settled to a zero sum.

SITUATIONS = ("hundred_against", "seven_against", "seven_by", "forced", "dohravka",
              "several_renoncs", "clever_flek", "bare_game")


@st.composite
def situation_hands(draw: st.DrawFn, ruleset: Ruleset) -> Hand:
    players = st.just(4) if ruleset.partnerships else TABLES
    hand = draw(_hands(ruleset, players))
    if ruleset.partnerships:
        hand = _four_playing(draw, hand)
    for situation in draw(st.lists(st.sampled_from(SITUATIONS), min_size=1, max_size=3,
                                   unique=True)):
        hand = _SITUATION[situation](draw, ruleset, hand)
    return hand


def _four_playing(draw: st.DrawFn, hand: Hand) -> Hand:
    """Křížový seats (obecná pravidla VII.2 L243): all four play, a partner or none (1v3)."""
    fleked = {s for d in hand.doublings for s in d.by}  # the partner does not flek (VII.2)
    others = [s for s in range(1, 5) if s != hand.declarer and s not in fleked]
    partner = draw(st.none() | st.sampled_from(others)) if others else None
    return dataclasses.replace(hand, all_play=True, partner=partner)


def _defender(draw: st.DrawFn, hand: Hand) -> int:
    defenders = list(hand.defenders)
    return draw(st.sampled_from(defenders)) if defenders else hand.declarer


def _trump_rung(ruleset: Ruleset, hand: Hand) -> Rung | None:
    rung = ruleset.rung(hand.contract) if hand.contract not in (None, CONCESSION) else None
    return rung if rung is not None and rung.has_trumps else None


def _hundred_against(draw: st.DrawFn, ruleset: Ruleset, hand: Hand) -> Hand:
    """A sto proti, usually beside the declarer's own sto (OBE L239-241, PAG L46)."""
    if _trump_rung(ruleset, hand) is None:
        return hand
    points = hand.points or _points(draw, hand.trump)
    against = Announcement(Component.HUNDRED, by=_defender(draw, hand),
                           level=draw(st.integers(0, 2)))
    return dataclasses.replace(hand, points=points,
                               announcements=(*hand.announcements, against))


def _seven_against(draw: st.DrawFn, ruleset: Ruleset, hand: Hand) -> Hand:
    """A sedma proti (OBE L250; the čtyřka by SLS L16)."""
    rung = _trump_rung(ruleset, hand)
    if rung is None or Component.SEVEN in rung.components:
        return hand
    against = Announcement(Component.SEVEN, by=_defender(draw, hand),
                           level=draw(st.integers(0, 2)), won=draw(st.booleans()))
    return dataclasses.replace(hand, announcements=(*hand.announcements, against))


def _seven_by(draw: st.DrawFn, ruleset: Ruleset, hand: Hand) -> Hand:
    """The partner announced the side's seven (SLS L42-46)."""
    if hand.partner is None:
        return hand
    trumps = draw(st.none() | st.integers(1, 8))
    premium = dataclasses.replace(hand.premium, seat_trumps=(
        ((hand.partner, trumps),) if trumps is not None else ()))
    return dataclasses.replace(hand, seven_by=hand.partner, premium=premium)


def _forced(draw: st.DrawFn, ruleset: Ruleset, hand: Hand) -> Hand:
    """A trhák's compulsory flek on one part, free fleks on others (SLS B/19 L204)."""
    if not hand.doublings:
        return hand
    index = draw(st.integers(0, len(hand.doublings) - 1))
    doubling = hand.doublings[index]
    if not doubling.by:
        return hand
    forced = dataclasses.replace(doubling, forced=(doubling.by[0],))
    doublings = (*hand.doublings[:index], forced, *hand.doublings[index + 1:])
    return dataclasses.replace(hand, doublings=doublings)


def _played_out_rules(ruleset: Ruleset) -> list[RenoncRule]:
    return [r for r in ruleset.renoncs if r.effect is HandEffect.LOST_UNLESS_PLAYED_OUT]


def _dohravka(draw: st.DrawFn, ruleset: Ruleset, hand: Hand) -> Hand:
    """A renonc played out, renoncs in the dohrávka, the last maybe ending it (SLS D4 L260)."""
    rules = _played_out_rules(ruleset) or list(ruleset.renoncs)
    if not rules:
        return hand
    seats = st.integers(1, hand.players)
    first = Renonc(draw(st.sampled_from(rules)).code, draw(seats), played_out=True)
    further = [Renonc(draw(st.sampled_from(list(ruleset.renoncs))).code, draw(seats))
               for _ in range(draw(st.integers(1, 2)))]
    if draw(st.booleans()):
        further[-1] = dataclasses.replace(further[-1], decisive=True)
    return dataclasses.replace(hand, renonc=first, further_renoncs=tuple(further))


def _several_renoncs(draw: st.DrawFn, ruleset: Ruleset, hand: Hand) -> Hand:
    """Several renoncs without a dohrávka (docs/readings.md §9.53)."""
    if not ruleset.renoncs:
        return hand
    codes = st.sampled_from([r.code for r in ruleset.renoncs])
    seats = st.integers(1, hand.players)
    first = hand.renonc or Renonc(draw(codes), draw(seats))
    return dataclasses.replace(hand, renonc=first, further_renoncs=(
        *hand.further_renoncs, Renonc(draw(codes), draw(seats))))


def _clever_flek(draw: st.DrawFn, ruleset: Ruleset, hand: Hand) -> Hand:
    """Durch s chytrým: a defender fleks, then takes trick 8 (OBE L251-253)."""
    clever = [r for r in ruleset.ladder if r.clever]
    if not clever or hand.players != 4:
        return hand
    hand = dataclasses.replace(hand, contract=clever[0].code, trump=None, partner=None,
                               all_play=True, announcements=(), points=None,
                               game_won=None, seven_won=None, seven_by=None,
                               laid_down=False, not_played=False)
    taker = _defender(draw, hand)
    won = draw(st.booleans())
    return dataclasses.replace(
        hand, durch_won=won, trick8=taker if won else None,
        doublings=(Doubling(Component.DURCH, draw(st.integers(1, 2)), by=(taker,)),))


def _bare_game(draw: st.DrawFn, ruleset: Ruleset, hand: Hand) -> Hand:
    """A bare accepted hra (the čtyřka: not played, SLS L20-24)."""
    games = [r for r in ruleset.ladder if r.components == {Component.GAME}]
    if not games:
        return hand
    rung = draw(st.sampled_from(games))
    return dataclasses.replace(
        hand, contract=rung.code, trump=Suit.HEARTS if rung.hearts else Suit.BELLS,
        doublings=(), announcements=(), points=None, seven_by=None, renonc=None,
        further_renoncs=(), premium_ruling=None, laid_down=False, not_played=False,
        game_won=draw(st.none() | st.booleans()), seven_won=None)


_SITUATION = {
    "hundred_against": _hundred_against, "seven_against": _seven_against,
    "seven_by": _seven_by, "forced": _forced, "dohravka": _dohravka,
    "several_renoncs": _several_renoncs, "clever_flek": _clever_flek, "bare_game": _bare_game,
}
