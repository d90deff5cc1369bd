"""Quality report of a seating against the rounds before it, with a lower bound on repeats.

The round page shows which pairs meet again and whether that was unavoidable; manual swaps are
checked with the same report. "Repeats" count every earlier meeting: a pair sitting together
for the third time adds 2. Over a plan this is the sum over pairs of C(times together, 2).

The lower bound is a counting bound: a player at a table of s meets s − 1 others, and he can
meet only so many players he has not met yet; beyond that each meeting costs at least what the
cheapest repeated partner costs (see ``bounds.pair_bound``). For the small fields whose
zero-repeat maximum is known (``designs.KNOWN_MAXIMA``), a whole field playing more rounds than
that maximum must repeat at least once. ``unavoidable`` is set when the repeats equal the bound,
i.e. no seating could have done better.

Given groups to keep apart (clubs, ``groups.KeepApart``), each round also lists the pairs of
the same group at a table, with a lower bound (each group spread as evenly as the tables allow).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from .bounds import earlier_tables_bound, groups_per_round, pair_bound, plan_tables_bound
from .counts import Counts, canonical_order
from .designs import KNOWN_MAXIMA
from .groups import Groupings, group_bound, group_pairs
from .sizing import table_sizes
from .types import History, PlayerId


@dataclass(frozen=True, slots=True)
class RepeatedPair:
    """Two players at the same table again; ``previous`` = times they sat together before."""

    players: tuple[PlayerId, PlayerId]
    table: int
    previous: int


@dataclass(frozen=True, slots=True)
class GroupPair:
    """Two players of the same group (clubmates) at one table."""

    players: tuple[PlayerId, PlayerId]
    table: int


@dataclass(frozen=True, slots=True)
class RoundQuality:
    """How one round fares against everything before it (all counts, lower = better).

    ``same_table_number``: earlier rounds the seated players spent at the same table number;
    ``odd_table_repeats``: earlier odd-size-table rounds of the players now at an odd table;
    ``odd_table_spread``: most minus fewest odd-table rounds over the field after this round;
    ``same_seat``: earlier rounds in the same seat position;
    ``group_pairs``: players of the same group at one table (with groups given), at least
    ``group_lower_bound`` of them (in the groupings' weights) whatever the seating.
    """

    repeated_pairs: tuple[RepeatedPair, ...]
    repeats: int
    same_table_number: int
    odd_table_repeats: int
    odd_table_spread: int
    same_seat: int
    lower_bound: int
    unavoidable: bool
    group_pairs: tuple[GroupPair, ...] = ()
    group_lower_bound: int = 0


@dataclass(frozen=True, slots=True)
class PlanQuality:
    """Several rounds after a history; ``max_meetings`` = most rounds any pair shared."""

    rounds: tuple[RoundQuality, ...]
    repeats: int
    lower_bound: int
    unavoidable: bool
    max_meetings: int
    same_table_number: int
    odd_table_repeats: int
    same_seat: int


def preferred_size(seatings: Sequence[Sequence[Sequence[PlayerId]]]) -> int:
    """The usual table size of these rounds: the most common one (4 on a tie)."""
    sizes = Counter(len(table) for seating in seatings for table in seating)
    if not sizes:
        return 4
    return max(sizes, key=lambda size: (sizes[size], size))


def _known_floor(
    players: int, table_size: int, seatings: Sequence[Sequence[Sequence[PlayerId]]]
) -> int:
    """1 when these rounds are a whole field beyond its known zero-repeat maximum, else 0."""
    maximum = KNOWN_MAXIMA.get((players, table_size))
    if maximum is None or len(seatings) <= maximum:
        return 0
    field = None
    for seating in seatings:
        seated = frozenset(p for table in seating for p in table)
        if any(len(table) != table_size for table in seating) or len(seated) != players:
            return 0
        if field is not None and seated != field:
            return 0
        field = seated
    return 1


def _assess(counts: Counts, seating: list[list[int]], floor: int) -> RoundQuality:
    met, table_count, seat, odd = counts.met, counts.table, counts.seat, counts.odd
    preferred = counts.preferred
    pairs: list[RepeatedPair] = []
    repeats = same_table = odd_repeats = same_seat = 0
    for number, members in enumerate(seating):
        is_odd = len(members) != preferred
        for position, p in enumerate(members):
            same_table += table_count[p][number] if number < counts.tables else 0
            same_seat += seat[p][position]
            if is_odd:
                odd_repeats += odd[p]
            for q in members[position + 1 :]:
                if met[p][q]:
                    repeats += met[p][q]
                    a, b = counts.players[p], counts.players[q]
                    pairs.append(RepeatedPair((a, b), number + 1, met[p][q]))
    present = [p for members in seating for p in members]
    sub = [[met[p][q] for q in present] for p in present]
    bound = max(pair_bound(sub, [min(len(t) for t in seating)]), floor)
    after = list(odd)
    for members in seating:
        if len(members) != preferred:
            for p in members:
                after[p] += 1
    spread = max(after[p] for p in present) - min(after[p] for p in present)
    return RoundQuality(
        repeated_pairs=tuple(pairs),
        repeats=repeats,
        same_table_number=same_table,
        odd_table_repeats=odd_repeats,
        odd_table_spread=spread,
        same_seat=same_seat,
        lower_bound=bound,
        unavoidable=repeats == bound,
    )


def _history_repeats(history: History) -> int:
    seen: Counter[frozenset[PlayerId]] = Counter()
    total = 0
    for seating in history:
        for table in seating:
            for i, p in enumerate(table):
                for q in table[i + 1 :]:
                    key = frozenset((p, q))
                    total += seen[key]
                    seen[key] += 1
    return total


def assess_round(
    seating: Sequence[Sequence[PlayerId]],
    history: History = (),
    table_size: int | None = None,
    keep_apart: Groupings = None,
) -> RoundQuality:
    """Report for ``seating`` against ``history`` (earlier rounds, oldest first)."""
    return assess_plan([seating], history, table_size, keep_apart).rounds[0]


def _with_groups(
    report: RoundQuality, seating: Sequence[Sequence[PlayerId]], keep_apart: Groupings
) -> RoundQuality:
    pairs = tuple(GroupPair((p, q), table) for p, q, table in group_pairs(seating, keep_apart))
    present = [p for table in seating for p in table]
    bound = group_bound(present, keep_apart, len(seating))
    return replace(report, group_pairs=pairs, group_lower_bound=bound)


def assess_plan(
    rounds: Sequence[Sequence[Sequence[PlayerId]]],
    history: History = (),
    table_size: int | None = None,
    keep_apart: Groupings = None,
) -> PlanQuality:
    """Report for ``rounds`` played in order after ``history``; with ``keep_apart`` each
    round also names its group pairs (clubmates at a table)."""
    everything = [*history, *rounds]
    size = table_size or preferred_size(everything)
    players = canonical_order({p for seating in everything for table in seating for p in table})
    counts = Counts.build(players, history, size, max(len(s) for s in everything))
    floor_total = _known_floor(
        len({p for table in rounds[0] for p in table}) if rounds else 0, size, everything
    )
    history_repeats = _history_repeats(history) if floor_total else 0
    reports: list[RoundQuality] = []
    first_bound = 0
    if rounds:
        present = sorted({counts.index[p] for table in rounds[0] for p in table})
        sub = [[counts.met[p][q] for q in present] for p in present]
        first_bound = pair_bound(sub, [min(len(t) for t in seating) for seating in rounds])
        present_ids = {p for table in rounds[0] for p in table}
        first_bound = max(
            first_bound,
            plan_tables_bound(
                groups_per_round(history, present_ids), [[len(t) for t in s] for s in rounds]
            ),
        )
    for i, seating in enumerate(rounds):
        indices = counts.to_indices(seating)
        done = len(history) + i + 1
        floor = 0
        if _known_floor(len(counts.players), size, everything[:done]):
            floor = max(0, 1 - _history_repeats(everything[: done - 1]))
        seated = {p for table in seating for p in table}
        groups = groups_per_round(everything[: done - 1], seated)
        floor = max(floor, earlier_tables_bound(groups, [len(table) for table in seating]))
        reports.append(_with_groups(_assess(counts, indices, floor), seating, keep_apart))
        counts.add_round(indices)
    repeats = sum(r.repeats for r in reports)
    bound = max(first_bound, max(0, floor_total - history_repeats))
    return PlanQuality(
        rounds=tuple(reports),
        repeats=repeats,
        lower_bound=bound,
        unavoidable=repeats == bound,
        max_meetings=max((max(row) for row in counts.met), default=0),
        same_table_number=sum(r.same_table_number for r in reports),
        odd_table_repeats=sum(r.odd_table_repeats for r in reports),
        same_seat=sum(r.same_seat for r in reports),
    )


def plan_lower_bound(
    players: int, table_size: int, rounds: int, max_odd_tables: int | None = None
) -> int:
    """Least repeats any plan of ``rounds`` rounds for a fresh field of ``players`` can have."""
    sizes = table_sizes(players, table_size, max_small_tables=max_odd_tables)
    met = [[0] * players for _ in range(players)]
    bound = pair_bound(met, [min(sizes)] * rounds)
    maximum = KNOWN_MAXIMA.get((players, table_size))
    if maximum is not None and rounds > maximum and len(set(sizes)) == 1:
        bound = max(bound, 1)
    return bound
