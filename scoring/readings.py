"""Where the rule texts are silent or say two things: the options, the sources, the choice.

Each reading is a field of :class:`~scoring.ruleset.Ruleset` (or of its rates); a preset picks
one value and a club may override it. ``python -m scoring ruleset CODE`` lists the readings of
a ruleset with its value, every option and where each option comes from (docs/szmk.md,
docs/hand-format.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from scoring.ruleset import Ruleset
from scoring.types import Component, HandEffect, SilentHundredRule, UnplayedRule


@dataclass(frozen=True)
class Option:
    value: Any
    meaning: str
    source: str


@dataclass(frozen=True)
class Reading:
    option: str  # a Ruleset field, or "rates.<field>"
    question: str
    options: tuple[Option, ...]
    applies: Callable[[Ruleset], bool] = lambda ruleset: True

    def value(self, ruleset: Ruleset) -> Any:
        target: Any = ruleset
        for name in self.option.split("."):
            target = getattr(target, name)
        if isinstance(target, frozenset):  # a set of parts: its values, sorted (JSON)
            return tuple(sorted(v.value if isinstance(v, Enum) else v for v in target))
        return target.value if isinstance(target, Enum) else target

    def as_dict(self, ruleset: Ruleset) -> dict[str, Any]:
        value = self.value(ruleset)
        chosen = next((o for o in self.options if o.value == value), None)
        return {
            "option": self.option,
            "question": self.question,
            "value": value,
            "source": chosen.source if chosen else "overridden for this ruleset",
            "options": [{"value": o.value, "meaning": o.meaning, "source": o.source}
                        for o in self.options],
        }


def _has_two_sevens_in_hearts(ruleset: Ruleset) -> bool:
    return any(Component.TWO_SEVENS in r.components and r.hearts for r in ruleset.ladder)


READINGS: tuple[Reading, ...] = (
    Reading(
        "hundred_series",
        "How a part grows with each full ten past 100",
        (
            Option("arithmetic", "each ten adds the part's value at 100 once more "
                   "(SZMK farba: 100 = 10 c, 110 = 20 c, 120 = 30 c; stovka: 20 c per ten)",
                   "SZMK 2024 C.1 (aritmetickým radom), C.5, C.6.b (each further ten is worth "
                   "one more stovka, added); ČSM obecná pravidla V.6"),
            Option("geometric", "the part doubles with each ten",
                   "pagat L84, L88 (the traditional game: 4, 8, 16 ...)"),
            Option("half_step", "each ten adds half the value at 100 (4+2+2+2)",
                   "pagat L101 (a variant)"),
        ),
    ),
    Reading(
        "silent_hundred",
        "What a side reaching 100 (tiché sto) does to the hra",
        (
            Option("none", "nothing", "not in the texts"),
            Option("double", "the hra counts twice, no growth past 100",
                   "ČSM obecná pravidla V.7, first sentence only"),
            Option("double_per_ten", "twice, and the tiché sto rate once more per ten",
                   "ČSM obecná pravidla V.7"),
            Option("series", "twice (the nahraná stovka), then hundred_series per ten",
                   "SZMK 2024 C.5, C.6.b"),
        ),
    ),
    Reading(
        "silent_hundred_tens_doubled",
        "In a fleked hra, is the per-ten part of a tiché sto fleked too?",
        (
            Option(True, "yes: a fleked hra made with 110 is 2·2·(1+1) = 8 units",
                   "ČSM obecná pravidla V.6 (the announced sto pays the fleked rate per ten), "
                   "read for the tiché sto as well; SZMK 2024 C.5 (the flek multiplies the "
                   "nahraná stovka as the hra)"),
            Option(False, "no: the fleked tiché sto, then the unfleked tiché sto rate per ten "
                   "(8 becomes 6 units)",
                   "ČSM obecná pravidla V.7 (per ten 'the rate of tiché sto'), as one public "
                   "implementation reads it"),
        ),
        applies=lambda r: r.silent_hundred is not SilentHundredRule.NONE,
    ),
    Reading(
        "rates.two_sevens_hearts",
        "Dvě sedmy with hearts trumps, in units of the base",
        (
            Option(60, "60 units", "an older ČSM rate scheme, kept as the default; the 2023 "
                   "text does not name it"),
            Option(80, "80 units", "ČSM 2023 sazebník read literally: dvě sedmy 40 and "
                   "'červené platí dvojnásob'"),
        ),
        applies=_has_two_sevens_in_hearts,
    ),
    Reading(
        "flek_binding",
        "Whom a defender's flek binds",
        (
            Option("all_payers", "every payer", "ČSM practice: a flek binds the whole defence "
                   "(obecná pravidla V.5: the defence comments as a side)"),
            Option("per_defender", "only the defender who says it",
                   "SZMK 2024 C.9 (each player fleks for himself)"),
        ),
    ),
    Reading(
        "incorrect_flek_voids",
        "The referee names one of two flekers as incorrect: what is void?",
        (
            Option("all", "every raise of the hand, as an SZMK 2024 E.1 cancellation",
                   "SZMK 2024 E.1 (a flek and the raises on it are cancelled together); E.2 "
                   "does not say what becomes of the other defender's flek"),
            Option("own", "only the named fleker's raises and the answers to them",
                   "SZMK 2024 E.2 (the referee cancels the incorrect flek, paid by its "
                   "fleker)"),
        ),
        applies=lambda r: bool(r.rates.incorrect_flek),
    ),
)


def _voleny(ruleset: Ruleset) -> bool:
    """The volený families (ČSM obecná pravidla, pagat): the defence may announce."""
    return bool(ruleset.defence_announcements)


READINGS += (
    Reading(
        "hundred_marriage",
        "Which marriage counts toward the 100 of an announced sto",
        (
            Option("best", "the most valuable one", "ČSM 2023 B; pagat L53 (one of them)"),
            Option("first_announced", "the first one announced",
                   "ČSM obecná pravidla VII.1 L240-241 (volený)"),
        ),
        applies=_voleny,
    ),
    Reading(
        "hundred_failed_counts_opponent_marriages",
        "Does a failed sto also pay for the other side's marriages?",
        (
            Option(True, "yes, a rate for every ten of them", "ČSM obecná pravidla V.6 L170-173"),
            Option(False, "no, only the tens missing", "pagat L88 (silent; research default)"),
        ),
        applies=_voleny,
    ),
    Reading(
        "silent_hundred_marriages",
        "How many marriages count toward reaching a tiché sto",
        (
            Option(None, "all of them", "ČSM obecná pravidla V.7 L174-175"),
            Option(1, "one to reach 100, then all for the tens", "pagat L53"),
        ),
        applies=_voleny,
    ),
    Reading(
        "hundred_replaces_game",
        "Does a sto announced by the defence replace the hra?",
        (
            Option(True, "yes, the hra is not paid", "pagat L93; ČSM obecná is silent"),
            Option(False, "no, the hra is paid as well (without a tiché sto)",
                   "docs/readings.md §9.5 alternative"),
        ),
        applies=_voleny,
    ),
    Reading(
        "renonc_game_value",
        "What the game lost by a renonc is worth",
        (
            Option("points_as_they_stand", "the points as they stand, the rest to the innocent",
                   "ČSM 2023 E.6.b"),
            Option("basic_at_levels", "every part once at its reached level",
                   "ČSM obecná pravidla VI.3 L227 'dle výsledku flekování'; pagat L91"),
        ),
        applies=_voleny,
    ),
    Reading(
        "flek_binding_no_trumps",
        "Whom a flek on betl or durch binds",
        (
            Option(None, "as flek_binding", "ČSM obecná V.1 L140-141; pagat L73"),
            Option("per_defender", "only the defender who says it",
                   "ČSM volený 2007 B/15 (secondary, docs/csm-practice.md#older-federation-texts)"),
        ),
        applies=_voleny,
    ),
    Reading(
        "doubling_cap",
        "How many raises a part allows",
        (
            Option(4, "four (flek, re, tutti, boty)", "ČSM 2023; ČSM obecná V.5 'atd.' (silent)"),
            Option(None, "no cap", "pagat L57 'ohne eine Begrenzung'"),
        ),
        applies=_voleny,
    ),
    Reading(
        "rates.seven_killed",
        "An announced seven beaten in the last trick costs",
        (
            Option(None, "the seven's rate, as any lost seven", "ČSM obecná IV.3; pagat L86"),
            Option(3, "3 units instead of 2 (vernichtete Sieben)", "pagat L103 (variant)"),
        ),
        applies=_voleny,
    ),
)


def _krizovy(ruleset: Ruleset) -> bool:
    """Partnership games: all four play (ČSM obecná pravidla VII.2)."""
    return ruleset.partnerships


READINGS += (
    Reading(
        "partner_even_raises",
        "Who of the declaring pair may say the even raises (re, boty)?",
        (
            Option(True, "the declarer or his called partner",
                   "ČSM obecná pravidla VII.2 L246-248 reserve only the odd raises to the "
                   "defence (docs/readings.md §9.26)"),
            Option(False, "only the declarer", "a stricter reading of L246-247 (the partner "
                   "must not flek the declarer's contracts at all)"),
        ),
        applies=_krizovy,
    ),
    Reading(
        "renonc_offender_pays_side",
        "A renonc in 2v2: who pays the game of the offending side?",
        (
            Option(True, "the offender pays it to both opponents, his partner pays nothing",
                   "ČSM obecná pravidla VI.3 L227 (for all players of his side); "
                   "docs/readings.md §9.27; docs/csm-krizovy.md example 3.4.9"),
            Option(False, "each player of the offending side pays his own opponent",
                   "the pair-wise payment of VII.2 L248-250 applied unchanged"),
        ),
        applies=_krizovy,
    ),
    Reading(
        "trick8_flek_stands",
        "Durch s chytrým: the flek of the player who then took trick 8",
        (
            Option(True, "it stands: the pairs settle at the level reached",
                   "ČSM obecná pravidla VII.2 L251-253 move him to the declaring side only "
                   "for the payment; a flek once said stands (V.5); docs/readings.md §9.31a"),
            Option(False, "it is void with the raises that answered it",
                   "L253 counts him for the declaring side, which cannot flek its own "
                   "contract (L246-247)"),
        ),
        applies=_krizovy,
    ),
    Reading(
        "rates.durch",
        "Durch (also durch s chytrým) in units of the base",
        (
            Option(30, "30 units (betl 15)", "ČSM obecná pravidla V.2 L152-153"),
            Option(20, "20 units (betl 10: override rates.betl too)",
                   "secondary: ČSM křížový volený 2007, sloapslam.cz, Pražská liga "
                   "(docs/readings.md §9.2)"),
        ),
        applies=_krizovy,
    ),
)


def _sloapslam_krizovy(ruleset: Ruleset) -> bool:
    """SloapSlam bodovaný křížový: scored games with B/10's fleker liability."""
    return ruleset.flek.flekers_liable


