"""Hands on a table sheet: add, edit, delete, each settled once by the engine; the round
rules that look across hands (forgiven renonces, the flek budget) re-checked after each."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from marias_admin.audit.actions import AuditAction
from marias_admin.core.formatting import money as money_text
from marias_admin.sheets import completeness
from marias_admin.sheets.models import (
    HandRecord,
    TableSheet,
)
from marias_admin.sheets.selectors import seats_of
from marias_admin.sheets.services.base import (
    MONEY_LIMIT,
    account_of,
    audit_record,
    bump_version,
    ensure_editable,
    follow_play,
    hand_snapshot,
    lock_sheet,
    need_reason,
    note_writer,
    players_of,
    refuse_large_money,
    ruleset_of,
    scoring_error,
)
from marias_admin.tournaments.models import Role, TournamentRole
from scoring import Hand, ScoringError, settle
from scoring.jsonio import hand_from_dict, hand_to_dict
from scoring.notation import format_hand
from scoring.ruleset import Ruleset
from scoring.settle import Settlement
from scoring.table_round import first_over_budget, mark_forgiven


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


def seat_figures(result: Settlement) -> tuple[list[int], list[Decimal]]:
    """The money and PB of every seat in seat order as a hand record is given them: the one
    conversion of a settlement into the record's columns (the PB column rounds the Decimal to
    its place on save), shared by the hand write and ``manage.py resettle``, which compares
    what it gives with what was stored."""
    money = [result.money[s] for s in sorted(result.money)]
    pb = [Decimal(result.premium[s].numerator) / result.premium[s].denominator
          for s in sorted(result.premium)]
    return money, pb


def apply_settlement(record: HandRecord, hand: Hand, ruleset: Ruleset,
                     paper_money: Sequence[int] | None) -> Settlement:
    """Settle ``hand`` (the one settlement of a hand write: the forms only build the hand) and
    write onto ``record`` what the page shows of it: money, PB, description, explanation.

    The engine's refusal is raised from its :class:`ScoringError`, so that the hand forms place
    it field by field as they place the parser's (``HandForm.add_service_error``)."""
    try:
        result = settle(hand, ruleset)
    except ScoringError as exc:
        raise scoring_error(exc) from exc
    money, pb = seat_figures(result)
    if any(abs(m) > MONEY_LIMIT for m in money):
        raise ValidationError({"money": ValidationError(
            _("This hand would settle to more than %(limit)s for a player, more than a sheet "
              "can hold; check the hand and the tournament's base rate.")
            % {"limit": money_text(MONEY_LIMIT)}, code="amount_too_large")})
    if paper_money is not None:
        refuse_large_money(paper_money, "paper_money")
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
    sheet = lock_sheet(sheet, expected_version)
    writer = note_writer(user, sheet)
    ensure_editable(sheet)
    _check_players(hand, players_of(sheet))
    number = (sheet.hands.aggregate(n=Max("number"))["n"] or 0) + 1
    record = HandRecord(sheet=sheet, number=number, notation=notation[:300],
                        created_by=account_of(user), created_as=writer.label if writer else "",
                        created_registration_id=writer.registration_id if writer else None)
    ruleset = ruleset_of(sheet)
    hand = _keep_referee_decisions(hand, None)
    apply_settlement(record, hand, ruleset, paper_money)
    record.save()
    if hand.renonc is not None:
        apply_round_rules(sheet, ruleset, user)
        record.refresh_from_db()
    if hand.doublings:
        check_round_budget(sheet, ruleset, number)
    if _claims(user, sheet):
        TableSheet.objects.filter(pk=sheet.pk).update(scorekeeper=user)
    bump_version(sheet)
    audit_record(user=user, action=AuditAction.HAND_ADD, obj=record,
                 tournament=sheet.table.round.tournament, after=hand_snapshot(record),
                 summary=f"{sheet}: {record}")
    follow_play(user, sheet)
    return record


@transaction.atomic
def hand_edit(*, user: Any, record: HandRecord, expected_version: int | None, hand: Hand,
              reason: str, notation: str = "",
              paper_money: Sequence[int] | None = None) -> HandRecord:
    sheet = lock_sheet(record.sheet, expected_version)
    writer = note_writer(user, sheet)
    ensure_editable(sheet)
    need_reason(reason)
    _check_players(hand, players_of(sheet))
    record = HandRecord.objects.select_for_update().get(pk=record.pk, deleted_at__isnull=True)
    before = hand_snapshot(record)
    record.notation = notation[:300]
    record.edited_as = writer.label if writer else ""
    ruleset = ruleset_of(sheet)
    hand = _keep_referee_decisions(hand, hand_from_dict(record.hand))
    apply_settlement(record, hand, ruleset, paper_money)
    record.save()
    if hand.renonc is not None or (before["hand"] or {}).get("renonc"):
        apply_round_rules(sheet, ruleset, user)
        record.refresh_from_db()
    check_round_budget(sheet, ruleset, record.number)
    bump_version(sheet)
    audit_record(user=user, action=AuditAction.HAND_EDIT, obj=record,
                 tournament=sheet.table.round.tournament, before=before,
                 after=hand_snapshot(record), reason=reason, summary=f"{sheet}: {record}")
    return record


@transaction.atomic
def hand_delete(*, user: Any, record: HandRecord, expected_version: int | None,
                reason: str) -> HandRecord:
    sheet = lock_sheet(record.sheet, expected_version)
    note_writer(user, sheet)
    ensure_editable(sheet)
    need_reason(reason)
    record = HandRecord.objects.select_for_update().get(pk=record.pk, deleted_at__isnull=True)
    record.deleted_at, record.deleted_by, record.delete_reason = (timezone.now(), account_of(user),
                                                                  reason)
    record.save(update_fields=["deleted_at", "deleted_by", "delete_reason"])
    ruleset = ruleset_of(sheet)
    if (record.hand or {}).get("renonc"):
        apply_round_rules(sheet, ruleset, user)
    check_round_budget(sheet, ruleset, record.number)
    bump_version(sheet)
    audit_record(user=user, action=AuditAction.HAND_DELETE, obj=record,
                 tournament=sheet.table.round.tournament, before=hand_snapshot(record),
                 reason=reason, summary=f"{sheet}: {record}")
    return record


_SETTLED_FIELDS = ["hand", "description", "money_1", "money_2", "money_3", "money_4", "pb_1",
                   "pb_2", "pb_3", "pb_4", "premium_described", "premium_pending",
                   "explanation", "paper_money", "mismatch", "mismatch_accepted_by",
                   "mismatch_note", "pb_missing", "pb_waiver"]


def apply_round_rules(sheet: TableSheet, ruleset: Ruleset, user: Any) -> None:
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
            before = hand_snapshot(record)
            apply_settlement(record, new, ruleset, record.paper_money)
            changed.append(record)
            audit_record(user=user, action=AuditAction.HAND_FORGIVENESS, obj=record,
                         tournament=sheet.table.round.tournament, before=before,
                         after=hand_snapshot(record), summary=f"{sheet}: {record}")
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


def check_round_budget(sheet: TableSheet, ruleset: Ruleset, from_number: int) -> None:
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
