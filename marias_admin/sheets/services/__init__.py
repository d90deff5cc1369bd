"""Writes to a table sheet: hands, totals, state, rulings. One transaction each, audited.

Every write names the sheet version its author saw; if someone else wrote in between, the write
is refused with :class:`SheetConflict` (the second writer then sees the current state) instead
of silently overwriting. A finished tournament refuses every write. No confirmation stands over
amounts its confirmer did not see: a ruling that changes them is re-confirmed by the referee or
sends the sheet back to the table, his choice after seeing what it changes.

The writes live by concern, sharing the lock/version/audit helpers of :mod:`.base`:
:mod:`.hands`, :mod:`.sheet` (totals, state, scorekeeper), :mod:`.rulings`. This package
re-exports their public API, so callers import from ``marias_admin.sheets.services``.
"""

from marias_admin.sheets.services.base import (
    COUNTED_STATES,
    FLEK_INCORRECT,
    FLEK_REVIEW,
    MONEY_LIMIT,
    PB_LIMIT,
    SheetConflict,
    audit_record,
    scoring_error,
)
from marias_admin.sheets.services.hands import hand_add, hand_delete, hand_edit
from marias_admin.sheets.services.rulings import ruling_add, ruling_preview
from marias_admin.sheets.services.sheet import (
    delete_round_sheets,
    paper_totals_set,
    sheet_assign_scorekeeper,
    sheet_confirm,
    sheet_dispute,
    sheet_for,
    sheet_reopen,
    sheet_submit,
    totals_set,
)

__all__ = [
    "COUNTED_STATES", "FLEK_INCORRECT", "FLEK_REVIEW", "MONEY_LIMIT", "PB_LIMIT", "SheetConflict",
    "audit_record", "delete_round_sheets", "hand_add", "hand_delete", "hand_edit",
    "paper_totals_set", "ruling_add", "ruling_preview", "scoring_error",
    "sheet_assign_scorekeeper", "sheet_confirm", "sheet_dispute", "sheet_for", "sheet_reopen",
    "sheet_submit", "totals_set",
]