def _hundred_against_unplayed(ruleset: Ruleset) -> bool:
    """SLS B/20 (L206) beside B/22 (L210): a sto proti on a hand fleked without re."""
    return (UnplayedRule.FLEKED_WITHOUT_RE in ruleset.unplayed_rules
            and Component.HUNDRED in ruleset.defence_announcements)


def _has_unplayed(ruleset: Ruleset) -> bool:
    """Rulesets with hands not played (OBE V.12, SLS B/20, čtyřka L20-24), pagat aside (its
    renonc pays the larger of paušál and contract, PAG L91) and the families of OBE."""
    if not (ruleset.defence_announcements or ruleset.partnerships):
        return False  # ČSM 2023 and SZMK 2024 name their own renonc effects
    return bool(ruleset.unplayed_rules - {UnplayedRule.QUIET_TRUMP_GAME}) and not any(
        r.effect is HandEffect.PAY_MAX_OF_PAUSAL_AND_CONTRACT for r in ruleset.renoncs)


# Issue 23, group 3: the readings of SloapSlam D4, B/10, B/20 and of a renonc on a hand not
# played (docs/readings.md §9.48-9.52).
READINGS += (
    Reading(
        "renonc_basic_unfleked",
        "A renonc without dohrávka: what is the 'základní sazba hry'?",
        (
            Option(False, "every part once at its reached level",
                   "SLS D4 L260 with D1 L254 (the research default); OBE VI.3 L227 "
                   "'dle výsledku flekování'"),
            Option(True, "every part once at its unfleked rate",
                   "SLS D4 L260 'základní sazbu' read literally"),
        ),
        applies=_sloapslam_krizovy,
    ),
    Reading(
        "fleker_liability_per_part",
        "B/10: is the fleker's payment for his partners netted over the hand?",
        (
            Option(False, "netted: a partner is relieved of at most what his pair owes over "
                   "the whole hand", "SLS B/10 L186 (silent; the engine's first reading)"),
            Option(True, "part by part: each scored part on its own, whatever the others did",
                   "SLS B/10 L186 'hra, za kterou jsou minusové body' (one game at a time)"),
        ),
        applies=_sloapslam_krizovy,
    ),
    Reading(
        "forced_fleker_relieved",
        "B/10 with one forced (trhák) and one free fleker: is the forced one relieved?",
        (
            Option(True, "yes: he pays only the unfleked value, the free fleker the rest",
                   "SLS B/10 L186 with B/19 L204 (the forced flek does not count: he is "
                   "one of the partners paid for)"),
            Option(False, "no: he pays his own pair in full, the free fleker only for the "
                   "others", "SLS B/10 L186 last sentence 'neplatí' read as: B/10 does not "
                   "touch the forced fleker at all"),
        ),
        applies=_sloapslam_krizovy,
    ),
    Reading(
        "renonc_unplayed_loses_game",
        "A renonc on a hand that is not played: what does it cost?",
        (
            Option(False, "only its paušál: the hand stays not played",
                   "OBE V.12 L206-208 (no play, nothing to lose); SLS B/20 L206"),
            Option(True, "its paušál and the game, lost by the offender's side",
                   "OBE VI.3 L226-227 (items d-l also pay the game); SLS D1 L254; "
                   "čtyřka L38"),
        ),
        applies=_has_unplayed,
    ),
    Reading(
        "dropped_game_re_plays",
        "A re on a hra that a sto proti then replaced: is the hand played?",
        (
            Option(True, "yes: a re was said, the hand is played",
                   "SLS B/20 L206 'bez re se nehraje' read word for word"),
            Option(False, "no: the replaced hra counts for nothing, its re too",
                   "SLS B/20 L206 with B/22 L210 and PAG L93 (the sto takes the hra's "
                   "place)"),
        ),
        applies=_hundred_against_unplayed,
    ),
)


