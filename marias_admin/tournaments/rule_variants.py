"""The documented rule variants an organiser may tick, as JSON overrides of the preset.

``Tournament.ruleset_overrides`` holds keyword arguments of :meth:`Ruleset.override` in a
JSON form: enum values as their text, ``rates`` as a partial mapping, and the ladder as the
codes of the preset's rungs it keeps (a tuple of ``Rung`` objects does not go into a JSON
field). :func:`override_kwargs` turns the stored form back into what ``override`` takes.

Each variant is one documented reading or option of its rules: pagat's named variants
(``scoring.presets.pagat_voleny.VARIANTS``, pagat L99-106) and the ČSM volený readings whose
other option docs/csm-voleny.md names ("Readings where the text is silent"). Two variants that
set the same option differently exclude each other; one whose changes another already makes
is refused as well, so that the ticked boxes always read back as they were ticked.

No model imports here: the tournament model builds its ruleset with this module.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from marias_admin.tournaments.readings import meaning, question
from scoring.presets import get_preset
from scoring.presets.pagat_voleny import VARIANTS as PAGAT_VARIANTS
from scoring.ruleset import Ruleset, Rung

Flat = dict[str, Any]  # "hundred_series" → "arithmetic", "rates.betl" → 15, "ladder" → (…)


@dataclass(frozen=True)
class Variant:
    name: str
    ruleset_code: str
    label: Any  # lazy text: what the organiser ticks
    source: str  # where the rule texts say it (as the rulebooks write it)
    overrides: Mapping[str, Any]  # JSON form

    @property
    def flat(self) -> Flat:
        return flatten(self.overrides)


def to_json(value: Any) -> Any:
    """An override value in its stored form: enum → text, rungs → their codes, sets → lists."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Rung):
        return value.code
    if isinstance(value, Mapping):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return sorted(to_json(v) for v in value)
    if isinstance(value, list | tuple):
        return [to_json(v) for v in value]
    return value


def flatten(overrides: Mapping[str, Any]) -> Flat:
    """``{"rates": {"betl": 15}}`` → ``{"rates.betl": 15}``; lists become tuples (comparable)."""
    flat: Flat = {}
    for key, value in overrides.items():
        if key == "rates" and isinstance(value, Mapping):
            flat.update({f"rates.{k}": v for k, v in value.items()})
        else:
            flat[key] = tuple(value) if isinstance(value, list) else value
    return flat


def unflatten(flat: Mapping[str, Any]) -> dict[str, Any]:
    overrides: dict[str, Any] = {}
    for key, value in sorted(flat.items()):
        if key.startswith("rates."):
            overrides.setdefault("rates", {})[key.removeprefix("rates.")] = value
        else:
            overrides[key] = list(value) if isinstance(value, tuple) else value
    return overrides


# pagat L99-106 (docs/pagat-voleny.md "Variants"): the engine's overrides in their JSON form.
_PAGAT = (
    ("arithmetic_hundreds", _("A hundred grows by its own value with each ten "
                              "(4+4+4+4: 130 is 16 units)"), "pagat L101"),
    ("half_step_hundreds", _("A hundred grows by half its value with each ten "
                             "(4+2+2+2: 130 is 10 units)"), "pagat L101"),
    ("killed_seven", _("An announced seven beaten in the last trick costs 3 units "
                       "(6 fleked)"), "pagat L103"),
    ("no_open_contracts", _("No open betl or durch"), "pagat L99"),
    ("csm_values", _("ČSM values: betl 15 and durch 30 units, no open contracts"), "pagat L100"),
    ("all_four", _("All four play, nobody sits out: forehand calls a trump card by its rank "
                   "and whoever holds it is his partner (two against two; alone if he holds "
                   "it himself). Adds durch with a partner and durch with the clever one. "
                   "Tables of four only"), "pagat L109-116"),
)
# Rungs a variant brings that its preset's ladder lacks (pagat L114: the all-four game's two
# durch contracts), by code: a stored ladder names them like the preset's own.
_VARIANT_RUNGS: dict[str, dict[str, Rung]] = {
    "pagat-voleny": {rung.code: rung for overrides in PAGAT_VARIANTS.values()
                     for rung in overrides.get("ladder", ())},
}

