"""Prémiové body (PB): versioned tables as data and the computation for one hand.

Pure Python like the rest of :mod:`scoring`; the settlement calls :func:`premium_points` with the
table its ruleset names (``Ruleset.premium_table``) and applies the renonc rulings itself.
"""

from scoring.premium.compute import (
    PremiumAward,
    PremiumLine,
    needs_sheet_description,
    premium_points,
)
from scoring.premium.registry import (
    DEFAULT_TABLE,
    SEAT_TABLES,
    TABLES,
    dump_table,
    from_dict,
    get_any_table,
    get_table,
    load_table,
    to_dict,
)
from scoring.premium.seats import (
    MinusRecipients,
    Recipients,
    SeatPremiumRow,
    SeatPremiumTable,
    TrumpsCount,
    seat_premium_points,
    seat_table_from_dict,
    seat_table_to_dict,
)
from scoring.premium.tables import (
    ROWS,
    HundredSevenRule,
    PremiumCell,
    PremiumTable,
    compose,
    format_pb,
)

__all__ = [
    "DEFAULT_TABLE",
    "ROWS",
    "SEAT_TABLES",
    "TABLES",
    "HundredSevenRule",
    "MinusRecipients",
    "PremiumAward",
    "PremiumCell",
    "PremiumLine",
    "PremiumTable",
    "Recipients",
    "SeatPremiumRow",
    "SeatPremiumTable",
    "TrumpsCount",
    "compose",
    "dump_table",
    "format_pb",
    "from_dict",
    "get_any_table",
    "get_table",
    "load_table",
    "needs_sheet_description",
    "premium_points",
    "seat_premium_points",
    "seat_table_from_dict",
    "seat_table_to_dict",
    "to_dict",
]
