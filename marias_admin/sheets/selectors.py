"""Read-side of the table sheet: the running account, totals, reconciliation, permissions."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.db import models
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from marias_admin.audit.models import AuditEntry
from marias_admin.core.ordering import czech_order
from marias_admin.seating.models import Round, Seat, Table
from marias_admin.sheets.models import HandRecord, SheetMode, SheetState, TableSheet
from marias_admin.tournaments.models import Role, Tournament
from marias_admin.tournaments.selectors import user_roles

EDITABLE_STATES = (SheetState.DRAFT,)


# Every typed total column: the totals mode's final ZB/PB and the paper sheet's for
# reconciliation.
TOTAL_FIELDS = tuple(f"{prefix}_{kind}_{seat}" for prefix in ("total", "paper")
                     for kind in ("money", "pb") for seat in range(1, 5))


def tables_with_results(tables: QuerySet[Table]) -> dict[int, list[int]]:
    """Round number → numbers of those tables whose sheet holds anything entered.

    Money and PB are stored per seat position, so such a table's seating is the key to its
    results: it must never be re-seated, swapped or deleted. Deleted hands count (they are
    part of the record), and so do typed totals, rulings and a sheet past "being entered".
    One query.
    """
    entered = (Q(hands__isnull=False) | Q(rulings__isnull=False)
               | ~Q(state=SheetState.DRAFT))
    for name in TOTAL_FIELDS:
        entered |= Q(**{f"{name}__isnull": False})
    found: dict[int, set[int]] = {}
    for round_number, table_number in (
            TableSheet.objects.filter(entered, table__in=tables).order_by()
            .values_list("table__round__number", "table__number")):
        found.setdefault(round_number, set()).add(table_number)
    return {number: sorted(numbers) for number, numbers in sorted(found.items())}


def live_hands(sheet: TableSheet) -> QuerySet[HandRecord]:
    return sheet.hands.filter(deleted_at__isnull=True).order_by("number")


def scorekeeper_candidates(tournament: Tournament) -> QuerySet[Any]:
    """The users who may be named the scorekeeper of the tournament's sheets."""
    return (get_user_model().objects.filter(
        tournament_roles__tournament=tournament, tournament_roles__role=Role.SCOREKEEPER)
        .distinct().order_by(*czech_order("username", language=tournament.page_language)))


def hand_audit_entries(record: HandRecord) -> QuerySet[AuditEntry]:
    """The audit trail of one hand, oldest first."""
    return (AuditEntry.objects.filter(object_type=HandRecord._meta.label_lower,
                                      object_id=str(record.pk))
            .select_related("user").order_by("at", "id"))


def seats_of(table: Table) -> list[Seat]:
    return list(table.seats.select_related("registration__player__club").order_by("position"))


@dataclass(frozen=True)
class AccountRow:
    """A line of the running account, as on the paper sheet."""

    hand: HandRecord
    money: list[int]
    cumulative: list[int]
    pb: list[Decimal]


@dataclass(frozen=True)
class Account:
    rows: list[AccountRow]
    money: list[int]  # per seat
    pb: list[Decimal]

    @property
    def balanced(self) -> bool:
        return sum(self.money) == 0


def running_account(hands: list[HandRecord], players: int) -> Account:
    running = [0] * players
    pbs = [Decimal(0)] * players
    rows = []
    for hand in hands:
        money = hand.money[:players]
        running = [a + b for a, b in zip(running, money, strict=True)]
        pb = [hand.pb_1, hand.pb_2, hand.pb_3, hand.pb_4 or Decimal(0)][:players]
        pbs = [a + b for a, b in zip(pbs, pb, strict=True)]
        rows.append(AccountRow(hand, money, list(running), pb))
    return Account(rows, running, pbs)


def sheet_totals(sheet: TableSheet, players: int) -> tuple[list[int], list[Decimal]] | None:
    """Final ZB and PB per seat: typed totals in totals mode, the hands' sum otherwise."""
    if sheet.mode == SheetMode.TOTALS:
        money = [getattr(sheet, f"total_money_{s}") for s in range(1, players + 1)]
        if any(m is None for m in money):
            return None
        pb = [getattr(sheet, f"total_pb_{s}") or Decimal(0) for s in range(1, players + 1)]
        return money, pb
    account = running_account(list(live_hands(sheet)), players)
    return account.money, account.pb


