"""Writes to a table sheet: hands, totals, state, rulings. One transaction each, audited.

Every write names the sheet version its author saw; if someone else wrote in between, the write
is refused with :class:`SheetConflict` (the second writer then sees the current state) instead
of silently overwriting. A finished tournament refuses every write. No confirmation stands over
amounts its confirmer did not see: a ruling that changes them is re-confirmed by the referee or
sends the sheet back to the table, his choice after seeing what it changes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Max, Sum
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.services import audit_record as _audit_record
from marias_admin.core import formatting
from marias_admin.core.formatting import money as money_text
from marias_admin.core.people import person_name
from marias_admin.seating.models import RoundState, Table
from marias_admin.seating.services import round_reopen_for_review
from marias_admin.sheets import completeness
from marias_admin.sheets.access import LinkActor, actor_label, is_writer, may_confirm
from marias_admin.sheets.models import (
    HandRecord,
    Ruling,
    RulingKind,
    RulingOutcome,
    SheetMode,
    SheetState,
    SheetWriter,
    TableSheet,
)
from marias_admin.sheets.probes import standings_lines
from marias_admin.sheets.selectors import EDITABLE_STATES, seats_of
from marias_admin.tournaments.guards import refuse_if_finished
from marias_admin.tournaments.models import Registration, Role, TournamentRole
from marias_admin.tournaments.selectors import next_unfixed_round
from marias_admin.tournaments.services import registration_withdraw, tournament_follow_play
from scoring import Hand, ScoringError, settle
from scoring.hand import Renonc
from scoring.jsonio import hand_from_dict, hand_to_dict
from scoring.notation import format_hand
from scoring.ruleset import Ruleset
from scoring.settle import Settlement
from scoring.table_round import contumation_money, first_over_budget, mark_forgiven
from scoring.types import Component

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


def _account(user: Any) -> Any:
    """The login behind a write for the user columns; None for a phone without an account."""
    return user if getattr(user, "is_authenticated", False) else None


def _note_writer(user: Any, sheet: TableSheet) -> SheetWriter | None:
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


def sheet_for(table: Table) -> TableSheet:
    sheet, _created = TableSheet.objects.get_or_create(table=table)
    return sheet


def delete_round_sheets(round: Any) -> None:
    """Delete the round's sheets before seating replaces its tables (asked by seating through
    its probes). They are empty: a sheet's hands and rulings protect it, so the database refuses
    the whole write rather than lose a result should one have slipped in."""
    TableSheet.objects.filter(table__round=round).delete()


def _lock(sheet: TableSheet, expected_version: int | None) -> TableSheet:
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


def _bump(sheet: TableSheet) -> None:
    TableSheet.objects.filter(pk=sheet.pk).update(version=F("version") + 1)
    sheet.version += 1


def _editable(sheet: TableSheet) -> None:
    if sheet.state not in EDITABLE_STATES:
        raise ValidationError(
            _("The sheet is %(state)s; a referee must reopen it before it can change.")
            % {"state": SheetState(sheet.state).label}, code="sheet_closed")


def _ruleset(sheet: TableSheet) -> Ruleset:
    return sheet.table.round.tournament.ruleset()


def _players(sheet: TableSheet) -> int:
    return sheet.table.seats.count()


def _refuse_large_money(values: Sequence[int | None], field: str) -> None:
    if any(v is not None and abs(v) > MONEY_LIMIT for v in values):
        raise ValidationError({field: ValidationError(
            _("An amount can be at most %(limit)s per player (plus or minus).")
            % {"limit": money_text(MONEY_LIMIT)}, code="amount_too_large")})


def _refuse_large_pb(values: Sequence[Decimal | None], field: str) -> None:
    if any(v is not None and abs(v) > PB_LIMIT for v in values):
        raise ValidationError({field: ValidationError(
            _("PB can be at most %(limit)s per player (plus or minus).")
            % {"limit": formatting.points(PB_LIMIT, places=1)},
            code="pb_too_large")})


def _claims(user: Any, sheet: TableSheet) -> bool:
    """Whether a write by ``user`` makes him the keeper of this unclaimed sheet.

    Only a scorekeeper of the tournament claims it. Organisers and referees may write to any
    sheet without claiming it, or the first correction by staff would lock the table's real
    scorekeeper out. A phone let in by the table's link has no account and never claims: the
    link's grant is its permission (:mod:`marias_admin.sheets.access`).
    """
    if sheet.scorekeeper_id is not None or not getattr(user, "is_authenticated", False):
        return False
    roles = set(TournamentRole.objects.filter(tournament_id=sheet.table.round.tournament_id,
                                              user=user).values_list("role", flat=True))
    return Role.SCOREKEEPER in roles and not roles & {Role.ORGANISER, Role.REFEREE}


def _apply_settlement(record: HandRecord, hand: Hand, ruleset: Ruleset,
                      paper_money: Sequence[int] | None) -> Settlement:
    """Settle ``hand`` (the one settlement of a hand write: the forms only build the hand) and
    write onto ``record`` what the page shows of it: money, PB, description, explanation.

    The engine's refusal is raised from its :class:`ScoringError`, so that the hand forms place
    it field by field as they place the parser's (``HandForm.add_service_error``)."""
    try:
        result = settle(hand, ruleset)
    except ScoringError as exc:
        raise scoring_error(exc) from exc
    money = [result.money[s] for s in sorted(result.money)]
    pb = [Decimal(result.premium[s].numerator) / result.premium[s].denominator
          for s in sorted(result.premium)]
    if any(abs(m) > MONEY_LIMIT for m in money):
        raise ValidationError({"money": ValidationError(
            _("This hand would settle to more than %(limit)s for a player, more than a sheet "
              "can hold; check the hand and the tournament's base rate.")
            % {"limit": money_text(MONEY_LIMIT)}, code="amount_too_large")})
    if paper_money is not None:
        _refuse_large_money(paper_money, "paper_money")
    old_hand = record.hand
    record.hand = hand_to_dict(hand)
    record.description = format_hand(hand, ruleset)[:400]
    record.money_1, record.money_2, record.money_3 = money[:3]
    record.money_4 = money[3] if len(money) == 4 else None
    record.pb_1, record.pb_2, record.pb_3 = pb[:3]
    record.pb_4 = pb[3] if len(pb) == 4 else None
    record.premium_described = result.premium_described
    record.premium_pending = result.premium_pending
    record.explanation = [line.as_dict(ruleset, ruleset.language)["text"]
                          for line in result.lines]
    record.paper_money = list(paper_money) if paper_money is not None else None
    record.mismatch = paper_money is not None and list(paper_money) != money
    record.mismatch_accepted_by = None
    record.mismatch_note = ""
    # Complete before it counts: PB the table pays but whose facts are missing block the submit
    # until completed or waived; the waiver's fate on an edit: see completeness' docstring.
    record.pb_missing = completeness.pb_facts_missing(result)
    if record.pb_waiver_id is not None and not completeness.keeps_waiver(record, old_hand):
        record.pb_waiver = None
    return result


