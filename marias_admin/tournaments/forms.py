"""Organiser forms: they check the input and shape it for the services, nothing more."""

from __future__ import annotations

import re
import secrets
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from marias_admin.core import formatting
from marias_admin.core.ordering import czech_order
from marias_admin.players.models import MAX_BIRTH_YEAR, MIN_BIRTH_YEAR, Club, Player, Sex
from marias_admin.players.registration_numbers import (
    normalise_registration_number,
    registration_number_holder,
)
from marias_admin.tournaments.models import (
    LANGUAGE_CHOICES,
    MAX_BASE_RATE,
    RULESET_CHOICES,
    UNIT_RULESETS,
    Currency,
    Role,
    Tournament,
)
from marias_admin.tournaments.rule_variants import (
    BY_NAME,
    conflicts,
    overrides_with,
    rulesets_with_variants,
    split,
    variants_for,
)
from scoring.presets import PRESETS, get_preset

DEFAULT_RULESET = "csm-licitovany-2023"
CENTS = Decimal(100)
TABLE_SIZE_CHOICES = [
    (4, _("4 players (ČSM, up to three tables of 3)")),
    (3, _("3 players (SZMK and volený: tables of 4 for the remainder, the dealer sits out)")),
]
VARIANT_CHOICES = [
    (PRESETS[code].name, [(v.name, v.label) for v in variants_for(code)])
    for code in rulesets_with_variants()
]
BASE_RATE_HELP = _("Value of one rate unit in crowns or euros, e.g. 0,20. "
                   "Leave empty to use the rules' default.")
UNIT_LABEL = _("money of one unit")
UNIT_HELP = _("The traditional game counts in units whose money the organiser chooses "
              "(pagat L73), e.g. 0,20 or 1,00. Leave empty for 0,20.")


def _field(name: str, **kwargs: Any) -> forms.Field:
    """The model field's own form field: same label, help text and validators."""
    return Tournament._meta.get_field(name).formfield(**kwargs)


