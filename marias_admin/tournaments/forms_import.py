"""Forms of the player import: the upload and the confirmation."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from marias_admin.players.importing import (
    ImportFileError,
    ParsedFile,
    max_upload_bytes,
    read_upload,
    size_label,
)
from marias_admin.tournaments.models import RegistrationStatus

ALLOWED_EXTENSIONS = (".xlsx", ".csv")


def too_large_error(size: int | None) -> forms.ValidationError:
    """The refusal of an upload over the limit (``size`` None: known only to exceed it)."""
    limit = max_upload_bytes()
    if size is None:
        return forms.ValidationError(
            _("The file is too large; at most %(max)s can be imported."),
            code="size", params={"max": size_label(limit)})
    return forms.ValidationError(
        _("The file is too large (%(size)s kB); at most %(max)s can be imported."),
        code="size", params={"size": size // 1024, "max": size_label(limit)})


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

    def __init__(self, *args: object, too_large: bool = False, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.too_large = too_large  # the upload was cut off on the way in (see views)

    def clean(self) -> dict:
        if self.too_large:
            self.errors.pop("file", None)
            self.add_error("file", too_large_error(None))
        return super().clean()

    def clean_file(self) -> ParsedFile:
        upload = self.cleaned_data["file"]
        name = upload.name or ""
        if not name.lower().endswith(ALLOWED_EXTENSIONS):
            raise forms.ValidationError(
                _("Only .xlsx and .csv files can be imported; “%(name)s” is neither. Save the "
                  "list from Excel as “Excel Workbook (.xlsx)” or “CSV”."),
                code="extension", params={"name": name})
        limit = max_upload_bytes()
        if upload.size > limit:
            raise too_large_error(upload.size)
        try:
            data = upload.read(limit + 1)
        except OSError as exc:
            raise forms.ValidationError(_("The file could not be read."), code="read") from exc
        if len(data) > limit:
            raise too_large_error(len(data))
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