def _check_players(hand: Hand, players: int) -> None:
    if hand.players != players:
        raise ValidationError({"players": _("This table has %(n)s players.") % {"n": players}},
                              code="players")


@transaction.atomic
def hand_add(*, user: Any, sheet: TableSheet, expected_version: int | None, hand: Hand,
             notation: str = "", paper_money: Sequence[int] | None = None) -> HandRecord:
    sheet = _lock(sheet, expected_version)
    writer = _note_writer(user, sheet)
    _editable(sheet)
    _check_players(hand, _players(sheet))
    number = (sheet.hands.aggregate(n=Max("number"))["n"] or 0) + 1
    record = HandRecord(sheet=sheet, number=number, notation=notation[:300],
                        created_by=_account(user), created_as=writer.label if writer else "",
                        created_registration_id=writer.registration_id if writer else None)
    ruleset = _ruleset(sheet)
    hand = _keep_referee_decisions(hand, None)
    _apply_settlement(record, hand, ruleset, paper_money)
    record.save()
    if hand.renonc is not None:
        _apply_round_rules(sheet, ruleset, user)
        record.refresh_from_db()
    if hand.doublings:
        _check_round_budget(sheet, ruleset, number)
    if _claims(user, sheet):
        TableSheet.objects.filter(pk=sheet.pk).update(scorekeeper=user)
    _bump(sheet)
    audit_record(user=user, action=AuditAction.HAND_ADD, obj=record,
                 tournament=sheet.table.round.tournament, after=_snapshot(record),
                 summary=f"{sheet}: {record}")
    _follow_play(user, sheet)
    return record


def _follow_play(user: Any, sheet: TableSheet) -> None:
    """A result entered: the tournament is running (even if the round was never released)."""
    round = sheet.table.round
    tournament_follow_play(user=user, tournament=round.tournament, round_number=round.number)


@transaction.atomic
def hand_edit(*, user: Any, record: HandRecord, expected_version: int | None, hand: Hand,
              reason: str, notation: str = "",
              paper_money: Sequence[int] | None = None) -> HandRecord:
    sheet = _lock(record.sheet, expected_version)
    writer = _note_writer(user, sheet)
    _editable(sheet)
    _need_reason(reason)
    _check_players(hand, _players(sheet))
    record = HandRecord.objects.select_for_update().get(pk=record.pk, deleted_at__isnull=True)
    before = _snapshot(record)
    record.notation = notation[:300]
    record.edited_as = writer.label if writer else ""
    ruleset = _ruleset(sheet)
    hand = _keep_referee_decisions(hand, hand_from_dict(record.hand))
    _apply_settlement(record, hand, ruleset, paper_money)
    record.save()
    if hand.renonc is not None or (before["hand"] or {}).get("renonc"):
        _apply_round_rules(sheet, ruleset, user)
        record.refresh_from_db()
    _check_round_budget(sheet, ruleset, record.number)
    _bump(sheet)
    audit_record(user=user, action=AuditAction.HAND_EDIT, obj=record,
                 tournament=sheet.table.round.tournament, before=before,
                 after=_snapshot(record), reason=reason, summary=f"{sheet}: {record}")
    return record


