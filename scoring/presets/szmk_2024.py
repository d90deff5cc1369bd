"""Preset ``szmk-voleny-2024``: SZMK volený mariáš, rules valid from 1.1.2024.

Numbers follow section C of the rules (SZMK 2024) and docs/szmk.md; the renonce catalogue follows
SZMK 2024 D.2 with each item's consequence from SZMK 2024 D.4. The ruleset's local names
(``name_cs`` fields) are Slovak here, because SZMK sheets and players use the Slovak words
(malý, veľký, farba, reflek, ...).
Readings where the text is silent are listed in ``docs/szmk.md``.
"""

from __future__ import annotations

from datetime import date

from scoring.ruleset import Rates, RenoncRule, Ruleset, Rung
from scoring.types import (
    Component,
    FlekBinding,
    HandEffect,
    RenoncKind,
    Series,
    SilentHundredRule,
)

G, S, H = Component.GAME, Component.SEVEN, Component.HUNDRED
B, D = Component.BETL, Component.DURCH

# Volený mariáš has no auction; ``rank`` only orders the contracts for forms and lists.
LADDER = (
    Rung("game", 1, frozenset({G}), False, "farba", "game"),
    Rung("game_hearts", 2, frozenset({G}), True, "farba červená", "game in hearts"),
    Rung("seven", 3, frozenset({G, S}), False, "sedma", "seven"),
    Rung("seven_hearts", 4, frozenset({G, S}), True, "sedma červená", "seven in hearts"),
    Rung("hundred", 5, frozenset({H}), False, "stovka", "hundred"),
    Rung("hundred_hearts", 6, frozenset({H}), True, "stovka červená", "hundred in hearts"),
    Rung("hundred_seven", 7, frozenset({H, S}), False, "100+7", "hundred and seven"),
    Rung("hundred_seven_hearts", 8, frozenset({H, S}), True, "100+7 červená",
         "hundred and seven in hearts"),
    Rung("betl", 9, frozenset({B}), False, "malý", "misère (malý)"),
    Rung("durch", 10, frozenset({D}), False, "veľký", "slam (veľký)"),
)

_REPLAY, _GO_ON = HandEffect.REPLAYED, HandEffect.CONTINUES
_MAY, _NOT = HandEffect.MAY_BE_PLAYED_OUT, HandEffect.NOT_PLAYED
_TIERS = {
    RenoncKind.MINOR: "pausal_1",
    RenoncKind.CLASSIC: "pausal_2",
    RenoncKind.MAJOR: "pausal_3",
    RenoncKind.EXTRAORDINARY: "pausal_4",
}

# (code, Slovak label, English label, tier, consequence, red card); SZMK 2024 D.2 in order.
# väčší d) "nekorektný flek" is not listed: it is recorded as an incorrect-flek ruling
# (Hand.incorrect_flek_by), because both defenders may flek incorrectly in one hand.
_CATALOGUE = (
    ("men.a", "nesprávne miešanie", "wrong shuffle", RenoncKind.MINOR, _REPLAY, False),
    ("men.b", "chybné rozdanie", "misdeal", RenoncKind.MINOR, _REPLAY, False),
    ("men.c", "nepripravená karta na výnos (malý, veľký)", "lead card not prepared",
     RenoncKind.MINOR, _GO_ON, False),
    ("men.d", "manipulácia s kartami po odobrení hry", "handling cards after acceptance",
     RenoncKind.MINOR, _GO_ON, False),
    ("men.e", "nedodržaný postup schvaľovania a flekovania", "breach of the commenting order",
     RenoncKind.MINOR, _GO_ON, False),
    ("men.f", "prezradenie farby tromfa", "trump suit revealed", RenoncKind.MINOR, _GO_ON, False),
    ("men.g", "dohrávanie vyloženej hry", "playing out a laid-down game", RenoncKind.MINOR,
     _GO_ON, False),
    ("men.h", "štich neprevzatý do 5 sekúnd", "trick not taken within 5 seconds",
     RenoncKind.MINOR, _GO_ON, False),
    ("men.i", "pohľad na odložený tromf pred zobratím kariet", "looked at the laid trump early",
     RenoncKind.MINOR, _GO_ON, False),
    ("kla.a", "nepriznanie farby", "not following suit", RenoncKind.CLASSIC, _MAY, False),
    ("kla.b", "nepriznanie vyššej karty", "not heading the trick", RenoncKind.CLASSIC, _MAY,
     False),
    ("kla.c", "prezradenie karty spoluhráčovi v obrane", "card shown to a partner",
     RenoncKind.CLASSIC, _MAY, False),
    ("kla.d", "ovplyvňovanie hry slovne alebo náznakom", "influencing play by word or sign",
     RenoncKind.CLASSIC, _MAY, False),
    ("kla.e", "farba zahlásená po dvoch samostatných kartách", "game named after two loose cards",
     RenoncKind.CLASSIC, _NOT, False),
    ("kla.f", "nesprávna voľba tromfu z druhých kariet", "trump chosen wrongly from the rest",
     RenoncKind.CLASSIC, _NOT, False),
    ("kla.g", "neodložený talón (farba, 100+7, malý)", "talon not laid", RenoncKind.CLASSIC,
     _NOT, False),
    ("kla.h", "nesprávny počet kariet v talóne (farba, malý)", "wrong talon size",
     RenoncKind.CLASSIC, _NOT, False),
    ("kla.i", "nahliadnutie do talóna po ohlásení hry", "looked into the talon",
     RenoncKind.CLASSIC, _MAY, False),
    ("kla.j", "nahliadnutie do staršieho štichu", "looked into an earlier trick",
     RenoncKind.CLASSIC, _MAY, False),
    ("kla.k", "hlásená sedma, ktorú hráč nemá", "announced a seven not held", RenoncKind.CLASSIC,
     _NOT, False),
    ("kla.l", "hlásená sedma v talóne", "announced seven in the talon", RenoncKind.CLASSIC, _NOT,
     False),
    ("kla.m", "100 alebo 100+7 bez hlášky alebo sedmy", "100 or 100+7 without marriage or seven",
     RenoncKind.CLASSIC, _NOT, False),
    ("kla.n", "hlásená sedma zahraná pred posledným tromfom", "announced seven played early",
     RenoncKind.CLASSIC, _MAY, False),
    ("vac.a", "desiatka alebo eso v talóne (farba)", "ten or ace in the talon", RenoncKind.MAJOR,
     _NOT, False),
    ("vac.b", "neodložený talón (veľký)", "talon not laid (veľký)", RenoncKind.MAJOR, _NOT, False),
    ("vac.c", "nesprávny počet kariet v talóne (veľký)", "wrong talon size (veľký)",
     RenoncKind.MAJOR, _NOT, False),
    ("mim.a", "pokus o podvádzanie", "attempted cheating", RenoncKind.EXTRAORDINARY, _NOT, True),
    ("mim.b", "zamiešanie alebo roztrhanie kariet po renonce", "cards destroyed after a renonce",
     RenoncKind.EXTRAORDINARY, _NOT, True),
    ("mim.c", "utajenie flekovaného vyloženého malého či veľkého",
     "hiding a fleked laid-down malý or veľký", RenoncKind.EXTRAORDINARY, _NOT, True),
)

