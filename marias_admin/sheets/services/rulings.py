"""Referees' rulings on a sheet: recorded, applied to the hand or the sheet, and, when they
change the amounts of a sheet handed in, re-confirmed or sent back (previewed first)."""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from marias_admin.audit.actions import AuditAction
from marias_admin.seating.models import RoundState
from marias_admin.seating.services import round_reopen_for_review
from marias_admin.sheets import completeness
from marias_admin.sheets.models import (
    HandRecord,
    Ruling,
    RulingKind,
    RulingOutcome,
    SheetMode,
    SheetState,
    TableSheet,
)
from marias_admin.sheets.probes import standings_lines
from marias_admin.sheets.selectors import seats_of
from marias_admin.sheets.services.base import (
    COUNTED_STATES,
    FLEK_INCORRECT,
    FLEK_REVIEW,
    account_of,
    audit_record,
    bump_version,
    ensure_editable,
    hand_snapshot,
    lock_sheet,
    need_reason,
    players_of,
    ruleset_of,
    set_state,
)
from marias_admin.sheets.services.hands import (
    apply_round_rules,
    apply_settlement,
    check_round_budget,
)
from marias_admin.sheets.services.sheet import write_totals
from marias_admin.tournaments.models import Registration
from marias_admin.tournaments.selectors import next_unfixed_round
from marias_admin.tournaments.services import registration_withdraw
from scoring.hand import Renonc
from scoring.jsonio import hand_from_dict
from scoring.table_round import contumation_money
from scoring.types import Component


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
    sheet = lock_sheet(sheet, expected_version)
    need_reason(reason)
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
    bump_version(sheet)
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
        check_round_budget(sheet, ruleset_of(sheet), hand.number)
    elif kind is RulingKind.CONTUMATION:
        _contumation(sheet, seat, user)
    ruling = Ruling.objects.create(sheet=sheet, hand=hand, kind=kind, offender=offender,
                                   code=code, reason=reason, by=user)
    _link_acceptance(sheet, kind, hand, ruling)
    rule = ruleset_of(sheet).renonc(code) if kind is RulingKind.RENONC else None
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
    sheet.confirmed_by, sheet.confirmed_at = account_of(user), timezone.now()
    sheet.confirmed_as = ""
    sheet.confirmed_registration = None
    sheet.changed_by_ruling = ruling
    set_state(sheet, user, SheetState.CONFIRMED,
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
    set_state(sheet, user, SheetState.DRAFT, text)
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
    before = hand_snapshot(record)
    ruleset = ruleset_of(sheet)
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
    apply_settlement(record, hand, ruleset, paper)
    record.save()
    if kind is RulingKind.RENONC:
        apply_round_rules(sheet, ruleset, user)
        record.refresh_from_db()
    audit_record(user=user, action=AuditAction.HAND_RULING, obj=record,
                 tournament=sheet.table.round.tournament, before=before,
                 after=hand_snapshot(record), reason=reason, summary=f"{sheet}: {record}")


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
    ruleset = ruleset_of(sheet)
    if ruleset.contumation_gain is None:
        return  # the ruleset gives contumation no money effect: only the record
    if absent is None:
        raise ValidationError({"offender": _("Choose the player who did not turn up.")},
                              code="offender")
    ensure_editable(sheet)
    if sheet.hands.filter(deleted_at__isnull=True).exists():
        raise ValidationError(_("This sheet has hands; delete them before a contumation."),
                              code="has_hands")
    seats = list(range(1, players_of(sheet) + 1))
    money = contumation_money(seats, [absent], ruleset)
    sheet.mode = SheetMode.TOTALS
    write_totals(user, sheet, "total", [money[s] for s in seats],
                 [Decimal(0)] * len(seats), AuditAction.SHEET_CONTUMATION)