def paper_differences(sheet: TableSheet, account: Account) -> list[dict[str, Any]] | None:
    """Per seat: the paper sheet's totals against the hands'; None when nothing was typed."""
    players = len(account.money)
    paper = [getattr(sheet, f"paper_money_{s}") for s in range(1, players + 1)]
    if all(p is None for p in paper):
        return None
    paper_pb = [getattr(sheet, f"paper_pb_{s}") for s in range(1, players + 1)]
    return [
        {"seat": s + 1, "paper_money": paper[s], "money": account.money[s],
         "money_differs": paper[s] is not None and paper[s] != account.money[s],
         "paper_pb": paper_pb[s], "pb": account.pb[s],
         "pb_differs": paper_pb[s] is not None and paper_pb[s] != account.pb[s]}
        for s in range(players)
    ]


def next_dealer(hands: list[HandRecord], players: int) -> int:
    """Seat 1 deals first (ČSM 2023 B.3); the deal passes clockwise, except after a line that
    records only a renonc (e.g. a misdeal, B.6), when the same player deals again."""
    if not hands:
        return 1
    last = hands[-1].hand
    if last.get("contract") is None:
        return int(last["dealer"])
    return int(last["dealer"]) % players + 1


# -- who may do what ---------------------------------------------------------------------------


def seated_user_ids(seats: list[Seat]) -> set[int]:
    return {s.registration.player.user_id for s in seats if s.registration.player.user_id}


def can_write(user: Any, sheet: TableSheet, seats: list[Seat], tournament: Any, *,
              table_grant: bool = False, roles: set[Role] | None = None) -> bool:
    """Organisers, referees, the table's scorekeeper; an unclaimed sheet also any scorekeeper
    of the tournament or a player seated at the table. A phone let in by the table's link and
    PIN (``table_grant``, see :mod:`marias_admin.sheets.access`) until the sheet is submitted.
    ``roles``: the user's roles when the caller has read them already (one query less)."""
    if table_grant and sheet.state in EDITABLE_STATES:
        return True
    if not getattr(user, "is_authenticated", False):
        return False
    roles = user_roles(user, tournament) if roles is None else roles
    if roles & {Role.ORGANISER, Role.REFEREE}:
        return True
    if sheet.scorekeeper_id is not None:
        return sheet.scorekeeper_id == user.pk
    return Role.SCOREKEEPER in roles or user.pk in seated_user_ids(seats)


def can_confirm(user: Any, sheet: TableSheet, seats: list[Seat], tournament: Any, *,
                roles: set[Role] | None = None) -> bool:
    """Another player at the table, a referee or an organiser; never who submitted."""
    if not getattr(user, "is_authenticated", False) or user.pk == sheet.submitted_by_id:
        return False
    roles = user_roles(user, tournament) if roles is None else roles
    return bool(roles & {Role.ORGANISER, Role.REFEREE}) or user.pk in seated_user_ids(seats)


def is_referee(user: Any, tournament: Any, *, roles: set[Role] | None = None) -> bool:
    roles = user_roles(user, tournament) if roles is None else roles
    return bool(roles & {Role.ORGANISER, Role.REFEREE})


# -- the organiser's control room --------------------------------------------------------------


class TableProgress(models.TextChoices):
    """Where a table's sheet stands, as the organiser reads it across the hall."""

    NOT_STARTED = "not_started", _("not started")
    ENTERING = "entering", _("being entered")
    SUBMITTED = "submitted", _("submitted")
    CONFIRMED = "confirmed", _("confirmed")
    DISPUTED = "disputed", _("disputed")


