"""A director's edits of a seated round, decided without the database.

Two decisions live here so they can be tested on plain data:

* :func:`place_late_entry` — where a player registered after the seating goes in the round
  in play. The family's table sizes decide (``sizing.py``): a table one short of the
  preferred size is filled (ČSM: a table of 3 becomes 4); a table may grow to the odd size
  only while the tournament's limit on odd tables allows (SZMK: a table of 3 becomes 4 only
  when that limit is not reached); otherwise the player waits with a bye, and as soon as the
  waiting players fill a table of an allowed size they get a new table. Tables of exactly
  four (křížový, partnerships) never change size: the entrant waits for a bye until four
  are waiting. Tables whose sheets hold results are never touched.
* :func:`apply_locks` — a seating honours the director's locks (a player always at table N,
  seat S, or at table N in any seat): the tables are renumbered and, where unavoidable,
  locked players exchanged with free ones, so every locked player ends where he is locked and
  everyone else stays at the table he had as far as possible. The optimiser uses it for its
  starting seating and then never moves a locked player (``RoundSpec.locked``), so the plan
  around them is optimised; a rule's or lot's seating is patched by it afterwards.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar

from .sizing import odd_size_for


class PlacementKind(StrEnum):
    FILL = "fill"  # an existing table gets one more player
    NEW_TABLE = "new_table"  # the entrant and waiting players form a new table
    BYE = "bye"  # the entrant waits (a bye this round)


@dataclass(frozen=True, slots=True)
class TableState:
    """One table of the round as the late entry sees it."""

    number: int
    size: int
    has_results: bool = False


@dataclass(frozen=True, slots=True)
class Placement:
    kind: PlacementKind
    table: int | None = None  # FILL, NEW_TABLE: its number
    seat: int | None = None  # FILL: the new seat (the table's size + 1)
    waiting: tuple[int, ...] = ()  # NEW_TABLE: how many of the waiting (by index) join


def allowed_sizes(preferred: int, max_odd_tables: int, full_tables_only: bool) -> tuple[int, ...]:
    """Table sizes the family allows: the preferred one, and the odd one when any are allowed."""
    if full_tables_only:
        return (4,)
    return (preferred,) if max_odd_tables <= 0 else (preferred, odd_size_for(preferred))


def place_late_entry(
    tables: Sequence[TableState],
    waiting: int,
    *,
    preferred: int,
    max_odd_tables: int,
    full_tables_only: bool = False,
) -> Placement:
    """Where one late entrant goes; ``waiting`` is how many players already wait with a bye.

    Order: fill a table to the preferred size (lowest number first); else a new table of the
    preferred size from the waiting players; else grow a table to the odd size, or a new odd
    table, while the odd-table limit allows; else a bye.
    """
    sizes = allowed_sizes(preferred, max_odd_tables, full_tables_only)
    next_number = max((t.number for t in tables), default=0) + 1
    if full_tables_only:
        if waiting + 1 >= 4:
            return Placement(PlacementKind.NEW_TABLE, table=next_number, waiting=(0, 1, 2))
        return Placement(PlacementKind.BYE)
    open_tables = sorted((t for t in tables if not t.has_results), key=lambda t: t.number)
    placement = _table_of(preferred, open_tables, waiting, next_number)
    if placement is None and len(sizes) > 1:
        odd = sizes[1]
        if sum(1 for t in tables if t.size == odd) < max_odd_tables:
            placement = _table_of(odd, open_tables, waiting, next_number)
    return placement or Placement(PlacementKind.BYE)


def _table_of(size: int, open_tables: Sequence[TableState], waiting: int,
              next_number: int) -> Placement | None:
    """A table of ``size`` for the entrant: an open table one short of it (lowest number
    first), else a new one with enough of the waiting players; None when neither."""
    for t in open_tables:
        if t.size + 1 == size:
            return Placement(PlacementKind.FILL, table=t.number, seat=t.size + 1)
    if waiting + 1 >= size:
        return Placement(PlacementKind.NEW_TABLE, table=next_number,
                         waiting=tuple(range(size - 1)))
    return None


# --- locks ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Lock:
    """A player who must sit at ``table`` (1-based), in ``seat`` if given (1-based)."""

    table: int
    seat: int | None = None


class LockError(ValueError):
    """The locks cannot all hold in this seating; ``code`` names why, ``params`` where."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


