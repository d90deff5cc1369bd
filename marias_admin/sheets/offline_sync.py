"""The phone's offline queue, applied when the network is back (issue 25).

A table's phone that loses the hall's Wi-Fi keeps entering, correcting and deleting hands into
a queue in the browser (IndexedDB, ``sheets/offline.js``). On reconnect it posts the queue here,
in order. Each queued write carries an idempotency key (a UUID made by the browser), the phone's
own id, the sheet version it was made on and the server's time of that version. The rules have
one source of truth: each write is bound to the same form and written by the same service as
the page's own POST, so the engine settles it once, here, and its refusal comes back keyed by
the form's fields.

Exactly once: a key is a unique row (:class:`~marias_admin.sheets.models.SyncWrite`) written
in the same transaction as the hand, under the sheet's row lock; a key seen before gets its
stored answer and writes nothing. In order: the first write that is not applied stops the
batch, the rest are held (``held``) until the scorekeeper has seen what stopped it.

A conflict: someone else moved the sheet since the phone's version (a referee's ruling, another
phone's hand, a closed round or sheet). The phone's own queued writes do not count: the server
subtracts the versions its applied keys moved. The conflict is audited with the phone's write,
so the log shows both; the phone shows it beside the server's version to re-enter or drop.

A finished tournament is not a conflict of one write: the endpoint refuses the whole queue
(409, before anything here runs), and the phone keeps it and says why.

A write the server cannot read (not the shape the page sends: an old cached script, a forgery)
is answered ``unreadable`` with a message, keyed by the write when it can be told, so the phone
shows it for the scorekeeper to enter again or drop instead of sending it for ever.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F, Max, Q, Sum
from django.http import HttpRequest, QueryDict
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from marias_admin.audit.actions import AuditAction
from marias_admin.core.formatting import money as money_text
from marias_admin.core.forms import apply_service_error
from marias_admin.sheets import services
from marias_admin.sheets.forms import ReasonForm, TextHandForm, at_version, bind_hand_form
from marias_admin.sheets.models import (
    HandRecord,
    Ruling,
    SheetState,
    SyncOutcome,
    SyncWrite,
    TableSheet,
)
from marias_admin.sheets.page_loading import write_author
from marias_admin.sheets.presenters.page import SheetPage
from marias_admin.sheets.selectors import EDITABLE_STATES

OPS = ("add", "edit", "delete", "drop")
MAX_BATCH = 200
HEARD_EVERY = timedelta(minutes=1)
HELD = "held"
UNREADABLE = "unreadable"


class BadBatch(ValueError):
    """The posted queue is not one this page wrote (a programming error or a forgery).
    ``key``: the queued write at fault as the phone named it, when it can be told."""

    def __init__(self, reason: str, key: str | None = None):
        super().__init__(reason)
        self.key = key


def unreadable_message() -> str:
    return _("The server could not read this queued write: enter it again or drop it.")


def _key_of(item: Any) -> str | None:
    """The key a malformed write was sent with, if it is one the phone could have made."""
    key = item.get("key") if isinstance(item, dict) else None
    return key if isinstance(key, str) and 0 < len(key) <= 64 else None


@dataclass(frozen=True)
class QueuedWrite:
    key: uuid.UUID
    op: str
    number: int | None  # the hand: the one an add expects to get, or the one edited/deleted
    base: int  # the sheet version the phone saw when it queued the write
    seen: datetime | None  # the server's time of that version
    fields: tuple[tuple[str, str], ...]  # the form's fields as the page posts them
    drops: uuid.UUID | None = None  # for "drop": the key of the conflicting write dropped


def _uuid(value: Any) -> uuid.UUID:
    try:
        return uuid.UUID(str(value))
    except ValueError as error:
        raise BadBatch("key") from error


def _int(value: Any, *, optional: bool = False) -> int | None:
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise BadBatch("number")
    return value


def _fields(value: Any) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, list) or len(value) > 100:
        raise BadBatch("fields")
    pairs = []
    for pair in value:
        if (not isinstance(pair, list) or len(pair) != 2
                or not all(isinstance(p, str) and len(p) <= 400 for p in pair)):
            raise BadBatch("fields")
        pairs.append((pair[0], pair[1]))
    return tuple(pairs)


def parse_batch(payload: Any) -> tuple[uuid.UUID, list[QueuedWrite]]:
    """The phone's id and its queued writes from the posted JSON; :class:`BadBatch` if it is
    not the shape the page sends."""
    if not isinstance(payload, dict) or not isinstance(payload.get("writes", []), list):
        raise BadBatch("shape")
    writes = payload.get("writes", [])
    if len(writes) > MAX_BATCH:
        raise BadBatch("size")
    parsed = []
    for item in writes:
        try:
            parsed.append(_queued_write(item))
        except BadBatch as error:
            raise BadBatch(str(error), key=_key_of(item)) from error
    return _uuid(payload.get("client")), parsed


def _queued_write(item: Any) -> QueuedWrite:
    if not isinstance(item, dict) or item.get("op") not in OPS:
        raise BadBatch("op")
    try:
        seen = parse_datetime(str(item.get("seen") or "")) if item.get("seen") else None
    except ValueError as error:  # the shape of a date, but no such day or hour
        raise BadBatch("seen") from error
    return QueuedWrite(
        key=_uuid(item.get("key")), op=item["op"],
        number=_int(item.get("number"), optional=True), base=_int(item.get("base")) or 0,
        seen=seen, fields=_fields(item.get("fields", [])),
        drops=_uuid(item["drops"]) if item.get("drops") else None)


def next_number(sheet: TableSheet | None) -> int:
    """The number the next hand gets (deleted hands keep theirs)."""
    if sheet is None or sheet.pk is None:
        return 1
    return (sheet.hands.aggregate(n=Max("number"))["n"] or 0) + 1


def hear_phone(sheet: TableSheet | None) -> None:
    """The table's phone reached the server: the control room stops flagging it. Written at
    most once a minute (80 phones beating every 20 seconds need not write the sheet's row
    each time)."""
    if sheet is None or sheet.pk is None:
        return
    now = timezone.now()
    (TableSheet.objects.filter(pk=sheet.pk)
     .filter(Q(phone_heard_at__isnull=True) | Q(phone_heard_at__lt=now - HEARD_EVERY))
     .update(phone_heard_at=now))


def _the_tables_phone(request: HttpRequest, page: SheetPage) -> bool:
    """Whether the page is open on the table's own phone (its link, or its scorekeeper's
    login), not on a referee's or organiser's screen that happens to show it."""
    user = request.user
    return page.by_link or bool(user.is_authenticated and page.sheet.pk is not None
                                and page.sheet.scorekeeper_id == user.pk)


def apply_batch(request: HttpRequest, page: SheetPage, client: uuid.UUID,
                writes: list[QueuedWrite]) -> dict[str, Any]:
    """Apply the queue in order; the answer per write, the sheet's version after them and the
    server's time of it (the phone's new base)."""
    results: list[dict[str, Any]] = []
    stopped = False
    for item in writes:
        if stopped:
            results.append({"key": str(item.key), "status": HELD})
            continue
        try:
            answer = _apply(request, page, client, item)
        except BadBatch:  # rolled back: answered, not stored (the same key meets it again)
            answer = {"key": str(item.key), "status": UNREADABLE, "message": unreadable_message()}
        results.append(answer)
        stopped = answer["status"] not in (SyncOutcome.APPLIED, SyncOutcome.DROPPED)
    sheet = TableSheet.objects.filter(table=page.table).first()
    if _the_tables_phone(request, page):
        hear_phone(sheet)
    return {"version": sheet.version if sheet else 0, "next_number": next_number(sheet),
            "seen": timezone.now().isoformat(), "results": results}


def _apply(request: HttpRequest, page: SheetPage, client: uuid.UUID,
           item: QueuedWrite) -> dict[str, Any]:
    try:
        with transaction.atomic():
            return _apply_locked(request, page, client, item)
    except IntegrityError:  # the same key written by a parallel request meanwhile
        done = SyncWrite.objects.filter(key=item.key).first()
        if done is None:
            raise
        return done.answer


def _apply_locked(request: HttpRequest, page: SheetPage, client: uuid.UUID,
                  item: QueuedWrite) -> dict[str, Any]:
    sheet = services.sheet_for(page.table)
    # The sheet's row lock serialises every write of the table, so a key repeated by a
    # parallel request waits here and then finds the first one's row.
    sheet = (TableSheet.objects.select_for_update(of=("self",))
             .select_related("table__round__tournament").get(pk=sheet.pk))
    done = SyncWrite.objects.filter(key=item.key).first()
    if done is not None:
        if done.sheet_id != sheet.pk:
            raise BadBatch("key")
        return done.answer
    record = SyncWrite(key=item.key, sheet=sheet, client=client, op=item.op, number=item.number,
                       base_version=item.base, version_before=sheet.version)
    if item.op == "drop":
        return _drop(request, page, sheet, record, item)
    conflict = _conflict(sheet, client, item)
    if conflict is not None:
        return _keep_conflict(request, page, sheet, record, item, conflict)
    return _write(request, page, sheet, record, item)


def _finish(record: SyncWrite, outcome: SyncOutcome, answer: dict[str, Any]) -> dict[str, Any]:
    answer = {"key": str(record.key), "status": outcome.value, **answer}
    record.outcome, record.answer = outcome, answer
    record.save()
    return answer


# -- conflicts ---------------------------------------------------------------------------------


def foreign_moves(sheet: TableSheet, client: uuid.UUID, base: int) -> int:
    """How many versions others moved the sheet since ``base``: the phone's own applied writes
    since then do not count."""
    ours = (SyncWrite.objects.filter(sheet=sheet, client=client, outcome=SyncOutcome.APPLIED,
                                     version_before__gte=base)
            .aggregate(n=Sum(F("version_after") - F("version_before")))["n"] or 0)
    return sheet.version - base - ours


def _conflict(sheet: TableSheet, client: uuid.UUID, item: QueuedWrite) -> str | None:
    """Why the write cannot be applied as the phone made it, or None. (A finished tournament
    never gets here: the endpoint refuses the whole queue.)"""
    if sheet.state not in EDITABLE_STATES:
        return (_("The sheet is %(state)s; a referee must reopen it before it can change.")
                % {"state": SheetState(sheet.state).label})
    if foreign_moves(sheet, client, item.base) == 0:
        if item.op == "add" and item.number is not None and item.number != next_number(sheet):
            return _("The hand numbers moved meanwhile.")
        return None
    if item.seen is not None and Ruling.objects.filter(sheet=sheet, at__gt=item.seen).exists():
        return _("A referee ruled on this sheet meanwhile.")
    if (item.op == "add" and item.number is not None
            and HandRecord.objects.filter(sheet=sheet, number=item.number).exists()):
        return _("Another phone entered hand %(number)s meanwhile.") % {"number": item.number}
    return _("Someone else changed this table sheet meanwhile.")


def _server_side(sheet: TableSheet, item: QueuedWrite) -> list[str]:
    """What the server has that the phone did not see: the rulings since its version and
    the hand the write concerns, in words."""
    lines = []
    rulings = Ruling.objects.filter(sheet=sheet).select_related("hand")
    if item.seen is not None:
        rulings = rulings.filter(at__gt=item.seen)
    for ruling in list(rulings.order_by("-at", "-id")[:3])[::-1]:
        about = (_("hand %(number)s") % {"number": ruling.hand.number} + ": "
                 if ruling.hand else "")
        lines.append(f"{ruling.get_kind_display()} – {about}{ruling.reason}")
    hand = (HandRecord.objects.filter(sheet=sheet, number=item.number).first()
            if item.number is not None else None)
    if hand is not None:
        currency = sheet.table.round.tournament.currency
        amounts = " / ".join(money_text(m, currency, signed=True) for m in hand.money)
        state = f" ({_('deleted')})" if hand.deleted_at else ""
        lines.append(_("Hand %(number)s on the server: %(description)s")
                     % {"number": hand.number, "description": hand.description}
                     + f" · {amounts}{state}")
    return lines


def _typed(item: QueuedWrite) -> str:
    """The phone's write in words for the audit log: what was typed."""
    values = dict(item.fields)
    typed = next((v for k, v in values.items() if k.endswith("notation") and v), "")
    reason = next((v for k, v in values.items() if k.endswith("reason") and v), "")
    return " · ".join(p for p in (typed, reason) if p)