@transaction.atomic
def hand_delete(*, user: Any, record: HandRecord, expected_version: int | None,
                reason: str) -> HandRecord:
    sheet = _lock(record.sheet, expected_version)
    _note_writer(user, sheet)
    _editable(sheet)
    _need_reason(reason)
    record = HandRecord.objects.select_for_update().get(pk=record.pk, deleted_at__isnull=True)
    record.deleted_at, record.deleted_by, record.delete_reason = (timezone.now(), _account(user),
                                                                  reason)
    record.save(update_fields=["deleted_at", "deleted_by", "delete_reason"])
    ruleset = _ruleset(sheet)
    if (record.hand or {}).get("renonc"):
        _apply_round_rules(sheet, ruleset, user)
    _check_round_budget(sheet, ruleset, record.number)
    _bump(sheet)
    audit_record(user=user, action=AuditAction.HAND_DELETE, obj=record,
                 tournament=sheet.table.round.tournament, before=_snapshot(record),
                 reason=reason, summary=f"{sheet}: {record}")
    return record


_SETTLED_FIELDS = ["hand", "description", "money_1", "money_2", "money_3", "money_4", "pb_1",
                   "pb_2", "pb_3", "pb_4", "premium_described", "premium_pending",
                   "explanation", "paper_money", "mismatch", "mismatch_accepted_by",
                   "mismatch_note", "pb_missing", "pb_waiver"]


def _apply_round_rules(sheet: TableSheet, ruleset: Ruleset, user: Any) -> None:
    """Re-mark the round's forgiven renonces (SZMK D.1) after a hand with one changed.

    The whole round is recomputed, so deleting or editing an earlier renonce moves the
    forgiveness to the offender's next one; every hand whose money changes is audited.
    """
    if not ruleset.forgiven_renonc_kinds:
        return
    records = list(sheet.hands.filter(deleted_at__isnull=True).order_by("number"))
    hands = [hand_from_dict(r.hand) for r in records]
    changed = []
    for record, old, new in zip(records, hands, mark_forgiven(hands, ruleset), strict=True):
        if old != new:
            before = _snapshot(record)
            _apply_settlement(record, new, ruleset, record.paper_money)
            changed.append(record)
            audit_record(user=user, action=AuditAction.HAND_FORGIVENESS, obj=record,
                         tournament=sheet.table.round.tournament, before=before,
                         after=_snapshot(record), summary=f"{sheet}: {record}")
    if changed:
        HandRecord.objects.bulk_update(changed, _SETTLED_FIELDS)


def _keep_referee_decisions(hand: Hand, stored: Hand | None) -> Hand:
    """A hand entry keeps what referees decided about the hand and cannot decide it itself.

    Cancelling a flek is the referee's (SZMK E.1, E.2: through :func:`ruling_add`, which
    records the ruling); so is granting PB after a renonc (ČSM 2023 E.6.f). An edit that does
    not mention them carries them over; one that changes them is refused.
    """
    decided = ((stored.incorrect_flek_by, stored.doublings_cancelled) if stored
               else ((), False))
    entered = (hand.incorrect_flek_by, hand.doublings_cancelled)
    if entered == ((), False):
        hand = dataclasses.replace(hand, incorrect_flek_by=decided[0],
                                   doublings_cancelled=decided[1])
    elif entered != decided:
        raise ValidationError({"doublings": _(
            "Only a referee cancels a flek, with a ruling on the hand; enter the hand as "
            "it was played.")}, code="referee_only")
    if (stored is not None and hand.premium_ruling is None and stored.premium_ruling is not None
            and hand.renonc == stored.renonc):
        hand = dataclasses.replace(hand, premium_ruling=stored.premium_ruling)
    return hand


def _check_round_budget(sheet: TableSheet, ruleset: Ruleset, from_number: int) -> None:
    """SZMK C.8, checked after the write from the hand written on: refuse what would leave a
    later flek beyond the money its player holds."""
    if ruleset.round_budget is None:
        return
    records = list(sheet.hands.filter(deleted_at__isnull=True).order_by("number"))
    start = next((i for i, r in enumerate(records) if r.number >= from_number), len(records))
    found = first_over_budget(
        [(hand_from_dict(r.hand), dict(enumerate(r.money, start=1))) for r in records],
        ruleset, start)
    if found is not None:
        index, problems = found
        _refuse_budget(sheet, records[index].number, problems)


def _refuse_budget(sheet: TableSheet, number: int, problems: Sequence[Any]) -> None:
    names = {seat.position: seat.registration.player.full_name
             for seat in seats_of(sheet.table)}
    lang = (get_language() or "cs")[:2]
    messages = [
        _("Hand %(number)s: %(problem)s") % {"number": number, "problem": dataclasses.replace(
            p, params={**p.params, "seat": f"{p.params['seat']} "
                       f"({names.get(p.params['seat'], '?')})"}).message(lang)}
        for p in problems
    ]
    raise ValidationError({"doublings": messages}, code="flek_over_budget")


