"""The bulk table of the players' sex, year of birth, region and club: one form per row.

The fields are the single player form's own (:class:`NewPlayerForm`), so a row is checked
exactly as one player is; ``key`` carries the player and the version of his details the page
was loaded with (the service refuses a row whose player changed since).
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from marias_admin.tournaments.forms import Form, NewPlayerForm

KEY = re.compile(r"([0-9]{1,12}):([0-9a-f]{16})")
# A page of rows: each row sends five fields, and Django refuses a request of more than
# DATA_UPLOAD_MAX_NUMBER_FIELDS (1 000) fields.
PAGE_SIZE = 100


class PlayerDetailsRowForm(Form):
    key = forms.CharField(widget=forms.HiddenInput, max_length=40)
    sex = NewPlayerForm.base_fields["sex"]
    birth_year = NewPlayerForm.base_fields["birth_year"]
    region = NewPlayerForm.base_fields["region"]
    club = forms.CharField(label=_("club"), max_length=120, required=False,
                           widget=forms.TextInput(attrs={"list": "club-names",
                                                         "autocomplete": "off"}))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["birth_year"].widget.attrs.update({"inputmode": "numeric", "size": 4})

    def clean_key(self) -> tuple[int, str]:
        match = KEY.fullmatch(self.cleaned_data["key"])
        if match is None:
            raise ValidationError(_("The form is damaged; reload the page."), code="key")
        return int(match.group(1)), match.group(2)

    @property
    def player_id(self) -> int | None:
        """The row's player, also when the form is not valid (to name the row)."""
        match = KEY.fullmatch(str(self["key"].value() or ""))
        return int(match.group(1)) if match else None


PlayerDetailsFormSet = forms.formset_factory(
    PlayerDetailsRowForm, extra=0, max_num=PAGE_SIZE, validate_max=True,
    absolute_max=PAGE_SIZE)
