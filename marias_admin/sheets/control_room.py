"""What the seating app's control room asks the sheets to do (``seating.probes``): confirm a
submitted table from its row, through the same audited service as the table page (which
refuses whoever wrote on the sheet)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from marias_admin.seating.models import Round
from marias_admin.sheets.models import TableSheet
from marias_admin.sheets.services import sheet_confirm


def confirm_table(user: Any, round: Round, number: int, expected_version: int | None) -> None:
    sheet = (TableSheet.objects.filter(table__round=round, table__number=number)
             .select_related("table__round__tournament").first())
    if sheet is None:
        raise ValidationError(_("Only a submitted sheet can be confirmed."), code="state")
    sheet_confirm(user=user, sheet=sheet, expected_version=expected_version)
