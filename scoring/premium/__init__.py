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
    TABLES,
    from_dict,
    get_table,
    to_dict,
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
    "TABLES",
    "HundredSevenRule",
    "PremiumAward",
    "PremiumCell",
    "PremiumLine",
    "PremiumTable",
    "compose",
    "format_pb",
    "from_dict",
    "get_table",
    "needs_sheet_description",
    "premium_points",
    "to_dict",
]