def _keep_conflict(request: HttpRequest, page: SheetPage, sheet: TableSheet, record: SyncWrite,
                   item: QueuedWrite, message: str) -> dict[str, Any]:
    """Not applied, not lost: audited with the phone's write, answered with the server's."""
    services.audit_record(
        user=write_author(request, page), action=AuditAction.HAND_QUEUE_CONFLICT, obj=sheet,
        tournament=page.tournament,
        after={"op": item.op, "number": item.number, "typed": _typed(item),
               "key": str(item.key), "base_version": item.base, "version": sheet.version},
        reason=message, summary=f"{sheet}: {message}")
    return _finish(record, SyncOutcome.CONFLICT,
                   {"message": message, "server": _server_side(sheet, item)})


def _drop(request: HttpRequest, page: SheetPage, sheet: TableSheet, record: SyncWrite,
          item: QueuedWrite) -> dict[str, Any]:
    """The scorekeeper dropped a write that met a conflict: said in the log beside it."""
    dropped = (SyncWrite.objects.filter(key=item.drops, sheet=sheet).first()
               if item.drops is not None else None)
    if dropped is None or dropped.outcome != SyncOutcome.CONFLICT:
        raise BadBatch("drops")
    dropped.outcome = SyncOutcome.DROPPED
    dropped.save(update_fields=["outcome"])
    services.audit_record(
        user=write_author(request, page), action=AuditAction.HAND_QUEUE_DROP, obj=sheet,
        tournament=page.tournament,
        after={"op": dropped.op, "number": dropped.number, "key": str(dropped.key)},
        summary=f"{sheet}: " + _("hand %(number)s") % {"number": dropped.number})
    return _finish(record, SyncOutcome.DROPPED, {})


