"""Table ``csm-2010``: the ČSM Bodovací tabulka of 2010 as transcribed in
docs/csm-licitovany.md#premium-points.

Complete except the end of the dvě sedmy section, whose rows stay unknown. Cells are
(s výnosem, bez výnosu). The exact day the table took effect is not known; 1 January is used.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from scoring.premium.tables import HundredSevenRule, PremiumTable, cell, same

CSM_2010 = PremiumTable(
    code="csm-2010",
    name="ČSM bodovací tabulka 2010",
    valid_from=date(2010, 1, 1),
    source="docs/csm-licitovany.md#premium-points, 2010 table",
    rows={
        "seven.trumps_3": cell(5, 7),
        "seven.trumps_2": cell(10, 14),
        "seven.trumps_1": cell(20, 28),
        "hundred.trumps_5_6.without_both": cell(9, 12),
        # "0/10": s výnosem nothing, bez výnosu 10.
        "hundred.trumps_4.with_both": cell(0, 10),
        "hundred.trumps_4.without_ten": cell(10, 12),
        "hundred.trumps_4.without_ace": cell(12, 16),
        "hundred.trumps_4.without_both": cell(18, 24),
        "hundred.trumps_3.with_both": cell(16, 20),
        "hundred.trumps_3.without_ten": cell(20, 24),
        "hundred.trumps_3.without_ace": cell(24, 32),
        "hundred.trumps_3.without_both": cell(36, 48),
        "hundred.trumps_2.with_both": cell(32, 40),
        "hundred.trumps_2.without_ten": cell(40, 48),
        "hundred.trumps_2.without_ace": cell(48, 64),
        "hundred.trumps_2.without_both": cell(72, 96),
        "hundred.trumps_1.ace": cell(80, 96),
        "hundred.trumps_1.ten": cell(96, 128),
        "hundred.non_trump_marriage.trumps_4": same(8),
        "hundred.non_trump_marriage.trumps_3": same(16),
        "hundred.non_trump_marriage.trumps_2": same(32),
        "hundred.non_trump_marriage.trumps_1": same(64),
        # The aces of six-card suits are left out of the count by the scorekeeper.
        "betl.catching_ace": same(10),
        "betl.six_card_single_catcher": same(5),
        "betl.defender_flek": same(5),
        "durch.unsolid_suit": same(10),
        "durch.defender_flek": same(10),
        "two_sevens.helpers_4": cell(20, 24),
        "two_sevens.helpers_4.with_hundred": cell(24, 30),
        "two_sevens.trumps_4": cell(30, 45),
        "two_sevens.trumps_4.with_hundred": cell(40, 60),
    },
    hundred_seven=HundredSevenRule(max_trumps=4, hundred_share=Fraction(1, 2)),
)