def _need_reason(reason: str) -> None:
    if not reason.strip():
        raise ValidationError({"reason": _("Say why the hand changes.")}, code="reason")


def _snapshot(record: HandRecord) -> dict[str, Any]:
    return {"number": record.number, "hand": record.hand, "notation": record.notation,
            "description": record.description, "money": record.money,
            "pb": [str(p) for p in (record.pb_1, record.pb_2, record.pb_3, record.pb_4)
                   if p is not None],
            "paper_money": record.paper_money}


# -- totals ------------------------------------------------------------------------------------


def _seat_values(values: Sequence[Any], players: int, what: str) -> list[Any]:
    if len(values) != players:
        raise ValidationError({what: _("Enter a value for each of the %(n)s players.")
                               % {"n": players}}, code="seats")
    return list(values)


@transaction.atomic
def totals_set(*, user: Any, sheet: TableSheet, expected_version: int | None,
               money: Sequence[int], pb: Sequence[Decimal]) -> TableSheet:
    """Totals mode: the paper sheet's final ZB and PB; the money must sum to zero."""
    sheet = _lock(sheet, expected_version)
    _note_writer(user, sheet)
    _editable(sheet)
    players = _players(sheet)
    money = _seat_values(money, players, "money")
    pb = _seat_values(pb, players, "pb")
    _refuse_large_money(money, "money")
    _refuse_large_pb(pb, "pb")
    if sum(money) != 0:
        raise ValidationError({"money": _("ZB must sum to zero; they sum to %(sum)s.")
                               % {"sum": sum(money)}}, code="zero_sum")
    if sheet.hands.filter(deleted_at__isnull=True).exists():
        raise ValidationError(_("This sheet has hands; delete them or reconcile instead."),
                              code="has_hands")
    sheet.mode = SheetMode.TOTALS
    written = _write_totals(user, sheet, "total", money, pb, AuditAction.SHEET_TOTALS)
    _follow_play(user, sheet)
    return written


@transaction.atomic
def paper_totals_set(*, user: Any, sheet: TableSheet, expected_version: int | None,
                     money: Sequence[int | None], pb: Sequence[Decimal | None]) -> TableSheet:
    """Reconciliation: the totals written on the paper sheet, compared with the hands."""
    sheet = _lock(sheet, expected_version)
    _note_writer(user, sheet)
    _editable(sheet)
    players = _players(sheet)
    money = _seat_values(money, players, "money")
    pb = _seat_values(pb, players, "pb")
    _refuse_large_money(money, "paper_money")
    _refuse_large_pb(pb, "paper_pb")
    return _write_totals(user, sheet, "paper", money, pb, AuditAction.SHEET_PAPER_TOTALS)


def _write_totals(user: Any, sheet: TableSheet, prefix: str, money: Sequence[Any],
                  pb: Sequence[Any], action: AuditAction) -> TableSheet:
    """Store per-seat totals in the ``<prefix>_money_N`` / ``<prefix>_pb_N`` columns."""
    before = _totals(sheet, prefix)
    for seat in range(1, 5):
        inside = seat <= len(money)
        setattr(sheet, f"{prefix}_money_{seat}", money[seat - 1] if inside else None)
        setattr(sheet, f"{prefix}_pb_{seat}", pb[seat - 1] if inside else None)
    sheet.save()
    _bump(sheet)
    audit_record(user=user, action=action, obj=sheet, tournament=sheet.table.round.tournament,
                 before=before, after=_totals(sheet, prefix), summary=str(sheet))
    return sheet


def _totals(sheet: TableSheet, prefix: str) -> dict[str, Any]:
    return {f"{prefix}_{kind}_{s}": str(getattr(sheet, f"{prefix}_{kind}_{s}"))
            for kind in ("money", "pb") for s in range(1, 5)}


# -- state -------------------------------------------------------------------------------------


def _set_state(sheet: TableSheet, user: Any, state: SheetState, reason: str = "") -> None:
    before = sheet.state
    sheet.state = state
    sheet.save()
    _bump(sheet)
    audit_record(user=user, action=AuditAction.for_sheet_state(state.value), obj=sheet,
                 tournament=sheet.table.round.tournament, before={"state": before},
                 after={"state": state.value}, reason=reason, summary=str(sheet))


