"""Preset ``csm-voleny``: volený mariáš by the ČSM general rules (Obecná pravidla, Čl. I-VII.1).

Sources: ``rules/csm-obecna-pravidla-ocr.txt`` (OBE, cited by line, because the OCR lost most
paragraph numbers) and docs/csm-voleny.md. The OCR has no Kč ladder (OBE L1): the rungs
and their amounts follow the SloapSlam table with the same heading ("Stupně her a sazby v Kč
(dvacetihaléřový mariáš)", SLS L82-150), whose every amount is an OBE V.2 coefficient × 0,20 Kč.
Readings where the text is silent are listed in ``docs/csm-voleny.md``.
"""

from __future__ import annotations

from datetime import date

from scoring.ruleset import Rates, RenoncRule, Ruleset, Rung
from scoring.types import (
    Component,
    HandEffect,
    HundredMarriage,
    RenoncGameValue,
    RenoncKind,
    Series,
    SilentHundredRule,
    UnplayedRule,
)

G, S, H = Component.GAME, Component.SEVEN, Component.HUNDRED
B, D = Component.BETL, Component.DURCH

# OBE IV.1 (L85-95; dvě sedmy only in licitovaný, L96-98), in the SLS order (docs/readings.md §9.1).
# Volený has no auction: ``rank`` only orders the contracts for forms and lists. A sedma is
# "Hra a Sedma" (L87, L106-107); a sto has no hra (V.7: tiché sto is half the announced sto).
LADDER = (
    Rung("game", 1, frozenset({G}), False, "hra", "game"),
    Rung("seven", 2, frozenset({G, S}), False, "sedma", "seven"),
    Rung("game_hearts", 3, frozenset({G}), True, "hra červená", "game in hearts"),
    Rung("seven_hearts", 4, frozenset({G, S}), True, "sedma červená", "seven in hearts"),
    Rung("hundred", 5, frozenset({H}), False, "sto", "hundred"),
    Rung("hundred_seven", 6, frozenset({H, S}), False, "sto a sedma", "hundred and seven"),
    Rung("hundred_hearts", 7, frozenset({H}), True, "sto červených", "hundred in hearts"),
    Rung("hundred_seven_hearts", 8, frozenset({H, S}), True, "sto a sedma červených",
         "hundred and seven in hearts"),
    Rung("betl", 9, frozenset({B}), False, "betl", "betl"),
    Rung("durch", 10, frozenset({D}), False, "durch", "durch"),
)

# OBE VI.3 (L226-229): the paušál (10 × base) to every other player, and, "kromě prvních tří
# renonců" (read: the first three items of the VI.2 list), the game at the reached levels,
# paid by the offender for his whole side. Ace or ten in the talon: 50 × base.
_FIRST_THREE = (RenoncKind.TECHNICAL, HandEffect.CONTINUES, "pausal_1")
_GAME = (RenoncKind.IN_PLAY, HandEffect.PAUSAL_AND_LOST, "pausal_1")
_TALON = (RenoncKind.PAUSAL_2, HandEffect.PAUSAL_AND_LOST, "pausal_2")

# (code, Czech label, English label, class): OBE VI.2, L214-225, in order.
_CATALOGUE = (
    ("VI.2.a", "míchání a řezání karet", "shuffling or cutting wrongly", _FIRST_THREE),
    ("VI.2.b", "opakované chybné rozdání", "repeated misdeal", _FIRST_THREE),
    ("VI.2.c", "nedodržení pořadí při komentování", "commenting out of order", _FIRST_THREE),
    ("VI.2.d", "chybný počet karet v talonu", "wrong number of cards in the talon", _GAME),
    ("VI.2.e", "nahlížení do talonu po okomentování", "looking into the talon after comments",
     _GAME),
    ("VI.2.f", "nedodržení herního pořadí", "playing out of turn", _GAME),
    ("VI.2.g", "nepřiznání barvy", "not following suit", _GAME),
    ("VI.2.h", "neodehrání vyšší karty", "not heading the trick", _GAME),
    ("VI.2.i", "předčasně odehraná hlášená sedma", "announced seven played early", _GAME),
    ("VI.2.j", "nahlížení do karet", "looking at other players' cards", _GAME),
    ("VI.2.k", "prozrazení karet spoluhráči", "showing cards to a partner", _GAME),
    ("VI.2.l", "eso nebo desítka v talonu", "ace or ten in the talon", _TALON),
)

RENONCS = tuple(
    RenoncRule(code, cs, en, kind, effect, rate)
    for code, cs, en, (kind, effect, rate) in _CATALOGUE
)

CSM_VOLENY = Ruleset(
    code="csm-voleny",
    name="ČSM volený mariáš (obecná pravidla)",
    valid_from=date(2009, 1, 1),  # the 2009 general rules (docs/sources.md)
    table_sizes=(3, 4),  # VII.1 L233: three play; L27-28, L141-142: a 4th deals and sits out
    base=20,  # V.2 L144: "obvykle 20 hal nebo 1 Kč"
    currency="CZK",
    ladder=LADDER,
    # V.2 L148-153: hra 1 (digit lost in the OCR; V.7 and SLS L96), sedma 2, sto 4, betl 15,
    # durch 30; V.8: tichá sedma half of the sedma; V.9 L185: limit 500; VI.3: paušál 10, 50.
    rates=Rates(game=1, seven=2, silent_seven=1, hundred=4, betl=15, durch=30, two_sevens=0,
                two_sevens_hearts=0, concession=0, pausal_1=10, pausal_2=50, limit=500,
                raised_limit=None),
    silent_hundred=SilentHundredRule.DOUBLE_PER_TEN,  # V.7 L174-178
    hundred_series=Series.ARITHMETIC,  # V.6 L170-173: the rate for every ten
    doubling_cap=4,  # V.5 L165 "atd.": not stated; as ČSM 2023
    hundred_marriage=HundredMarriage.FIRST_ANNOUNCED,  # VII.1 L240-241
    defence_announcements=frozenset({S, H}),  # VII.1 L240
    trump_game_forehand_only=True,  # VII.1 L233-239: forhont chooses; others only betl/durch
    unplayed_rules=frozenset({UnplayedRule.SEVEN_VS_FLEKED_GAME}),  # V.12 L206-208
    concession_rungs=frozenset(),  # no auction, so no omyl
    renoncs=RENONCS,
    renonc_game_value=RenoncGameValue.BASIC_AT_LEVELS,  # VI.3 "sazbu za hru dle flekování"
    premium_table=None,  # OBE has no tournament part (docs/csm-voleny.md "Tournament scoring")
    sb_premium_factor=0,
)
