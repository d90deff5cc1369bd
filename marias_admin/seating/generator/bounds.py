"""Lower bounds on what any seating must add to the cost, used to stop searching early and to
tell the organiser when the repeats that remain were unavoidable.

All bounds here are relaxations (capacity of tables ignored, each player on his own), so they
are valid but not always reached. The social-golfer maxima in ``designs.KNOWN_MAXIMA`` tighten
the pair bound where counting alone is too weak (20 players at tables of 4 for 6 rounds).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence


def _water_fill(counts: Sequence[int], need: int, cap: int) -> int:
    """Cheapest total of ``need`` increments when item i costs c_i, c_i + 1, ... (at most cap).

    Adding a meeting to a pair that met c times adds c to sum C(m, 2); this is the least a
    player can pay for ``need`` meetings spread over partners who each fit ``cap`` times.
    """
    if need <= 0:
        return 0
    zeros = counts.count(0) if isinstance(counts, list) else sum(1 for c in counts if c == 0)
    if zeros * min(cap, 1) >= need:
        return 0
    histogram: dict[int, int] = {}
    for c in counts:
        histogram[c] = histogram.get(c, 0) + 1
    total = 0
    level = 0
    remaining = need
    top = max(histogram) + cap
    while remaining > 0 and level < top:
        available = sum(k for c, k in histogram.items() if c <= level < c + cap)
        take = min(available, remaining)
        total += take * level
        remaining -= take
        level += 1
    if remaining > 0:  # more meetings than partners can absorb: impossible sizes, stay valid
        total += remaining * level
    return total


def pair_bound(met: Sequence[Sequence[int]], min_sizes: Sequence[int]) -> int:
    """Least increase of sum over pairs of C(meetings, 2) over rounds whose smallest table
    sizes are ``min_sizes`` (one entry per round), given the meeting counts ``met``."""
    rounds = len(min_sizes)
    need = sum(size - 1 for size in min_sizes)
    total = 0
    for p, row in enumerate(met):
        if row.count(0) - 1 >= need:  # the diagonal zero is not a partner
            continue
        partners = [c for q, c in enumerate(row) if q != p]
        total += _water_fill(partners, need, rounds)
    return (total + 1) // 2


def table_number_bound(table: Sequence[Sequence[int]], tables: int, rounds: int) -> int:
    """Least increase of sum over players and table numbers of C(times there, 2)."""
    total = 0
    for row in table:
        head = list(row[:tables])
        if head.count(0) >= rounds:
            continue
        total += _water_fill(head, rounds, rounds)
    return total


def odd_share_bound(odd: Sequence[int], odd_seats_per_round: Sequence[int]) -> int:
    """Least increase of sum over players of C(times at an odd-size table, 2).

    Exact when taken alone: each round the odd seats go to the players with the fewest so far.
    """
    counts = sorted(odd)
    total = 0
    for seats in odd_seats_per_round:
        seats = min(seats, len(counts))
        total += sum(counts[:seats])
        for i in range(seats):
            counts[i] += 1
        counts.sort()
    return total


def groups_per_round(
    history: Sequence[Sequence[Sequence[Hashable]]], present: set[Hashable]
) -> list[int]:
    """For each earlier round: its tables holding present players, plus those it left out."""
    out = []
    for seating in history:
        tables = [sum(1 for p in table if p in present) for table in seating]
        out.append(sum(1 for c in tables if c) + len(present) - sum(tables))
    return out


def plan_tables_bound(
    history_groups: Sequence[int], sizes_per_round: Sequence[Sequence[int]]
) -> int:
    """``earlier_tables_bound`` summed over new rounds, each against all rounds before it
    (played ones given by their group counts, new ones by their number of tables)."""
    total = 0
    groups = list(history_groups)
    for sizes in sizes_per_round:
        total += earlier_tables_bound(groups, sizes)
        groups.append(len(sizes))
    return total


def _spread(size: int, groups: int) -> int:
    """Least number of pairs from one group when ``size`` people come from ``groups`` groups."""
    if groups <= 0:
        return size * (size - 1) // 2
    q, r = divmod(size, groups)
    return r * (q + 1) * q // 2 + (groups - r) * q * (q - 1) // 2


def earlier_tables_bound(groups_per_round: Sequence[int], sizes: Sequence[int]) -> int:
    """Least repeats of one round by pigeonhole over each earlier round's tables.

    The repeats of a round add up over the earlier rounds (a pair that sat together in two
    earlier rounds counts twice). If an earlier round splits the present players into k groups
    (its tables, plus everybody it did not seat on his own), a new table of s players holds at
    least the pairs of s people spread as evenly as possible over k groups. Only small fields
    gain from this (8 players after one round at two tables of 4 must repeat 4 pairs).
    """
    return sum(_spread(size, groups) for groups in groups_per_round for size in sizes)
