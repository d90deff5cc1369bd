"""How validation names a contract and its parts in problems (hra, sedma, sto …)."""

from __future__ import annotations

from scoring.messages import Named
from scoring.ruleset import Rung
from scoring.types import Component


def rung_name(rung: Rung) -> Named:
    return Named(rung.name_cs, rung.name_en)


_COMPONENT_NAMES = {
    Component.GAME: Named("hra", "game"),
    Component.SEVEN: Named("sedma", "seven"),
    Component.HUNDRED: Named("sto", "hundred", "stovka"),
    Component.BETL: Named("betl", "betl", "malý"),
    Component.DURCH: Named("durch", "durch", "veľký"),
    Component.TWO_SEVENS: Named("dvě sedmy", "two sevens", "dve sedmy"),
}


def component_name(component: Component) -> Named:
    """A part of a contract as the sheet names it (hra, sedma, sto …)."""
    return _COMPONENT_NAMES[component]
