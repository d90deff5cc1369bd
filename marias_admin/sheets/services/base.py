"""What every write to a table sheet shares: the row lock and version check (a write that
lost a race is refused with :class:`SheetConflict`), the version bump, the audit entry naming
its author, the writer noted on the sheet, the amount limits, the state change."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import F
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.services import audit_record as _audit_record
from marias_admin.core import formatting
from marias_admin.core.formatting import money as money_text
from marias_admin.core.people import person_name
from marias_admin.sheets.access import LinkActor, actor_label
from marias_admin.sheets.models import (
    HandRecord,
    SheetState,
    SheetWriter,
    TableSheet,
)
from marias_admin.sheets.selectors import EDITABLE_STATES
from marias_admin.tournaments.guards import refuse_if_finished
from marias_admin.tournaments.services import tournament_follow_play
from scoring import ScoringError
from scoring.ruleset import Ruleset

# Ruling codes of a cancelled flek besides a part's name (SZMK 2024 E.1, E.2).
FLEK_INCORRECT = "incorrect"  # SZMK 2024 E.2: cancelled, the fleker fined
FLEK_REVIEW = "review"  # SZMK 2024 E.1: cancelled on review after the round's end signal, no fine

# Amounts are stored in 32-bit integer columns (PostgreSQL refuses more than 2 147 483 647 with
# an error page; SQLite would store it). The app stops well below, at 999 999,99 per seat, so
# both databases give the same clear message. PB columns hold 7 digits with one decimal.
MONEY_LIMIT = 99_999_999
PB_LIMIT = Decimal("999999.9")
# States in which a sheet has been handed in: a ruling that changes its amounts asks the referee
# what becomes of it (RulingOutcome), as the submission and confirmation vouched for others.
COUNTED_STATES = (SheetState.SUBMITTED, SheetState.CONFIRMED, SheetState.DISPUTED)


class SheetConflict(ValidationError):
    """Someone else changed the sheet since the author loaded it."""


def audit_record(*, user: Any, **kwargs: Any) -> Any:
    """The audit entry of a sheet write; a write without an account ("table 7 (link)",
    "player Novák (PIN)") has no user, so its author is named in the entry's data."""
    label = actor_label(user)
    if label is not None:
        after = kwargs.get("after")
        kwargs["after"] = ({**after, "actor": label} if isinstance(after, dict)
                           else {"actor": label, "value": after} if after is not None
                           else {"actor": label})
        kwargs["summary"] = f"{kwargs.get('summary', '')} · {label}"
    return _audit_record(user=user, **kwargs)


def account_of(user: Any) -> Any:
    """The login behind a write for the user columns; None for a phone without an account."""
    return user if getattr(user, "is_authenticated", False) else None


def note_writer(user: Any, sheet: TableSheet) -> SheetWriter | None:
    """Remember who wrote on the sheet (a seated player by his PIN, or a login): none of them
    may confirm it (:func:`sheet_confirm`). Called first thing by every write at the table,
    after the sheet is locked (so no other write of the sheet can race this one: a plain
    look-up and insert, one query once he is known); rolled back with a refused write."""
    if isinstance(user, LinkActor):
        if user.registration_id is None:
            return None
        who: dict[str, Any] = {"registration_id": user.registration_id}
        label = user.label
    elif getattr(user, "is_authenticated", False):
        who, label = {"user_id": user.pk}, person_name(user)
    else:
        return None
    writer = SheetWriter.objects.filter(sheet_id=sheet.pk, **who).first()
    if writer is None:
        writer = SheetWriter.objects.create(sheet_id=sheet.pk, label=label[:120], **who)
    return writer


def scoring_error(exc: ScoringError) -> ValidationError:
    """The engine's problems as a form error in the user's language, keyed by field."""
    lang = (get_language() or "cs")[:2]
    return ValidationError({p.field: p.message(lang) for p in exc.problems}, code=exc.code)


def lock_sheet(sheet: TableSheet, expected_version: int | None) -> TableSheet:
    # Only the sheet's row: FOR UPDATE over the join would lock the tournament's row too, and
    # every table's hand would wait for every other's on PostgreSQL.
    locked = (TableSheet.objects.select_for_update(of=("self",))
              .select_related("table__round__tournament").get(pk=sheet.pk))
    refuse_if_finished(locked.table.round.tournament)
    if expected_version is not None and locked.version != expected_version:
        raise SheetConflict(
            _("Someone else changed this table sheet meanwhile. Your change was not saved; "
              "here is the current state."), code="conflict")
    return locked


def bump_version(sheet: TableSheet) -> None:
    TableSheet.objects.filter(pk=sheet.pk).update(version=F("version") + 1)
    sheet.version += 1


def ensure_editable(sheet: TableSheet) -> None:
    if sheet.state not in EDITABLE_STATES:
        raise ValidationError(
            _("The sheet is %(state)s; a referee must reopen it before it can change.")
            % {"state": SheetState(sheet.state).label}, code="sheet_closed")


def ruleset_of(sheet: TableSheet) -> Ruleset:
    return sheet.table.round.tournament.ruleset()


def players_of(sheet: TableSheet) -> int:
    return sheet.table.seats.count()


def refuse_large_money(values: Sequence[int | None], field: str) -> None:
    if any(v is not None and abs(v) > MONEY_LIMIT for v in values):
        raise ValidationError({field: ValidationError(
            _("An amount can be at most %(limit)s per player (plus or minus).")
            % {"limit": money_text(MONEY_LIMIT)}, code="amount_too_large")})


def refuse_large_pb(values: Sequence[Decimal | None], field: str) -> None:
    if any(v is not None and abs(v) > PB_LIMIT for v in values):
        raise ValidationError({field: ValidationError(
            _("PB can be at most %(limit)s per player (plus or minus).")
            % {"limit": formatting.points(PB_LIMIT, places=1)},
            code="pb_too_large")})


def need_reason(reason: str) -> None:
    if not reason.strip():
        raise ValidationError({"reason": _("Say why the hand changes.")}, code="reason")


def hand_snapshot(record: HandRecord) -> dict[str, Any]:
    return {"number": record.number, "hand": record.hand, "notation": record.notation,
            "description": record.description, "money": record.money,
            "pb": [str(p) for p in (record.pb_1, record.pb_2, record.pb_3, record.pb_4)
                   if p is not None],
            "paper_money": record.paper_money}


def set_state(sheet: TableSheet, user: Any, state: SheetState, reason: str = "") -> None:
    before = sheet.state
    sheet.state = state
    sheet.save()
    bump_version(sheet)
    audit_record(user=user, action=AuditAction.for_sheet_state(state.value), obj=sheet,
                 tournament=sheet.table.round.tournament, before={"state": before},
                 after={"state": state.value}, reason=reason, summary=str(sheet))


def follow_play(user: Any, sheet: TableSheet) -> None:
    """A result entered: the tournament is running (even if the round was never released)."""
    round = sheet.table.round
    tournament_follow_play(user=user, tournament=round.tournament, round_number=round.number)
