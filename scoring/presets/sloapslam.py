"""Presets ``sloapslam-ctyrka`` and ``sloapslam-krizovy``: the two games of the SloapSlam club.

Source: ``rules/sloapslam-krizovy-a-honerovy.txt`` (SLS, cited by ``cat -n`` line): L12-74 the
honerová licitovaná čtyřka of the club's Christmas tournament ("korunový": 1 Kč a unit), and
L80-274 the bodovaný křížový mariáš ("dvacetihaléřový": 0,20 Kč). What the texts leave open is
listed, with the reading chosen, in ``docs/sloapslam-ctyrka.md`` and ``docs/sloapslam-krizovy.md``.
"""

from __future__ import annotations

import dataclasses
from datetime import date

from scoring.presets.csm_2023 import LADDER as CSM_2023_LADDER
from scoring.presets.csm_krizovy import CSM_KRIZOVY
from scoring.presets.csm_voleny import LADDER as VOLENY_LADDER
from scoring.ruleset import Rates, RenoncRule
from scoring.types import (
    Component,
    FlekBinding,
    FlekerLiability,
    HandEffect,
    HundredMarriage,
    Rank,
    RenoncGameValue,
    RenoncKind,
    UnplayedRule,
)

G, S, H = Component.GAME, Component.SEVEN, Component.HUNDRED
B, D, T = Component.BETL, Component.DURCH, Component.TWO_SEVENS

# -- licitovaná čtyřka (SLS L12-74) -------------------------------------------------------------

# The auction ladder is not in SLS (docs/sloapslam-ctyrka.md "What is missing from the texts"): the
# volený rungs in the SLS order (hra first: L22 fleks "hru") and the ČSM licitovaný dvě sedmy
# (L50-52, L60 name them).
CTYRKA_LADDER = (
    *VOLENY_LADDER,
    *(dataclasses.replace(r, rank=r.rank + 2) for r in CSM_2023_LADDER
      if T in r.components),
)

# L38: renoncs are settled by agreement at the presumed result of the play; the offender pays
# for his partner. L26: commenting out of order is a renonc too. No paušál is named
# (docs/sloapslam-ctyrka.md "Rates and payment").
CTYRKA_RENONCS = (
    RenoncRule("L38", "renonc", "renonc", RenoncKind.IN_PLAY, HandEffect.PRESUMED_RESULT, None),
    RenoncRule("L26", "nedodržení pořadí při komentování", "commenting out of order",
               RenoncKind.TECHNICAL, HandEffect.PRESUMED_RESULT, None),
)

SLOAPSLAM_CTYRKA = CSM_KRIZOVY.override(
    code="sloapslam-ctyrka",
    name="SloapSlam honerová licitovaná čtyřka (korunový mariáš)",
    valid_from=date(2011, 1, 1),  # the page's copyright year (SLS L284)
    base=100,  # L14 "korunový": 1 Kč a unit
    ladder=CTYRKA_LADDER,
    # L28-30: osma, devítka 2 / 4, raised 4 / 6 on 3 or fewer trumps; L64: sedma 2 / 4 and
    # 2 Kč a point of an accepted seven; L70: limit 200 Kč per payer. Hra 1, sto 4, betl 15,
    # durch 30, dvě sedmy 40 / 60 are not in SLS: the ČSM honer table (secondary,
    # docs/sloapslam-ctyrka.md "What is missing from the texts").
    rates=Rates(game=1, seven=2, silent_seven=1, hundred=4, betl=15, durch=30, two_sevens=40,
                two_sevens_hearts=60, concession=0, pausal_1=0, pausal_2=0, limit=200,
                raised_limit=None, honour=2, honour_hearts=4, honour_raised=4,
                honour_raised_hearts=6, seven_point=2),
    honours=frozenset({Rank.NINE, Rank.EIGHT}),  # L28-32
    honour_raised_at_most=3,  # L30 "na 3 a méně trumfů"
    # L62-68: (trumps of the announcer, points s výnosem, bez výnosu)
    accepted_seven_points=((3, 1, 2), (2, 2, 3), (1, 3, 4)),
    unplayed_rules=frozenset({UnplayedRule.HONOURS_CONCEDED}),  # L20-24
    trump_game_forehand_only=False,  # licitovaná: the auction's winner declares
    # L16: only the departures from the ČSM honer rules are written, and none forbids the
    # other side's sedma or sto (OBE L250 "Opět je povoleno hlásit závazky proti volící
    # straně"; L42 counts the trumps of "the player who announced the seven").
    defence_announcements=frozenset({S, H}),
    hundred_marriage=HundredMarriage.BEST,  # not stated; as ČSM licitovaný
    doubling_cap=4,  # not stated; the ČSM honer table (secondary)
    # trump games: the whole side (reading, docs/sloapslam-ctyrka.md "Rates and payment")
    flek_binding=FlekBinding.ALL_PAYERS,
    flek_binding_no_trumps=FlekBinding.PER_DEFENDER,  # L36: betl/durch each for himself
    renoncs=CTYRKA_RENONCS,
    renonc_game_value=RenoncGameValue.POINTS_AS_THEY_STAND,  # the presumed play as recorded
    # L20-24 name no renonc: one makes the hand played, at its presumed result (L38)
    renonc_unplayed_loses_game=True,
    # the ČSM honer PB table is not in the texts (docs/sloapslam-ctyrka.md "What is missing from the
    # texts", "Tournament scoring")
    premium_table=None,
    sb_premium_factor=2,  # L74: SB = Kč + 2 × premium points
    money_rounding=100,  # L14 "korunový": whole crowns
)
SLOAPSLAM_CTYRKA = dataclasses.replace(SLOAPSLAM_CTYRKA, overrides=())