def _dohravka_renoncs(ruleset: Ruleset) -> bool:
    """Rulesets whose renoncs may be played out (SloapSlam D1-D4): a hand may hold several."""
    return any(r.effect is HandEffect.LOST_UNLESS_PLAYED_OUT for r in ruleset.renoncs)


def _ctyrka(ruleset: Ruleset) -> bool:
    """The SloapSlam čtyřka: the family with honers (L28-32)."""
    return bool(ruleset.honours)


# Issue 23, the rest of groups 2 and 3 (docs/readings.md §9.36a, §9.53).
READINGS += (
    Reading(
        "first_in_play_renonc_only",
        "Several renoncs in a hand without a dohrávka: do the later ones count?",
        (
            Option(True, "only the first renonc in play counts; a later one is not recorded, "
                   "a paušál-only one beside it costs its paušál",
                   "ČSM 2023 E.6.d (only the first renonc in play counts, even if found "
                   "later; E.6.a: a technical one costs its paušál), read for SLS, whose D4 "
                   "L260 speaks only of renoncs during a dohrávka"),
            Option(False, "every renonc counts: the recorded first one decides the hand, each "
                   "other costs its paušál",
                   "SLS D4 L260 (a further renonc pays its paušál too) with D2 L256 (the "
                   "paušál is paid besides the game), read for a hand without dohrávka"),
        ),
        applies=_dohravka_renoncs,
    ),
    Reading(
        "defence_announcements",
        "The čtyřka: may the other side announce a sedma or sto proti?",
        (
            Option(("hundred", "seven"), "yes, both, as in ČSM křížový; such a hand is played",
                   "SLS L16 (only departures from the ČSM rules are written); OBE L250; "
                   "SLS L42 'the player who announced the seven'"),
            Option((), "no: only the declaring side announces",
                   "SLS L16 'stručný přehled' read as complete: L42-52 count the trumps of "
                   "the declarer and his partner only (aktér, spoluhráč)"),
        ),
        applies=_ctyrka,
    ),
)


def readings(ruleset: Ruleset) -> list[dict[str, Any]]:
    """The readings that matter for ``ruleset``, each with its value and sources."""
    return [r.as_dict(ruleset) for r in READINGS if r.applies(ruleset)]
