"""Patterns of the variant families' items, over the folded text (docs/notation.md).

The volený families, křížový and SloapSlam write their items with a few fixed words
(``7p@3``, ``sp@3``, ``9@1t5``) that do not change with the sheet's language, so they are plain
patterns here rather than lexicon tables (:mod:`scoring.notation.grammar`).
"""

from __future__ import annotations

import re

from scoring.types import Component, Rank

# -- the volený families (scoring/variants.py): open contracts, announcements against the
# declarer, raise chains with seats, a killed seven. Patterns over the folded text.
OPEN_CONTRACT = re.compile(r"(ob|otevreny betl|od|otevreny durch)(?![0-9a-zž])")
OPEN_PART = {"ob": Component.BETL, "otevreny betl": Component.BETL,
             "od": Component.DURCH, "otevreny durch": Component.DURCH}
ANNOUNCE = re.compile(r"(?:(7|100)p|(sedma|sto) proti)(?:[ ]*@[ ]*|[ ]+hrace[ ]+)"
                      r"([0-9])(?![0-9])")
ANNOUNCE_PART = {"7": Component.SEVEN, "sedma": Component.SEVEN,
                 "100": Component.HUNDRED, "sto": Component.HUNDRED}
CHAIN = re.compile(r"[ ]*#[ ]*([0-9]+)(?![0-9])|[ ]*\(fleky ([0-9](?:, [0-9])*)\)")
LEVEL_ONLY = re.compile(r"[ ]*\*[ ]*([0-9]+)(?![0-9])|[ ]*\(([0-9]+) fleky\)")
ANNOUNCE_RESULT = re.compile(r"[ ]+(uhrana|prohrana|zabita)(?![a-zž])|(\+|-|x)(?![a-zž])")
SEVEN_KILLED = re.compile(r"(?:sx|sedma zabita)(?![0-9a-zž])")

# -- křížový (ČSM obecná pravidla VII.2, scoring/partnerships.py): durch s chytrým, the
# partner's seat, playing alone, the called rank, trick 8. docs/notation.md "Křížový".
CLEVER_CONTRACT = re.compile(r"(?:dch|durch s chytrym)(?![0-9a-zž])")
# pagat's all-four game (PAG L115): Durch mit Partner, and the tricks its declarer took himself
# when it was lost (under 6 he pays both opponents, his partner nothing). docs/notation.md
# "Pagat's four-player game".
PARTNER_CONTRACT = re.compile(r"(?:dsp|durch se spoluhracem)(?![0-9a-zž@])")
DECLARER_TRICKS = re.compile(r"(?:zd[ ]*|zdvihy aktera[ ]+)([0-9])(?![0-9])")
PARTNER = re.compile(r"(?:sp[ ]*@[ ]*|spoluhrac[ ]+)([0-9])(?![0-9])")
ALONE = re.compile(r"(?:sam|hraje sam)(?![0-9a-zž@])")
CALLED = re.compile(r"(?:=[ ]*(10|[789]|sp|e|k|s)|vola (eso|krale|svrska|spodka|desitku|"
                    r"devitku|osmu|sedmu))(?![0-9a-zž])")
CALLED_RANK = {
    "7": Rank.SEVEN, "8": Rank.EIGHT, "9": Rank.NINE, "10": Rank.TEN, "sp": Rank.UNDER,
    "s": Rank.OVER, "k": Rank.KING, "e": Rank.ACE, "sedmu": Rank.SEVEN, "osmu": Rank.EIGHT,
    "devitku": Rank.NINE, "desitku": Rank.TEN, "spodka": Rank.UNDER, "svrska": Rank.OVER,
    "krale": Rank.KING, "eso": Rank.ACE,
}
# -- SloapSlam (scoring/honours.py): honers of the čtyřka, a trhák's compulsory flek, a renonc
# played out and the renoncs of that dohrávka. docs/notation.md "SloapSlam".
HONOUR = re.compile(r"(?:([89])[ ]*@[ ]*|(devitka|osma)[ ]+hrace[ ]+)([0-9])(?![0-9])")
HONOUR_RANK = {"9": Rank.NINE, "devitka": Rank.NINE, "8": Rank.EIGHT, "osma": Rank.EIGHT}
HONOUR_TRUMPS = re.compile(r"t([0-9])(?![0-9])|[ ]+na ([0-9]) trumf(?:y|u)?(?![a-zž])")
HONOUR_RESULT = re.compile(r"[ ]+(uhrana|prohrana)(?![a-zž])|(\+|-)(?![a-zž0-9])")
# The declaring side's seven announced by the declarer's partner, with his trumps (SLS L42,
# L46): 7@2t3, sedma hráče 2 na 3 trumfy.
SEVEN_BY = re.compile(r"(?:7[ ]*@[ ]*|sedma hrace[ ]+)([0-9])(?![0-9])")
# A trhák's compulsory flek on one part (B/19 L204), his other fleks free: trh7@3,
# povinný flek hráče 3 na sedmu.
FORCED_PART = re.compile(r"trh(h|7|100|b|d|2x7)[ ]*@[ ]*([0-9])(?![0-9])|povinny flek hrace"
                         r"[ ]+([0-9]) na (hru|sedmu|sto|betl|durch|dve sedmy)(?![0-9a-zž])")
FORCED_PART_NAME = {"h": Component.GAME, "7": Component.SEVEN, "100": Component.HUNDRED,
                    "b": Component.BETL, "d": Component.DURCH, "hru": Component.GAME,
                    "sedmu": Component.SEVEN, "sto": Component.HUNDRED,
                    "betl": Component.BETL, "durch": Component.DURCH,
                    "2x7": Component.TWO_SEVENS, "dve sedmy": Component.TWO_SEVENS}
FORCED_PART_LETTER = {Component.GAME: "h", Component.SEVEN: "7", Component.HUNDRED: "100",
                      Component.BETL: "b", Component.DURCH: "d", Component.TWO_SEVENS: "2x7"}
FORCED = re.compile(r"(?:trh[ ]*@[ ]*|povinny flek hrace[ ]+)([0-9])(?![0-9])")
# D4 (L260): no dohrávka after the last renonc of the dohrávka, which decides the hand
ENDS_PLAY_OUT = re.compile(r"(?:bez dohr|bez dohravky)(?![0-9a-zž])")
PLAYED_OUT = re.compile(r"(?:dohr|dohravka)(?![0-9a-zž])")
TRICK8 = re.compile(r"(?:ch8[ ]*@[ ]*|osmy zdvih hrace[ ]+)([0-9])(?![0-9])")
