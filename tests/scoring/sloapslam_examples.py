"""The worked examples of the SloapSlam bodovaný křížový (docs/sloapslam-krizovy.md "Worked
examples") as hands, shared by the examples' tests and the premium-point tests. Lines ("SLS L186")
are those of rules/sloapslam-krizovy-a-honerovy.txt; seats: A = 1 (forhont, declarer), B = 2 (his
partner in 2v2), C = 3, D = 4 deals; base 20 h ("dvacetihaléřový", L82)."""

from __future__ import annotations

import dataclasses
from typing import Any

from hypothesis import strategies as st

from scoring import Doubling, Hand, Marriage, Points, Renonc, get_preset, settle
from scoring.types import Component, Suit
from scoring.validate import for_ruleset
from scoring.variants import unplayed_rule

SLS = get_preset("sloapslam-krizovy")
A, B, C, D = 1, 2, 3, 4
G, S, H = Component.GAME, Component.SEVEN, Component.HUNDRED


def four(**kw: Any) -> Hand:
    return for_ruleset(Hand(players=4, **{"dealer": D, "declarer": A, **kw}), SLS)


def money(hand: Hand, ruleset: Any = SLS) -> list[int]:
    result = settle(hand, ruleset)
    return [result.money[s] for s in hand.seats]


VOLUNTARY_STO = four(contract="hundred", trump=Suit.BELLS, doublings=(Doubling(H, 2, by=(D,)),),
                     points=Points(70, (Marriage(40, Suit.BELLS),)))

EXAMPLES: list[tuple[str, Hand, list[int]]] = [
    # example 5.7.1 L154-156 (hra a sedma obyčejná 0,60).
    ("1", four(contract="seven", trump=Suit.BELLS, partner=B, game_won=True, seven_won=True),
     [60, 60, -60, -60]),
    # example 5.7.2 L134-138 (sto a sedma červených 2,40), alone against three.
    ("2", four(contract="hundred_seven_hearts", trump=Suit.HEARTS, seven_won=True,
               points=Points(60, (Marriage(40, Suit.HEARTS),))),
     [720, -240, -240, -240]),
    # example 5.7.3 L164 (tiché sto doubles the fleked hra; per ten, the OBE reading): 80·2·4.
    ("3", four(contract="game", trump=Suit.LEAVES, partner=B,
               doublings=(Doubling(G, 0, raises=(C, A)),), points=Points(90, (Marriage(40,
                                                                                  Suit.LEAVES),))),
     [640, 640, -640, -640]),
    # example 5.7.4 B/10 L186: C fleked the scored sedma, A re; C pays B the surplus over D's 40.
    ("4", four(contract="seven", trump=Suit.BELLS, partner=B, game_won=True, seven_won=True,
               doublings=(Doubling(S, 0, raises=(C, A)),)),
     [180, 180, -300, -60]),
    # example 5.7.5 B/10, 1v3 with two flekers (betl): D pays 300, B and C 1650 each.
    ("5", four(contract="betl", betl_won=True, doublings=(Doubling(Component.BETL, 2,
                                                                   by=(B, C)),)),
     [3600, -1650, -1650, -300]),
    # example 5.7.6 B/19 L204 (trhák) with B/10's last sentence: a compulsory flek pays only its
    # own.
    ("6", four(contract="hundred", trump=Suit.BELLS, doublings=(Doubling(H, 2, by=(D,)),),
               points=Points(70, (Marriage(40, Suit.BELLS),)), forced_flekers=(D,)),
     [1920, -640, -640, -640]),
    # example 5.7.6, the same flek voluntary: D pays 3·640 − 2·160.
    ("6b", VOLUNTARY_STO, [1920, -160, -160, -1600]),
    # example 5.7.7 B/20 L206: the sedma fleked, no re: not played; sedma lost at flek, hra won.
    ("7a", four(contract="seven", trump=Suit.BELLS, partner=B,
                doublings=(Doubling(S, 1, by=(C,)),)),
     [-60, -60, 60, 60]),
    # example 5.7.7 only the hra fleked: −40 + 40.
    ("7b", four(contract="seven", trump=Suit.BELLS, partner=B,
                doublings=(Doubling(G, 1, by=(C,)),)),
     [0, 0, 0, 0]),
    # example 5.7.8 D1, D2, D4 (L254-260): C revokes, no dohrávka: the game at its level to A and B
    # for his side, and the paušál 2 Kč to every other player.
    ("8", four(contract="game_hearts", trump=Suit.HEARTS, partner=B,
               doublings=(Doubling(G, 0, raises=(C, A)),), renonc=Renonc("C1", C)),
     [360, 360, -920, 200]),
    # example 5.7.8 with a dohrávka (D3, D4): only the paušál, and the dohrávka's result (won here)
    # as if there had been no renonc: 160 per pair, C −160 − 600, D −160 + 200.
    ("8b", four(contract="game_hearts", trump=Suit.HEARTS, partner=B, game_won=True,
                doublings=(Doubling(G, 0, raises=(C, A)),),
                renonc=Renonc("C1", C, played_out=True)),
     [360, 360, -760, 40]),
    # example 5.7.9 B/12 L190: a ložený durch played: paid, and 2 Kč to each opponent.
    ("9", four(contract="durch", durch_won=True, renonc=Renonc("B12", A)),
     [1200, -400, -400, -400]),
    # example 5.7.10 B/5 L176: the second misdeal of the round.
    ("10", four(contract=None, renonc=Renonc("B5", D)), [200, 200, 200, -600]),
    # example 5.7.11 B/17 L200: no catch found in 2 minutes: the betl is won.
    ("11", four(contract="betl", betl_won=True), [900, -300, -300, -300]),
]