@transaction.atomic
def sheet_submit(*, user: Any, sheet: TableSheet, expected_version: int | None) -> TableSheet:
    sheet = _lock(sheet, expected_version)
    _note_writer(user, sheet)
    _editable(sheet)
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
    sheet.submitted_by, sheet.submitted_at = _account(user), timezone.now()
    sheet.submitted_as = (actor_label(user) or "")[:120]
    _set_state(sheet, user, SheetState.SUBMITTED)
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
    sheet = _lock(sheet, expected_version)
    if sheet.state != SheetState.SUBMITTED:
        raise ValidationError(_("Only a submitted sheet can be confirmed."), code="state")
    _refuse_incomplete(sheet)
    if isinstance(user, LinkActor) and user.registration_id is None:
        raise ValidationError(_("A player confirms the sheet with his own PIN, not the table's "
                                "link."), code="own_submission")
    author = getattr(user, "account_id", None) or getattr(_account(user), "pk", None)
    _refuse_writer(user, sheet, submitter=(sheet.submitted_by_id is not None
                                           and sheet.submitted_by_id == author))
    sheet.confirmed_by, sheet.confirmed_at = _account(user), timezone.now()
    sheet.confirmed_as = (actor_label(user) or "")[:120]
    sheet.confirmed_registration_id = (user.registration_id if isinstance(user, LinkActor)
                                       else None)
    _set_state(sheet, user, SheetState.CONFIRMED)
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
        who = (_("It may be confirmed by another player of the table with his own PIN "
                 "(%(players)s), a referee or the organiser.") % {"players": ", ".join(others)})
    else:
        who = _("It may be confirmed by a referee or the organiser.")
    if submitter:
        raise ValidationError(_("The sheet must be confirmed by someone other than who "
                                "submitted it.") + " " + who, code="own_submission")
    raise ValidationError(
        _("%(name)s wrote on this sheet, so he cannot confirm it.") % {"name": name} + " " + who,
        code="writer")


@transaction.atomic
def sheet_dispute(*, user: Any, sheet: TableSheet, reason: str) -> TableSheet:
    sheet = _lock(sheet, None)
    _need_reason(reason)
    if sheet.state not in (SheetState.SUBMITTED, SheetState.CONFIRMED):
        raise ValidationError(_("Only a submitted or confirmed sheet can be disputed."),
                              code="state")
    _set_state(sheet, user, SheetState.DISPUTED, reason)
    return sheet


@transaction.atomic
def sheet_reopen(*, user: Any, sheet: TableSheet, reason: str) -> TableSheet:
    sheet = _lock(sheet, None)
    _need_reason(reason)
    if sheet.state == SheetState.DRAFT:
        raise ValidationError(_("The sheet is already open."), code="state")
    sheet.confirmed_by = sheet.confirmed_at = None
    sheet.submitted_by = sheet.submitted_at = None
    sheet.submitted_as = sheet.confirmed_as = ""
    _set_state(sheet, user, SheetState.DRAFT, reason)
    return sheet


# -- rulings -----------------------------------------------------------------------------------


@transaction.atomic
def ruling_add(
    *, user: Any, sheet: TableSheet, kind: RulingKind, reason: str,
    hand: HandRecord | None = None, offender: Registration | None = None, code: str = "",
    expected_version: int | None = None, outcome: RulingOutcome | None = None,
) -> Ruling:
    """Record a referee's decision; rulings about a hand re-settle it through the engine.

    A ruling that changes the amounts (a hand's money or PB, or the totals) of a submitted,
    confirmed or disputed sheet never moves the standings silently: the referee has seen what
    it changes (:func:`ruling_preview`) and chooses the ``outcome``: RECONFIRMED (the sheet
    counts at once with the new amounts, confirmed under his authority) or SENT_BACK (the sheet
    is entered again at the table and not counted until confirmed again; a closed round is
    reopened so the table can write). Without a choice it is refused and nothing is written.
    What it changed, player by player, is kept in ``Ruling.changes``.
    """
    sheet = _lock(sheet, expected_version)
    _need_reason(reason)
    kind = RulingKind(kind)
    counted = sheet.state in COUNTED_STATES
    amounts = _amounts(sheet)
    lines_before = standings_lines(sheet.table.round.tournament) if counted else None
    money_before = _sheet_money(sheet)
    ruling = _record_ruling(user, sheet, kind, reason, hand, offender, code)
    if counted and _amounts(sheet) != amounts:
        if outcome not in (RulingOutcome.RECONFIRMED, RulingOutcome.SENT_BACK):
            raise ValidationError(
                {"outcome": _("This ruling changes the amounts of a sheet that was handed in: "
                              "choose whether you re-confirm it now or send it back to the "
                              "table.")}, code="outcome_required")
        ruling.outcome = RulingOutcome(outcome)
        ruling.changes = _changes(sheet, lines_before or {}, money_before)
        ruling.save(update_fields=["outcome", "changes"])
        if ruling.outcome is RulingOutcome.RECONFIRMED:
            _reconfirm_after_ruling(sheet, user, ruling)
        else:
            _reopen_after_ruling(sheet, user, ruling)
    _bump(sheet)
    audit_record(user=user, action=AuditAction.for_ruling(kind.value), obj=ruling,
                 tournament=sheet.table.round.tournament, reason=reason,
                 after={"kind": kind.value, "hand": ruling.hand.number if ruling.hand else None,
                        "offender": offender.pk if offender else None, "code": code,
                        "outcome": RulingOutcome(ruling.outcome).value,
                        "changes": ruling.changes},
                 summary=f"{sheet}: {kind.label}")
    return ruling


