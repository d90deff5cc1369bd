"""Forms of the player import: the upload and the confirmation."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from marias_admin.players.importing import ImportFileError, ParsedFile, read_upload
from marias_admin.tournaments.models import RegistrationStatus

MAX_UPLOAD_BYTES = 2 * 1024 * 1024
ALLOWED_EXTENSIONS = (".xlsx", ".csv")


class ImportUploadForm(forms.Form):
    file = forms.FileField(
        label=_("Player list"),
        help_text=_("An Excel workbook (.xlsx) or a CSV file, at most 2 MB. The first row names "
                    "the columns: last name, first name (or one column with the whole name), "
                    "club, registration number, e-mail, phone, seeding rank."),
        widget=forms.ClearableFileInput(attrs={
            "accept": ".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml."
                      "sheet,text/csv"}),
    )

    def clean_file(self) -> ParsedFile:
        upload = self.cleaned_data["file"]
        name = upload.name or ""
        if not name.lower().endswith(ALLOWED_EXTENSIONS):
            raise forms.ValidationError(
                _("Only .xlsx and .csv files can be imported; “%(name)s” is neither. Save the "
                  "list from Excel as “Excel Workbook (.xlsx)” or “CSV”."),
                code="extension", params={"name": name})
        if upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(
                _("The file is too large (%(size)s kB); at most 2 MB can be imported."),
                code="size", params={"size": upload.size // 1024})
        try:
            data = upload.read(MAX_UPLOAD_BYTES + 1)
        except OSError as exc:
            raise forms.ValidationError(_("The file could not be read."), code="read") from exc
        try:
            return read_upload(name, data)
        except ImportFileError as exc:
            raise forms.ValidationError(exc.message, code="unreadable") from exc


class ImportConfirmForm(forms.Form):
    status = forms.ChoiceField(
        label=_("Register the imported players as"),
        choices=[(RegistrationStatus.PRESENT.value, _("present (checked in now)")),
                 (RegistrationStatus.REGISTERED.value, _("registered (check-in later)"))],
        initial=RegistrationStatus.PRESENT.value,
        widget=forms.RadioSelect,
    )
    fingerprint = forms.CharField(widget=forms.HiddenInput, max_length=64)
