"""The sheet's own forms: the version seen (state changes), a reason (dispute, reopen,
delete), and the totals per seat (totals mode, or the paper's totals to reconcile)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _

from marias_admin.core.forms import apply_service_error
from marias_admin.core.widgets import QuickHiddenInput
from marias_admin.seating.models import Seat
from marias_admin.sheets.forms.fields import AmountField, pb_field, seat_label, signed
from marias_admin.tournaments.forms import Form


class VersionForm(Form):
    version = forms.IntegerField(widget=QuickHiddenInput, min_value=0)


def at_version(fields: QueryDict | Iterable[tuple[str, str]], version: int) -> QueryDict:
    """A write's fields (a POST, or a queued offline write's pairs) rebound on the sheet's
    ``version`` now: every ``…version`` field says it, the CSRF token is not data.

    Two places need it: a conflict's form shown again with the visitor's input (so that saving
    it again is a deliberate second step on the state he now sees), and a queued write whose
    version was already checked against the phone's base (the form and the service are then
    written on the version of now)."""
    pairs = ((name, value) for name, values in fields.lists() for value in values) \
        if isinstance(fields, QueryDict) else fields
    data = QueryDict(mutable=True)
    for name, value in pairs:
        if name != "csrfmiddlewaretoken":
            data.appendlist(name, str(version) if name.endswith("version") else value)
    return data


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
