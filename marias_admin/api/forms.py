"""The staff's upload of a results exchange file."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from marias_admin.api.exchange.validation import MAX_BYTES, ExchangeError, loads


class ExchangeUploadForm(forms.Form):
    file = forms.FileField(label=_("Results exchange file"),
                           help_text=_("The .json file a tournament's organiser downloaded."))

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_BYTES:
            raise forms.ValidationError(_("The file is larger than %(size)s MB."),
                                        params={"size": MAX_BYTES // (1024 * 1024)})
        try:
            self.document = loads(upload.read())
        except ExchangeError as error:
            raise forms.ValidationError(str(error)) from error
        return upload


class ExchangeConfirmForm(forms.Form):
    token = forms.CharField(widget=forms.HiddenInput, max_length=64)
    fingerprint = forms.CharField(widget=forms.HiddenInput, max_length=64)
