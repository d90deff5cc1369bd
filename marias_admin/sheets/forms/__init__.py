"""The scorekeeper's forms: a hand by the shorthand (or the paper sheet's description), a hand
by a structured form, totals, reconciliation and the sheet's state.

The forms only shape input for the engine and the services; the engine decides whether a hand
makes sense and says where it does not. Its problems arrive keyed by the hand's fields
(``points.declarer_cards``, ``doublings.seven`` …) and are shown next to the form field that
holds that fact; the shorthand parser's problems carry the position of the character.

One module per concern: :mod:`.fields` (shared fields and labels), :mod:`.hand` (what both hand
forms share), :mod:`.text_hand`, :mod:`.structured_hand`, :mod:`.sheet` (version, reason,
totals), :mod:`.scorekeeper`. This package re-exports them for ``marias_admin.sheets.forms``.
"""

from typing import Any

from marias_admin.sheets.forms.fields import (
    COMPONENT_LABELS,
    MAX_AMOUNT,
    NO_CONTRACT,
    PB_DIGITS,
    RESULT_CHOICES,
    RESULT_FIELDS,
    SILENT_SEVEN_CHOICES,
    SUIT_LABELS,
    TRISTATE,
    AmountField,
    language,
    pb_field,
    pb_text,
    seat_choices,
    seat_label,
    signed,
)
from marias_admin.sheets.forms.hand import HandForm
from marias_admin.sheets.forms.scorekeeper import ScorekeeperForm
from marias_admin.sheets.forms.sheet import ReasonForm, TotalsForm, VersionForm, at_version
from marias_admin.sheets.forms.structured_hand import (
    MARRIAGE_SUITS,
    SUIT_LETTERS,
    StructuredHandForm,
)
from marias_admin.sheets.forms.text_hand import (
    COMPLETE_PLACEHOLDER,
    PLAIN_PLACEHOLDER,
    TextHandForm,
)

# The two ways of entering a hand, by the ``entry`` a POST names.
HAND_FORMS: dict[str, type[HandForm]] = {"text": TextHandForm, "form": StructuredHandForm}


def bind_hand_form(data: Any, *, seats: Any, ruleset: Any, edit: bool = False) -> HandForm:
    """The hand form a POST (or a queued offline write) names by its ``entry``, bound to it:
    the entry form's prefix, or ``edit-…`` with a reason for a correction."""
    entry = data.get("entry", "text").removeprefix("edit-")
    form_class = HAND_FORMS.get(entry, TextHandForm)
    prefix = f"edit-{form_class.entry}" if edit else form_class.entry
    return form_class(data, seats=seats, ruleset=ruleset, prefix=prefix, with_reason=edit)

__all__ = [
    "COMPLETE_PLACEHOLDER", "COMPONENT_LABELS", "HAND_FORMS", "MARRIAGE_SUITS", "MAX_AMOUNT",
    "NO_CONTRACT", "PB_DIGITS", "PLAIN_PLACEHOLDER", "RESULT_CHOICES", "RESULT_FIELDS",
    "SILENT_SEVEN_CHOICES", "SUIT_LABELS", "SUIT_LETTERS", "TRISTATE", "AmountField",
    "HandForm", "ReasonForm", "ScorekeeperForm", "StructuredHandForm", "TextHandForm",
    "TotalsForm", "VersionForm", "at_version", "bind_hand_form", "language", "pb_field", "pb_text",
    "seat_choices", "seat_label", "signed",
]