class Form(forms.Form):
    """Labels without the trailing colon (they stand above their fields)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(format="%Y-%m-%d", **kwargs)


FROM_THE_RULES = _("from the rules")


class TournamentForm(Form):
    """Create or edit a tournament. The base rate is typed in crowns/euros (0,20), stored in
    haléře/cents; left empty on creation, it comes from the rules preset, as do the currency
    and the table size (SZMK: 0,05 €, tables of 3; ČSM: 0,20 Kč, tables of 4). The language
    may stay empty for good: the pages then speak the rules' language (Slovak for SZMK).
    """

    name = _field("name")
    date = _field("date", widget=DateInput)
    venue = _field("venue")
    ruleset_code = forms.ChoiceField(label=_("rules"), choices=RULESET_CHOICES,
                                     initial=DEFAULT_RULESET)
    base_rate = forms.DecimalField(
        label=_("base rate"), required=False, min_value=Decimal("0.01"),
        max_value=Decimal(MAX_BASE_RATE) / CENTS, max_digits=8, decimal_places=2, localize=True,
        help_text=BASE_RATE_HELP,
    )
    variants = forms.MultipleChoiceField(
        label=_("rule variants"), required=False, choices=VARIANT_CHOICES,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Documented variants of the rules (volený, křížový, SloapSlam); only those "
                    "of the rules chosen above can be ticked."),
    )
    currency = forms.ChoiceField(
        label=_("currency"), required=False,
        choices=[("", FROM_THE_RULES), *Currency.choices],
    )
    language = forms.ChoiceField(
        label=_("Language"), required=False, choices=[("", FROM_THE_RULES), *LANGUAGE_CHOICES],
        help_text=Tournament._meta.get_field("language").help_text,
    )
    rounds_planned = _field("rounds_planned", min_value=1, max_value=20)
    round_minutes = _field("round_minutes", min_value=10, max_value=600)
    table_size = forms.TypedChoiceField(
        label=_("table size"), choices=[("", FROM_THE_RULES), *TABLE_SIZE_CHOICES], coerce=int,
        required=False, empty_value=None,
    )
    max_odd_tables = _field("max_odd_tables", max_value=50)
    club_separation = _field("club_separation", required=False)  # left out: as it is
    team_separation = _field("team_separation", required=False)  # left out: as it is
    public_seating = _field("public_seating")
    public_standings = _field("public_standings")
    public_results = _field("public_results")
    public_players = _field("public_players")
    public_prizes = _field("public_prizes")

    def __init__(self, *args: Any, instance: Tournament | None = None,
                 locked: tuple[str, ...] = (), locked_reason: str = "", **kwargs: Any) -> None:
        """``locked``: fields shown but not editable (the rules and money of a tournament with
        results), each explained by ``locked_reason``."""
        self.instance = instance
        if instance is not None:
            initial = {name: getattr(instance, name) for name in self.base_fields
                       if name not in ("base_rate", "variants")}
            initial["base_rate"] = Decimal(instance.base_rate) / CENTS
            initial["variants"] = split(instance.ruleset_code, instance.ruleset_overrides)[0]
            kwargs.setdefault("initial", initial)
        super().__init__(*args, **kwargs)
        if instance is not None:  # an existing tournament always has all three
            self.fields["base_rate"].required = True
            self.fields["base_rate"].help_text = ""
            self.fields["currency"].required = True
            self.fields["currency"].choices = Currency.choices
            self.fields["table_size"].required = True
            self.fields["table_size"].choices = TABLE_SIZE_CHOICES
        else:
            preset = get_preset(self._chosen_ruleset())
            self.fields["base_rate"].widget.attrs["placeholder"] = formatting.amount(preset.base)
        if self._chosen_ruleset() in UNIT_RULESETS:
            self.fields["base_rate"].label = UNIT_LABEL
            self.fields["base_rate"].help_text = UNIT_HELP if instance is None else ""
        # The page's script swaps the label when another ruleset is chosen.
        self.fields["base_rate"].widget.attrs.update({
            "data-unit-rulesets": " ".join(UNIT_RULESETS), "data-unit-label": str(UNIT_LABEL),
            "data-rate-label": str(_("base rate"))})
        if "ruleset_overrides" in locked:  # the variants are the overrides
            locked = (*locked, "variants")
        self.locked = tuple(name for name in locked if name in self.fields)
        for name in self.locked:
            self.fields[name].disabled = True
            self.fields[name].help_text = locked_reason

    def _chosen_ruleset(self) -> str:
        """The ruleset picked in the submitted form, else the tournament's or the default."""
        code = self.data.get("ruleset_code") if self.is_bound else None
        if code in dict(RULESET_CHOICES) and "ruleset_code" not in getattr(self, "locked", ()):
            return code
        return self.instance.ruleset_code if self.instance is not None else DEFAULT_RULESET

    def variant_groups(self) -> list[dict[str, Any]]:
        """The variant boxes by ruleset, for the template (each group shown with its rules)."""
        boxes = {box.data["value"]: box for box in self["variants"]}
        return [{"code": code, "name": PRESETS[code].name,
                 "boxes": [(boxes[v.name], v.source) for v in variants_for(code)]}
                for code in rulesets_with_variants()]

    def clean(self) -> dict[str, Any]:
        """The ticked variants must be the chosen rules' and fit together; they become the
        stored ``ruleset_overrides`` (overrides set elsewhere stay while the rules do)."""
        data = super().clean()
        if "variants" in self.locked or "variants" not in data:
            return data
        code = data.get("ruleset_code") or self._chosen_ruleset()
        names = data["variants"]
        wrong = [BY_NAME[n] for n in names if BY_NAME[n].ruleset_code != code]
        for variant in wrong:
            self.add_error("variants", ValidationError(
                _("“%(variant)s” is a variant of the rules “%(rules)s”: untick it or choose "
                  "those rules."),
                params={"variant": variant.label, "rules": PRESETS[variant.ruleset_code].name},
                code="variant_of_other_rules"))
        for first, second, why in conflicts(names):
            if why == "exclusive":
                message = _("“%(first)s” and “%(second)s” cannot both apply: tick only one.")
            else:
                message = _("“%(second)s” already includes “%(first)s”: tick only one.")
            self.add_error("variants", ValidationError(
                message, params={"first": first.label, "second": second.label},
                code="variants_conflict"))
        if "variants" in self.errors:
            return data
        kept: dict[str, Any] = {}
        if self.instance is not None and self.instance.ruleset_code == code:
            kept = split(code, self.instance.ruleset_overrides)[1]
        data["ruleset_overrides"] = overrides_with(code, names, kept)
        return data

    def clean_base_rate(self) -> int | None:
        value = self.cleaned_data.get("base_rate")
        if value is None:
            return None
        return int((value * CENTS).quantize(Decimal(1), rounding=ROUND_HALF_UP))

    def service_kwargs(self) -> dict[str, Any]:
        """The cleaned data as keyword arguments of ``tournament_create``/``_update``."""
        data = {name: value for name, value in self.cleaned_data.items()
                if name not in self.locked}
        data.pop("variants", None)
        if "ruleset_overrides" in data and self.instance is None and not data[
                "ruleset_overrides"]:
            data.pop("ruleset_overrides")
        for optional in ("base_rate", "currency", "table_size", "club_separation",
                         "team_separation"):
            if data.get(optional) in (None, ""):
                data.pop(optional, None)
        if self.instance is not None and data.get("language") == self.instance.language:
            # Unchanged: left out, so that editing other fields never depends on the
            # service accepting this one.
            data.pop("language")
        return data


