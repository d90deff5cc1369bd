"""The organiser names who keeps a table's sheet (zapisovatel). One transaction, audited."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from marias_admin.audit.services import audit_record
from marias_admin.sheets.models import TableSheet
from marias_admin.sheets.services import _bump, _lock
from marias_admin.tournaments.models import Role, TournamentRole


@transaction.atomic
def sheet_assign_scorekeeper(*, user: Any, sheet: TableSheet, scorekeeper: Any | None,
                             expected_version: int | None) -> TableSheet:
    """Give the sheet to ``scorekeeper`` (a user with the tournament's scorekeeper role), or
    to nobody (``None``: the sheet is unclaimed again)."""
    sheet = _lock(sheet, expected_version)
    tournament = sheet.table.round.tournament
    if scorekeeper is not None and not TournamentRole.objects.filter(
            tournament=tournament, user=scorekeeper, role=Role.SCOREKEEPER).exists():
        raise ValidationError(
            {"scorekeeper": _("%(user)s is not a scorekeeper of this tournament.")
             % {"user": scorekeeper.get_username()}}, code="not_scorekeeper")
    before = sheet.scorekeeper_id
    new = scorekeeper.pk if scorekeeper is not None else None
    if before == new:
        return sheet
    TableSheet.objects.filter(pk=sheet.pk).update(scorekeeper=scorekeeper)
    sheet.scorekeeper = scorekeeper
    _bump(sheet)
    audit_record(user=user, action="sheet.scorekeeper", obj=sheet, tournament=tournament,
                 before={"scorekeeper": before}, after={"scorekeeper": new},
                 summary=f"{sheet}: {scorekeeper.get_username() if scorekeeper else '-'}")
    return sheet
