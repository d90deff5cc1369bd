"""What the seating app's control room asks the sheets to do (``seating.probes``): confirm a
submitted table from its row, or open a handed-in one again, through the same audited
services as the table page (confirming refuses whoever wrote on the sheet; opening again
needs a reason)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from marias_admin.seating.models import Round
from marias_admin.sheets.models import TableSheet
from marias_admin.sheets.services import sheet_confirm, sheet_reopen


def _sheet(round: Round, number: int) -> TableSheet | None:
    return (TableSheet.objects.filter(table__round=round, table__number=number)
            .select_related("table__round__tournament").first())


def confirm_table(user: Any, round: Round, number: int, expected_version: int | None) -> None:
    sheet = _sheet(round, number)
    if sheet is None:
        raise ValidationError(_("Only a submitted sheet can be confirmed."), code="state")
    sheet_confirm(user=user, sheet=sheet, expected_version=expected_version)


def reopen_table(user: Any, round: Round, number: int, reason: str) -> None:
    sheet = _sheet(round, number)
    if sheet is None:
        raise ValidationError(_("The sheet is already open."), code="state")
    sheet_reopen(user=user, sheet=sheet, reason=reason)
