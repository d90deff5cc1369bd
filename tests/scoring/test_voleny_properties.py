"""Hypothesis properties of the two volený families (presets ``csm-voleny``, ``pagat-voleny``):
every hand sums to zero, each raise doubles its part (the declarer's and the defence's), and
the shorthand and the description read back to the same hand.

The strategy builds hands with the new facts (announcements against the declarer with their
chains, raise chains with seats, killed sevens, open contracts, quiet games, the families'
renoncs) and keeps those :func:`scoring.validate.check` accepts.
"""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring import Doubling, Hand, Marriage, Points, Renonc, SilentSeven, get_preset, settle
from scoring.hand import Announcement
from scoring.notation import format_hand, parse
from scoring.notation.shorthand import format_shorthand
from scoring.ruleset import Ruleset
from scoring.types import COMPONENT_ORDER, Component, Side, Suit
from scoring.validate import check
from scoring.variants import game_dropped, unplayed_rule

VOL = get_preset("csm-voleny")
PAG = get_preset("pagat-voleny")
RULESETS = st.sampled_from([VOL, PAG])
_PLAIN = (Suit.BELLS, Suit.LEAVES, Suit.ACORNS)


@st.composite
def variant_hands(draw: st.DrawFn, ruleset: Ruleset) -> Hand:
    n = draw(st.sampled_from([3, 4]))
    dealer = draw(st.integers(1, n))
    sitter = dealer if n == 4 else None
    forehand = dealer % n + 1
    rung = draw(st.sampled_from(ruleset.ladder))
    declarer = forehand if rung.has_trumps else draw(
        st.sampled_from([s for s in range(1, n + 1) if s != sitter]))
    defenders = tuple(s for s in range(1, n + 1) if s not in (declarer, sitter))
    max_level = 4 if ruleset.doubling_cap is not None else 6

    def raises_for_declarer_part(level: int) -> tuple[int, ...]:
        return tuple(draw(st.sampled_from(defenders)) if i % 2 == 0 else declarer
                     for i in range(level))

    doublings = []
    for component in sorted(rung.components, key=COMPONENT_ORDER.index):
        level = draw(st.integers(0, max_level))
        if level and draw(st.booleans()):
            doublings.append(Doubling(component, 0, raises=raises_for_declarer_part(level)))
        elif level:
            doublings.append(Doubling(component, level))
    trump = (Suit.HEARTS if rung.hearts else draw(st.sampled_from(_PLAIN))
             if rung.has_trumps else None)

    announcements = []
    if rung.has_trumps:
        for component in (Component.SEVEN, Component.HUNDRED):
            # OBE L239-241, PAG L46: a sto proti may stand beside the declarer's sto; the
            # one trump seven is one side's only.
            owned = component is Component.SEVEN and component in rung.components
            if owned or draw(st.integers(0, 2)) != 0:
                continue
            level = draw(st.integers(0, max_level))
            chain = tuple(declarer if i % 2 == 0 else draw(st.sampled_from(defenders))
                          for i in range(level)) if draw(st.booleans()) else ()
            won = draw(st.booleans()) if component is Component.SEVEN else None
            killed = component is Component.SEVEN and won is False and draw(st.booleans())
            announcements.append(Announcement(component, draw(st.sampled_from(defenders)),
                                              0 if chain else level, chain, won, killed))

    needs_points = (Component.HUNDRED in rung.components
                    or any(a.component is Component.HUNDRED for a in announcements))
    points = None
    if rung.has_trumps and (needs_points or draw(st.booleans())):
        mine, theirs = [], []
        for suit in Suit:
            owner = draw(st.sampled_from(["", "", "d", "o"]))
            if owner:
                marriage = Marriage(40 if suit is trump else 20, suit)
                (mine if owner == "d" else theirs).append(marriage)
        points = Points(draw(st.integers(0, 9)) * 10, tuple(draw(st.permutations(mine))),
                        tuple(draw(st.permutations(theirs))))
    results: dict[str, object] = {}
    if Component.GAME in rung.components and points is None:
        results["game_won"] = draw(st.booleans())
    if Component.SEVEN in rung.components:
        results["seven_won"] = draw(st.booleans())
        results["seven_killed"] = results["seven_won"] is False and draw(st.booleans())
    if Component.BETL in rung.components:
        results["betl_won"] = draw(st.booleans())
    if Component.DURCH in rung.components:
        results["durch_won"] = draw(st.booleans())
    silent = None
    if (rung.has_trumps and not rung.announces_seven and draw(st.booleans())
            and not any(a.component is Component.SEVEN for a in announcements)):
        silent = SilentSeven(draw(st.sampled_from(list(Side))), draw(st.booleans()))
    renonc = None
    if draw(st.integers(0, 3)) == 0:
        renonc = Renonc(draw(st.sampled_from(ruleset.renoncs)).code, draw(st.integers(1, n)))
    not_played = (rung.components == {Component.GAME, Component.SEVEN} and not announcements
                  and draw(st.integers(0, 3)) == 0)
    if not_played:
        doublings = [Doubling(Component.GAME, 1, raises=raises_for_declarer_part(1))]
    return Hand(n, dealer, declarer, rung.code, trump, doublings=tuple(doublings),
                points=points, silent_seven=silent, renonc=renonc, not_played=not_played,
                announcements=tuple(announcements), **results)  # type: ignore[arg-type]