# docs/csm-voleny.md "Readings where the text is silent": the other option of each reading the
# text leaves open, as the organiser may choose it.
_CSM_VOLENY = (
    ("hundred_marriage_best", _("An announced sto counts the best marriage, not the first one "
                                "announced"),
     "ČSM obecná pravidla IV.4 (against VII.1 L240-241)", {"hundred_marriage": "best"}),
    ("hundred_with_game", _("A sto announced against the declarer does not replace the hra: "
                            "the hra is paid as well"),
     "ČSM obecná pravidla V.7 (silent; docs/csm-voleny.md example 2.6.5)",
     {"hundred_replaces_game": False}),
    ("flek_per_defender_no_trumps", _("A flek on betl or durch binds only the defender who "
                                      "says it"),
     "ČSM volený 2007 B/15 (docs/csm-practice.md#older-federation-texts)",
     {"flek_binding_no_trumps": "per_defender"}),
)

# Issue 23, group 3 (docs/readings.md §9.48-9.52): the other reading where the texts are
# silent, per ruleset (the first is the ruleset's code).
_RENONC_UNPLAYED_PLAYS = (
    "renonc_unplayed_loses_game", _("A renonc on a hand that is not played also costs the "
                                    "game, lost by the offender's side"),
    "OBE V.12 L206-208 with VI.3 L226-227", {"renonc_unplayed_loses_game": True})
_GROUP_3: tuple[tuple[str, str, Any, str, Mapping[str, Any]], ...] = (
    ("csm-voleny", *_RENONC_UNPLAYED_PLAYS),
    ("csm-krizovy", *_RENONC_UNPLAYED_PLAYS),
    ("sloapslam-krizovy", "renonc_basic_unfleked",
     _("A renonc without playing out costs the game at its unfleked rate"), "SLS D4 L260",
     {"renonc_basic_unfleked": True}),
    ("sloapslam-krizovy", "fleker_liability_per_part",
     _("A fleker pays for his partners part by part (game, seven, hundred), not over the "
       "whole hand"), "SLS B/10 L186", {"fleker_liability_per_part": True}),
    ("sloapslam-krizovy", "forced_fleker_not_relieved",
     _("A compulsory fleker beside a free one pays his own pair in full"),
     "SLS B/10 L186, B/19 L204", {"forced_fleker_relieved": False}),
    ("sloapslam-krizovy", "renonc_unplayed_pausal_only",
     _("A renonc on a hand fleked without re costs only its flat amount; the hand stays "
       "not played"), "SLS B/20 L206, D2 L256", {"renonc_unplayed_loses_game": False}),
    ("sloapslam-krizovy", "dropped_game_re_not_played",
     _("A re on a game that a hundred against replaced does not make the hand played"),
     "SLS B/20 L206, B/22 L210", {"dropped_game_re_plays": False}),
    ("sloapslam-ctyrka", "ctyrka_renonc_unplayed_pausal_only",
     _("A renonc on a hand not played leaves it not played"), "SLS L20-24, L38",
     {"renonc_unplayed_loses_game": False}),
    # docs/readings.md §9.53 and §9.36a: the rest of issue 23
    ("sloapslam-krizovy", "every_renonc_counts",
     _("Every renonc of a hand counts: besides the first, each further one costs its flat "
       "amount"), "SLS D4 L260, D2 L256", {"first_in_play_renonc_only": False}),
    ("sloapslam-ctyrka", "ctyrka_no_defence_announcements",
     _("The defence may not announce a seven or a hundred against the declaring side"),
     "SLS L16, L42-52", {"defence_announcements": []}),
)

# Issue 23, group 1: durch s chytrým, the flek of the trick-8 taker (docs/readings.md §9.31a).
_TRICK8_FLEK_VOID = (
    _("Durch with a clever one: the flek of the player who then takes the last trick is void"),
    "OBE L251-253 with L246-247", {"trick8_flek_stands": False})
_CLEVER = (
    ("csm-krizovy", "krizovy_trick8_flek_void", *_TRICK8_FLEK_VOID),
    ("sloapslam-krizovy", "trick8_flek_void", *_TRICK8_FLEK_VOID),
)

