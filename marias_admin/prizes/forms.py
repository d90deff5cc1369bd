"""The organiser's forms: a category, a prize, the double-winner rule, a player's data."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.utils.translation import gettext_lazy as _

from marias_admin.core.ordering import czech_order
from marias_admin.players.details import CONFIRM_LABEL
from marias_admin.players.models import MAX_BIRTH_YEAR, MIN_BIRTH_YEAR, Sex
from marias_admin.prizes.models import MAX_PLACE, Category, CategoryKind, DoubleWinnerRule
from marias_admin.tournaments.forms import Form
from marias_admin.tournaments.models import Registration, Tournament


class RegistrationChoices(forms.ModelMultipleChoiceField):
    def label_from_instance(self, obj: Registration) -> str:
        club = f" ({obj.player.club.name})" if obj.player.club else ""
        return f"{obj.player.full_name}{club}"


class CategoryForm(Form):
    name = forms.CharField(label=_("name"), max_length=80,
                           help_text=_("As shown on the pages, e.g. “Ženy” or “Senioři 65+”."))
    kind = forms.ChoiceField(label=_("kind"), choices=CategoryKind.choices)
    year = forms.IntegerField(label=_("year of birth"), required=False,
                              min_value=MIN_BIRTH_YEAR, max_value=MAX_BIRTH_YEAR,
                              help_text=_("Seniors: born in or before this year; juniors: in "
                                          "or after it."))
    region = forms.CharField(label=_("region"), max_length=60, required=False)
    members = RegistrationChoices(label=_("players (chosen players only)"), required=False,
                                  queryset=Registration.objects.none(),
                                  widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(RegistrationChoices, self.fields["members"]).queryset = (
            Registration.objects.filter(tournament=tournament).select_related("player__club")
            .order_by(*czech_order("player__last_name", "player__first_name",
                                   language=tournament.page_language), "pk"))

    @classmethod
    def initial_from(cls, category: Category) -> dict[str, Any]:
        return {"name": category.name, "kind": category.kind, "year": category.year,
                "region": category.region, "members": list(category.members.all())}


class PrizeForm(Form):
    category = forms.ModelChoiceField(label=_("standings"), required=False,
                                      queryset=Category.objects.none(),
                                      empty_label=_("main standings"))
    place = forms.IntegerField(label=_("place"), min_value=1, max_value=MAX_PLACE)
    label = forms.CharField(label=_("prize"), max_length=120,
                            help_text=_("As printed, e.g. “1 000 Kč” or “pohár”."))
    value = forms.DecimalField(label=_("value"), required=False, min_value=0, max_digits=9,
                               decimal_places=2,
                               help_text=_("In the tournament's currency; decides which of "
                                           "two prizes is higher."))

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        category = cast(forms.ModelChoiceField, self.fields["category"])
        category.queryset = Category.objects.filter(tournament=tournament)

    def value_minor(self) -> int | None:
        value = self.cleaned_data.get("value")
        return None if value is None else int(value * 100)


class DoubleRuleForm(Form):
    double_rule = forms.ChoiceField(label=_("a player who wins two prizes gets"),
                                    choices=DoubleWinnerRule.choices,
                                    widget=forms.RadioSelect)


class PlayerDetailsForm(Form):
    sex = forms.ChoiceField(label=_("sex"), required=False, choices=[("", "—"), *Sex.choices])
    birth_year = forms.IntegerField(label=_("year of birth"), required=False,
                                    min_value=MIN_BIRTH_YEAR, max_value=MAX_BIRTH_YEAR)
    region = forms.CharField(label=_("region"), max_length=60, required=False)
    # Shown once the service refused a change that moves a finished tournament's categories.
    confirm_finished = forms.BooleanField(label=CONFIRM_LABEL, required=False)
