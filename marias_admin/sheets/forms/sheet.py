"""The sheet's own forms: the version seen (state changes), a reason (dispute, reopen,
delete), and the totals per seat (totals mode, or the paper's totals to reconcile)."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from marias_admin.core.forms import apply_service_error
from marias_admin.core.widgets import QuickHiddenInput
from marias_admin.seating.models import Seat
from marias_admin.sheets.forms.fields import AmountField, pb_field, seat_label, signed
from marias_admin.tournaments.forms import Form


class VersionForm(Form):
    version = forms.IntegerField(widget=QuickHiddenInput, min_value=0)


class ReasonForm(VersionForm):
    reason = forms.CharField(label=_("Reason"), max_length=300,
                             error_messages={"required": _("Say why.")})


class TotalsForm(VersionForm):
    """Per seat: ZB (money) and PB. In totals mode every money value is required; for the
    reconciliation with the paper sheet any of them may stay empty."""

    def __init__(self, *args: Any, seats: Sequence[Seat], required: bool,
                 currency: str = "", **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.seats, self.required, self.currency = list(seats), required, currency
        for seat in self.seats:
            self.fields[f"money_{seat.position}"] = AmountField(
                label=seat_label(seat), required=required,
                error_messages={"required": _("Copy this player's ZB from the paper.")})
            self.fields[f"pb_{seat.position}"] = pb_field(label=_("PB"), required=False)

    @property
    def rows(self) -> list[tuple[Seat, forms.BoundField, forms.BoundField]]:
        return [(s, self[f"money_{s.position}"], self[f"pb_{s.position}"]) for s in self.seats]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        money = self.money()
        if self.required and None not in money and sum(money) != 0:
            total = f"{signed(sum(money))}\N{NO-BREAK SPACE}{self.currency}".strip()
            raise ValidationError(_("ZB must sum to zero; they sum to %(sum)s."),
                                  params={"sum": total}, code="zero_sum")
        return data

    def money(self) -> list[int | None]:
        return [self.cleaned_data.get(f"money_{s.position}") for s in self.seats]

    def pb(self, default: Decimal | None) -> list[Decimal | None]:
        values = [self.cleaned_data.get(f"pb_{s.position}") for s in self.seats]
        return [default if v is None else v for v in values]

    def add_service_error(self, error: ValidationError) -> None:
        """The service names the totals as a whole: its refusal goes on top."""
        apply_service_error(self, error, lambda key: None)
