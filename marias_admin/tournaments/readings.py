"""The rule readings of a tournament's ruleset, in the reader's words.

``scoring.readings`` knows which places of the rule texts are silent or say two things and
which option a ruleset takes; this module only puts its questions and options into the
organiser's language, so the overview can show which reading the tournament plays.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

from scoring.readings import readings
from scoring.ruleset import Ruleset

QUESTIONS: dict[str, Any] = {
    "hundred_series": _("How a hundred grows with each ten past 100"),
    "silent_hundred": _("What a side reaching 100 without announcing it does to the game"),
    "silent_hundred_tens_doubled": _("In a fleked game, is each ten past a silent hundred "
                                     "fleked too?"),
    "rates.two_sevens_hearts": _("Two sevens in hearts"),
    "flek_binding": _("Whom a defender's flek binds"),
    "incorrect_flek_voids": _("One of two flekers named as incorrect: what is cancelled"),
    # The volený families (docs/csm-voleny.md, docs/pagat-voleny.md).
    "hundred_marriage": _("Which marriage counts toward the 100 of an announced sto"),
    "hundred_failed_counts_opponent_marriages": _("Does a failed sto also pay for the other "
                                                  "side's marriages?"),
    "silent_hundred_marriages": _("How many marriages count toward reaching a silent hundred"),
    "hundred_replaces_game": _("Does a sto announced by the defence replace the game?"),
    "renonc_game_value": _("What the game lost by a renonc is worth"),
    "flek_binding_no_trumps": _("Whom a flek on betl or durch binds"),
    "doubling_cap": _("How many raises a part allows"),
    "rates.seven_killed": _("An announced seven beaten in the last trick costs"),
}

MEANINGS: dict[tuple[str, Any], Any] = {
    ("hundred_series", "arithmetic"): _("each ten adds the value of the hundred once more"),
    ("hundred_series", "geometric"): _("the value doubles with each ten"),
    ("silent_hundred", "none"): _("nothing"),
    ("silent_hundred", "double"): _("the game counts twice"),
    ("silent_hundred", "double_per_ten"): _("the game counts twice, and once more for each "
                                            "ten past 100"),
    ("silent_hundred", "series"): _("a reached hundred, then one more hundred for each ten"),
    ("silent_hundred_tens_doubled", True): _("yes: a fleked game made with 110 is 8 units"),
    ("silent_hundred_tens_doubled", False): _("no: a fleked game made with 110 is 6 units"),
    ("rates.two_sevens_hearts", 60): _("60 units"),
    ("rates.two_sevens_hearts", 80): _("80 units"),
    ("flek_binding", "all_payers"): _("the whole defence"),
    ("flek_binding", "per_defender"): _("only the defender who says it"),
    ("incorrect_flek_voids", "all"): _("every flek of the hand"),
    ("incorrect_flek_voids", "own"): _("only the named player's flek and the answers to it"),
    ("hundred_series", "half_step"): _("each ten adds half the value of the hundred"),
    ("hundred_marriage", "best"): _("the most valuable one"),
    ("hundred_marriage", "first_announced"): _("the first one announced"),
    ("hundred_failed_counts_opponent_marriages", True): _("yes, a rate for every ten of them"),
    ("hundred_failed_counts_opponent_marriages", False): _("no, only the tens missing"),
    ("silent_hundred_marriages", None): _("all of them"),
    ("silent_hundred_marriages", 1): _("one to reach 100, then all for the tens"),
    ("hundred_replaces_game", True): _("yes, the game is not paid"),
    ("hundred_replaces_game", False): _("no, the game is paid as well"),
    ("renonc_game_value", "points_as_they_stand"): _("the points as they stand, the rest to "
                                                     "the innocent side"),
    ("renonc_game_value", "basic_at_levels"): _("every part once, at the level it reached"),
    ("flek_binding_no_trumps", None): _("as a flek on a trump game"),
    ("flek_binding_no_trumps", "per_defender"): _("only the defender who says it"),
    ("doubling_cap", 4): _("four (flek, re, tutti, boty)"),
    ("doubling_cap", None): _("no limit"),
    ("rates.seven_killed", None): _("as any lost seven"),
    ("rates.seven_killed", 3): _("3 units instead of 2"),
}


@dataclass(frozen=True)
class ReadingRow:
    question: Any
    chosen: Any
    source: str
    others: list[Any]


# "SZMK 2024 C.1", "ČSM obecná pravidla V.7", "ČSM 2023 sazebník", "ČSM obecná V.1 L140-141",
# "pagat L88": the references without the engine's English commentary around them.
_REFERENCE = re.compile(r"(?:SZMK 2024|ČSM 2023|ČSM obecná pravidla)\s+(?:sazebník|[A-Z]+\.\w+"
                        r"(?:\.\w+)*)(?:,\s*[A-Z]+\.\w+(?:\.\w+)*)*"
                        r"|ČSM obecná\s+[IVX]+\.\d+(?:\s+L\d+(?:-\d+)?)?"
                        r"|pagat\s+L\d+(?:,\s*L\d+)*")


def _references(source: str) -> str:
    found = _REFERENCE.findall(source)
    return "; ".join(found) if found else str(_("not in the rule texts"))


def _meaning(option: str, value: Any) -> Any:
    return MEANINGS.get((option, value), str(value))


def reading_rows(ruleset: Ruleset) -> list[ReadingRow]:
    """One row per reading that matters for ``ruleset``: the question, the option played,
    its source in the texts (section references stay as the rulebooks write them) and the
    options not played."""
    rows = []
    for reading in readings(ruleset):
        option, value = reading["option"], reading["value"]
        rows.append(ReadingRow(
            question=QUESTIONS.get(option, option),
            chosen=_meaning(option, value),
            source=_references(reading["source"]),
            others=[_meaning(option, o["value"]) for o in reading["options"]
                    if o["value"] != value],
        ))
    return rows
