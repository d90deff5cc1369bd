"""Forms of the round page: seat, swap, change state, re-plan."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from marias_admin.core.ordering import name_key
from marias_admin.seating.forms_editing import DatalistInput
from marias_admin.seating.models import Seat, SeatingMethod
from marias_admin.tournaments.forms import Form


def _version() -> forms.IntegerField:
    """The round version the page was built from (empty: no check), see ``RoundConflict``."""
    return forms.IntegerField(required=False, min_value=0, widget=forms.HiddenInput)


class SeatForm(Form):
    method = forms.ChoiceField(label=_("seating method"), choices=SeatingMethod.choices)
    seed = forms.IntegerField(
        label=_("draw number (optional)"),
        required=False,
        min_value=0,
        max_value=2**63 - 1,
        help_text=_("Empty draws a new number. The same number gives the same seating."),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    confirm_reseat = forms.BooleanField(required=False, widget=forms.HiddenInput)
    # The previous round is still being played (sheets not confirmed): seat anyway.
    confirm_previous_open = forms.BooleanField(required=False, widget=forms.HiddenInput)
    version = _version()


class SwapForm(Form):
    # typed into with suggestions (a <datalist>), not a select of every player in the hall
    first = forms.TypedChoiceField(label=_("player"), coerce=int, widget=DatalistInput,
                                   error_messages={"invalid_choice": _(
                                       "No player here matches “%(value)s”.")})
    second = forms.TypedChoiceField(label=_("swap with"), coerce=int, widget=DatalistInput,
                                    error_messages={"invalid_choice": _(
                                        "No player here matches “%(value)s”.")})
    confirm_reseat = forms.BooleanField(required=False, widget=forms.HiddenInput)
    version = _version()

    def __init__(self, *args: Any, seats: list[Seat], language: str | None = None,
                 **kwargs: Any) -> None:
        """``language``: the tournament's page language, whose alphabet orders the names."""
        super().__init__(*args, **kwargs)
        by_name = sorted(seats, key=lambda s: (
            name_key(s.registration.player.last_name, s.registration.player.first_name,
                     language), s.registration_id))
        choices = [("", "—")] + [
            (
                s.registration_id,
                f"{s.registration.player.full_name} ({s.table.number}/{s.position})",
            )
            for s in by_name
        ]
        self.fields["first"].choices = choices
        self.fields["second"].choices = choices

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("first") is not None and data.get("first") == data.get("second"):
            self.add_error("second", _("Choose a different player."))
        return data


class StateForm(Form):
    state = forms.CharField()
    confirmed = forms.BooleanField(required=False, widget=forms.HiddenInput)
    confirm_open_sheets = forms.BooleanField(required=False, widget=forms.HiddenInput)
    version = _version()


class ReplanForm(Form):
    confirm_reseat = forms.BooleanField(required=False, widget=forms.HiddenInput)


class ClockForm(Form):
    minutes = forms.IntegerField(
        label=_("round length (minutes)"),
        required=False,
        min_value=1,
        max_value=600,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