RENONCS = tuple(
    RenoncRule(code, sk, en, kind, effect, _TIERS[kind], red)
    for code, sk, en, kind, effect, red in _CATALOGUE
)

SZMK_VOLENY_2024 = Ruleset(
    code="szmk-voleny-2024",
    name="SZMK volený mariáš 2024",
    valid_from=date(2024, 1, 1),
    table_sizes=(3, 4),  # docs/szmk.md: a 4th player sits out per hand when the field asks
    base=5,  # 5 centov
    currency="EUR",
    ladder=LADDER,
    # SZMK 2024 C.5 in units of 5 c: hra 5, fleked hra 10 (the flek doubling), tichá sedma 5,
    # sedma 10, stovka 20, malý 25, veľký 50. SZMK 2024 D.2 paušály: 10 c, 50 c, 1 €, 3 €;
    # SZMK 2024 E.2: 1 €; SZMK 2024 E.5: 10 c per started minute late.
    rates=Rates(
        game=1, seven=2, silent_seven=1, hundred=4, betl=5, durch=10, two_sevens=0,
        two_sevens_hearts=0, concession=0, pausal_1=2, pausal_2=10, pausal_3=20, pausal_4=60,
        incorrect_flek=20, late_minute=2, limit=None, raised_limit=None,
    ),
    silent_seven_hearts=True,  # SZMK 2024 C.5: hearts double the payment
    silent_hundred=SilentHundredRule.SERIES,  # SZMK 2024 C.5: a reached 100 counts the hra twice
    hundred_series=Series.ARITHMETIC,  # SZMK 2024 C.1
    doubling_names=("flek", "reflek", "sub", "hirš"),
    doubling_cap=4,  # SZMK 2024 C.9
    doubling_cap_no_trumps=2,  # SZMK 2024 C.10
    flek_binding=FlekBinding.PER_DEFENDER,  # SZMK 2024 C.9: each defender flekuje for himself
    hundred_marriages_to_reach=1,  # SZMK 2024 C.6.a: reached on one marriage only
    hundred_seven_as_one=True,  # SZMK 2024 B.10
    hundred_needs_marriage=True,  # SZMK 2024 C.6.d-e
    hundred_without_marriage_renonc="kla.m",  # SZMK 2024 C.6.d is SZMK 2024 D.2 klasický m)
    concession_rungs=frozenset(),  # no omyl in volený
    renoncs=RENONCS,
    renonc_min_basic_rate=False,
    premium_table=None,  # SZMK scores money and table points, no PB
    sb_premium_factor=0,
    round_budget=1000,  # SZMK 2024 C.8: 10 €
    forgiven_renonc_kinds=frozenset({RenoncKind.MINOR}),  # SZMK 2024 D.1, SZMK 2024 D.3.a
    forgiven_per_round=1,
    language="sk",
    part_names=(("hundred", "stovka"), ("betl", "malý"), ("durch", "veľký"),
                ("silent_seven", "tichá sedma")),
    contumation_gain=20,  # SZMK 2024 E.5: the present players end the round with 11 €, i.e. +1 €
)
