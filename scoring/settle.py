"""Hand settlement, the public face of :mod:`scoring.settlement`.

The work is carved by concern in the ``scoring.settlement`` package (contract, hundred maths,
announcements, flek, penalties, premiums, transfers); this module keeps the names the rest of
the project imports from it.
"""

from __future__ import annotations

from scoring.settlement.core import settle
from scoring.settlement.hundred import HUNDRED_TARGET, SILENT_HUNDRED_STEPS
from scoring.settlement.result import Settlement

__all__ = ["HUNDRED_TARGET", "SILENT_HUNDRED_STEPS", "Settlement", "settle"]
