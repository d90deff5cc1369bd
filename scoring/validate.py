"""Rule checks on a recorded hand, the public face of :mod:`scoring.validation`.

The checks are carved by concern in the ``scoring.validation`` package; this module keeps the
names the rest of the project imports from it.
"""

from __future__ import annotations

from scoring.validation.core import check, for_ruleset, validate
from scoring.validation.doublings import INCORRECT_FLEK_TOTAL
from scoring.validation.names import component_name
from scoring.validation.outcome import LAST_TRICK, game_won_on_points, last_trick_facts
from scoring.validation.points import MARRIAGE_VALUES, MAX_TRUMPS
from scoring.validation.renonc import renonc_loses_hand, renonc_rule, renonc_settles_contract

__all__ = [
    "INCORRECT_FLEK_TOTAL", "LAST_TRICK", "MARRIAGE_VALUES", "MAX_TRUMPS", "check",
    "component_name", "for_ruleset", "game_won_on_points", "last_trick_facts",
    "renonc_loses_hand", "renonc_rule", "renonc_settles_contract", "validate",
]