P = TypeVar("P", bound=Hashable)


def apply_locks(
    seating: Sequence[Sequence[P]],
    locks: Mapping[P, Lock],
    met: Callable[[P, P], int] | None = None,
) -> list[tuple[P, ...]]:
    """The seating with every locked player where locked; the table sizes stay as they are.

    ``met(a, b)``: how often two players met before; a locked player who must change table
    is exchanged with the free player whose move costs the fewest new meetings. Locks of
    players not in the seating are ignored (a withdrawn player). Raises :class:`LockError`
    when locks contradict each other or the table sizes.
    """
    meetings: Callable[[P, P], int] = met or (lambda _a, _b: 0)
    tables = [list(t) for t in seating]
    present = {p for t in tables for p in t}
    active = {p: lock for p, lock in locks.items() if p in present}
    by_table: dict[int, list[P]] = {}
    seats_taken: dict[tuple[int, int], P] = {}
    for player, lock in sorted(active.items(), key=lambda item: (item[1].table, str(item[0]))):
        if not 1 <= lock.table <= len(tables):
            raise LockError("table_missing", table=lock.table, player=player)
        if lock.seat is not None:
            other = seats_taken.setdefault((lock.table, lock.seat), player)
            if other != player:
                raise LockError("seat_twice", table=lock.table, seat=lock.seat,
                                player=player, other=other)
        by_table.setdefault(lock.table, []).append(player)
    # Which generated table becomes number N: the one holding most of N's locked players,
    # among those large enough for its locked seats and its locked players.
    assignment: dict[int, int] = {}  # table number (0-based) → index in ``tables``
    used: set[int] = set()
    need = {number: max([len(players)] + [active[p].seat or 0 for p in players])
            for number, players in by_table.items()}
    for number in sorted(by_table, key=lambda n: (-need[n], n)):  # big tables are scarce
        players = by_table[number]
        candidates = [i for i, t in enumerate(tables) if i not in used and len(t) >= need[number]]
        if not candidates:
            raise LockError("table_too_small", table=number, size=need[number])
        best = max(candidates, key=lambda i: (sum(1 for p in players if p in tables[i]),
                                              -abs(i - (number - 1)), -i))
        assignment[number - 1] = best
        used.add(best)
    rest = [i for i in range(len(tables)) if i not in used]
    order: list[int] = []
    for number in range(len(tables)):
        order.append(assignment[number] if number in assignment else rest.pop(0))
    tables = [tables[i] for i in order]
    locked_at = {p: lock.table - 1 for p, lock in active.items()}
    # Bring each locked player to his table, exchanging him with a free player there.
    for player, target in sorted(locked_at.items(), key=lambda item: (item[1], str(item[0]))):
        source = next(i for i, t in enumerate(tables) if player in t)
        if source == target:
            continue
        # Anyone not locked to this table may make room; a player locked to a later table
        # moves on from the source table in his turn, so free players are preferred.
        free = [p for p in tables[target] if locked_at.get(p) != target]
        if not free:  # the count was checked above; a full table of locked players is refused
            raise LockError("table_too_small", table=target + 1, size=len(tables[target]) + 1)

        def cost(candidate: P, source: int = source, target: int = target,
                 player: P = player) -> tuple[bool, int, str]:
            there = sum(meetings(candidate, q) for q in tables[source] if q != player)
            here = sum(meetings(player, q) for q in tables[target] if q != candidate)
            return candidate in locked_at, there + here, str(candidate)

        partner = min(free, key=cost)
        tables[source][tables[source].index(player)] = partner
        tables[target][tables[target].index(partner)] = player
    # Seats: locked seats first, the others keep their order in the remaining seats.
    result: list[tuple[P, ...]] = []
    for index, table in enumerate(tables):
        fixed = {active[p].seat: p for p in table if p in active and active[p].seat is not None
                 and active[p].table == index + 1}
        if any(s is not None and s > len(table) for s in fixed):
            raise LockError("seat_missing", table=index + 1, seat=max(s or 0 for s in fixed))
        others = iter([p for p in table if p not in fixed.values()])
        result.append(tuple(fixed[s] if s in fixed else next(others)
                            for s in range(1, len(table) + 1)))
    return result
