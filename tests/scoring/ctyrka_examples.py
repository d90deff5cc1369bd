"""The worked examples of the SloapSlam honerová licitovaná čtyřka (docs/sloapslam-ctyrka.md
"Worked examples"), shared by the example tests and the situation tables' CLI check."""

from __future__ import annotations

from typing import Any

from scoring import Doubling, Hand, PremiumFacts, Renonc, get_preset, settle
from scoring.hand import Honour
from scoring.types import Component, Rank, Suit
from scoring.validate import for_ruleset

CTY = get_preset("sloapslam-ctyrka")
A, B, C, D = 1, 2, 3, 4
G, S = Component.GAME, Component.SEVEN


def four(**kw: Any) -> Hand:
    """D deals (A is forhont and leads) unless the example says otherwise."""
    return for_ruleset(Hand(players=4, **{"dealer": D, "declarer": A, **kw}), CTY)


def money(hand: Hand, ruleset: Any = CTY) -> list[int]:
    result = settle(hand, ruleset)
    return [result.money[s] for s in hand.seats]


# (number, hand, shorthand, expected money A, B, C, D in haléř)
EXAMPLES: list[tuple[str, Hand, str, list[int]]] = [
    # example 4.5.1 SLS L24 (honers without flek: not played), L64-66 (2 trumps s výnosem: 2 points,
    # 2 Kč each): hra 1 + sedma 2 + 4 = 7 Kč per pair.
    ("1", four(contract="seven", trump=Suit.BELLS, partner=B, premium=PremiumFacts(trumps=2)),
     "7k sp@2 tr2", [700, 700, -700, -700]),
    # example 4.5.2 L56 (bez výnosu even when the partner leads: B is forhont), L64-66 "(Č x 2)":
    # 2 + 4 + 3 × 2 × 2 = 18 Kč.
    ("2", four(dealer=A, contract="seven_hearts", trump=Suit.HEARTS, partner=B,
               premium=PremiumFacts(trumps=2)),
     "7c sp@2 tr2", [1800, 1800, -1800, -1800]),
    # example 4.5.3 L30 (osma on 3 trumps: raised base 4), L64 (3 trumps bez výnosu: 2 points), L70
    # (alone: each of three pays): 1 + 2 + 4 + 4 = 11 Kč.
    ("3", four(dealer=C, contract="seven", trump=Suit.BELLS,
               honours=(Honour(Rank.EIGHT, A, 3),), premium=PremiumFacts(trumps=3)),
     "7k 8@1t3 tr3", [3300, -1100, -1100, -1100]),
    # example 4.5.4 L22 (flek on hra without re: not played, the hra lost at flek): −2 + 2 = 0.
    ("4a", four(contract="seven", trump=Suit.ACORNS, partner=B,
                doublings=(Doubling(G, 1, by=(C,)),), premium=PremiumFacts(trumps=4)),
     "7za sp@2 fh@3 tr4", [0, 0, 0, 0]),
    # example 4.5.4 the same on 1 trump s výnosem (L68: 3 points): −2 + 2 + 6 = 6 Kč.
    ("4b", four(contract="seven", trump=Suit.ACORNS, partner=B,
                doublings=(Doubling(G, 1, by=(C,)),), premium=PremiumFacts(trumps=1)),
     "7za sp@2 fh@3 tr1", [600, 600, -600, -600]),
    # example 4.5.5 L28 (devítka 2 Kč on 5 trumps), L32 (trick 6); C flek, A re: played. 1 + 2·4.
    ("5", four(contract="game", trump=Suit.ACORNS, partner=B, game_won=True,
               honours=(Honour(Rank.NINE, A, 5, raises=(C, A), won=True),)),
     "hza sp@2 9@1t5#31+ h+", [900, 900, -900, -900]),
    # example 4.5.6 L30 (osma červená on 3 trumps: 6 Kč), a fleked honer is played; killed: −12 + 2.
    ("6", four(contract="game_hearts", trump=Suit.HEARTS, partner=B, game_won=True,
               honours=(Honour(Rank.EIGHT, A, 3, raises=(D,), won=False),)),
     "hc sp@2 8@1t3#4- h+", [-1000, -1000, 1000, 1000]),
    # example 4.5.7 L36 (betl: each defender fleks for himself; A's re binds C only): 60 + 15 + 15.
    ("7", four(contract="betl", betl_won=True, doublings=(Doubling(Component.BETL, 0,
                                                                   raises=(C, A)),)),
     "b rb#31 b+", [9000, -1500, -6000, -1500]),
    # example 4.5.8 L70 (limit 200 Kč per payer): C at tutti 240 → 200, D at re 120, B 30.
    ("8", four(contract="durch", durch_won=True,
               doublings=(Doubling(Component.DURCH, 3, by=(C, D), per_defender=((D, 2),)),)),
     "d td@34/4=2 d+", [35000, -3000, -20000, -12000]),
    # example 4.5.9 L38 (renonc: the presumed play; D pays for his side): 9 Kč to A and to B.
    ("9a", four(contract="seven", trump=Suit.BELLS, partner=B, game_won=True, seven_won=True,
                doublings=(Doubling(S, 0, raises=(C, A)),), renonc=Renonc("L38", D)),
     "7k sp@2 r7#31 h+ s+ !l38@4", [900, 900, 0, -1800]),
    # example 4.5.9 B revokes and A+B would have won: the defence pays nothing, B pays A his share.
    ("9b", four(contract="seven", trump=Suit.BELLS, partner=B, game_won=True, seven_won=True,
                doublings=(Doubling(S, 0, raises=(C, A)),), renonc=Renonc("L38", B)),
     "7k sp@2 r7#31 h+ s+ !l38@2", [900, -900, 0, 0]),
    # example 4.5.9 B revokes and A+B would have lost: B pays C and D for his side.
    ("9c", four(contract="seven", trump=Suit.BELLS, partner=B, game_won=False,
                seven_won=False, doublings=(Doubling(S, 0, raises=(C, A)),),
                renonc=Renonc("L38", B)),
     "7k sp@2 r7#31 h- s- !l38@2", [0, -1800, 900, 900]),
]