def ruling_preview(
    *, user: Any, sheet: TableSheet, kind: RulingKind, reason: str,
    hand: HandRecord | None = None, offender: Registration | None = None, code: str = "",
    expected_version: int | None = None,
) -> dict[str, Any] | None:
    """What the ruling would change (``Ruling.changes``), or None when it needs no choice.

    The ruling is recorded for real — same validation, same engine, same standings — inside a
    transaction that is rolled back, so the preview cannot drift from what saving does and
    nothing is written. A refusal is raised as :func:`ruling_add` would raise it. The caller's
    objects are not touched (the rolled-back run works on fresh copies), so the same ruling can
    then be saved with them."""
    if not TableSheet.objects.filter(pk=sheet.pk, state__in=COUNTED_STATES).exists():
        return None  # nothing counted yet: no choice to make, no need to try
    if hand is not None:
        hand = HandRecord.objects.get(pk=hand.pk)
    if offender is not None:
        offender = Registration.objects.get(pk=offender.pk)
    with transaction.atomic():
        try:
            ruling = ruling_add(user=user, sheet=TableSheet(pk=sheet.pk), kind=kind,
                                reason=reason, hand=hand, offender=offender, code=code,
                                expected_version=expected_version,
                                outcome=RulingOutcome.RECONFIRMED)
            return ruling.changes if ruling.outcome != RulingOutcome.RECORDED else None
        finally:
            transaction.set_rollback(True)


def _record_ruling(user: Any, sheet: TableSheet, kind: RulingKind, reason: str,
                   hand: HandRecord | None, offender: Registration | None,
                   code: str) -> Ruling:
    """The ruling itself and what it does to the hand, the sheet and the offender."""
    seat = _seat_of(sheet, offender)
    if kind in (RulingKind.RENONC, RulingKind.PREMIUM_GRANTED, RulingKind.PREMIUM_REFUSED,
                RulingKind.FLEK_CANCELLED, RulingKind.MISMATCH_ACCEPTED) and hand is None:
        raise ValidationError({"hand": _("Choose the hand this ruling concerns.")},
                              code="hand_required")
    if hand is not None:
        hand = HandRecord.objects.select_for_update().get(pk=hand.pk, sheet=sheet,
                                                          deleted_at__isnull=True)
        _rule_on_hand(sheet, hand, kind, seat, code, user, reason)
        _check_round_budget(sheet, _ruleset(sheet), hand.number)
    elif kind is RulingKind.CONTUMATION:
        _contumation(sheet, seat, user)
    ruling = Ruling.objects.create(sheet=sheet, hand=hand, kind=kind, offender=offender,
                                   code=code, reason=reason, by=user)
    _link_acceptance(sheet, kind, hand, ruling)
    rule = _ruleset(sheet).renonc(code) if kind is RulingKind.RENONC else None
    if rule is not None and rule.red_card:
        # SZMK D.2 mimoriadny: the renonce carries a red card with it.
        card = Ruling.objects.create(sheet=sheet, hand=hand, kind=RulingKind.RED_CARD,
                                     offender=offender, code=code, reason=reason, by=user)
        audit_record(user=user, action=AuditAction.RULING_RED_CARD, obj=card,
                     tournament=sheet.table.round.tournament, reason=reason,
                     after={"kind": card.kind, "hand": hand.number if hand else None,
                            "offender": offender.pk if offender else None, "code": code},
                     summary=f"{sheet}: {RulingKind.RED_CARD.label}")
    if kind in (RulingKind.DISQUALIFICATION, RulingKind.CONTUMATION) and offender is not None:
        _withdraw_after(sheet, offender, user, reason)
    return ruling


def _amounts(sheet: TableSheet) -> tuple[Any, ...]:
    """Everything a confirmation vouches for: each live hand's money and PB, and the totals."""
    hands = tuple(sheet.hands.filter(deleted_at__isnull=True).order_by("number").values_list(
        "number", "money_1", "money_2", "money_3", "money_4", "pb_1", "pb_2", "pb_3", "pb_4"))
    totals = tuple(getattr(sheet, f"total_{kind}_{s}") for kind in ("money", "pb")
                   for s in range(1, 5))
    return sheet.mode, hands, totals


def _sheet_money(sheet: TableSheet) -> dict[int, tuple[int | None, str | None]]:
    """Seat → (money, PB) the sheet gives it: the live hands' sums, or the typed totals."""
    if sheet.mode == SheetMode.TOTALS:
        return {s: (getattr(sheet, f"total_money_{s}"),
                    _pb_str(getattr(sheet, f"total_pb_{s}"))) for s in range(1, 5)}
    sums = sheet.hands.filter(deleted_at__isnull=True).aggregate(
        **{f"m{s}": Sum(f"money_{s}") for s in range(1, 5)},
        **{f"p{s}": Sum(f"pb_{s}") for s in range(1, 5)})
    return {s: (sums[f"m{s}"], _pb_str(sums[f"p{s}"])) for s in range(1, 5)}


def _pb_str(value: Decimal | None) -> str | None:
    return None if value is None else format(Decimal(value).normalize(), "f")