# -- writes ------------------------------------------------------------------------------------


def _errors(form: Any) -> dict[str, list[str]]:
    return {(form.add_prefix(name) if name != "__all__" else name): list(messages)
            for name, messages in form.errors.items()}


def _refused(record: SyncWrite, form: Any) -> dict[str, Any]:
    return _finish(record, SyncOutcome.REFUSED,
                   {"message": _("The rules refused this hand: correct it in the form."),
                    "errors": _errors(form), "prefix": form.prefix})


def _live(sheet: TableSheet, number: int | None) -> HandRecord | None:
    if number is None:
        return None
    return HandRecord.objects.filter(sheet=sheet, number=number, deleted_at__isnull=True).first()


def _write(request: HttpRequest, page: SheetPage, sheet: TableSheet, record: SyncWrite,
           item: QueuedWrite) -> dict[str, Any]:
    # The version check was made above, against the phone's base: the form and the service
    # get the version they are written on now.
    data = at_version(item.fields, sheet.version)
    author = write_author(request, page)
    form: Any
    if item.op == "delete":
        form = ReasonForm(data, prefix="delete")
    else:
        form = bind_hand_form(data, seats=page.seats, ruleset=page.ruleset(),
                              edit=item.op == "edit")
    hand = None
    if item.op != "add":
        hand = _live(sheet, item.number)
        if hand is None:
            return _keep_conflict(request, page, sheet, record, item,
                                  _("Hand %(number)s is no longer on the sheet.")
                                  % {"number": item.number})
        if item.op == "edit":
            _who_played(form, data, hand)
    if not form.is_valid():
        return _refused(record, form)
    try:
        with transaction.atomic():
            hand = _call(author, sheet, item, form, hand)
    except ValidationError as error:
        if isinstance(form, ReasonForm):
            apply_service_error(form, error)  # as the typed delete shows it
        else:
            form.add_service_error(error)
        return _refused(record, form)
    sheet.refresh_from_db(fields=["version"])
    record.number, record.version_after = hand.number, sheet.version
    currency = page.tournament.currency
    return _finish(record, SyncOutcome.APPLIED, {
        "number": hand.number, "description": hand.description,
        "money": [money_text(m, currency, signed=True) for m in hand.money]})


def _who_played(form: Any, data: QueryDict, record: HandRecord) -> None:
    """A correction typed offline on a hand the phone had from the server (its line in the
    running account: only the shorthand and a reason) keeps who dealt and who declared."""
    for name in ("dealer", "declarer"):
        key = form.add_prefix(name)
        if not data.get(key) and (record.hand or {}).get(name) is not None:
            data[key] = str(record.hand[name])


def _call(author: Any, sheet: TableSheet, item: QueuedWrite, form: Any,
          hand: HandRecord | None) -> HandRecord:
    version = sheet.version
    if item.op == "delete" and hand is not None:
        return services.hand_delete(user=author, record=hand, expected_version=version,
                                    reason=form.cleaned_data["reason"])
    notation = form.cleaned_data.get("notation", "")
    if item.op == "edit" and hand is not None:
        paper = form.paper_money() if isinstance(form, TextHandForm) else hand.paper_money
        return services.hand_edit(user=author, record=hand, expected_version=version,
                                  hand=form.hand, reason=form.cleaned_data["reason"],
                                  notation=notation, paper_money=paper)
    return services.hand_add(user=author, sheet=sheet, expected_version=version,
                             hand=form.hand, notation=notation, paper_money=form.paper_money())
