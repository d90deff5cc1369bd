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
    # The křížový families (docs/csm-krizovy.md, docs/sloapslam-*.md).
    "partner_even_raises": _("Who of the declaring pair may say the even raises (re, boty)"),
    "renonc_offender_pays_side": _("A renonc by one of a pair: who pays the game of his side"),
    "rates.durch": _("Durch (also durch with a clever one)"),
    "trick8_flek_stands": _("Durch with a clever one: the flek of the player who then took "
                            "the last trick"),
    # Issue 23: SloapSlam D4, B/10, B/20 and a renonc on a hand not played.
    "renonc_basic_unfleked": _("A renonc without playing out: the basic rate of the game"),
    "fleker_liability_per_part": _("A fleker paying for his partners: over the whole hand "
                                   "or part by part"),
    "forced_fleker_relieved": _("A compulsory and a free flek: does the compulsory fleker "
                                "pay only the unfleked value?"),
    "renonc_unplayed_loses_game": _("A renonc on a hand that is not played"),
    "dropped_game_re_plays": _("A re on a game that a hundred against then replaced"),
    "first_in_play_renonc_only": _("Several renoncs in a hand without playing out"),
    "defence_announcements": _("May the defence announce a seven or a hundred against the "
                               "declaring side?"),
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
    ("partner_even_raises", True): _("the declarer or his called partner"),
    ("partner_even_raises", False): _("only the declarer"),
    ("renonc_offender_pays_side", True): _("the offender pays both opponents, his partner "
                                           "pays nothing"),
    ("renonc_offender_pays_side", False): _("each player of the offending side pays his own "
                                            "opponent"),
    ("rates.durch", 30): _("30 units (betl 15)"),
    ("rates.durch", 20): _("20 units (betl 10)"),
    ("trick8_flek_stands", True): _("it stands: the pairs pay at the level reached"),
    ("trick8_flek_stands", False): _("it is void, with the raises that answered it"),
    ("renonc_basic_unfleked", False): _("every part once, at the level it reached"),
    ("renonc_basic_unfleked", True): _("every part once, unfleked"),
    ("fleker_liability_per_part", False): _("over the whole hand: a partner is relieved of "
                                            "at most what his pair owes"),
    ("fleker_liability_per_part", True): _("part by part (game, seven, hundred)"),
    ("forced_fleker_relieved", True): _("yes, the free fleker pays the rest"),
    ("forced_fleker_relieved", False): _("no, he pays his own pair in full"),
    ("renonc_unplayed_loses_game", False): _("only the renonc's flat amount; the hand stays "
                                             "not played"),
    ("renonc_unplayed_loses_game", True): _("the flat amount and the game, lost by the "
                                            "offender's side"),
    ("dropped_game_re_plays", True): _("the hand is played"),
    ("dropped_game_re_plays", False): _("it counts for nothing: fleked without re, the hand "
                                        "is not played"),
    ("first_in_play_renonc_only", True): _("only the first in play counts; one that costs "
                                           "only its flat amount is paid beside it"),
    ("first_in_play_renonc_only", False): _("every one counts: the first decides the hand, "
                                            "each other costs its flat amount"),
    ("defence_announcements", ("hundred", "seven")): _("yes, a seven and a hundred"),
    ("defence_announcements", ()): _("no"),
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


def meaning(option: str, value: Any, engine_meaning: str = "") -> Any:
    """The option in words: ours, else the engine's (English) words, never a bare value."""
    try:
        return MEANINGS[(option, value)]
    except (KeyError, TypeError):  # not ours, or a value no key can be (a list)
        return engine_meaning or value_in_words(value)


def value_in_words(value: Any) -> Any:
    """A value without words of its own: yes/no for a flag, a number as it is, a dash for
    None, and a code's words with its underscores as spaces."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value is None:
        return "—"
    return str(value).replace("_", " ")


def question(option: str, engine_question: str = "") -> Any:
    """The question of an engine option in the reader's words."""
    return QUESTIONS.get(option) or engine_question or option.split(".")[-1].replace("_", " ")


def reading_rows(ruleset: Ruleset) -> list[ReadingRow]:
    """One row per reading that matters for ``ruleset``: the question, the option played,
    its source in the texts (section references stay as the rulebooks write them) and the
    options not played."""
    rows = []
    for reading in readings(ruleset):
        option, value = reading["option"], reading["value"]
        meanings = {repr(o["value"]): o["meaning"] for o in reading["options"]}
        others = [meaning(option, o["value"], o["meaning"]) for o in reading["options"]
                  if o["value"] != value]
        rows.append(ReadingRow(
            question=question(option, reading["question"]),
            chosen=meaning(option, value, meanings.get(repr(value), "")),
            source=_references(reading["source"]),
            others=[o for o in others if str(o).strip()],
        ))
    return rows
