"""Table ``sloapslam-krizovy-struktura``: the SloapSlam křížový PB table as structure only.

**Not from the texts, and holding no numbers.** The club's bodovací tabulka is not among the
rules we have (docs/sloapslam-krizovy.md "Premium points per seat", docs/readings.md §9): SLS
L212-216 say whose trumps count and who scores, B/10 (L186) that some games carry minus points for
their fleker, and C "Renoncem není" 3 (L244) that the table has flek columns whose last applies to
any flek beyond it. No PB value, no row boundary (which trump counts, s/bez výnosu) and no column
count is given.

So this table lists one row per game the texts call scored (sedma, sto, betl, durch; the
plain hra is read as not scored, docs/sloapslam-krizovy.md) with every cell unknown, the
recipients of L216 and B/10, and ``levels = 5`` (unfleked .. flek 4) only because the preset's
flek cap is 4. It is ``placeholder``: the table refuses any filled cell. ``sloapslam-krizovy``
keeps ``premium_table = None``; an organiser with the real table exports this one
(:func:`scoring.premium.seats.seat_table_to_dict`), fills it in (rows split by trumps as the
real table has them) under a new code, drops ``placeholder`` and loads it back.
"""

from __future__ import annotations

from datetime import date

from scoring.premium.seats import (
    MinusRecipients,
    Recipients,
    SeatPremiumRow,
    SeatPremiumTable,
    TrumpsCount,
)
from scoring.types import Component

_UNKNOWN = (None,) * 5

SLOAPSLAM_KRIZOVY_STRUCTURE = SeatPremiumTable(
    code="sloapslam-krizovy-struktura",
    name="SloapSlam křížový – struktura tabulky PB bez čísel (tabulka klubu chybí)",
    valid_from=date(2011, 1, 1),  # SLS L284, the page's year
    source="structure only, NOT the club's table: SLS L212-216 (trumps, recipients), B/10 L186 "
           "(minus points), L244 (flek columns); every value unknown",
    placeholder=True,
    levels=5,
    won=Recipients.SIDE,  # L216 "každému aktérovi v plné výši"
    lost_fleked=Recipients.FLEKERS,  # L216 "pouze flekujícímu hráči"
    minus=MinusRecipients.FIRST_FLEKER,  # B/10
    trumps={Component.SEVEN: TrumpsCount.ANNOUNCER,  # L214 "se nesčítají"
            Component.HUNDRED: TrumpsCount.SIDE},  # L214 "se trumfy sčítají"
    rows=tuple(
        SeatPremiumRow(component, points=_UNKNOWN, lost_fleked=_UNKNOWN, minus=_UNKNOWN)
        for component in (Component.SEVEN, Component.HUNDRED, Component.BETL, Component.DURCH)
    ),
)
