"""Hypothesis properties of the settlement (issue 2 item 8), each against the ČSM preset."""

from __future__ import annotations

import dataclasses

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scoring import Doubling, Hand, Marriage, Points, get_preset, settle
from scoring.types import Component, Suit

CSM = get_preset("csm-licitovany-2023")
LIMIT = CSM.rates.limit * CSM.base
PLAIN_SUITS = (Suit.BELLS, Suit.LEAVES, Suit.ACORNS)
TRUMP_RUNGS = ("seven", "hundred", "hundred_seven", "two_sevens", "two_sevens_hundred")
HEARTS_OF = {"seven": "seven_hearts", "hundred": "hundred_hearts",
             "hundred_seven": "hundred_seven_hearts", "two_sevens": "two_sevens_hearts",
             "two_sevens_hundred": "two_sevens_hearts_hundred"}

seats = st.tuples(st.sampled_from([3, 4]), st.integers(1, 4), st.integers(1, 4)).filter(
    lambda t: t[1] <= t[0] and t[2] <= t[0] and not (t[0] == 4 and t[1] == t[2]))


@st.composite
def points(draw: st.DrawFn, trump: Suit, min_tens: int = 0) -> Points:
    suits = draw(st.permutations(list(Suit)))
    owners = draw(st.lists(st.sampled_from(["declarer", "defence", None]), min_size=4,
                           max_size=4))
    mine = tuple(Marriage(40 if s is trump else 20, s) for s, o in zip(suits, owners, strict=True)
                 if o == "declarer")
    theirs = tuple(Marriage(40 if s is trump else 20, s)
                   for s, o in zip(suits, owners, strict=True) if o == "defence")
    return Points(draw(st.integers(min_tens, 9)) * 10, mine, theirs)


@st.composite
def trump_hands(draw: st.DrawFn, rung: str | None = None, hearts: bool = False) -> Hand:
    players, dealer, declarer = draw(seats)
    rung = rung or draw(st.sampled_from(TRUMP_RUNGS))
    trump = Suit.HEARTS if hearts else draw(st.sampled_from(PLAIN_SUITS))
    helper = draw(st.sampled_from([s for s in Suit if s is not trump]))
    code = HEARTS_OF[rung] if hearts else rung
    components = CSM.rung(code).components
    levels = {c: draw(st.integers(0, 4)) for c in components}
    results = {c: draw(st.booleans()) for c in components}
    return Hand(
        players, dealer, declarer, code, trump,
        helper=helper if Component.TWO_SEVENS in components else None,
        doublings=tuple(Doubling(c, n) for c, n in levels.items() if n),
        # A seven that won took the last trick, worth 10 card points (validate: possible facts).
        points=(draw(points(trump, 1 if results.get(Component.SEVEN)
                               or results.get(Component.TWO_SEVENS) else 0))
                if components & {Component.HUNDRED, Component.GAME} else None),
        seven_won=results.get(Component.SEVEN),
        two_sevens_won=results.get(Component.TWO_SEVENS),
    )


@st.composite
def any_hands(draw: st.DrawFn) -> Hand:
    players, dealer, declarer = draw(seats)
    kind = draw(st.sampled_from(["trump", "betl", "durch", "concession"]))
    if kind == "trump":
        return draw(trump_hands(hearts=draw(st.booleans())))
    level = draw(st.integers(0, 4))
    if kind == "concession":
        return Hand(players, dealer, declarer, "concession")
    component = Component(kind)
    won = draw(st.booleans())
    return Hand(players, dealer, declarer, kind,
                doublings=(Doubling(component, level),) if level else (),
                betl_won=won if kind == "betl" else None,
                durch_won=won if kind == "durch" else None)


def component_value(hand: Hand, component: Component) -> int:
    return sum(line.value for line in settle(hand, CSM).lines if line.part == component.value)


@settings(max_examples=300, deadline=None)
@given(any_hands())
def test_every_hand_sums_to_zero(hand: Hand) -> None:
    assert sum(settle(hand, CSM).money.values()) == 0


@settings(max_examples=300, deadline=None)
@given(any_hands())
def test_no_payment_above_the_limit(hand: Hand) -> None:
    # ČSM 2023 A: no payer pays or receives more than the limit in one hand.
    result = settle(hand, CSM)
    assert all(abs(result.money[s]) <= LIMIT for s in hand.payers)


@settings(max_examples=200, deadline=None)
@given(trump_hands(), st.data())
def test_each_doubling_doubles_its_component(hand: Hand, data: st.DataObject) -> None:
    component = data.draw(st.sampled_from(sorted(CSM.rung(hand.contract).components)))
    level = hand.doubling(component).level
    assume(level != CSM.doubling_cap)
    others = tuple(d for d in hand.doublings if d.component is not component)
    raised = dataclasses.replace(hand, doublings=(*others, Doubling(component, level + 1)))
    assert component_value(raised, component) == 2 * component_value(hand, component)
    capped = abs(sum(settle(raised, CSM).money[s] for s in raised.payers))
    assert capped <= LIMIT * len(raised.payers)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(TRUMP_RUNGS), st.data())
def test_hearts_double_exactly_the_trump_games(rung: str, data: st.DataObject) -> None:
    plain = data.draw(trump_hands(rung=rung))
    red = dataclasses.replace(plain, contract=HEARTS_OF[rung], trump=Suit.HEARTS,
                              helper=plain.helper if plain.helper is not Suit.HEARTS
                              else plain.trump)
    if plain.points is not None:  # the same marriages, with the trump 40 moved to hearts
        swap = {plain.trump: Suit.HEARTS, Suit.HEARTS: plain.trump}

        def moved(marriages: tuple[Marriage, ...]) -> tuple[Marriage, ...]:
            return tuple(Marriage(m.value, swap.get(m.suit, m.suit)) for m in marriages)

        red = dataclasses.replace(red, points=Points(
            plain.points.declarer_cards, moved(plain.points.declarer_marriages),
            moved(plain.points.defence_marriages)))
    for component in CSM.rung(plain.contract).components:
        if component is Component.TWO_SEVENS:  # its own rate: 60 instead of 40 units
            assert component_value(red, component) * 40 == component_value(plain, component) * 60
        else:
            assert component_value(red, component) == 2 * component_value(plain, component)


@settings(max_examples=100, deadline=None)
@given(st.integers(6, 8), st.sampled_from(PLAIN_SUITS), st.integers(0, 2))
def test_made_hundred_is_linear_in_tens(tens: int, trump: Suit, level: int) -> None:
    def value(cards: int) -> int:
        hand = Hand(4, 1, 2, "hundred", trump, doublings=(Doubling(Component.HUNDRED, level),),
                    points=Points(cards, (Marriage(40, trump),)))
        return component_value(hand, Component.HUNDRED)

    step = value(70) - value(60)
    assert value(tens * 10) == value(60) + (tens - 6) * step
    assert step == CSM.rates.hundred * CSM.base * 2**level