VARIANTS: tuple[Variant, ...] = (
    *(Variant(name, "pagat-voleny", label, source, to_json(PAGAT_VARIANTS[name]))
      for name, label, source in _PAGAT),
    *(Variant(name, "csm-voleny", label, source, overrides)
      for name, label, source, overrides in _CSM_VOLENY),
    *(Variant(name if code != "csm-krizovy" else f"krizovy_{name}", code, label, source,
              overrides)
      for code, name, label, source, overrides in _GROUP_3),
    *(Variant(name, code, label, source, overrides)
      for code, name, label, source, overrides in _CLEVER),
)
BY_NAME = {v.name: v for v in VARIANTS}


def variants_for(ruleset_code: str) -> tuple[Variant, ...]:
    return tuple(v for v in VARIANTS if v.ruleset_code == ruleset_code)


def rulesets_with_variants() -> tuple[str, ...]:
    return tuple(dict.fromkeys(v.ruleset_code for v in VARIANTS))


def conflicts(names: Iterable[str]) -> list[tuple[Variant, Variant, str]]:
    """Pairs of chosen variants that cannot both be ticked: ``(first, second, why)`` with why
    "exclusive" (they set an option differently) or "included" (the second already makes
    every change of the first)."""
    chosen = [BY_NAME[n] for n in names if n in BY_NAME]
    found = []
    for i, first in enumerate(chosen):
        for second in chosen[i + 1:]:
            a, b = first.flat, second.flat
            if any(a[k] != b[k] for k in a.keys() & b.keys()):
                found.append((first, second, "exclusive"))
            elif a.items() <= b.items():
                found.append((first, second, "included"))
            elif b.items() <= a.items():
                found.append((second, first, "included"))
    return found


def overrides_with(ruleset_code: str, names: Iterable[str],
                   kept: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The stored overrides for ``names`` (variants of ``ruleset_code``) on top of ``kept``,
    the overrides that come from no variant (set elsewhere, e.g. by an import)."""
    flat = flatten(kept or {})
    for name in names:
        flat.update(BY_NAME[name].flat)
    return unflatten(flat)


def split(ruleset_code: str, stored: Mapping[str, Any]) -> tuple[list[str], dict[str, Any]]:
    """Stored overrides → (the variants they make, the rest). A variant counts when all its
    changes are there and no other such variant makes them all too."""
    flat = flatten(stored or {})
    on = [v for v in variants_for(ruleset_code) if v.flat.items() <= flat.items()]
    on = [v for v in on if not any(v is not w and v.flat.items() < w.flat.items() for w in on)]
    made = {k for v in on for k in v.flat}
    return [v.name for v in on], unflatten({k: x for k, x in flat.items() if k not in made})


def override_kwargs(preset: Ruleset, stored: Mapping[str, Any]) -> dict[str, Any]:
    """Stored overrides → keyword arguments of ``preset.override``: the ladder's codes become
    the preset's rungs (an unknown code raises ``KeyError``)."""
    kwargs = dict(stored)
    ladder = kwargs.get("ladder")
    if isinstance(ladder, list | tuple) and all(isinstance(c, str) for c in ladder):
        rungs = {**_VARIANT_RUNGS.get(preset.code, {}), **{r.code: r for r in preset.ladder}}
        kwargs["ladder"] = tuple(rungs[code] for code in ladder)
    return kwargs


def describe(ruleset_code: str, stored: Mapping[str, Any]) -> list[Any]:
    """The tournament's variants in words, then any other override as "question: option"
    in words too (an identifier never reaches the page)."""
    names, rest = split(ruleset_code, stored)
    lines: list[Any] = [BY_NAME[n].label for n in names]
    lines += [format_lazy("{}: {}", question(key), meaning(key, value))
              for key, value in sorted(flatten(rest).items())]
    return lines


def check(ruleset_code: str, stored: Mapping[str, Any]) -> Ruleset:
    """The preset with ``stored`` applied; raises ``ValueError`` naming what is wrong."""
    preset = get_preset(ruleset_code)
    try:
        return preset.override(**override_kwargs(preset, stored))
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(str(error)) from error
