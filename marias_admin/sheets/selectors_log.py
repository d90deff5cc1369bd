"""Read-side of the referee's pages: a table's sheet and rulings, a hand's story, the
tournament's log (filtered, and the objects one page of it is about, in a constant number of
queries whatever the page holds)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import CharField, Q, QuerySet
from django.db.models.functions import Cast

from marias_admin.audit.actions import LogGroup, actions_of
from marias_admin.audit.models import AuditEntry
from marias_admin.core.params import positive_int
from marias_admin.seating.models import Round, Seat, Table
from marias_admin.seating.selectors import seated_rounds_with
from marias_admin.sheets.models import HandRecord, Ruling, RulingKind, TableSheet
from marias_admin.tournaments.models import Tournament

HAND_TYPE = HandRecord._meta.label_lower
RULING_TYPE = Ruling._meta.label_lower
SHEET_TYPE = TableSheet._meta.label_lower
ROUND_TYPE = Round._meta.label_lower


# -- a table and its rulings -------------------------------------------------------------------


def table_in(tournament: Tournament, number: int, table: int) -> Table | None:
    """The tournament's table in round ``number``, its round and tournament attached."""
    found = (Table.objects.select_related("round")
             .filter(round__tournament=tournament, round__number=number, number=table).first())
    if found is not None:
        found.round.tournament = tournament
    return found


def rulings_newest_first(sheet: TableSheet) -> list[Ruling]:
    return list(sheet.rulings.select_related("hand", "offender__player", "by")
                .order_by("-at", "-id"))


def current_sheet(sheet: TableSheet) -> TableSheet:
    """The same sheet read again (after someone else wrote): refreshed in place."""
    sheet.refresh_from_db()
    return sheet


def hand_now(record: HandRecord) -> HandRecord:
    """The hand as stored now (after a ruling re-settled it): refreshed in place."""
    record.refresh_from_db()
    return record


def still_seated(ruling: Ruling) -> list[int]:
    """Open rounds a player taken out by this ruling is still seated in."""
    if ruling.kind not in (RulingKind.DISQUALIFICATION, RulingKind.CONTUMATION) or (
            ruling.offender is None):
        return []
    ruling.offender.refresh_from_db(fields=["withdrawn_before_round"])
    later = ruling.offender.withdrawn_before_round
    return seated_rounds_with(ruling.offender, later) if later else []


# -- a hand's story ----------------------------------------------------------------------------


def table_hand(table: Table, hand_id: int) -> HandRecord | None:
    """A hand of the table's sheet, deleted or not, with who deleted it."""
    return (HandRecord.objects.select_related("sheet", "deleted_by")
            .filter(pk=hand_id, sheet__table=table).first())


def hand_rulings(record: HandRecord) -> dict[str, Ruling]:
    """The hand's rulings by their id as the audit log writes it."""
    return {str(r.pk): r for r in
            Ruling.objects.filter(hand=record).select_related("offender__player", "by")}


def hand_story(record: HandRecord, ruling_ids: list[str]) -> QuerySet[AuditEntry]:
    """The audit entries of the hand and of its rulings, oldest first."""
    return (AuditEntry.objects.filter(
        Q(object_type=HAND_TYPE, object_id=str(record.pk))
        | Q(object_type=RULING_TYPE, object_id__in=ruling_ids))
        .select_related("user").order_by("at", "id"))


# -- the tournament's log ----------------------------------------------------------------------


def tournament_rounds(tournament: Tournament) -> list[Round]:
    return list(tournament.rounds.order_by("number"))


def _pk_strings(qs: QuerySet[Any]) -> QuerySet[Any]:
    return qs.annotate(pk_text=Cast("pk", CharField())).values("pk_text")


def _about_tables(tables: QuerySet[Table], rounds: QuerySet[Round] | None) -> Q:
    """Entries about these tables' hands, rulings and sheets (and these rounds' seating)."""
    where = (
        Q(object_type=HAND_TYPE,
          object_id__in=_pk_strings(HandRecord.objects.filter(sheet__table__in=tables)))
        | Q(object_type=RULING_TYPE,
            object_id__in=_pk_strings(Ruling.objects.filter(sheet__table__in=tables)))
        | Q(object_type=SHEET_TYPE,
            object_id__in=_pk_strings(TableSheet.objects.filter(table__in=tables)))
    )
    if rounds is not None:
        where |= Q(object_type=ROUND_TYPE, object_id__in=_pk_strings(rounds))
    return where


def log_entries(tournament: Tournament, group: LogGroup | None, round_number: int | None,
                table_number: int | None) -> QuerySet[AuditEntry]:
    """The tournament's log, newest first: one group of actions, one round (its tables and
    its seating) or one table of it, when asked."""
    entries = AuditEntry.objects.filter(tournament=tournament).select_related("user")
    if group is not None:
        entries = entries.filter(action__in=actions_of(group))
    if round_number:
        tables = Table.objects.filter(round__tournament=tournament, round__number=round_number)
        if table_number:
            tables = tables.filter(number=table_number)
        round_qs = (None if table_number else
                    Round.objects.filter(tournament=tournament, number=round_number))
        entries = entries.filter(_about_tables(tables, round_qs))
    return entries.order_by("-at", "-id")


@dataclass(frozen=True)
class LogObjects:
    """What one page of the log is about, by primary key; seat names per table."""

    hands: dict[int, HandRecord]
    rulings: dict[int, Ruling]
    sheets: dict[int, TableSheet]
    rounds: dict[int, Round]
    names: dict[int, dict[int, str]]  # table id → seat position → player's name


def _ids(entries: list[AuditEntry], object_type: str) -> list[int]:
    found = (positive_int(e.object_id) for e in entries if e.object_type == object_type)
    return [pk for pk in found if pk is not None]


def seat_names(table_ids: set[int]) -> dict[int, dict[int, str]]:
    names: dict[int, dict[int, str]] = {}
    for seat in Seat.objects.filter(table_id__in=table_ids).select_related("registration__player"):
        names.setdefault(seat.table_id, {})[seat.position] = seat.registration.player.full_name
    return names


def log_objects(entries: list[AuditEntry]) -> LogObjects:
    """The hands, rulings, sheets and rounds the entries are about: five queries."""
    hands = {h.pk: h for h in HandRecord.objects.filter(pk__in=_ids(entries, HAND_TYPE))
             .select_related("sheet__table__round")}
    rulings = {r.pk: r for r in Ruling.objects.filter(pk__in=_ids(entries, RULING_TYPE))
               .select_related("sheet__table__round", "hand", "offender__player", "by")}
    sheets = {s.pk: s for s in TableSheet.objects.filter(pk__in=_ids(entries, SHEET_TYPE))
              .select_related("table__round")}
    rounds = {r.pk: r for r in Round.objects.filter(pk__in=_ids(entries, ROUND_TYPE))}
    tables = {h.sheet.table_id for h in hands.values()} | {
        r.sheet.table_id for r in rulings.values()} | {s.table_id for s in sheets.values()}
    return LogObjects(hands, rulings, sheets, rounds, seat_names(tables))
