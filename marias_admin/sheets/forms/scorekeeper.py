"""Who keeps the sheet: a scorekeeper of the tournament, or nobody."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from marias_admin.sheets.forms.sheet import VersionForm


class ScorekeeperForm(VersionForm):
    scorekeeper = forms.ModelChoiceField(
        label=_("Scorekeeper"), queryset=get_user_model().objects.none(), required=False,
        empty_label=_("— nobody (the first to enter a hand) —"))

    def __init__(self, *args: Any, candidates: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["scorekeeper"].queryset = candidates