@dataclass(frozen=True)
class TableStatus:
    """One table of the control room: its sheet's state and what needs the organiser."""

    number: int
    progress: TableProgress
    mode_totals: bool
    hands: int
    rulings: int
    pb_pending: int  # hands whose PB wait for the referee
    paper_differs: bool  # the paper sheet's totals (or a hand's amounts) differ from the hands'
    last_activity: Any  # datetime | None
    players: tuple[str, ...] = ()  # short names in seat order ("Novák J.")
    pb_missing: int = 0  # live hands whose PB facts are missing and not waived (issue 21)
    changed_by_ruling: bool = False  # a ruling changed its amounts after the confirmation
    sheet_version: int | None = None  # for a confirmation from the control room
    phone_silent: bool = False  # its phone was heard, but not lately, while the sheet is open

    @property
    def needs_attention(self) -> bool:
        return bool(self.flags)

    @property
    def flags(self) -> tuple[str, ...]:
        """What the control room flags on the row, in the order it shows them (the keys of
        :data:`TABLE_FLAGS`)."""
        found = (("paper", self.paper_differs), ("pb_missing", self.pb_missing > 0),
                 ("ruling_pending", self.pb_pending > 0),
                 ("disputed", self.progress == TableProgress.DISPUTED),
                 ("changed", self.changed_by_ruling), ("phone_silent", self.phone_silent))
        return tuple(key for key, on in found if on)


#: The control room's flags, by key (its filter links and the rows' pills).
TABLE_FLAGS = {
    "paper": _("paper totals differ"),
    "pb_missing": _("PB facts missing"),
    "ruling_pending": _("ruling pending"),
    "disputed": _("disputed"),
    "changed": _("changed by ruling"),
    "phone_silent": _("phone not heard from"),
}
#: How long a table's phone may be silent (no heartbeat, no queue) while its sheet is open
#: before the control room flags it (issue 25). Its page beats every 20 seconds while shown; a
#: phone locked between two hands is silent too, hence more than a hand's few minutes.
PHONE_SILENT_AFTER = timedelta(minutes=10)


def phone_silent(sheet: TableSheet, now: Any) -> bool:
    """Whether the open sheet's phone, heard before, has not been heard for a while."""
    heard = sheet.phone_heard_at
    return (sheet.state == SheetState.DRAFT and heard is not None
            and now - heard > PHONE_SILENT_AFTER)


def short_name(last_name: str, first_name: str) -> str:
    """A player as a crowded row shows him: surname and initial ("Novák J.")."""
    initial = first_name.strip()[:1]
    return f"{last_name} {initial}." if initial else last_name


def _paper_differs(sheet: TableSheet, sums: dict[str, Any]) -> bool:
    if sheet.mode != SheetMode.HANDS:
        return False
    for seat in range(1, 5):
        paper = getattr(sheet, f"paper_money_{seat}")
        if paper is not None and paper != (sums.get(f"m{seat}") or 0):
            return True
        paper_pb = getattr(sheet, f"paper_pb_{seat}")
        if paper_pb is not None and paper_pb != (sums.get(f"pb{seat}") or Decimal(0)):
            return True
    return False


def _latest(*moments: Any) -> Any:
    present = [m for m in moments if m is not None]
    return max(present) if present else None