def valid(ruleset: Ruleset) -> st.SearchStrategy[Hand]:
    return variant_hands(ruleset).filter(lambda h: not check(h, ruleset)[0])


def ruleset_and_hand() -> st.SearchStrategy[tuple[Ruleset, Hand]]:
    return RULESETS.flatmap(lambda r: st.tuples(st.just(r), valid(r)))


SETTINGS = settings(max_examples=300, deadline=None,
                    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])


@SETTINGS
@given(ruleset_and_hand())
def test_every_hand_sums_to_zero(pair: tuple[Ruleset, Hand]) -> None:
    ruleset, hand = pair
    money = settle(hand, ruleset).money
    assert sum(money.values()) == 0
    if ruleset.rates.limit is not None and hand.renonc is None:
        limit = ruleset.rates.limit * ruleset.base
        assert all(abs(money[s]) <= limit for s in hand.payers)


def _part_value(hand: Hand, ruleset: Ruleset, part: str) -> int:
    return sum(line.value for line in settle(hand, ruleset).lines if line.part == part)


@SETTINGS
@given(ruleset_and_hand(), st.data())
def test_each_raise_doubles_its_part(pair: tuple[Ruleset, Hand], data: st.DataObject) -> None:
    ruleset, hand = pair
    rung = ruleset.rung(hand.contract or "")
    assert rung is not None
    assume(hand.renonc is None and unplayed_rule(hand, ruleset, rung) is None)
    parts: list[tuple[str, object]] = [
        (c.value, c) for c in rung.components
        if not (c is Component.GAME and game_dropped(hand, ruleset))]
    parts += [(f"{a.component.value}_against", a) for a in hand.announcements]
    part, target = data.draw(st.sampled_from(parts))
    if isinstance(target, Component):
        level = hand.doubling(target).level
        assume(level < ruleset.cap_for(target))
        others = tuple(d for d in hand.doublings if d.component is not target)
        raised = dataclasses.replace(hand, doublings=(*others, Doubling(target, level + 1)))
    else:
        assert isinstance(target, Announcement)
        assume(target.level < ruleset.cap_for(target.component))
        raised = dataclasses.replace(hand, announcements=tuple(
            dataclasses.replace(a, level=a.level + 1, raises=()) if a is target else a
            for a in hand.announcements))
    assume(unplayed_rule(raised, ruleset, rung) is None)
    assert _part_value(raised, ruleset, part) == 2 * _part_value(hand, ruleset, part)


@SETTINGS
@given(ruleset_and_hand())
def test_shorthand_and_description_read_back(pair: tuple[Ruleset, Hand]) -> None:
    ruleset, hand = pair
    seats = dict(ruleset=ruleset, players=hand.players, dealer=hand.dealer,
                 declarer=hand.declarer)
    assert parse(format_hand(hand, ruleset), **seats) == hand  # type: ignore[arg-type]
    assert parse(format_shorthand(hand, ruleset), **seats) == hand  # type: ignore[arg-type]
