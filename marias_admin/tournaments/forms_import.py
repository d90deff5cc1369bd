"""Forms of the player import: the upload and the confirmation (the shared steps are in
:mod:`marias_admin.core.spreadsheet_import`)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from marias_admin.core.spreadsheet_import import SpreadsheetUploadForm, spreadsheet_file_field
from marias_admin.players.importing import ParsedFile, read_upload
from marias_admin.players.probes import CONFIRM_LABEL
from marias_admin.tournaments.models import RegistrationStatus


class ImportUploadForm(SpreadsheetUploadForm):
    file = spreadsheet_file_field(
        label=_("Player list"),
        help_text=_("An Excel workbook (.xlsx) or a CSV file, at most 2 MB. The first row names "
                    "the columns: last name, first name (or one column with the whole name), "
                    "club, registration number, e-mail, phone, seeding rank."))
    extension_message = _(
        "Only .xlsx and .csv files can be imported; “%(name)s” is neither. Save the list from "
        "Excel as “Excel Workbook (.xlsx)” or “CSV”.")

    def read(self, filename: str, data: bytes) -> ParsedFile:
        return read_upload(filename, data)


class ImportConfirmForm(forms.Form):
    status = forms.ChoiceField(
        label=_("Register the imported players as"),
        choices=[(RegistrationStatus.PRESENT.value, _("present (checked in now)")),
                 (RegistrationStatus.REGISTERED.value, _("registered (check-in later)"))],
        initial=RegistrationStatus.PRESENT.value,
        widget=forms.RadioSelect,
    )
    fingerprint = forms.CharField(widget=forms.HiddenInput, max_length=64)
    confirm_finished = forms.BooleanField(label=CONFIRM_LABEL, required=False)

    def __init__(self, *args: Any, finished: bool = True, **kwargs: Any) -> None:
        """``finished``: whether the preview moves finished tournaments' categories; the
        tick is shown only then (a sent form always keeps it, and the import checks it)."""
        super().__init__(*args, **kwargs)
        if not finished:
            del self.fields["confirm_finished"]
