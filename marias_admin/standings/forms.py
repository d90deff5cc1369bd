"""The organiser's form for the standings rules (chains, BP key, dropped rounds)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from marias_admin.core.forms import apply_service_error
from marias_admin.standings.presenters.formatting import in_language_lazy
from marias_admin.tournaments.standings_rules import (
    MAX_DROP,
    MAX_POINTS,
    default_rules_dict,
    krizovy_rules_dict,
    parse_fraction,
    parse_points,
    rules_to_dict,
    sloapslam_rules_dict,
    szmk_rules_dict,
    voleny_rules_dict,
)
from scoring.rank_keys import RANK_KEYS, ROUND_KEYS, TOURNAMENT_KEYS
from scoring.standings import PlacementKey, StandingsRules, TieShare

NONE = ""
# 50 × coefficient for the first place stays within the bound of any other points.
MAX_COEFFICIENT = MAX_POINTS // 50
# The keys and their words from their one declaration (scoring/rank_keys.py).
ROUND_KEY_CHOICES = [(k.value, in_language_lazy(RANK_KEYS[k].choice)) for k in ROUND_KEYS]
TOURNAMENT_KEY_CHOICES = [(k.value, in_language_lazy(RANK_KEYS[k].choice))
                          for k in TOURNAMENT_KEYS]
PLACEMENT_CHOICES = [
    (PlacementKey.N_MINUS_RANK.value, _("N − place + 1 (every player scores)")),
    (PlacementKey.SUPERLIGA.value, _("Superliga: 50 × coefficient for the first, one less per "
                                     "place, at least 1")),
    (PlacementKey.CUSTOM.value, _("Custom points by place in the round")),
    (PlacementKey.TABLE_POINTS.value, _("Points by the place at the table (e.g. 4-2-1-0)")),
]
TIE_CHOICES = [
    (TieShare.BEST.value, _("All get the points of the place they share")),
    (TieShare.AVERAGE.value, _("They share the points of the places they hold (average)")),
]

# Starting points for the form (the organiser still saves them): name → rules.
PRESETS: dict[str, tuple[Any, dict[str, Any]]] = {
    "csm": (_("ČSM (default)"), default_rules_dict()),
    "superliga": (_("Superliga"), rules_to_dict(StandingsRules(
        placement=PlacementKey.SUPERLIGA))),
    "sloapslam": (_("SloapSlam 4-2-1-0 at the table"), sloapslam_rules_dict()),
    "szmk": (_("SZMK 2024: 5-3-1 at the table by money, then money, round record, best "
               "round"), szmk_rules_dict()),
    "voleny": (_("Volený (ČSM obecná pravidla, pagat): the round by money, no PB; then BP, "
                 "money"), voleny_rules_dict()),
    "krizovy": (_("Křížový: table points 4-2-1-0 by money at the table, then money"),
                krizovy_rules_dict()),
}


def _optional(choices: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    return [(NONE, _("— none —")), *choices]


class StandingsRulesForm(forms.Form):
    round_1 = forms.ChoiceField(label=_("Round ranking: first by"), choices=ROUND_KEY_CHOICES)
    round_2 = forms.ChoiceField(label=_("then by"), choices=_optional(ROUND_KEY_CHOICES),
                                required=False)
    round_3 = forms.ChoiceField(label=_("then by"), choices=_optional(ROUND_KEY_CHOICES),
                                required=False)
    placement = forms.ChoiceField(label=_("Placement points (BP) per round"),
                                  choices=PLACEMENT_CHOICES)
    placement_ties = forms.ChoiceField(label=_("Players equal in a round"), choices=TIE_CHOICES)
    coefficient = forms.CharField(
        label=_("Coefficient (Superliga)"), max_length=20, initial="1",
        help_text=_("The first place gets round(50 × coefficient), e.g. 1 or 0,8."))
    custom_points = forms.CharField(
        label=_("Custom points by place"), max_length=2000, required=False,
        help_text=_("For the custom key: the points of the 1st, 2nd, 3rd … place, separated "
                    "by spaces. Places beyond the list get 0."))
    table_points = forms.CharField(
        label=_("Points by the place at the table"), max_length=100, initial="4-2-1-0",
        help_text=_("For table points: 1st-2nd-3rd-4th place, e.g. 4-2-1-0."))
    tournament_1 = forms.ChoiceField(label=_("Tournament order: first by"),
                                     choices=TOURNAMENT_KEY_CHOICES)
    tournament_2 = forms.ChoiceField(label=_("then by"), choices=_optional(TOURNAMENT_KEY_CHOICES),
                                     required=False)
    tournament_3 = forms.ChoiceField(label=_("then by"), choices=_optional(TOURNAMENT_KEY_CHOICES),
                                     required=False)
    tournament_4 = forms.ChoiceField(label=_("then by"), choices=_optional(TOURNAMENT_KEY_CHOICES),
                                     required=False)
    drop_best = forms.IntegerField(label=_("Leave out each player's best rounds"), min_value=0,
                                   max_value=MAX_DROP, initial=0)
    drop_worst = forms.IntegerField(label=_("Leave out each player's worst rounds"), min_value=0,
                                    max_value=MAX_DROP, initial=0)
    contumation_points = forms.IntegerField(
        label=_("Points of each present player at a contumation"), min_value=0,
        max_value=MAX_POINTS, required=False,
        help_text=_("SZMK: when a referee ends a round by contumation, each present player gets "
                    "these points and the absent player 0. Leave empty to rank such a round "
                    "like any other."))
    bye_points = forms.CharField(
        label=_("Points for a bye"), max_length=20, required=False, initial="2",
        help_text=_("Křížový (tables of exactly four): players left over when the field does "
                    "not divide by four sit the round out with money 0 and these points, "
                    "e.g. 2 or 1,5. Empty: 2."))
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)
    reason = forms.CharField(label=_("Reason for the change"), max_length=300, required=False,
                             widget=forms.Textarea(attrs={"rows": 2}))

    ERROR_FIELDS = {"round_chain": "round_1", "tournament_chain": "tournament_1"}

    @classmethod
    def initial_from(cls, rules: dict[str, Any]) -> dict[str, Any]:
        data = {**default_rules_dict(), **(rules or {})}
        initial: dict[str, Any] = {
            "placement": data["placement"], "placement_ties": data["placement_ties"],
            "coefficient": str(data["coefficient"]).replace(".", ","),
            "custom_points": " ".join(str(p) for p in data["custom_points"]),
            "table_points": "-".join(str(p) for p in data["table_points"]),
            "drop_best": data["drop_best"], "drop_worst": data["drop_worst"],
            "contumation_points": data.get("contumation_points"),
            "bye_points": str(data["bye_points"]).replace(".", ","),
        }
        for i in range(3):
            chain = data["round_chain"]
            initial[f"round_{i + 1}"] = chain[i] if i < len(chain) else NONE
        for i in range(4):
            chain = data["tournament_chain"]
            initial[f"tournament_{i + 1}"] = chain[i] if i < len(chain) else NONE
        return initial

    def clean_coefficient(self) -> str:
        value = self.cleaned_data["coefficient"]
        try:
            coefficient = parse_fraction(value)
        except ValueError as exc:
            raise ValidationError(str(exc)) from exc
        if coefficient > MAX_COEFFICIENT:
            raise ValidationError(_("The coefficient can be at most %(max)s."),
                                  params={"max": MAX_COEFFICIENT}, code="max_value")
        return value

    def _points(self, name: str) -> list[int]:
        try:
            return parse_points(self.cleaned_data.get(name) or "")
        except ValueError as exc:
            raise ValidationError(str(exc)) from exc

    def clean_bye_points(self) -> str:
        value = self.cleaned_data.get("bye_points") or ""
        if value.strip():
            try:
                parse_fraction(value)
            except ValueError as exc:
                raise ValidationError(str(exc)) from exc
        return value.strip()

    def clean_custom_points(self) -> list[int]:
        return self._points("custom_points")

    def clean_table_points(self) -> list[int]:
        return self._points("table_points")

    def rules_dict(self) -> dict[str, Any]:
        """The submitted rules in the stored form (validated further by the service)."""
        data = self.cleaned_data
        coefficient = parse_fraction(data["coefficient"])
        return {
            "round_chain": [data[f"round_{i}"] for i in range(1, 4) if data.get(f"round_{i}")],
            "placement": data["placement"],
            "placement_ties": data["placement_ties"],
            "coefficient": (str(coefficient.numerator) if coefficient.denominator == 1
                            else f"{coefficient.numerator}/{coefficient.denominator}"),
            "custom_points": data["custom_points"],
            "table_points": data["table_points"],
            "tournament_chain": [data[f"tournament_{i}"] for i in range(1, 5)
                                 if data.get(f"tournament_{i}")],
            "drop_best": data["drop_best"],
            "drop_worst": data["drop_worst"],
            "contumation_points": data.get("contumation_points"),
            "bye_points": data.get("bye_points") or "",
        }

    def add_service_errors(self, error: ValidationError) -> None:
        apply_service_error(self, error, self.ERROR_FIELDS)