def _changes(sheet: TableSheet, before: dict[int, Any],
             money_before: dict[int, tuple[int | None, str | None]]) -> dict[str, Any]:
    """Each seated player's sheet money and standings line before the ruling, after it with
    the sheet counted (re-confirmed), and while the sheet is sent back (not counted); then every
    other player whose standings line moves. Both "what if"s are read inside savepoints that
    are rolled back: the sheet's state is only pretended."""
    tournament = sheet.table.round.tournament
    lines: dict[str, dict[int, Any]] = {}
    for name, state in (("after", SheetState.CONFIRMED), ("sent_back", SheetState.DRAFT)):
        with transaction.atomic():
            TableSheet.objects.filter(pk=sheet.pk).update(state=state)
            lines[name] = standings_lines(tournament)
            transaction.set_rollback(True)
    money_after = _sheet_money(sheet)
    players = []
    seated = set()
    for seat in seats_of(sheet.table):
        reg = seat.registration_id
        seated.add(reg)
        players.append({
            "registration": reg, "seat": seat.position, "name": seat.registration.player.full_name,
            "money": [money_before[seat.position][0], money_after[seat.position][0]],
            "pb": [money_before[seat.position][1], money_after[seat.position][1]],
            "before": before.get(reg), "after": lines["after"].get(reg),
            "sent_back": lines["sent_back"].get(reg)})
    moved = sorted((reg for reg in set(before) | set(lines["after"])
                    if reg not in seated and before.get(reg) != lines["after"].get(reg)),
                   key=lambda reg: (lines["after"].get(reg) or {}).get("place") or 0)
    names = {r.pk: r.player.full_name for r in Registration.objects.filter(pk__in=moved)
             .select_related("player")} if moved else {}
    for reg in moved:
        players.append({"registration": reg, "seat": None, "name": names.get(reg, ""),
                        "money": None, "pb": None, "before": before.get(reg),
                        "after": lines["after"].get(reg), "sent_back": lines["sent_back"].get(reg)})
    return {"round": sheet.table.round.number, "table": sheet.table.number,
            "state": sheet.state, "players": players}


def _reconfirm_after_ruling(sheet: TableSheet, user: Any, ruling: Ruling) -> None:
    """The referee vouches for the new amounts himself: the sheet counts at once."""
    sheet.confirmed_by, sheet.confirmed_at = _account(user), timezone.now()
    sheet.confirmed_as = ""
    sheet.confirmed_registration = None
    sheet.changed_by_ruling = ruling
    _set_state(sheet, user, SheetState.CONFIRMED,
               _("Re-confirmed by the referee with ruling %(number)s (“%(ruling)s”), which "
                 "changed the amounts: %(reason)s")
               % {"number": ruling.pk, "ruling": RulingKind(ruling.kind).label,
                  "reason": ruling.reason})


def _reopen_after_ruling(sheet: TableSheet, user: Any, ruling: Ruling) -> None:
    """Back to the table: the sheet is entered, submitted and confirmed again, and does not
    count meanwhile. A closed round is reopened, or it would claim to be over while one of its
    tables is being entered (and that table's page would refuse every write)."""
    sheet.confirmed_by = sheet.confirmed_at = None
    sheet.submitted_by = sheet.submitted_at = None
    sheet.submitted_as = sheet.confirmed_as = ""
    sheet.confirmed_registration = None
    sheet.changed_by_ruling = ruling
    text = (_("Reopened by ruling %(number)s (“%(ruling)s”), which changed the amounts and "
              "sent the sheet back to the table: %(reason)s")
            % {"number": ruling.pk, "ruling": RulingKind(ruling.kind).label,
               "reason": ruling.reason})
    _set_state(sheet, user, SheetState.DRAFT, text)
    round = sheet.table.round
    if round.state == RoundState.CLOSED:
        reopened = round_reopen_for_review(user=user, round=round, reason=text)
        round.state, round.version = reopened.state, reopened.version


def _withdraw_after(sheet: TableSheet, offender: Registration, user: Any, reason: str) -> None:
    """A disqualified player (SZMK E.5: also the absent one) plays no further round; the
    organiser re-plans rounds he is already seated in, as after any withdrawal."""
    round = sheet.table.round
    before_round = max(round.number + 1, next_unfixed_round(round.tournament))
    if before_round > round.tournament.rounds_planned or offender.withdrawn_before_round:
        return
    registration_withdraw(user=user, registration=offender, before_round=before_round,
                          reason=reason)


def _seat_of(sheet: TableSheet, offender: Registration | None) -> int | None:
    if offender is None:
        return None
    seat = sheet.table.seats.filter(registration=offender).values_list("position", flat=True)
    if not seat:
        raise ValidationError({"offender": _("This player does not sit at this table.")},
                              code="offender")
    return seat[0]


