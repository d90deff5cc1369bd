"""Read-side of the table sheet: the running account, totals, reconciliation, permissions."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet

from marias_admin.audit.models import AuditEntry
from marias_admin.seating.models import Seat, Table
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
        .distinct().order_by("username"))


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


def can_write(user: Any, sheet: TableSheet, seats: list[Seat], tournament: Any) -> bool:
    """Organisers, referees, the table's scorekeeper; an unclaimed sheet also any scorekeeper
    of the tournament or a player seated at the table."""
    if not getattr(user, "is_authenticated", False):
        return False
    roles = user_roles(user, tournament)
    if roles & {Role.ORGANISER, Role.REFEREE}:
        return True
    if sheet.scorekeeper_id is not None:
        return sheet.scorekeeper_id == user.pk
    return Role.SCOREKEEPER in roles or user.pk in seated_user_ids(seats)


def can_confirm(user: Any, sheet: TableSheet, seats: list[Seat], tournament: Any) -> bool:
    """Another player at the table, a referee or an organiser; never who submitted."""
    if not getattr(user, "is_authenticated", False) or user.pk == sheet.submitted_by_id:
        return False
    roles = user_roles(user, tournament)
    return bool(roles & {Role.ORGANISER, Role.REFEREE}) or user.pk in seated_user_ids(seats)


def is_referee(user: Any, tournament: Any) -> bool:
    return bool(user_roles(user, tournament) & {Role.ORGANISER, Role.REFEREE})
