"""What the sheet's forms share: the page's language for the engine, seats as choices,
money and PB as typed on the paper sheet and as shown, the structured form's labels."""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from marias_admin.core import formatting
from marias_admin.core.templatetags.marias import money
from marias_admin.core.widgets import QuickTextInput
from marias_admin.seating.models import Seat
from scoring.types import Component, Suit

NO_CONTRACT = "none"  # the structured form's choice for a line with only a renonc
PB_DIGITS = {"max_digits": 7, "decimal_places": 1}


def language() -> str:
    """The page's language as the engine knows it: Czech, Slovak or English."""
    lang = (get_language() or "cs")[:2]
    return lang if lang in ("cs", "sk", "en") else "cs"


SUIT_LABELS = {
    Suit.HEARTS: _("hearts (červené)"),
    Suit.BELLS: _("bells (kule)"),
    Suit.LEAVES: _("leaves (zelené)"),
    Suit.ACORNS: _("acorns (žaludy)"),
}
COMPONENT_LABELS = {
    Component.GAME: _("game (hra)"),
    Component.SEVEN: _("seven (sedma)"),
    Component.HUNDRED: _("hundred (sto)"),
    Component.BETL: _("betl"),
    Component.DURCH: _("durch"),
    Component.TWO_SEVENS: _("two sevens (dvě sedmy)"),
}
RESULT_FIELDS = {
    Component.GAME: "game_won",
    Component.SEVEN: "seven_won",
    Component.BETL: "betl_won",
    Component.DURCH: "durch_won",
    Component.TWO_SEVENS: "two_sevens_won",
}
RESULT_CHOICES = [("", "—"), ("won", _("won")), ("lost", _("lost"))]
TRISTATE = [("", _("not recorded")), ("yes", _("yes")), ("no", _("no"))]
SILENT_SEVEN_CHOICES = [
    ("", "—"),
    ("declarer:won", _("the declarer's seven won the last trick")),
    ("declarer:lost", _("the declarer's seven was beaten in the last trick")),
    ("defence:won", _("the defence's seven won the last trick")),
    ("defence:lost", _("the defence's seven was beaten in the last trick")),
]


def seat_label(seat: Seat) -> str:
    return f"{seat.position}. {seat.registration.player.full_name}"


def seat_choices(seats: Sequence[Seat]) -> list[tuple[int, str]]:
    return [(s.position, seat_label(s)) for s in seats]


def signed(cents: int | None) -> str:
    """Money with its sign, in the page's language: +1,20 / −0,60 / 0,00."""
    return "" if cents is None else formatting.signed(int(cents))


def pb_text(value: Decimal | Fraction | int | float | None) -> str:
    """PB in the page's language: 12 / 27,5."""
    return "" if value is None else formatting.points(value, places=1)


# -- amounts -----------------------------------------------------------------------------------

_AMOUNT = re.compile(r"^[+-]?[0-9]+([.,][0-9]{1,2})?$")
# The keyboard of a signed amount: a phone's text keyboard, whose numbers row has the minus
# (iOS's decimal keypad has none, issue 24); ``pattern`` tells the browser what fits, as a hint
# (the forms are ``novalidate``: the server checks, and says what is wrong in the page's words).
SIGNED_KEYBOARD = {"inputmode": "text", "autocapitalize": "off", "autocorrect": "off",
                   "spellcheck": "false", "enterkeyhint": "next",
                   "pattern": r"\s*[+\-−]?[0-9 ]+([.,][0-9]{1,2})?\s*(Kč|€)?\s*"}
# No table sheet comes near a million; the bound keeps every amount (and the sum of four) far
# inside the integer columns, so both databases refuse the same input with the same message.
MAX_AMOUNT = 99_999_999  # haléř / cents: 999 999,99


class AmountField(forms.CharField):
    """Money typed as on the paper sheet (−1,20 or -1.20 or 3), kept in haléř / cents."""

    widget = QuickTextInput

    default_error_messages = {
        "invalid": _("Enter an amount such as -1,20."),
        "range": _("Enter an amount between %(min)s and %(max)s."),
    }

    def widget_attrs(self, widget: forms.Widget) -> dict[str, Any]:
        attrs = super().widget_attrs(widget)
        attrs.update(SIGNED_KEYBOARD, autocomplete="off", size="7", maxlength="16")
        return attrs

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, int):
            return f"{value / 100:.2f}".replace(".", ",")
        return value

    def to_python(self, value: Any) -> int | None:  # type: ignore[override]
        text = super().to_python(value)
        if text in self.empty_values:
            return None
        text = (text.replace("\N{MINUS SIGN}", "-").replace("\N{NO-BREAK SPACE}", "")
                .replace("\N{NARROW NO-BREAK SPACE}", "")
                .replace(" ", "").removesuffix("Kč").removesuffix("€"))
        if len(text) > 12 or not _AMOUNT.match(text):
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        try:
            amount = int(Decimal(text.replace(",", ".")) * 100)
        except InvalidOperation:
            raise ValidationError(self.error_messages["invalid"], code="invalid") from None
        if abs(amount) > MAX_AMOUNT:
            raise ValidationError(self.error_messages["range"], code="range", params={
                "min": signed(-MAX_AMOUNT), "max": money(MAX_AMOUNT)})
        return amount


def pb_field(**kwargs: Any) -> forms.DecimalField:
    return forms.DecimalField(localize=True, min_value=Decimal(-9999), max_value=Decimal(9999),
                              widget=QuickTextInput(attrs={**SIGNED_KEYBOARD, "size": "5"}),
                              **PB_DIGITS, **kwargs)
