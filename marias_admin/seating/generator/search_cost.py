"""The cost model of the repeat-avoiding search, and the state it is kept on.

The cost is lexicographic (domain rule: repeats first), realised as one integer with weights so
large that a lower criterion can never outweigh a higher one:

1. pairs meeting again: sum over pairs of C(times met, 2), so each earlier meeting counts;
1a. pairs of the same group (clubmates) at a table, weighted (see ``groups.py``; only when
   groups are given; ``before_repeats`` puts it above criterion 1);
2. ``static`` cost (only for rule-based rounds that are repaired: distance from the table the
   rule prescribed);
3. the same table number again: sum over players and table numbers of C(times there, 2);
4. unequal share of odd-size tables: sum over players of C(times at an odd table, 2);
5. the same seat again: sum over players and seat positions of C(times there, 2).

:class:`SearchState` holds the seating of the rounds being searched, ``counts`` (history plus
that seating) in step with it, the weights and the lower bounds, and seats a round greedily
when no initial seating is given. The moves (:mod:`.search_moves`), the post-pass
(:mod:`.search_post_pass`) and the search loop (:mod:`.optimiser`) build on it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .bounds import odd_share_bound, pair_bound, plan_tables_bound, table_number_bound
from .counts import Counts
from .editing import Lock, apply_locks

Cost = tuple[int, int, int, int, int, int]
"""(pairs, groups, static, table numbers, odd tables, seats): the criteria, in priority order
(groups before pairs when the groups are asked to come first)."""


@dataclass(slots=True)
class RoundSpec:
    """One round to be seated by the search.

    ``initial`` (tables of player indices) starts the search; without it a greedy seating
    does. ``classes`` limits swaps to players of the same class (pots, seat positions).
    ``static[p][t]`` is a fixed cost for player p at table t. ``renumber`` and ``reseat``
    allow the post-pass to permute equal-size tables and the seats within a table.
    ``locked`` (player → (table, seat or None), 0-based: the director's locked seats) puts
    those players there in the initial seating and keeps them there: no swap moves them, the
    post-pass neither renumbers their tables nor reseats a player locked to a seat, so the
    search optimises everyone else around them.
    """

    sizes: list[int]
    initial: list[list[int]] | None = None
    classes: list[int] | None = None
    static: list[list[int]] | None = None
    renumber: bool = True
    reseat: bool = True
    locked: dict[int, tuple[int, int | None]] | None = None


@dataclass(slots=True)
class SearchStats:
    """What a run did, for benchmarks and tests: ``cost`` and ``bound`` are increments."""

    iterations: int = 0
    evaluations: int = 0
    restarts: int = 0
    cost: Cost = (0, 0, 0, 0, 0, 0)
    bound: Cost = (0, 0, 0, 0, 0, 0)


def _c2(m: int) -> int:
    return m * (m - 1) // 2


class SearchState:
    """The rounds being searched and their cost; ``counts`` holds history plus the current
    seating.

    ``clash[p][q]`` (from ``groups.clash_matrix``) is what seating p and q at one table costs
    in the group criterion, ``group_floor`` its lower bound over all the free rounds, and
    ``groups_first`` ranks it above the repeats.
    """

    def __init__(
        self,
        counts: Counts,
        specs: list[RoundSpec],
        rng: random.Random,
        pair_floor: int = 0,
        history_groups: list[int] | None = None,
        clash: list[list[int]] | None = None,
        group_floor: int = 0,
        groups_first: bool = False,
    ) -> None:
        self.counts = counts
        self.specs = specs
        self.rng = rng
        self.n = len(counts.players)
        self.present = list(range(self.n))
        width = max(len(spec.sizes) for spec in specs)
        counts.ensure_tables(width)
        self.width = counts.tables
        preferred = counts.preferred
        self.oddflag = [[size != preferred for size in spec.sizes] for spec in specs]
        total_rounds = counts.rounds + len(specs)
        span = self.n * _c2(total_rounds + 1) + 1
        static_span = 1 + sum(
            max(max(row) for row in spec.static) * self.n for spec in specs if spec.static
        )
        self.w_seat = 1
        self.w_odd = span
        self.w_table = span * span
        self.w_static = span * span * span
        self.clash = clash
        # The pair and group criteria are both sums over pairs at a table, so the swap delta
        # reads one matrix ``eff = pair_scale * met + group_scale * clash`` (in units of
        # ``w_unit``), kept up to date with ``met``; without groups it simply is ``met``.
        self.pair_scale, self.group_scale = 1, 0
        self.groups_first = clash is not None and groups_first
        self.w_group = 0
        self.w_pair = self.w_static * static_span
        self.w_unit = self.w_pair
        if clash is not None:
            seated_pairs = sum(_c2(size) for spec in specs for size in spec.sizes)
            top_clash = max(max(row) for row in clash)
            if groups_first:
                self.group_scale = 1 + seated_pairs * total_rounds  # beyond any pair increase
                self.w_group = self.w_pair * self.group_scale
            else:
                self.pair_scale = 1 + seated_pairs * top_clash  # beyond any group cost
                self.w_group = self.w_static * static_span
                self.w_pair = self.w_group * self.pair_scale
                self.w_unit = self.w_group
                self.group_scale = 1
        self.eff = counts.met if clash is None else self._effective()
        self.members: list[list[list[int]]] = []
        self.base = self._components()
        self._base_table = self.base[3]
        bound = self._bounds()
        pigeonhole = plan_tables_bound(history_groups or [], [spec.sizes for spec in specs])
        self.bound = (max(bound[0], pair_floor, pigeonhole), group_floor, *bound[2:])
        self.where: list[list[int]] = []
        # Per round: the players no move may take away (locked), for the moves and post-pass.
        self.pinned: list[list[bool]] | None = None
        if any(spec.locked for spec in specs):
            self.pinned = [[p in (spec.locked or {}) for p in range(self.n)] for spec in specs]
        for r, spec in enumerate(specs):
            tables = spec.initial if spec.initial is not None else self._greedy(r)
            if spec.locked:
                if spec.initial is None:
                    self._add_round(tables, sign=-1)  # undone: placed again with the locks
                tables = self._place_locked(spec, tables)
                # the locks may renumber tables of different sizes: sizes follow the tables
                spec.sizes = [len(table) for table in tables]
                self.oddflag[r] = [len(table) != preferred for table in tables]
            if spec.initial is not None or spec.locked:
                self._add_round(tables)
            self.members.append([list(t) for t in tables])
            where = [-1] * self.n
            for t, mem in enumerate(tables):
                for p in mem:
                    where[p] = t
            self.where.append(where)
        self.stats = SearchStats(bound=self.bound)

    # -- cost bookkeeping -------------------------------------------------------------------

    def _effective(self) -> list[list[int]]:
        assert self.clash is not None
        a, c = self.pair_scale, self.group_scale
        return [
            [a * m + c * k for m, k in zip(row, crow, strict=True)]
            for row, crow in zip(self.counts.met, self.clash, strict=True)
        ]

    def _add_round(self, tables: list[list[int]], sign: int = 1) -> None:
        """``counts.add_round`` that keeps ``eff`` in step."""
        self.counts.add_round(tables, sign)
        if self.clash is None:
            return
        eff, step = self.eff, sign * self.pair_scale
        for mem in tables:
            for p in mem:
                row = eff[p]
                for q in mem:
                    if q != p:
                        row[q] += step

    def _group_cost(self) -> int:
        clash = self.clash
        if clash is None:
            return 0
        total = 0
        for tables in self.members:
            for mem in tables:
                for i, p in enumerate(mem):
                    row = clash[p]
                    total += sum(row[q] for q in mem[i + 1 :])
        return total

    def _components(self) -> Cost:
        """Totals of the criteria over whatever ``counts`` holds."""
        counts = self.counts
        pairs = 0
        for p in self.present:
            row = counts.met[p]
            pairs += sum(_c2(row[q]) for q in self.present if q > p and row[q] > 1)
        tables = sum(_c2(c) for p in self.present for c in counts.table[p] if c > 1)
        odd = sum(_c2(counts.odd[p]) for p in self.present)
        seats = sum(_c2(c) for p in self.present for c in counts.seat[p] if c > 1)
        static = 0
        for r, spec in enumerate(self.specs):
            if spec.static and r < len(self.members):
                for t, mem in enumerate(self.members[r]):
                    static += sum(spec.static[p][t] for p in mem)
        return pairs, self._group_cost(), static, tables, odd, seats

    def _bounds(self) -> Cost:
        counts = self.counts
        present = self.present
        met = [[counts.met[p][q] for q in present] for p in present]
        pairs = pair_bound(met, [min(spec.sizes) for spec in self.specs])
        width = max(len(spec.sizes) for spec in self.specs)
        tables = table_number_bound([counts.table[p] for p in present], width, len(self.specs))
        odd_seats = [
            sum(size for size, odd in zip(spec.sizes, flags, strict=True) if odd)
            for spec, flags in zip(self.specs, self.oddflag, strict=True)
        ]
        odd = odd_share_bound([counts.odd[p] for p in present], odd_seats)
        widest = max(max(spec.sizes) for spec in self.specs)
        seats = table_number_bound([counts.seat[p] for p in present], widest, len(self.specs))
        return pairs, 0, 0, tables, odd, seats

    def scalar(self, parts: Cost) -> int:
        return (
            parts[0] * self.w_pair
            + parts[1] * self.w_group
            + parts[2] * self.w_static
            + parts[3] * self.w_table
            + parts[4] * self.w_odd
            + parts[5] * self.w_seat
        )

    def _open(self, cost: int) -> tuple[bool, bool]:
        """Whether the pairs, and the groups, of a scalar cost are still above their bounds."""
        if self.clash is None:
            return cost // self.w_pair > self.bound[0], False
        top = cost // self.w_unit
        if self.groups_first:  # top = groups * scale + pairs
            groups, pairs = divmod(top, self.group_scale)
        else:
            pairs, groups = divmod(top, self.pair_scale)
        return pairs > self.bound[0], groups > self.bound[1]

    def increments(self) -> Cost:
        now = self._components()
        return tuple(a - b for a, b in zip(now, self.base, strict=True))  # type: ignore[return-value]

    # -- construction -----------------------------------------------------------------------

    def _place_locked(self, spec: RoundSpec, tables: list[list[int]]) -> list[list[int]]:
        """The starting seating with every locked player at his table (and seat), players
        moved out of the way chosen by fewest meetings (``editing.apply_locks``); swaps
        within a class keep to it: a locked player is a class of his own, so none reaches him.
        """
        locked = spec.locked or {}
        met = self.counts.met
        placed = apply_locks(
            tables,
            {p: Lock(t + 1, None if s is None else s + 1) for p, (t, s) in locked.items()},
            met=lambda a, b: met[a][b],
        )
        base = spec.classes or [0] * self.n
        spec.classes = [-1 - p if p in locked else base[p] for p in range(self.n)]
        return [list(table) for table in placed]

    def locked_seats(self, r: int) -> dict[int, int]:
        """Round r's players locked to a seat → that seat (0-based)."""
        locked = self.specs[r].locked or {}
        return {p: s for p, (_t, s) in locked.items() if s is not None}

    def locked_tables(self, r: int) -> set[int]:
        """Round r's tables holding a locked player: their numbers stay."""
        return {t for t, _s in (self.specs[r].locked or {}).values()}

    def _greedy(self, r: int) -> list[list[int]]:
        """Seat players one by one, in random order, at the cheapest table with a free seat."""
        spec = self.specs[r]
        sizes = spec.sizes
        counts = self.counts
        met, tn, odd = counts.met, counts.table, counts.odd
        eff, step = self.eff, self.pair_scale
        oddflag = self.oddflag[r]
        static = spec.static
        w_pair, w_table, w_static = self.w_unit, self.w_table, self.w_static
        w_odd = self.w_odd
        order = list(self.present)
        self.rng.shuffle(order)
        tables: list[list[int]] = [[] for _ in sizes]
        open_tables = list(range(len(sizes)))
        for p in order:
            mp = eff[p]
            tp = tn[p]
            op = odd[p]
            seat_p = counts.seat[p]
            sp = static[p] if static else None
            best_cost = -1
            best_t = -1
            for t in open_tables:
                c = 0
                for x in tables[t]:
                    c += mp[x]
                cost = c * w_pair + tp[t] * w_table + seat_p[len(tables[t])]
                if oddflag[t]:
                    cost += op * w_odd
                if sp is not None:
                    cost += sp[t] * w_static
                if best_t < 0 or cost < best_cost:
                    best_cost, best_t = cost, t
            mem = tables[best_t]
            for x in mem:
                met[p][x] += 1
                met[x][p] += 1
                if eff is not met:
                    mp[x] += step
                    eff[x][p] += step
            mem.append(p)
            tp[best_t] += 1
            counts.seat[p][len(mem) - 1] += 1
            if oddflag[best_t]:
                odd[p] += 1
            if len(mem) == sizes[best_t]:
                open_tables.remove(best_t)
        counts.rounds += 1
        return tables