def round_table_statuses(round: Any) -> list[TableStatus]:
    """Every table of the round with its sheet's progress, in four queries whatever the number
    of tables (the control room polls this every few seconds while 80 tables play): the tables
    with their sheets, the hands summed per sheet, the rulings counted per sheet, and the
    latest audit entry per sheet (state changes, typed totals)."""
    from django.db.models import Count, Max, Sum

    tables = list(Table.objects.filter(round=round).select_related("sheet").order_by("number"))
    players: dict[int, list[str]] = defaultdict(list)
    for table_id, last, first in (Seat.objects.filter(round=round)
                                  .order_by("table_id", "position")
                                  .values_list("table_id", "registration__player__last_name",
                                               "registration__player__first_name")):
        players[table_id].append(short_name(last, first))
    sheets = {t.pk: t.sheet for t in tables if hasattr(t, "sheet")}
    sheet_ids = [s.pk for s in sheets.values()]
    live = Q(deleted_at__isnull=True)
    hands: dict[int, dict[str, Any]] = {}
    rulings: dict[int, dict[str, Any]] = {}
    audited: dict[str, Any] = {}
    if sheet_ids:
        sums = {f"m{s}": Sum(f"money_{s}", filter=live) for s in range(1, 5)}
        sums |= {f"pb{s}": Sum(f"pb_{s}", filter=live) for s in range(1, 5)}
        for row in (HandRecord.objects.filter(sheet_id__in=sheet_ids).order_by()
                    .values("sheet_id")
                    .annotate(n=Count("id", filter=live),
                              pending=Count("id", filter=live & Q(premium_pending=True)),
                              pb_missing=Count("id", filter=live & Q(
                                  pb_missing=True, pb_waiver__isnull=True)),
                              open_mismatch=Count("id", filter=live & Q(
                                  mismatch=True, mismatch_accepted_by__isnull=True)),
                              last=Max("updated_at"), **sums)):
            hands[row["sheet_id"]] = row
        from marias_admin.sheets.models import Ruling

        for row in (Ruling.objects.filter(sheet_id__in=sheet_ids).order_by()
                    .values("sheet_id").annotate(n=Count("id"), last=Max("at"))):
            rulings[row["sheet_id"]] = row
        audited = dict(AuditEntry.objects.filter(
            object_type=TableSheet._meta.label_lower,
            object_id__in=[str(pk) for pk in sheet_ids]).order_by()
            .values("object_id").annotate(last=Max("at")).values_list("object_id", "last"))
    statuses = []
    now = timezone.now()
    for table in tables:
        sheet = sheets.get(table.pk)
        if sheet is None:
            statuses.append(TableStatus(table.number, TableProgress.NOT_STARTED, False, 0, 0, 0,
                                        False, None, tuple(players[table.pk])))
            continue
        h = hands.get(sheet.pk, {})
        r = rulings.get(sheet.pk, {})
        count = h.get("n", 0)
        totals_typed = any(getattr(sheet, name) is not None for name in TOTAL_FIELDS)
        if sheet.state == SheetState.DRAFT:
            progress = (TableProgress.ENTERING if count or totals_typed or r.get("n")
                        else TableProgress.NOT_STARTED)
        else:
            progress = TableProgress(sheet.state)
        statuses.append(TableStatus(
            number=table.number,
            progress=progress,
            mode_totals=sheet.mode == SheetMode.TOTALS,
            hands=count,
            rulings=r.get("n", 0),
            pb_pending=h.get("pending", 0),
            paper_differs=bool(h.get("open_mismatch")) or _paper_differs(sheet, h),
            last_activity=_latest(h.get("last"), r.get("last"), audited.get(str(sheet.pk)),
                                  sheet.submitted_at, sheet.confirmed_at),
            players=tuple(players[table.pk]),
            pb_missing=h.get("pb_missing", 0),
            changed_by_ruling=sheet.changed_by_ruling_id is not None,
            sheet_version=sheet.version,
            phone_silent=phone_silent(sheet, now),
        ))
    return statuses


def unconfirmed_tables(round: Any) -> list[int]:
    """Numbers of the round's tables whose sheet is not confirmed (or was never opened).
    One query."""
    return list(Table.objects.filter(round=round).exclude(sheet__state=SheetState.CONFIRMED)
                .order_by("number").values_list("number", flat=True))


# -- the table page ----------------------------------------------------------------------------


def tournament_by_id(pk: int) -> Tournament | None:
    return Tournament.objects.filter(pk=pk).first()


def round_by_number(tournament: Tournament, number: int) -> Round | None:
    """The round, with its tournament already attached (no second query for it)."""
    found = Round.objects.filter(tournament=tournament, number=number).first()
    if found is not None:
        found.tournament = tournament
    return found


def table_by_number(round: Round, number: int) -> Table | None:
    """The round's table, with its round already attached."""
    found = Table.objects.filter(round=round, number=number).first()
    if found is not None:
        found.round = round
    return found


def round_is_seated(round: Round) -> bool:
    return round.seats.exists()


def stored_sheet(table: Table) -> TableSheet | None:
    """The table's sheet with the people it names, or None before its first write."""
    sheet = (TableSheet.objects.select_related("scorekeeper", "submitted_by", "confirmed_by")
             .filter(table=table).first())
    if sheet is not None:
        sheet.table = table
    return sheet


def sheet_hands(sheet: TableSheet) -> list[HandRecord]:
    """Every hand of the sheet in order, deleted ones too, with who deleted or accepted it."""
    return list(sheet.hands.select_related("deleted_by", "mismatch_accepted_by")
                .order_by("number"))


def sheet_rulings(sheet: TableSheet) -> list[Any]:
    """The sheet's rulings with their referee, offender and hand, as the table page lists them."""
    return list(sheet.rulings.select_related("by", "offender__player", "hand"))
