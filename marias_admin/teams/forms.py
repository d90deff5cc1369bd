"""Forms of the organiser's team pages."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from marias_admin.core.spreadsheet_import import SpreadsheetUploadForm, spreadsheet_file_field
from marias_admin.players.models import Club
from marias_admin.teams.importing import TeamFile, read_team_file
from marias_admin.teams.models import MemberRole, TeamKind, TeamRulesPreset


class ReasonMixin(forms.Form):
    reason = forms.CharField(
        label=_("Reason (after the deadline)"), required=False, max_length=500,
        help_text=_("After the deadline a change needs a reason; it is recorded in the log."))


class TeamSettingsForm(ReasonMixin):
    rules = forms.ChoiceField(label=_("Team rules"), choices=TeamRulesPreset.choices)
    deadline = forms.DateTimeField(
        label=_("Deadline for teams and nominations"), required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%d. %m. %Y %H:%M"],
        help_text=_("After it teams and nominations change only with a reason. Empty: no "
                    "deadline."))


class TeamForm(ReasonMixin):
    name = forms.CharField(label=_("Team name"), max_length=120)
    kind = forms.ChoiceField(label=_("Kind"), choices=TeamKind.choices, initial=TeamKind.FREE)
    club = forms.ModelChoiceField(label=_("Club"), queryset=Club.objects.none(), required=False,
                                  help_text=_("Required for a club team."))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = Club.objects.all()


class MemberAddForm(ReasonMixin):
    registration = forms.TypedChoiceField(label=_("Player"), coerce=int, choices=())
    role = forms.ChoiceField(label=_("Role"), choices=MemberRole.choices)

    def __init__(self, *args: Any, registrations: Any = (), roles: Any = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["registration"].choices = [
            (r.pk, f"{r.player.full_name}" + (f" ({r.player.club})" if r.player.club else ""))
            for r in registrations]
        if roles is not None:
            self.fields["role"].choices = [(r.value, r.label) for r in roles]


class MemberRoleForm(ReasonMixin):
    role = forms.ChoiceField(label=_("Role"), choices=MemberRole.choices)


class TeamImportUploadForm(SpreadsheetUploadForm):
    file = spreadsheet_file_field(
        label=_("Team list"),
        help_text=_("An Excel workbook (.xlsx) or a CSV file, at most 2 MB. The first row names "
                    "the columns: team, role (captain, member, nominated, substitute), player "
                    "(registration number or name, as registered), optionally club."))

    def read(self, filename: str, data: bytes) -> TeamFile:
        return read_team_file(filename, data)


class TeamImportConfirmForm(ReasonMixin):
    fingerprint = forms.CharField(widget=forms.HiddenInput, max_length=64)
