"""Independent checks of seatings, written without the package's own counting code."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations


def pair_counts(rounds: Iterable[Sequence[Sequence[object]]]) -> Counter[frozenset[object]]:
    counts: Counter[frozenset[object]] = Counter()
    for seating in rounds:
        for table in seating:
            for a, b in combinations(table, 2):
                counts[frozenset((a, b))] += 1
    return counts


def repeats(rounds: Iterable[Sequence[Sequence[object]]]) -> int:
    """Sum over pairs of C(times together, 2): every earlier meeting counts once more."""
    return sum(m * (m - 1) // 2 for m in pair_counts(rounds).values())


def assert_valid_round(seating: Sequence[Sequence[object]], players: Iterable[object]) -> None:
    seated = [p for table in seating for p in table]
    assert sorted(map(repr, seated)) == sorted(map(repr, players)), "each player exactly once"
    assert all(len(table) in (3, 4) for table in seating)
