"""The admin form of a competition (validation shared with the service)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from marias_admin.seasons.models import Competition


class CompetitionForm(forms.ModelForm):
    class Meta:
        model = Competition
        fields = ("name", "season", "coefficient", "drop_worst", "ordering", "public")

    def clean_name(self) -> str:
        name = self.cleaned_data["name"].strip()
        if not name:
            raise forms.ValidationError(_("The name must not be empty."))
        return name
