"""A table sheet as a whole: its totals (typed or from the paper), its state (submit,
confirm by a second person, dispute, reopen) and its scorekeeper."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from marias_admin.audit.actions import AuditAction
from marias_admin.core.people import person_name
from marias_admin.seating.models import Table
from marias_admin.sheets import completeness
from marias_admin.sheets.access import LinkActor, actor_label, is_writer, may_confirm
from marias_admin.sheets.models import (
    SheetMode,
    SheetState,
    TableSheet,
)
from marias_admin.sheets.selectors import seats_of
from marias_admin.sheets.services.base import (
    account_of,
    audit_record,
    bump_version,
    ensure_editable,
    follow_play,
    lock_sheet,
    need_reason,
    note_writer,
    players_of,
    refuse_large_money,
    refuse_large_pb,
    set_state,
)
from marias_admin.tournaments.models import Role, TournamentRole


def sheet_for(table: Table) -> TableSheet:
    sheet, _created = TableSheet.objects.get_or_create(table=table)
    return sheet


def delete_round_sheets(round: Any) -> None:
    """Delete the round's sheets before seating replaces its tables (asked by seating through
    its probes). They are empty: a sheet's hands and rulings protect it, so the database refuses
    the whole write rather than lose a result should one have slipped in."""
    TableSheet.objects.filter(table__round=round).delete()


def _seat_values(values: Sequence[Any], players: int, what: str) -> list[Any]:
    if len(values) != players:
        raise ValidationError({what: _("Enter a value for each of the %(n)s players.")
                               % {"n": players}}, code="seats")
    return list(values)


def _typed_totals(user: Any, sheet: TableSheet, expected_version: int | None,
                  money: Sequence[Any], pb: Sequence[Any],
                  field_prefix: str) -> tuple[TableSheet, list[Any], list[Any]]:
    """What both kinds of typed totals check first: the sheet locked at the version its
    author saw and noted as his writing, still editable, and one value per player within the
    limits (a refusal names the form's ``<field_prefix>money`` / ``<field_prefix>pb``)."""
    sheet = lock_sheet(sheet, expected_version)
    note_writer(user, sheet)
    ensure_editable(sheet)
    players = players_of(sheet)
    money = _seat_values(money, players, "money")
    pb = _seat_values(pb, players, "pb")
    refuse_large_money(money, field_prefix + "money")
    refuse_large_pb(pb, field_prefix + "pb")
    return sheet, money, pb


@transaction.atomic
def totals_set(*, user: Any, sheet: TableSheet, expected_version: int | None,
               money: Sequence[int], pb: Sequence[Decimal]) -> TableSheet:
    """Totals mode: the paper sheet's final ZB and PB; the money must sum to zero."""
    sheet, money, pb = _typed_totals(user, sheet, expected_version, money, pb, "")
    if sum(money) != 0:
        raise ValidationError({"money": _("ZB must sum to zero; they sum to %(sum)s.")
                               % {"sum": sum(money)}}, code="zero_sum")
    if sheet.hands.filter(deleted_at__isnull=True).exists():
        raise ValidationError(_("This sheet has hands; delete them or reconcile instead."),
                              code="has_hands")
    sheet.mode = SheetMode.TOTALS
    written = write_totals(user, sheet, "total", money, pb, AuditAction.SHEET_TOTALS)
    follow_play(user, sheet)
    return written


@transaction.atomic
def paper_totals_set(*, user: Any, sheet: TableSheet, expected_version: int | None,
                     money: Sequence[int | None], pb: Sequence[Decimal | None]) -> TableSheet:
    """Reconciliation: the totals written on the paper sheet, compared with the hands."""
    sheet, money, pb = _typed_totals(user, sheet, expected_version, money, pb, "paper_")
    return write_totals(user, sheet, "paper", money, pb, AuditAction.SHEET_PAPER_TOTALS)


def write_totals(user: Any, sheet: TableSheet, prefix: str, money: Sequence[Any],
                 pb: Sequence[Any], action: AuditAction) -> TableSheet:
    """Store per-seat totals in the ``<prefix>_money_N`` / ``<prefix>_pb_N`` columns."""
    before = _totals(sheet, prefix)
    for seat in range(1, 5):
        inside = seat <= len(money)
        setattr(sheet, f"{prefix}_money_{seat}", money[seat - 1] if inside else None)
        setattr(sheet, f"{prefix}_pb_{seat}", pb[seat - 1] if inside else None)
    sheet.save()
    bump_version(sheet)
    audit_record(user=user, action=action, obj=sheet, tournament=sheet.table.round.tournament,
                 before=before, after=_totals(sheet, prefix), summary=str(sheet))
    return sheet


def _totals(sheet: TableSheet, prefix: str) -> dict[str, Any]:
    return {f"{prefix}_{kind}_{s}": str(getattr(sheet, f"{prefix}_{kind}_{s}"))
            for kind in ("money", "pb") for s in range(1, 5)}


@transaction.atomic
def sheet_submit(*, user: Any, sheet: TableSheet, expected_version: int | None) -> TableSheet:
    sheet = lock_sheet(sheet, expected_version)
    note_writer(user, sheet)
    ensure_editable(sheet)
    hands = list(sheet.hands.filter(deleted_at__isnull=True))
    if sheet.mode == SheetMode.HANDS and not hands:
        raise ValidationError(_("Enter the hands (or the totals) before submitting."),
                              code="empty")
    if sheet.mode == SheetMode.TOTALS and sheet.total_money_1 is None:
        raise ValidationError(_("Enter the totals before submitting."), code="empty")
    open_mismatch = [h.number for h in hands if h.mismatch and h.mismatch_accepted_by_id is None]
    if open_mismatch:
        raise ValidationError(
            _("Hands %(hands)s differ from the paper sheet: correct them or ask a referee.")
            % {"hands": ", ".join(map(str, open_mismatch))}, code="mismatch")
    _refuse_incomplete(sheet)
    sheet.submitted_by, sheet.submitted_at = account_of(user), timezone.now()
    sheet.submitted_as = (actor_label(user) or "")[:120]
    set_state(sheet, user, SheetState.SUBMITTED)
    return sheet


def _refuse_incomplete(sheet: TableSheet) -> None:
    """A result counts only when complete: no hand lacks the facts for its PB unless a referee
    waived them, and paper totals agree with the hands unless a referee accepted exactly this
    difference (:mod:`marias_admin.sheets.completeness`). Checked on submit and, in defence
    (a sheet submitted before, or a direct call), on confirm."""
    problems = completeness.incompleteness(sheet)
    if problems:
        raise ValidationError(problems)


@transaction.atomic
def sheet_confirm(*, user: Any, sheet: TableSheet, expected_version: int | None) -> TableSheet:
    """Confirmation by a second person: nobody who wrote on the sheet (entered, corrected or
    deleted a hand, typed totals, submitted) may confirm it, by his PIN or his login; a counted
    result has two different people behind it. Whether the confirmer may confirm at all (a
    seated player, a referee, an organiser) is checked by the caller's selector."""
    sheet = lock_sheet(sheet, expected_version)
    if sheet.state != SheetState.SUBMITTED:
        raise ValidationError(_("Only a submitted sheet can be confirmed."), code="state")
    _refuse_incomplete(sheet)
    if isinstance(user, LinkActor) and user.registration_id is None:
        raise ValidationError(_("A player confirms the sheet with their own PIN, not the table's "
                                "link."), code="own_submission")
    author = getattr(user, "account_id", None) or getattr(account_of(user), "pk", None)
    _refuse_writer(user, sheet, submitter=(sheet.submitted_by_id is not None
                                           and sheet.submitted_by_id == author))
    sheet.confirmed_by, sheet.confirmed_at = account_of(user), timezone.now()
    sheet.confirmed_as = (actor_label(user) or "")[:120]
    sheet.confirmed_registration_id = (user.registration_id if isinstance(user, LinkActor)
                                       else None)
    set_state(sheet, user, SheetState.CONFIRMED)
    return sheet


def _refuse_writer(user: Any, sheet: TableSheet, *, submitter: bool) -> None:
    """A writer of the sheet (its submitter above all) is refused, told who may confirm."""
    seats = seats_of(sheet.table)
    if not (submitter or is_writer(user, sheet, seats)):
        return
    if isinstance(user, LinkActor):
        name = next((str(s.registration.player) for s in seats
                     if s.registration_id == user.registration_id), user.label)
    else:
        name = person_name(user)
    others = [str(s.registration.player) for s in may_confirm(sheet, seats)]
    if others:
        who = (_("It may be confirmed by another player of the table with their own PIN "
                 "(%(players)s), a referee or the organiser.") % {"players": ", ".join(others)})
    else:
        who = _("It may be confirmed by a referee or the organiser.")
    if submitter:
        raise ValidationError(_("The sheet must be confirmed by someone other than who "
                                "submitted it.") + " " + who, code="own_submission")
    raise ValidationError(
        _("%(name)s wrote on this sheet and so cannot confirm it.") % {"name": name} + " " + who,
        code="writer")


@transaction.atomic
def sheet_dispute(*, user: Any, sheet: TableSheet, reason: str) -> TableSheet:
    sheet = lock_sheet(sheet, None)
    need_reason(reason)
    if sheet.state not in (SheetState.SUBMITTED, SheetState.CONFIRMED):
        raise ValidationError(_("Only a submitted or confirmed sheet can be disputed."),
                              code="state")
    set_state(sheet, user, SheetState.DISPUTED, reason)
    return sheet


@transaction.atomic
def sheet_reopen(*, user: Any, sheet: TableSheet, reason: str) -> TableSheet:
    sheet = lock_sheet(sheet, None)
    need_reason(reason)
    if sheet.state == SheetState.DRAFT:
        raise ValidationError(_("The sheet is already open."), code="state")
    sheet.confirmed_by = sheet.confirmed_at = sheet.confirmed_registration = None
    sheet.submitted_by = sheet.submitted_at = None
    sheet.submitted_as = sheet.confirmed_as = ""
    set_state(sheet, user, SheetState.DRAFT, reason)
    return sheet


@transaction.atomic
def sheet_assign_scorekeeper(*, user: Any, sheet: TableSheet, scorekeeper: Any | None,
                             expected_version: int | None) -> TableSheet:
    """Give the sheet to ``scorekeeper`` (a user with the tournament's scorekeeper role), or
    to nobody (``None``: the sheet is unclaimed again)."""
    sheet = lock_sheet(sheet, expected_version)
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
    bump_version(sheet)
    audit_record(user=user, action=AuditAction.SHEET_SCOREKEEPER, obj=sheet, tournament=tournament,
                 before={"scorekeeper": before}, after={"scorekeeper": new},
                 summary=f"{sheet}: {scorekeeper.get_username() if scorekeeper else '-'}")
    return sheet
