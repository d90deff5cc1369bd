"""Preset ``csm-krizovy``: křížový mariáš by the ČSM general rules (Obecná pravidla, VII.2).

Sources: ``rules/csm-obecna-pravidla-ocr.txt`` (OBE, cited by line) and docs/csm-krizovy.md.
Everything the general rules say for all games (Čl. I-VI: rates, hearts, tiché sto and sedma,
flek, limit, renonc) is taken from :data:`scoring.presets.csm_voleny.CSM_VOLENY`; VII.2 changes
the table (L243: four play, nobody sits out), the sides (L243-245: the called rank picks the
partner; L248-250: the pair pays pair-wise) and adds durch s chytrým (L251-253). Readings where
the text is silent are listed in ``docs/csm-krizovy.md``.
"""

from __future__ import annotations

import dataclasses
from datetime import date

from scoring.presets.csm_voleny import CSM_VOLENY, LADDER
from scoring.ruleset import Rung
from scoring.types import Component

# L251-253: durch s chytrým, the declarer needs tricks 1-7 only; whoever takes trick 8 joins
# his side for the payment. The rate is not stated: the durch rate (docs/readings.md §9.29).
DURCH_CLEVER = Rung("durch_clever", 11, frozenset({Component.DURCH}), False, "durch s chytrým",
                    "durch with the clever one", clever=True)

CSM_KRIZOVY = CSM_VOLENY.override(
    code="csm-krizovy",
    name="ČSM křížový mariáš (obecná pravidla)",
    valid_from=date(2009, 1, 1),  # the 2009 general rules (docs/sources.md)
    # L243 "Sehrávky se účastní 4 hráči"; fields not divisible by 4: docs/readings.md §9.13
    table_sizes=(4,),
    partnerships=True,  # L243-250: the called partner (2v2) or alone (1v3)
    ladder=(*LADDER, DURCH_CLEVER),
    # Rates, limit (500 units per payer pair, V.9 L185), flek cap, tiché rules, renonc
    # catalogue and VI.3 game value: as csm-voleny (Čl. I-VI are general). docs/readings.md §9.2:
    # the secondary sources pay betl/durch 10/20; override ``rates={"betl": 10, "durch": 20}`` for
    # that.
    partner_even_raises=True,  # L246-248: only odd raises are reserved to the defence
    renonc_offender_pays_side=True,  # VI.3 L227, docs/csm-krizovy.md "Settlement" and example 3.4.9
    premium_table=None,  # OBE has no tournament part
    sb_premium_factor=0,
)
# ``override`` records the changed fields; a preset is the origin, not a club's variant.
CSM_KRIZOVY = dataclasses.replace(CSM_KRIZOVY, overrides=())
