"""A hand by the shorthand (``7k+``) or the paper sheet's description, with the paper's
amounts to check against."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from marias_admin.core.widgets import QuickTextInput
from marias_admin.sheets.forms.fields import AmountField, seat_label
from marias_admin.sheets.forms.hand import HandForm
from scoring.hand import Hand
from scoring.notation import parse

# The shorthand field's example: sto a sedma with the facts the PB table needs (three trumps,
# the trump ace, not the ten: docs/notation.md "PB: trumps"); without PB the facts are not asked.
COMPLETE_PLACEHOLDER = "100+7c f100 60+40 s+ tr3 e+ x-"
PLAIN_PLACEHOLDER = "100+7c f100 60+40 s+"


class TextHandForm(HandForm):
    """The shorthand (``7k+``) or the paper sheet's description, optionally with the amounts
    written on the paper per player (then the engine's amounts are checked against them)."""

    entry = "text"
    fallback_field = "notation"

    notation = forms.CharField(
        label=_("Hand (shorthand or description)"), max_length=300, strip=True,
        widget=QuickTextInput(attrs={
            "autocomplete": "off", "autocapitalize": "off", "autocorrect": "off",
            "spellcheck": "false", "enterkeyhint": "done", "placeholder": PLAIN_PLACEHOLDER,
        }),
        error_messages={"required": _("Type the hand, for example 7k+.")})

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.ruleset.has_premium:
            # A complete hand: a made sedma or sto pays PB only with its trump facts (issue 21).
            self.fields["notation"].widget.attrs["placeholder"] = COMPLETE_PLACEHOLDER
        for seat in self.seats:
            self.fields[f"paper_{seat.position}"] = AmountField(
                label=seat_label(seat), required=False)

    @property
    def paper_fields(self) -> list[forms.BoundField]:
        return [self[f"paper_{s.position}"] for s in self.seats]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        names = [f"paper_{s.position}" for s in self.seats]
        values = [data.get(n) for n in names]
        if any(v is not None for v in values) and not any(n in self.errors for n in names):
            for name, value in zip(names, values, strict=True):
                if value is None:
                    self.add_error(name, ValidationError(
                        _("Copy the amount of every player from the paper."),
                        code="paper_missing"))
        return data

    def build_hand(self, data: dict[str, Any]) -> Hand | None:
        hand = parse(data["notation"], ruleset=self.ruleset, players=self.players,
                     dealer=data["dealer"], declarer=self.declarer_or_forehand(data))
        return self.require_declarer(hand, data)

    def paper_values(self) -> list[int | None]:
        return [self.cleaned_data.get(f"paper_{s.position}") for s in self.seats]

    @property
    def only_paper_missing(self) -> bool:
        """Still typing the paper's amounts: everything else is fine."""
        return bool(self.errors) and all(
            name.startswith("paper_") and all(e.code == "paper_missing" for e in errors.data)
            for name, errors in self.errors.items())

    def paper_money(self) -> list[int] | None:
        values = [self.cleaned_data.get(f"paper_{s.position}") for s in self.seats]
        if all(v is None for v in values):
            return None
        return [int(v) for v in values]
