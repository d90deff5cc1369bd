"""What the player details service asks of the apps above it, and how its answer is said.

A player's sex, year of birth and region decide which categories (women, seniors, juniors,
region) of every tournament he belongs to; the categories live in the prizes app, far above
this one. Provided by the prizes app in ``PrizesConfig.ready`` (see
:mod:`marias_admin.core.probes`), so that players imports no app above it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy

from marias_admin.core.probes import Probe

#: The details a category can ask about (the club is asked by none: club standings and
#: seasons keep the club a result was played for).
CATEGORY_FIELDS = ("sex", "birth_year", "region")


@dataclass(frozen=True)
class FinishedEffect:
    """A category of a finished tournament the player would join or leave."""

    tournament_id: int
    tournament: str  # its name
    category: str  # the category's name
    joins: bool  # True: the player would enter the category; False: drop out of it


#: What a change would do to a finished tournament's category, said of one player (the bulk
#: table's row, the import preview's problem list, the service's refusal).
JOINS = gettext_lazy("would join the category “%(category)s” of %(tournament)s (finished): "
                     "its ranking and prize list would change")
LEAVES = gettext_lazy("would leave the category “%(category)s” of %(tournament)s (finished): "
                      "its ranking and prize list would change")
#: The tick the pages ask for before such a change is saved.
CONFIRM_LABEL = gettext_lazy("I know the finished tournaments' prize lists change")


def effect_text(effect: FinishedEffect) -> str:
    """One finished tournament's change, in the active language."""
    template = JOINS if effect.joins else LEAVES
    return str(template) % {"category": effect.category, "tournament": effect.tournament}


#: Player id → (details before, details after) in; player id → what would change in finished
#: tournaments out (players with no such change left out). One call for many players.
finished_effects: Probe[[Mapping[int, tuple[Mapping[str, Any], Mapping[str, Any]]]],
                        dict[int, list[FinishedEffect]]] = Probe("players.finished_effects")
