"""The forms of table access without accounts: the table's PIN with its holder's own, a
player's PIN to confirm. A PIN is ASCII digits; anything else is an error at the field."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from marias_admin.seating.models import Seat
from marias_admin.sheets.access import pin_digits

PIN_ATTRS = {"inputmode": "numeric", "autocomplete": "off", "pattern": "[0-9]*",
             "size": "8", "autofocus": True}


class PinField(forms.CharField):
    """A PIN: stripped, then ASCII digits only (``١٢٣٤٥``, ``１２３４５``, ``12é45`` are refused
    here with a message, never compared)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", 16)
        super().__init__(strip=True, **kwargs)

    def clean(self, value: Any) -> str:
        return pin_digits(super().clean(value))


class UnrepeatedPinInput(forms.TextInput):
    """A player's own PIN is never written back into the page: after a refusal the phone is
    handed on, and the next person must not read the last one's PIN in the field."""

    def format_value(self, value: Any) -> str | None:
        return None


def _seat_choices(seats: list[Seat]) -> list[tuple[Any, str]]:
    return [("", "—")] + [(s.registration_id, f"{s.position}. {s.registration.player}")
                          for s in seats]


class TablePinForm(forms.Form):
    """Opening the table's link: the table's PIN, and who holds the phone (his own PIN)."""

    pin = PinField(label=_("Table PIN"), widget=forms.TextInput(attrs=PIN_ATTRS),
                   help_text=_("The PIN printed beside the QR code on the table sheet."),
                   error_messages={"required": _("Type the PIN.")})
    registration = forms.TypedChoiceField(label=_("Who are you"), coerce=int,
                                          error_messages={"required": _("Choose your name.")})
    player_pin = PinField(label=_("Your player PIN"),
                          widget=UnrepeatedPinInput(attrs={**PIN_ATTRS, "autofocus": False}),
                          help_text=_("Printed on your player slip."),
                          error_messages={"required": _("Type your PIN.")})

    def __init__(self, *args: Any, seats: list[Seat], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["registration"].choices = _seat_choices(seats)


class PlayerPinForm(forms.Form):
    """A seated player confirms the submitted sheet: he picks his name and types his PIN."""

    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)
    registration = forms.TypedChoiceField(label=_("Player"), coerce=int,
                                          error_messages={"required": _("Choose your name.")})
    pin = PinField(label=_("Your player PIN"),
                   widget=UnrepeatedPinInput(attrs={**PIN_ATTRS, "autofocus": False}),
                   help_text=_("Printed on your player slip."),
                   error_messages={"required": _("Type your PIN.")})

    def __init__(self, *args: Any, seats: list[Seat], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["registration"].choices = _seat_choices(seats)


class PublicAddressForm(forms.Form):
    """The organiser's public address (the site setting); checked by the service."""

    public_url = forms.CharField(
        label=_("Public address"), max_length=200, required=False, strip=True,
        widget=forms.TextInput(attrs={"inputmode": "url", "autocomplete": "off",
                                      "autocapitalize": "none", "spellcheck": "false",
                                      "placeholder": "http://192.168.1.20:8000"}),
        help_text=_("The address of this server as phones on the hall's network reach it, "
                    "e.g. http://192.168.1.20:8000 or https://marias.example.org. Leave it "
                    "empty to use the server's own setting."),
        error_messages={"max_length": _("The address is too long (at most %(limit_value)d "
                                        "characters).")})

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
