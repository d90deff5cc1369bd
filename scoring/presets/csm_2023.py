"""Preset ``csm-licitovany-2023``: ČSM míchaný licitovaný mariáš, rules valid from 1.1.2023.

Numbers follow the sazebník of section A and docs/csm-licitovany.md; the renonc catalogue
follows E.2-E.4 (plus the paušál-1 cases named in ČSM 2023 B.12 and C.1). Names are our own
short labels.
"""

from __future__ import annotations

from datetime import date

from scoring.ruleset import Rates, RenoncRule, Ruleset, Rung
from scoring.types import Component, HandEffect, RenoncKind

G, S, H = Component.GAME, Component.SEVEN, Component.HUNDRED
B, D, T = Component.BETL, Component.DURCH, Component.TWO_SEVENS

# ČSM 2023 A, licitační žebříček: rung, components, hearts.
LADDER = (
    Rung("seven", 1, frozenset({G, S}), False, "sedma", "seven"),
    Rung("seven_hearts", 2, frozenset({G, S}), True, "sedma červená", "seven in hearts"),
    Rung("hundred", 3, frozenset({H}), False, "sto", "hundred"),
    Rung("hundred_seven", 4, frozenset({H, S}), False, "sto a sedma", "hundred and seven"),
    Rung("hundred_hearts", 5, frozenset({H}), True, "sto červených", "hundred in hearts"),
    Rung(
        "hundred_seven_hearts",
        6,
        frozenset({H, S}),
        True,
        "sto a sedma červených",
        "hundred and seven in hearts",
    ),
    Rung("betl", 7, frozenset({B}), False, "betl", "betl"),
    Rung("durch", 8, frozenset({D}), False, "durch", "durch"),
    Rung("two_sevens", 9, frozenset({T}), False, "dvě sedmy", "two sevens"),
    Rung("two_sevens_hundred", 10, frozenset({T, H}), False, "dvě sedmy a sto",
         "two sevens and hundred"),
    Rung("two_sevens_hearts", 11, frozenset({T}), True, "dvě sedmy, červená trumf",
         "two sevens, hearts trumps"),
    Rung("two_sevens_hearts_hundred", 12, frozenset({T, H}), True,
         "dvě sedmy, červená trumf a sto", "two sevens, hearts trumps and hundred"),
)

_TECH = (RenoncKind.TECHNICAL, HandEffect.CONTINUES, "pausal_1")
_PLAY = (RenoncKind.IN_PLAY, HandEffect.LOST_BY_OFFENDER, None)
_P2 = (RenoncKind.PAUSAL_2, HandEffect.CONTINUES, "pausal_2")

# (code, Czech label, English label, class)
_CATALOGUE = (
    ("E.2.a", "nepřiznání barvy", "not following suit", _PLAY),
    ("E.2.b", "nepřebití nižší karty", "not heading the trick", _PLAY),
    ("E.2.c", "vynesení mimo pořadí", "leading out of turn", _PLAY),
    ("E.2.d", "předhození karty", "playing before one's turn", _PLAY),
    ("E.2.e", "náznaky a signály spoluhráči", "signalling to a partner", _PLAY),
    ("E.2.f", "chybný talon zjištěný po zahájení hry", "wrong talon found during play", _PLAY),
    ("E.2.g", "změna talonu nebo nahlížení do něj po okomentování",
     "changing or viewing the talon after comments", _PLAY),
    ("E.2.h", "předčasně zahraná hlášená sedma", "announced seven played early", _PLAY),
    ("E.3.a", "řezání karet při skládání", "cutting while gathering", _TECH),
    ("E.3.b", "nezamíchání nebo chybné míchání", "not shuffling or shuffling wrongly", _TECH),
    ("E.3.c", "chybný talon zjištěný před zahájením hry", "wrong talon found before play",
     _TECH),
    ("E.3.d", "porušení postupu schvalování a flekování", "breach of the commenting order",
     _TECH),
    ("E.3.e", "neukázání sedem či pomocných u dvou sedem", "two sevens holding not shown",
     _TECH),
    ("E.3.f", "druhé a další chybné rozdání", "second or later misdeal", _TECH),
    ("E.3.g", "nesrovnání odkládaných karet do barev", "discards not sorted by suit", _TECH),
    ("E.3.h", "nahlížení do karet, komentování sehrávky", "looking into cards, commenting play",
     _TECH),
    ("B.12", "manipulace se zdvihy", "tampering with tricks", _TECH),
    ("C.1", "dohrávka ložené hry", "playing out a laid-down game", _TECH),
    ("E.4.a", "eso nebo desítka v talonu", "ace or ten in the talon", _P2),
    ("E.4.b", "hlášená sedma v talonu", "announced seven in the talon", _P2),
    ("E.4.c", "zhlédnutí talonu hrajícím hráčem", "player viewing the talon", _P2),
)

RENONCS = tuple(
    RenoncRule(code, cs, en, kind, effect, rate)
    for code, cs, en, (kind, effect, rate) in _CATALOGUE
)

CSM_LICITOVANY_2023 = Ruleset(
    code="csm-licitovany-2023",
    name="ČSM míchaný licitovaný mariáš 2023",
    valid_from=date(2023, 1, 1),
    table_sizes=(4, 3),  # ČSM 2023 B.2: pauzírovaný at 4, at most three tables of 3
    base=20,  # A: základní sazba 0,20 Kč
    currency="CZK",
    ladder=LADDER,
    rates=Rates(),
    renoncs=RENONCS,
)
