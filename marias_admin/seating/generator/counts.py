"""Who met whom, where and in which seat: the history reduced to counters.

Every method that looks at earlier rounds (the optimiser, the quality report, the lower bound)
needs the same four counters, so they are built once here over player *indices* 0..n-1. Players
in the history who are no longer in the field (withdrawn) are ignored; late entries simply start
at zero.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .types import ErrorCode, History, PlayerId, SeatingError

MAX_TABLE = 4


def _sort_key(player: PlayerId) -> tuple[str, object]:
    return (type(player).__name__, player)


def canonical_order(players: Iterable[PlayerId]) -> list[PlayerId]:
    """The players in an order that does not depend on how the caller happened to list them.

    Reproducibility from a stored seed must survive a database returning rows in another
    order, so ids are sorted (by type name, then value; by ``repr`` when not comparable).
    Raises ``SeatingError`` on duplicates.
    """
    listed = list(players)
    if len(set(listed)) != len(listed):
        seen: set[PlayerId] = set()
        dupes = []
        for p in listed:
            if p in seen:
                dupes.append(p)
            seen.add(p)
        raise SeatingError(ErrorCode.DUPLICATE_PLAYER, f"players listed twice: {dupes[:5]}")
    try:
        return sorted(listed, key=_sort_key)
    except TypeError:
        return sorted(listed, key=repr)


@dataclass(slots=True)
class Counts:
    """Counters over player indices; ``met`` is symmetric with a zero diagonal."""

    players: list[PlayerId]
    index: dict[PlayerId, int]
    preferred: int
    met: list[list[int]]
    table: list[list[int]]
    seat: list[list[int]]
    odd: list[int]
    rounds: int = 0

    @classmethod
    def empty(
        cls, players: Sequence[PlayerId], preferred: int, tables: int, seats: int = MAX_TABLE
    ) -> Counts:
        n = len(players)
        return cls(
            players=list(players),
            index={p: i for i, p in enumerate(players)},
            preferred=preferred,
            met=[[0] * n for _ in range(n)],
            table=[[0] * tables for _ in range(n)],
            seat=[[0] * seats for _ in range(n)],
            odd=[0] * n,
        )

    @classmethod
    def build(
        cls, players: Sequence[PlayerId], history: History, preferred: int, tables: int
    ) -> Counts:
        """Counters for ``players`` (in this order) after the rounds in ``history``."""
        width = max([tables, *(len(seating) for seating in history)])
        seats = max([MAX_TABLE, *(len(table) for seating in history for table in seating)])
        counts = cls.empty(players, preferred, width, seats)
        for seating in history:
            counts.add_round(counts.to_indices(seating, strict=False))
        return counts

    @property
    def tables(self) -> int:
        return len(self.table[0]) if self.table else 0

    def to_indices(
        self, seating: Sequence[Sequence[PlayerId]], strict: bool = True
    ) -> list[list[int]]:
        """Translate a seating to indices, dropping unknown players unless ``strict``."""
        out: list[list[int]] = []
        index = self.index
        for table in seating:
            row: list[int] = []
            for player in table:
                i = index.get(player)
                if i is None:
                    if strict:
                        raise SeatingError(
                            ErrorCode.UNKNOWN_PLAYER, f"player {player!r} is not in the field"
                        )
                    row.append(-1)
                else:
                    row.append(i)
            out.append(row)
        return out

    def ensure_tables(self, tables: int) -> None:
        if tables > self.tables:
            extra = tables - self.tables
            for row in self.table:
                row.extend([0] * extra)

    def add_round(self, tables: Sequence[Sequence[int]], sign: int = 1) -> None:
        """Add (or with ``sign=-1`` remove) one round given as index lists; -1 marks a gap.

        Seats and table sizes are those of the full table as played, so a withdrawn player's
        empty chair still makes the table the size it was.
        """
        self.ensure_tables(len(tables))
        met, table_count, seat, odd = self.met, self.table, self.seat, self.odd
        preferred = self.preferred
        for number, members in enumerate(tables):
            is_odd = len(members) != preferred
            present = [p for p in members if p >= 0]
            for position, p in enumerate(members):
                if p < 0:
                    continue
                table_count[p][number] += sign
                seat[p][position] += sign
                if is_odd:
                    odd[p] += sign
                row = met[p]
                for q in present:
                    if q != p:
                        row[q] += sign
        self.rounds += sign