# Random hands of the bodovaný křížový for the property tests (several test modules draw them).
@st.composite
def krizovy_hands(draw: st.DrawFn) -> Hand:
    partner = draw(st.sampled_from([None, B, C, D]))
    contract = draw(st.sampled_from(["game", "seven", "seven_hearts", "betl"]))
    if contract == "betl":
        partner = None
    side = [A] + ([partner] if partner else [])
    defenders = [s for s in (1, 2, 3, 4) if s not in side]
    doublings = []
    for component in ((G, S) if "seven" in contract else (G,) if contract == "game"
                      else (Component.BETL,)):
        level = draw(st.integers(0, 3))
        if level:
            by = tuple(sorted(draw(st.sets(st.sampled_from(defenders), min_size=1))))
            # B/19 L204 per part: a trhák's compulsory flek on this part only
            forced = (by[0],) if draw(st.integers(0, 3)) == 0 else ()
            doublings.append(Doubling(component, level, by=by, forced=forced))
    # D3-D4 (L258-260): a renonc played out, a renonc of the dohrávka, which may end it
    renoncs: dict[str, Any] = {}
    if draw(st.integers(0, 3)) == 0:
        renoncs = {"renonc": Renonc("C1", draw(st.sampled_from([A, B, C, D])),
                                    played_out=True),
                   "further_renoncs": (Renonc("C3", draw(st.sampled_from([A, B, C, D])),
                                              decisive=draw(st.booleans())),)}
    hand = four(contract=contract, trump=None if contract == "betl" else
                Suit.HEARTS if contract.endswith("hearts") else Suit.BELLS, partner=partner,
                doublings=tuple(doublings), **renoncs)
    rung = SLS.rung(contract)
    assert rung is not None
    if unplayed_rule(hand, SLS, rung) is None:
        fields: dict[str, Any] = {"betl_won": draw(st.booleans())} if contract == "betl" else {
            "game_won": draw(st.booleans()), **({"seven_won": draw(st.booleans())}
                                               if "seven" in contract else {})}
        hand = dataclasses.replace(hand, **fields)
    return hand
