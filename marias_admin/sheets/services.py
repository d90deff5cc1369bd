"""Writes to a table sheet: hands, totals, state, rulings. One transaction each, audited.

Every write names the sheet version its author saw; if someone else wrote in between, the write
is refused with :class:`SheetConflict` (the second writer then sees the current state) instead
of silently overwriting. A finished tournament refuses every write. No confirmation stands over
amounts its confirmer did not see: a ruling that changes them reopens the sheet.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Max
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from marias_admin.audit.actions import AuditAction
from marias_admin.audit.services import audit_record as _audit_record
from marias_admin.core import formatting
from marias_admin.core.formatting import money as money_text
from marias_admin.seating.models import Table
from marias_admin.sheets.access import actor_label
from marias_admin.sheets.models import (
    HandRecord,
    Ruling,
    RulingKind,
    SheetMode,
    SheetState,
    TableSheet,
)
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
                      paper_money: Sequence[int] | None) -> None:
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


def _check_players(hand: Hand, players: int) -> None:
    if hand.players != players:
        raise ValidationError({"players": _("This table has %(n)s players.") % {"n": players}},
                              code="players")


@transaction.atomic
def hand_add(*, user: Any, sheet: TableSheet, expected_version: int | None, hand: Hand,
             notation: str = "", paper_money: Sequence[int] | None = None) -> HandRecord:
    sheet = _lock(sheet, expected_version)
    _editable(sheet)
    _check_players(hand, _players(sheet))
    number = (sheet.hands.aggregate(n=Max("number"))["n"] or 0) + 1
    record = HandRecord(sheet=sheet, number=number, notation=notation[:300],
                        created_by=_account(user))
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
    _editable(sheet)
    _need_reason(reason)
    _check_players(hand, _players(sheet))
    record = HandRecord.objects.select_for_update().get(pk=record.pk, deleted_at__isnull=True)
    before = _snapshot(record)
    record.notation = notation[:300]
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
                   "mismatch_note"]


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
    sheet.submitted_by, sheet.submitted_at = _account(user), timezone.now()
    sheet.submitted_as = (actor_label(user) or "")[:120]
    _set_state(sheet, user, SheetState.SUBMITTED)
    return sheet


@transaction.atomic
def sheet_confirm(*, user: Any, sheet: TableSheet, expected_version: int | None) -> TableSheet:
    """Confirmation by someone else; permission (who) is checked by the caller's selector."""
    sheet = _lock(sheet, expected_version)
    if sheet.state != SheetState.SUBMITTED:
        raise ValidationError(_("Only a submitted sheet can be confirmed."), code="state")
    if getattr(user, "kind", None) == "table":
        raise ValidationError(_("A player confirms the sheet with his own PIN, not the table's "
                                "link."), code="own_submission")
    author = getattr(user, "account_id", None) or getattr(_account(user), "pk", None)
    if sheet.submitted_by_id is not None and sheet.submitted_by_id == author:
        raise ValidationError(_("The sheet must be confirmed by someone other than who "
                                "submitted it."), code="own_submission")
    sheet.confirmed_by, sheet.confirmed_at = _account(user), timezone.now()
    sheet.confirmed_as = (actor_label(user) or "")[:120]
    _set_state(sheet, user, SheetState.CONFIRMED)
    return sheet


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
    expected_version: int | None = None,
) -> Ruling:
    """Record a referee's decision; rulings about a hand re-settle it through the engine.

    A ruling that changes the sheet's amounts (a hand's money or PB, or the totals) on a
    submitted, confirmed or disputed sheet sends it back to "being entered": the submission
    and confirmation were given over other amounts, and the standings read confirmed sheets
    only, so the changed sheet must be submitted and confirmed again.
    """
    sheet = _lock(sheet, expected_version)
    _need_reason(reason)
    kind = RulingKind(kind)
    amounts = _amounts(sheet)
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
    if sheet.state != SheetState.DRAFT and _amounts(sheet) != amounts:
        _reopen_after_ruling(sheet, user, kind, reason)
    _bump(sheet)
    audit_record(user=user, action=AuditAction.for_ruling(kind.value), obj=ruling,
                 tournament=sheet.table.round.tournament, reason=reason,
                 after={"kind": kind.value, "hand": hand.number if hand else None,
                        "offender": offender.pk if offender else None, "code": code},
                 summary=f"{sheet}: {kind.label}")
    return ruling


def _amounts(sheet: TableSheet) -> tuple[Any, ...]:
    """Everything a confirmation vouches for: each live hand's money and PB, and the totals."""
    hands = tuple(sheet.hands.filter(deleted_at__isnull=True).order_by("number").values_list(
        "number", "money_1", "money_2", "money_3", "money_4", "pb_1", "pb_2", "pb_3", "pb_4"))
    totals = tuple(getattr(sheet, f"total_{kind}_{s}") for kind in ("money", "pb")
                   for s in range(1, 5))
    return sheet.mode, hands, totals


def _reopen_after_ruling(sheet: TableSheet, user: Any, kind: RulingKind, reason: str) -> None:
    sheet.confirmed_by = sheet.confirmed_at = None
    sheet.submitted_by = sheet.submitted_at = None
    sheet.submitted_as = sheet.confirmed_as = ""
    _set_state(sheet, user, SheetState.DRAFT,
               _("Reopened by the ruling “%(ruling)s”, which changed the amounts: %(reason)s")
               % {"ruling": kind.label, "reason": reason})


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
