"""The rules of Mariáš as pure Python: rulesets, hands, settlement, PB, the shorthand.

Never imports Django; the web apps call in, nothing calls out.
"""

from scoring.errors import Problem, ScoringError
from scoring.hand import (
    Announcement,
    Doubling,
    Hand,
    Marriage,
    Points,
    PremiumFacts,
    Renonc,
    SilentSeven,
)
from scoring.presets import PRESETS, get_preset
from scoring.ruleset import CONCESSION, Ruleset
from scoring.settle import Settlement, settle
from scoring.types import Component, Side, Suit

__all__ = [
    "CONCESSION", "PRESETS", "Announcement", "Component", "Doubling", "Hand", "Marriage", "Points",
    "PremiumFacts", "Problem", "Renonc", "Ruleset", "ScoringError", "Settlement", "Side",
    "SilentSeven", "Suit", "get_preset", "settle",
]
