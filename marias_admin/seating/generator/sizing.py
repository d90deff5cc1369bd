"""How many tables of which size a field of n players needs.

ČSM (docs/csm-licitovany.md#table-and-roles, rule B.2) plays at tables of 4 and allows up to
three tables of 3; SZMK (docs/szmk.md#tournament-and-seating) plays at tables of 3 and puts the
remainder at tables of 4 (one player sits out per hand). Both are the same arithmetic: the
fewest "odd" tables whose size differs from the preferred one by one, so that the rest divides
evenly. Preferred-size tables come first (the top table numbers), odd tables last.
"""

from __future__ import annotations

from dataclasses import dataclass

from .types import ErrorCode, SeatingError

CSM_TABLE = 4
SZMK_TABLE = 3
SUPPORTED_SIZES = (SZMK_TABLE, CSM_TABLE)


def odd_size_for(preferred: int) -> int:
    """The size of the odd tables: 3 beside tables of 4, 4 beside tables of 3."""
    if preferred == CSM_TABLE:
        return SZMK_TABLE
    if preferred == SZMK_TABLE:
        return CSM_TABLE
    raise SeatingError(
        ErrorCode.UNSUPPORTED_TABLE_SIZE,
        f"table size {preferred} is not supported (use 3 or 4)",
    )


@dataclass(frozen=True, slots=True)
class TableSizing:
    """A federation's sizing rule; ``max_odd_tables`` is the configurable limit."""

    preferred: int
    max_odd_tables: int

    @property
    def odd(self) -> int:
        return odd_size_for(self.preferred)

    def sizes(self, n: int) -> list[int]:
        return table_sizes(n, self.preferred, max_small_tables=self.max_odd_tables)


CSM = TableSizing(preferred=CSM_TABLE, max_odd_tables=3)
SZMK = TableSizing(preferred=SZMK_TABLE, max_odd_tables=2)


def odd_table_count(n: int, preferred: int) -> int:
    """The fewest odd-size tables for n players: (4 − n mod 4) mod 4, or n mod 3."""
    odd = odd_size_for(preferred)
    for count in range(preferred):
        if (n - count * odd) % preferred == 0:
            return count
    raise AssertionError("unreachable: sizes p and p±1 always combine")  # pragma: no cover


def table_sizes(n: int, preferred: int, max_small_tables: int | None = None) -> list[int]:
    """Table sizes for n players in table order: preferred-size tables first, odd ones last.

    ``max_small_tables`` caps the number of odd-size tables (default: no cap beyond what the
    remainder needs, i.e. 3 for tables of 4 and 2 for tables of 3). Raises ``SeatingError``
    with code ``TOO_FEW_PLAYERS`` below one table, ``CANNOT_SPLIT`` when n cannot be made of
    the two sizes (n = 5 at either size) and ``TOO_MANY_ODD_TABLES`` over the cap.
    """
    odd = odd_size_for(preferred)
    smallest = min(preferred, odd)
    if n < smallest:
        raise SeatingError(
            ErrorCode.TOO_FEW_PLAYERS, f"{n} players cannot fill a table of {smallest}"
        )
    count = odd_table_count(n, preferred)
    rest = n - count * odd
    if rest < 0:
        raise SeatingError(
            ErrorCode.CANNOT_SPLIT,
            f"{n} players cannot be split into tables of {preferred} and {odd}",
        )
    if max_small_tables is not None and count > max_small_tables:
        raise SeatingError(
            ErrorCode.TOO_MANY_ODD_TABLES,
            f"{n} players need {count} tables of {odd}, more than the allowed {max_small_tables}",
        )
    return [preferred] * (rest // preferred) + [odd] * count


def validate_sizes(sizes: list[int], n: int) -> None:
    """Check that a list of table sizes seats exactly n players at supported sizes."""
    if sum(sizes) != n or any(size not in SUPPORTED_SIZES for size in sizes):
        raise SeatingError(ErrorCode.CANNOT_SPLIT, f"table sizes {sizes} do not seat {n} players")