def _rule_on_hand(sheet: TableSheet, record: HandRecord, kind: RulingKind, seat: int | None,
                  code: str, user: Any, reason: str) -> None:
    before = _snapshot(record)
    ruleset = _ruleset(sheet)
    hand = hand_from_dict(record.hand)
    if kind is RulingKind.MISMATCH_ACCEPTED:
        record.mismatch_accepted_by, record.mismatch_note = user, reason[:300]
        record.save(update_fields=["mismatch_accepted_by", "mismatch_note"])
        return
    if kind is RulingKind.PB_WAIVED:
        _check_waivable(record)
        return  # the waiver is linked once the ruling exists (_link_acceptance); no amounts move
    if kind is RulingKind.TOTALS_ACCEPTED:
        return  # about the sheet's totals, not this hand
    if kind is RulingKind.RENONC:
        if seat is None:
            raise ValidationError({"offender": _("Choose who committed the renonc.")},
                                  code="offender")
        hand = dataclasses.replace(hand, renonc=Renonc(code, seat))
    elif kind in (RulingKind.PREMIUM_GRANTED, RulingKind.PREMIUM_REFUSED):
        hand = dataclasses.replace(hand, premium_ruling=kind is RulingKind.PREMIUM_GRANTED)
    elif kind is RulingKind.FLEK_CANCELLED and code == FLEK_INCORRECT:
        if seat is None:
            raise ValidationError({"offender": _("Choose who fleked incorrectly.")},
                                  code="offender")
        hand = dataclasses.replace(hand, incorrect_flek_by=(*hand.incorrect_flek_by, seat))
    elif kind is RulingKind.FLEK_CANCELLED and code == FLEK_REVIEW:
        hand = dataclasses.replace(hand, doublings_cancelled=True)
    elif kind is RulingKind.FLEK_CANCELLED:
        try:
            component = Component(code)
        except ValueError:
            raise ValidationError({"code": _("Choose the part whose flek is cancelled.")},
                                  code="component") from None
        hand = dataclasses.replace(
            hand, doublings=tuple(d for d in hand.doublings if d.component is not component))
    paper = record.paper_money
    _apply_settlement(record, hand, ruleset, paper)
    record.save()
    if kind is RulingKind.RENONC:
        _apply_round_rules(sheet, ruleset, user)
        record.refresh_from_db()
    audit_record(user=user, action=AuditAction.HAND_RULING, obj=record,
                 tournament=sheet.table.round.tournament, before=before,
                 after=_snapshot(record), reason=reason, summary=f"{sheet}: {record}")


def _check_waivable(record: HandRecord) -> None:
    if not record.pb_missing:
        raise ValidationError({"hand": _("This hand has every fact its PB need; there is "
                                         "nothing to waive.")}, code="pb_complete")
    if record.pb_waiver_id is not None:
        raise ValidationError({"hand": _("The missing PB facts of this hand are already "
                                         "waived.")}, code="pb_waived")


def _link_acceptance(sheet: TableSheet, kind: RulingKind, hand: HandRecord | None,
                     ruling: Ruling) -> None:
    """A referee's waiver of a hand's PB facts, or his acceptance of paper totals differing
    from the hands: what lets an incomplete sheet be submitted (neither moves any amount)."""
    if kind is RulingKind.PB_WAIVED:
        if hand is None:
            raise ValidationError({"hand": _("Choose the hand this ruling concerns.")},
                                  code="hand_required")
        HandRecord.objects.filter(pk=hand.pk).update(pb_waiver=ruling)
        hand.pb_waiver = ruling
    elif kind is RulingKind.TOTALS_ACCEPTED:
        gaps = completeness.paper_gaps(sheet)
        if not completeness.differs(gaps):
            raise ValidationError(_("The paper totals do not differ from the hands; there is "
                                    "nothing to accept."), code="totals_agree")
        ruling.changes = {completeness.ACCEPTED_KEY: completeness.accepted_figures(gaps)}
        ruling.save(update_fields=["changes"])
        TableSheet.objects.filter(pk=sheet.pk).update(paper_ruling=ruling)
        sheet.paper_ruling = ruling


def _contumation(sheet: TableSheet, absent: int | None, user: Any) -> None:
    """SZMK E.5: the round ends; the present players win the fixed amount (11 € instead of
    10 €), paid by the absent one, and the sheet holds that as its totals."""
    ruleset = _ruleset(sheet)
    if ruleset.contumation_gain is None:
        return  # the ruleset gives contumation no money effect: only the record
    if absent is None:
        raise ValidationError({"offender": _("Choose the player who did not turn up.")},
                              code="offender")
    _editable(sheet)
    if sheet.hands.filter(deleted_at__isnull=True).exists():
        raise ValidationError(_("This sheet has hands; delete them before a contumation."),
                              code="has_hands")
    seats = list(range(1, _players(sheet) + 1))
    money = contumation_money(seats, [absent], ruleset)
    sheet.mode = SheetMode.TOTALS
    _write_totals(user, sheet, "total", [money[s] for s in seats],
                  [Decimal(0)] * len(seats), AuditAction.SHEET_CONTUMATION)


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
    audit_record(user=user, action=AuditAction.SHEET_SCOREKEEPER, obj=sheet, tournament=tournament,
                 before={"scorekeeper": before}, after={"scorekeeper": new},
                 summary=f"{sheet}: {scorekeeper.get_username() if scorekeeper else '-'}")
    return sheet