# -- bodovaný křížový (SLS L80-274) -------------------------------------------------------------

_PAUSAL = "pausal_1"  # C (L250): 2 Kč = 10 units of 0,20
_C = (RenoncKind.IN_PLAY, HandEffect.LOST_UNLESS_PLAYED_OUT, _PAUSAL)  # D1-D4
_PAUSAL_ONLY = (RenoncKind.TECHNICAL, HandEffect.CONTINUES, _PAUSAL)

# Čl. III (L220-236) as "C n" and the paušál-only cases of Čl. II (B/5, B/7, B/12).
_CATALOGUE = (
    ("C1", "nepřiznání barvy", "not following suit", _C),
    ("C2", "nepřebití nižší karty", "not heading the trick", _C),
    ("C3", "nesprávné vynesení", "wrong lead", _C),
    ("C4", "předhození karty", "playing before one's turn", _C),
    ("C5", "řezání a míchání karet", "cutting or shuffling", _C),
    ("C6", "prozrazení karty spoluhráči", "signalling to a partner", _C),
    # B/7 (L180), D1 (L254): out of order costs the paušál only and play goes on
    ("C7", "nedodržení postupu při komentování", "commenting out of order", _PAUSAL_ONLY),
    ("C8", "porušení bodů B/9, B/12, B/15", "breaking B/9, B/12 or B/15", _C),
    # B/12 (L190): a ložená played is paid, and the player pays each opponent the paušál
    ("B12", "ložená hra sehrána", "laid-down game played", _PAUSAL_ONLY),
    # B/5 (L176): the second and every further misdeal of a round
    ("B5", "opakované chybné rozdání", "repeated misdeal", _PAUSAL_ONLY),
)

SLOAPSLAM_KRIZOVY_RENONCS = tuple(
    RenoncRule(code, cs, en, kind, effect, rate) for code, cs, en, (kind, effect, rate)
    in _CATALOGUE)

# B/18 (L202): "CHYTRÝ", the declarer needs the first 7 tricks.
_LADDER = tuple(
    dataclasses.replace(r, name_cs="chytrý") if r.clever else r for r in CSM_KRIZOVY.ladder
)

SLOAPSLAM_KRIZOVY = CSM_KRIZOVY.override(
    code="sloapslam-krizovy",
    name="SloapSlam bodovaný křížový mariáš",
    valid_from=date(2011, 1, 1),  # SLS L284
    base=20,  # L82 "dvacetihaléřový"
    ladder=_LADDER,
    # L86-164: hra 0,20 … durch 6,00 = 1/2/4/15/30 units; tichá sedma half the sedma (L164);
    # paušál 2 Kč = 10 units (L250, B/5, B/7, B/12). The limit is not in SLS: OBE's 500.
    rates=Rates(game=1, seven=2, silent_seven=1, hundred=4, betl=15, durch=30, two_sevens=0,
                two_sevens_hearts=0, concession=0, pausal_1=10, pausal_2=0, limit=500,
                raised_limit=None),
    doubling_cap=4,  # the PB table's last flek column (C "Renoncem není" 3, L244); missing
    defence_announcements=frozenset({S, H}),  # B/22 (L210): sedma, sto, sto + sedm proti
    unplayed_rules=frozenset({UnplayedRule.FLEKED_WITHOUT_RE}),  # B/20 (L206)
    renoncs=SLOAPSLAM_KRIZOVY_RENONCS,
    renonc_game_value=RenoncGameValue.BASIC_AT_LEVELS,  # D4 "základní sazbu hry"
    renonc_offender_pays_side=True,  # D2 (L256) "platí všem protihráčům"
    # B/20 (L206) names no renonc: one makes the hand played, lost by the offender (D1 L254)
    renonc_unplayed_loses_game=True,
    # B/10 (L186): the fleker of a scored game pays for his partners; the scored games are
    # the PB table's (missing): every announced part but the plain hra (reading)
    fleker_liability=FlekerLiability.SURPLUS,
    scored_components=frozenset({S, H, B, D}),
    # the club's bodovací tabulka is not in the texts (docs/sloapslam-krizovy.md "Premium points per
    # seat")
    premium_table=None,
    premium_referee_threshold=50,  # B/1 (L168) "50 a více"
    sb_premium_factor=1,  # Čl. V (L274): SB = rounded money + PB
    money_rounding=100,  # Čl. V (L274): whole crowns, before SB
)
SLOAPSLAM_KRIZOVY = dataclasses.replace(SLOAPSLAM_KRIZOVY, overrides=())
