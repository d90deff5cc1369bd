"""The names of a hand's fields, in Czech and English, for "given twice" (notation_twice).

The parser refuses an item that fills a field already filled; the message names the field the
way the scorekeeper knows it, not the parser's key for it.
"""

from __future__ import annotations

from scoring.notation import lexicon as lx
from scoring.types import Component


def what(key: str) -> tuple[str, str]:
    """Czech and English names of a field, for "given twice"."""
    kind, _, name = key.partition(".")
    if kind == "doubling":
        component = Component(name)
        return (f"flek na {lx.COMPONENT_ACCUSATIVE['cs'][component]}",
                f"doubling on {lx.COMPONENT_ACCUSATIVE['en'][component]}")
    if kind == "result":
        component = Component(name)
        return (f"výsledek: {lx.COMPONENT_NOMINATIVE['cs'][component]}",
                f"result of {lx.COMPONENT_NOMINATIVE['en'][component]}")
    if kind == "premium":
        if name in lx.PREMIUM_COUNTS:
            return lx.PREMIUM_COUNTS[name][0], lx.PREMIUM_COUNT_LABEL_EN[name]
        if name in lx.PREMIUM_HOLDINGS:
            return lx.PREMIUM_HOLDINGS[name][1][0], lx.PREMIUM_HOLDINGS_EN[name][0]
        if name == "defender_claims":
            return "PB za flek", "PB for a flek"
        return lx.NON_TRUMP_MARRIAGE_WORDS[0], "non-trump marriage"
    return _WHAT[key]


_WHAT: dict[str, tuple[str, str]] = {
    "trump": ("trumf", "trumps"),
    "helper": ("pomocná barva", "helper suit"),
    "bid": ("licitace", "auction"),
    "points": ("body", "points"),
    "overall": ("celkový výsledek (+/-)", "overall result (+/-)"),
    "silent_seven": ("tichá sedma", "silent seven"),
    "laid_down": ("ložená", "laid down"),
    "not_played": ("nehráno", "not played"),
    "renonc": ("renonc", "renonc"),
    "ruling": ("rozhodnutí o PB", "PB ruling"),
    "cancelled": ("fleky zrušeny", "doublings cancelled"),
    "incorrect_flek": ("nekorektní flek", "incorrect flek"),
    "late": ("pozdní příchod", "late arrival"),
    "unannounced": ("nehlášená hláška", "unannounced marriage"),
    "announcement.seven": ("sedma proti", "seven against"),
    "announcement.hundred": ("sto proti", "hundred against"),
    "seven_killed": ("sedma zabitá", "killed seven"),
    "partner": ("spoluhráč", "partner"),
    "called_rank": ("volaná karta", "called rank"),
    "trick8": ("osmý zdvih", "trick 8"),
    "declarer_tricks": ("zdvihy aktéra", "declarer's tricks"),
    "honour.nine": ("devítka", "nine"),
    "honour.eight": ("osma", "eight"),
    "played_out": ("dohrávka", "played out"),
    "seven_by": ("sedma hráče", "seven announced by"),
    "decisive": ("bez dohrávky", "no dohrávka"),
}
