"""The standings rules of a tournament as stored JSON, and back (validated).

``Tournament.standings_rules`` holds :class:`scoring.standings.StandingsRules` as a plain dict
without the premium factor and the round budget (those belong to the ruleset:
``Ruleset.sb_premium_factor``, ``Ruleset.round_budget``) and without the currency scale (always
100 minor units per major one). No model imports here: the tournament model takes its default
from this module.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from scoring.rank_keys import ROUND_KEYS, TOURNAMENT_KEYS  # the keys' one declaration
from scoring.standings import (
    DEFAULT_BYE_POINTS,
    PlacementKey,
    RankKey,
    StandingsRules,
    TieShare,
)

MAX_POINTS = 10_000  # a sanity bound for custom and table points
MAX_DROP = 20

RULE_FIELDS = ("round_chain", "placement", "placement_ties", "coefficient", "custom_points",
               "table_points", "tournament_chain", "drop_best", "drop_worst",
               "contumation_points", "bye_points")


def rules_to_dict(rules: StandingsRules) -> dict[str, Any]:
    """JSON-ready form (the premium factor and the currency scale are left out)."""
    return {
        "round_chain": [k.value for k in rules.round_chain],
        "placement": rules.placement.value,
        "placement_ties": rules.placement_ties.value,
        "coefficient": _fraction_text(rules.coefficient),
        "custom_points": list(rules.custom_points),
        "table_points": list(rules.table_points),
        "tournament_chain": [k.value for k in rules.tournament_chain],
        "drop_best": rules.drop_best,
        "drop_worst": rules.drop_worst,
        "contumation_points": rules.contumation_points,
        "bye_points": _fraction_text(rules.bye_points),
    }


def default_rules_dict() -> dict[str, Any]:
    """ČSM practice (docs/csm-licitovany.md#standings): round by SB then ZB, BP = N − rank + 1,
    then BP, SB, ZB."""
    return rules_to_dict(StandingsRules())


# SZMK volený (docs/szmk.md#round-result): the table ranks by money; 5/3/1 points (0 for a
# 4th player at the table), tied players share the points of the places they hold; the
# tournament by points, money, round record, best round, then the lot. SZMK 2024 E.5: a round
# ended by contumation gives each present player 4 points (the absent one 0).
SZMK_2024_RULES = StandingsRules(
    round_chain=(RankKey.ZB,), placement=PlacementKey.TABLE_POINTS, table_points=(5, 3, 1, 0),
    placement_ties=TieShare.AVERAGE,
    tournament_chain=(RankKey.BP, RankKey.ZB, RankKey.ROUND_RECORD, RankKey.BEST_ROUND),
    contumation_points=4,
)


def szmk_rules_dict() -> dict[str, Any]:
    return rules_to_dict(SZMK_2024_RULES)


# The volený families have no tournament part of their own (ČSM obecná pravidla: none,
# docs/csm-voleny.md "Tournament scoring"; pagat: a pub game, docs/pagat-voleny.md "Tournament
# scoring"): the round is ranked by money (ZB) alone, as there is no PB; BP = N − rank + 1 over the
# field as at ČSM; the tournament by BP, then ZB.
VOLENY_RULES = StandingsRules(
    round_chain=(RankKey.ZB,), placement=PlacementKey.N_MINUS_RANK,
    tournament_chain=(RankKey.BP, RankKey.ZB),
)
VOLENY_RULESETS = ("csm-voleny", "pagat-voleny")


def voleny_rules_dict() -> dict[str, Any]:
    return rules_to_dict(VOLENY_RULES)


# Křížový (ČSM obecná pravidla VII.2): the rules have no tournament part (docs/csm-krizovy.md
# "Tournament scoring"). Default of docs/csm-krizovy.md "Tournament scoring" after the SloapSlam key
# (SLS L74, docs/sloapslam-ctyrka.md "Tournament scoring"): every table of four ranks its players by
# money (SB = ZB: no PB, ``sb_premium_factor = 0``) and gives table points (BUS) 4/2/1/0; tied
# players share the points of the places they hold (docs/sloapslam-ctyrka.md "Tournament scoring"
# default, so a table always gives 7 points). The tournament: table points, then money
# (docs/sloapslam-ctyrka.md "Tournament scoring" default "BUS, then SB, then ZB"; SB is ZB here). A
# bye (field not divisible by four, docs/readings.md §9.13) scores 0 money and ``bye_points``
# (default 2, scoring.standings.DEFAULT_BYE_POINTS).
KRIZOVY_RULES = StandingsRules(
    round_chain=(RankKey.ZB,), placement=PlacementKey.TABLE_POINTS, table_points=(4, 2, 1, 0),
    placement_ties=TieShare.AVERAGE, tournament_chain=(RankKey.BP, RankKey.ZB),
)
KRIZOVY_RULESETS = ("csm-krizovy",)


def krizovy_rules_dict() -> dict[str, Any]:
    return rules_to_dict(KRIZOVY_RULES)


# SloapSlam (rules/sloapslam-krizovy-a-honerovy.txt, "SLS"), both partnership games at tables
# of four. Čtyřka L74: "Za pořadí podle SB jsou přiděleny BUS (4,2,1,0 bodů)", SB = Kč + 2 × PB
# (docs/sloapslam-ctyrka.md "Tournament scoring"); bodovaný křížový Čl. V L274: SB = money rounded
# to whole crowns + PB, placement not stated, default BUS 4/2/1/0 by SB as in the čtyřka
# (docs/sloapslam-krizovy.md "Tournament result"). So each table ranks its four by SB alone (the
# factor and the rounding come from the ruleset: ``sb_premium_factor``, ``money_rounding``; PB = 0
# until the PB tables are obtained) and gives 4/2/1/0. Not stated, docs/sloapslam-ctyrka.md
# "Tournament scoring" defaults (also for the křížový, docs/sloapslam-krizovy.md "Tournament
# result"): tied players share the points of the places they hold; the tournament: BUS, then SB,
# then ZB. A bye (docs/readings.md §9.13) as at křížový: money 0 and ``bye_points``.
SLOAPSLAM_RULES = StandingsRules(
    round_chain=(RankKey.SB,), placement=PlacementKey.TABLE_POINTS, table_points=(4, 2, 1, 0),
    placement_ties=TieShare.AVERAGE, tournament_chain=(RankKey.BP, RankKey.SB, RankKey.ZB),
)
SLOAPSLAM_RULESETS = ("sloapslam-ctyrka", "sloapslam-krizovy")


def sloapslam_rules_dict() -> dict[str, Any]:
    return rules_to_dict(SLOAPSLAM_RULES)


def default_rules_for(ruleset_code: str) -> dict[str, Any]:
    """The standings rules a new tournament of this ruleset starts with."""
    if ruleset_code in KRIZOVY_RULESETS:
        return krizovy_rules_dict()
    if ruleset_code in SLOAPSLAM_RULESETS:
        return sloapslam_rules_dict()
    if ruleset_code.startswith("szmk"):
        return szmk_rules_dict()
    if ruleset_code in VOLENY_RULESETS:
        return voleny_rules_dict()
    return default_rules_dict()


def rules_from_dict(data: Mapping[str, Any] | None, premium_factor: int = 1,
                    round_budget: int | None = None) -> StandingsRules:
    """Stored (or submitted) dict → rules; missing keys take the ČSM defaults.

    Raises :class:`ValidationError` keyed by the field at fault.
    """
    values = {**default_rules_dict(), **(data or {})}
    errors: dict[str, str] = {}

    def check(name: str, parse: Any) -> Any:
        try:
            return parse(values[name])
        except (TypeError, ValueError, ArithmeticError, InvalidOperation) as exc:
            errors[name] = str(exc) or _("This value is not valid.")
            return None

    round_chain = check("round_chain", lambda v: _chain(v, ROUND_KEYS))
    tournament_chain = check("tournament_chain", lambda v: _chain(v, TOURNAMENT_KEYS))
    placement = check("placement", lambda v: _choice(PlacementKey, v))
    ties = check("placement_ties", lambda v: _choice(TieShare, v))
    coefficient = check("coefficient", parse_fraction)
    custom = check("custom_points", _points)
    table = check("table_points", _points)
    drop_best = check("drop_best", _drop)
    drop_worst = check("drop_worst", _drop)
    contumation = check("contumation_points", _optional_points)
    bye = check("bye_points", _bye_points)
    if coefficient is not None and coefficient <= 0:
        errors["coefficient"] = _("The coefficient must be greater than zero.")
    if placement is PlacementKey.CUSTOM and custom == ():
        errors["custom_points"] = _("A custom key needs the points for at least the first place.")
    if placement is PlacementKey.TABLE_POINTS and table == ():
        errors["table_points"] = _("Table points need at least the points of the first place.")
    if errors:
        raise ValidationError(errors, code="standings_rules")
    return StandingsRules(
        premium_factor=premium_factor, round_chain=round_chain, placement=placement,
        placement_ties=ties, coefficient=coefficient, custom_points=custom, table_points=table,
        tournament_chain=tournament_chain, drop_best=drop_best, drop_worst=drop_worst,
        contumation_points=contumation, round_budget=round_budget, bye_points=bye,
    )


def normalise(data: Mapping[str, Any]) -> dict[str, Any]:
    """Validate and return the canonical stored form of a submitted dict."""
    return rules_to_dict(rules_from_dict(data))


# -- parsing -------------------------------------------------------------------------------------


_PLAIN_NUMBER = re.compile(
    r"[+-]?([0-9]{1,12}(\.[0-9]{0,12})?|\.[0-9]{1,12})|[0-9]{1,12}/[0-9]{1,12}")


def parse_fraction(value: Any) -> Fraction:
    """"0,8", "0.8", "4/5", 0.8 or a Fraction → Fraction."""
    if isinstance(value, Fraction):
        return value
    if isinstance(value, bool):
        raise ValueError(_("Enter a number such as 1 or 0,8."))
    if isinstance(value, int):
        return Fraction(value)
    text = str(value).strip().replace(",", ".").replace(" ", "")
    # Plain digits only: Decimal would take "Infinity", "NaN" and "1e999999" (whose Fraction is
    # a million-digit integer, or hangs the server for a larger exponent).
    if not _PLAIN_NUMBER.fullmatch(text):
        raise ValueError(_("Enter a number such as 1 or 0,8."))
    try:
        if "/" in text:
            return Fraction(text)
        return Fraction(Decimal(text))
    except (ValueError, ZeroDivisionError, InvalidOperation) as exc:
        raise ValueError(_("Enter a number such as 1 or 0,8.")) from exc


def parse_points(text: str) -> list[int]:
    """"30 28 26", "30, 28, 26" or "4-2-1-0" → [30, 28, 26]."""
    parts = [p for p in text.replace(",", " ").replace(";", " ").replace("-", " ").split() if p]
    try:
        return [int(p) for p in parts]
    except ValueError as exc:
        raise ValueError(_("Enter whole numbers separated by spaces or dashes.")) from exc


def _choice(enum: Any, value: Any) -> Any:
    try:
        return enum(value)
    except ValueError as exc:
        raise ValueError(_("Unknown choice “%(value)s”.") % {"value": value}) from exc


def _chain(value: Any, allowed: Sequence[RankKey]) -> tuple[RankKey, ...]:
    if isinstance(value, str):
        value = [v for v in value.replace(",", " ").split() if v]
    keys = tuple(_choice(RankKey, v) for v in value)
    if not keys:
        raise ValueError(_("Choose at least one criterion."))
    if len(set(keys)) != len(keys):
        raise ValueError(_("Each criterion may appear only once."))
    wrong = [k.value.upper() for k in keys if k not in allowed]
    if wrong:
        raise ValueError(_("%(keys)s cannot be used here.") % {"keys": ", ".join(wrong)})
    return keys


def _points(value: Any) -> tuple[int, ...]:
    if isinstance(value, str):
        value = parse_points(value)
    points = tuple(int(v) for v in value)
    if any(p < 0 or p > MAX_POINTS for p in points):
        raise ValueError(_("Points must be between 0 and %(max)s.") % {"max": MAX_POINTS})
    return points


def _optional_points(value: Any) -> int | None:
    """Points of one case, or None (blank): e.g. the contumation points."""
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise ValueError(_("Enter a whole number."))
    try:
        number = int(value)
    except ValueError as exc:
        raise ValueError(_("Enter a whole number.")) from exc
    if not 0 <= number <= MAX_POINTS:
        raise ValueError(_("Points must be between 0 and %(max)s.") % {"max": MAX_POINTS})
    return number


def _bye_points(value: Any) -> Fraction:
    """The table points of a bye: whole or half points (as shown everywhere), 0 to MAX_POINTS;
    blank: the default."""
    if value is None or value == "":
        return DEFAULT_BYE_POINTS
    points = parse_fraction(value)
    if (points * 2).denominator != 1:
        raise ValueError(_("Enter whole or half points, such as 2 or 1,5."))
    if not 0 <= points <= MAX_POINTS:
        raise ValueError(_("Points must be between 0 and %(max)s.") % {"max": MAX_POINTS})
    return points


def _drop(value: Any) -> int:
    if isinstance(value, bool) or value in (None, ""):
        raise ValueError(_("Enter a whole number."))
    try:
        number = int(value)
    except ValueError as exc:
        raise ValueError(_("Enter a whole number.")) from exc
    if not 0 <= number <= MAX_DROP:
        raise ValueError(_("Enter a number from 0 to %(max)s.") % {"max": MAX_DROP})
    return number


def _fraction_text(value: Fraction) -> str:
    """1 → "1", 4/5 → "0.8", 1/3 → "1/3" (exact either way)."""
    if value.denominator == 1:
        return str(value.numerator)
    decimal = Decimal(value.numerator) / Decimal(value.denominator)
    if Fraction(decimal) == value:
        return format(decimal.normalize(), "f")
    return f"{value.numerator}/{value.denominator}"