class WithdrawForm(Form):
    before_round = forms.TypedChoiceField(
        label=_("Withdraw before round"), coerce=int,
        help_text=_("Rounds already played keep the player."),
    )
    reason = forms.CharField(label=_("reason"), required=False, max_length=200)

    def __init__(self, *args: Any, rounds: list[int], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["before_round"].choices = [
            (n, _("round %(number)s") % {"number": n}) for n in rounds]
        if rounds:
            self.fields["before_round"].initial = rounds[0]


SUBMISSION_KEY = re.compile(r"[0-9a-f]{32}")


def new_submission_key() -> str:
    return secrets.token_hex(16)


class NewPlayerForm(Form):
    """A player not known yet, registered on the way. The hidden one-time ``submission_key``
    makes a second sending of the same form (double click, reload) find the first result;
    ``confirm_namesake`` is asked for when a player of the same name and club exists."""

    last_name = forms.CharField(label=_("last name"), max_length=60)
    first_name = forms.CharField(label=_("first name"), max_length=60)
    club = forms.CharField(
        label=_("club"), max_length=120, required=False,
        help_text=_("A club not known yet is created."),
        widget=forms.TextInput(attrs={"list": "club-names", "autocomplete": "off"}),
    )
    registration_number = forms.CharField(label=_("registration number"), max_length=20,
                                          required=False)
    seed_rank = forms.IntegerField(label=_("seeding rank"), min_value=1, required=False)
    # For the categories (women, seniors, juniors, region); all optional.
    sex = forms.ChoiceField(label=_("sex"), required=False,
                            choices=[("", "—"), *Sex.choices])
    birth_year = forms.IntegerField(label=_("year of birth"), required=False,
                                    min_value=MIN_BIRTH_YEAR, max_value=MAX_BIRTH_YEAR)
    region = forms.CharField(label=_("region"), max_length=60, required=False)
    present = forms.BooleanField(label=_("present now (check in)"), required=False,
                                 initial=True)
    confirm_namesake = forms.BooleanField(
        label=_("Yes, this is a different person of the same name"), required=False)
    submission_key = forms.CharField(widget=forms.HiddenInput, required=False, max_length=32)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not self.is_bound:
            self.initial.setdefault("submission_key", new_submission_key())

    def clean_registration_number(self) -> str:
        number = normalise_registration_number(self.cleaned_data["registration_number"])
        if number:
            holder = registration_number_holder(number)
            if holder is not None:
                raise ValidationError(
                    _("Registration number %(number)s already belongs to %(player)s; register "
                      "them from the list of existing players instead."),
                    params={"number": number, "player": holder.full_name},
                    code="number_taken")
        return number

    def clean_submission_key(self) -> str:
        key = self.cleaned_data["submission_key"]
        if key and not SUBMISSION_KEY.fullmatch(key):
            # Shown above the form: the field itself is hidden.
            self.add_error(None, ValidationError(_("The form is damaged; reload the page."),
                                                 code="submission_key"))
            return ""
        return key

    def club_names(self) -> list[str]:
        return list(Club.objects.order_by(*czech_order("name")).values_list("name", flat=True))


class ReopenForm(Form):
    reason = forms.CharField(
        label=_("Reason for reopening"), max_length=500,
        help_text=_("Recorded in the log with your name, e.g. a result to correct."),
    )


class PlayerSearchForm(Form):
    q = forms.CharField(label=_("Find a player"), required=False, max_length=60,
                        widget=forms.TextInput(attrs={"type": "search",
                                                      "placeholder": _("name or number")}))


class ExistingPlayerForm(Form):
    player = forms.ModelChoiceField(queryset=Player.objects.all(), widget=forms.HiddenInput)
    present = forms.BooleanField(required=False)


class RoleGrantForm(Form):
    username = forms.CharField(label=_("user name"), max_length=150)
    role = forms.ChoiceField(label=_("role"), choices=Role.choices)

    def clean_username(self) -> Any:
        username = self.cleaned_data["username"].strip()
        user = get_user_model().objects.filter(username__iexact=username).first()
        if user is None:
            raise ValidationError(_("There is no user “%(name)s”. Make a new login for a "
                                    "scorekeeper or referee below."), params={"name": username},
                                  code="unknown_user")
        return user


class StaffLoginForm(Form):
    """A new login for a scorekeeper or referee, made by the organiser on the team page."""

    first_name = forms.CharField(label=_("first name"), max_length=150, required=False)
    last_name = forms.CharField(label=_("surname"), max_length=150)
    role = forms.ChoiceField(label=_("role"), choices=[(Role.SCOREKEEPER, Role.SCOREKEEPER.label),
                                                       (Role.REFEREE, Role.REFEREE.label)])


class RoleRevokeForm(Form):
    user = forms.ModelChoiceField(queryset=get_user_model().objects.all())
    role = forms.ChoiceField(choices=Role.choices)
