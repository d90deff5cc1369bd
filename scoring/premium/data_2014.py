"""Table ``csm-2014``: the rows of the 2014 table known from a club site
(docs/csm-licitovany.md#premium-points).

Only what was published is filled in; every other cell is unknown, so this table alone warns
often and is meant to be composed over ``csm-2010`` (see :mod:`scoring.premium.registry`).
Cells are (s výnosem, bez výnosu).
"""

from __future__ import annotations

from datetime import date

from scoring.premium.tables import PremiumTable, cell, same

CSM_2014 = PremiumTable(
    code="csm-2014",
    name="ČSM bodovací tabulka 2014 (známé řádky)",
    valid_from=date(2014, 1, 1),
    source=("docs/csm-licitovany.md#premium-points, 2014 table as published on a club site; "
            "only known rows"),
    rows={
        "seven.trumps_3": cell(7, 10),
        "seven.trumps_2": cell(14, 20),
        "seven.trumps_1": cell(20, 28),
        # Published as "5+ trumps"; the 5–6 row is the same game (7+ trumps hold the A or 10).
        "hundred.trumps_5_6.without_both": cell(10, 12),
        # "–/10": a dash is a known "no PB", so 0, not unknown.
        "hundred.trumps_4.with_both": cell(0, 10),
        "hundred.trumps_4.without_ten": cell(10, 12),
        "hundred.trumps_4.without_ace": cell(12, 18),
        "hundred.trumps_4.without_both": cell(24, 30),
        "hundred.trumps_3.with_both": cell(26, 32),
        "hundred.trumps_3.without_ten": cell(26, 32),
        "hundred.trumps_3.without_ace": cell(32, 40),
        "hundred.trumps_3.without_both": cell(40, 55),
        "hundred.trumps_2.with_both": cell(50, 60),
        "hundred.trumps_2.without_ten": cell(60, 70),
        "hundred.trumps_2.without_ace": cell(70, 80),
        # (sic): lower than the row above, kept exactly as published.
        "hundred.trumps_2.without_both": cell(60, 70),
        "hundred.trumps_1.ace": cell(80, 100),
        "hundred.trumps_1.ten": cell(100, None),  # "100/?"
        # One bonus of 8 on 4 trumps and 16 on 3 or fewer; it applies to dvě sedmy a sto too.
        "hundred.non_trump_marriage.trumps_4": same(8),
        "hundred.non_trump_marriage.trumps_3": same(16),
        "hundred.non_trump_marriage.trumps_2": same(16),
        "hundred.non_trump_marriage.trumps_1": same(16),
    },
    hundred_seven=None,  # not among the known rows
)
