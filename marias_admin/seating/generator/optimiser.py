"""Repeat-avoiding optimiser: a tabu search over one or several rounds at once.

The search follows Dotú & Van Hentenryck's local search for the social golfer problem: the
moves swap two players of the same round who sit at different tables, at least one of whom is
"in conflict"; the best non-tabu swap is taken even when it makes things worse, a player may not
return to the table he just left for a few iterations, and the search restarts from the best
seating with a small random shake when it stalls.

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

After the search, a post-pass re-numbers whole tables of equal size (which changes no pair) and
re-orders the seats of each table against every other round, while either lowers its criterion.

Several rounds searched together let a whole plan avoid repeats that seating one round after
another would paint itself into. Budgets are counted in evaluated swaps, never in seconds, so
the same seed gives the same seating on any machine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import permutations

from .bounds import odd_share_bound, pair_bound, plan_tables_bound, table_number_bound
from .counts import Counts

BUDGET_PER_ROUND = 1_000_000
"""Swap evaluations per searched round at effort 1.0: about a second of pure Python at most.
Easy fields stop long before, when the lower bound is reached."""

SMALL_FIELD_BUDGET = 2_000
"""Fields under ~22 players get this many evaluations per round per squared player: their
repeats are often unavoidable and the bound too weak to stop the search early."""


def round_budget(players: int) -> int:
    """Default swap evaluations for one searched round of a field of ``players``."""
    return min(BUDGET_PER_ROUND, SMALL_FIELD_BUDGET * players * players)


RESEAT_PASSES = 10
"""Passes over the rounds choosing each table's seat order against all the other rounds."""

RENUMBER_KICKS = 30
"""Random table swaps tried after the descent when renumbering tables."""

LESSER_SHARE = 0.04
"""Share of the budget left for the lesser criteria once the pairs are at their bound."""

LESSER_CANDIDATES = 8
"""Conflicting players tried per iteration once only the lesser criteria are left."""

LESSER_STALL = 60
"""Iterations without progress on the lesser criteria before giving up on them."""

MAX_FRUITLESS_RESTARTS = 30
"""Stop after this many restarts in a row that found nothing better."""

NEIGHBOURHOOD_CAP = 6_000
"""Most swap evaluations in one iteration; above it the conflicting players are sampled."""


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
    """

    sizes: list[int]
    initial: list[list[int]] | None = None
    classes: list[int] | None = None
    static: list[list[int]] | None = None
    renumber: bool = True
    reseat: bool = True


@dataclass(slots=True)
class SearchStats:
    """What a run did, for benchmarks and tests: ``cost`` and ``bound`` are increments."""

    iterations: int = 0
    evaluations: int = 0
    restarts: int = 0
    cost: Cost = (0, 0, 0, 0, 0, 0)
    bound: Cost = (0, 0, 0, 0, 0, 0)


@dataclass(frozen=True, slots=True)
class _Phase:
    pairs_open: bool
    stall: int
    patience: int
    candidates: int
    shake: int


def _c2(m: int) -> int:
    return m * (m - 1) // 2


class Search:
    """Tabu search over the free rounds; ``counts`` holds history plus the current seating.

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
        for r, spec in enumerate(specs):
            tables = spec.initial if spec.initial is not None else self._greedy(r)
            if spec.initial is not None:
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

    # -- moves ------------------------------------------------------------------------------

    def _candidates(self, current: int) -> list[tuple[int, int]]:
        """Players in conflict: those meeting someone again first, the lesser criteria after.

        Focusing on the top criterion that is still violated keeps the neighbourhood small,
        as in Dotú & Van Hentenryck, where only golfers in conflict are moved. With groups,
        those sitting with a clubmate come next (or first); a criterion already at its bound
        no longer holds the next one back.
        """
        counts = self.counts
        met, tn, odd, seat = counts.met, counts.table, counts.odd, counts.seat
        clash = self.clash
        if clash is not None:
            return self._group_candidates(current, clash)
        pair_bad: list[tuple[int, int]] = []
        other_bad: list[tuple[int, int]] = []
        for r, tables in enumerate(self.members):
            flags = self.oddflag[r]
            static = self.specs[r].static
            for t, mem in enumerate(tables):
                for position, a in enumerate(mem):
                    ma = met[a]
                    if any(ma[x] > 1 for x in mem if x != a):
                        pair_bad.append((r, a))
                    elif (
                        tn[a][t] > 1
                        or seat[a][position] > 1
                        or (flags[t] and odd[a] > 1)
                        or (static is not None and static[a][t] > 0)
                    ):
                        other_bad.append((r, a))
        return pair_bad or other_bad

    def _group_candidates(self, current: int, clash: list[list[int]]) -> list[tuple[int, int]]:
        counts = self.counts
        met, tn, odd, seat = counts.met, counts.table, counts.odd, counts.seat
        pair_bad: list[tuple[int, int]] = []
        group_bad: list[tuple[int, int]] = []
        other_bad: list[tuple[int, int]] = []
        for r, tables in enumerate(self.members):
            flags = self.oddflag[r]
            static = self.specs[r].static
            for t, mem in enumerate(tables):
                for position, a in enumerate(mem):
                    ma, ca = met[a], clash[a]
                    if any(ma[x] > 1 for x in mem if x != a):
                        pair_bad.append((r, a))
                    if any(ca[x] for x in mem if x != a):
                        group_bad.append((r, a))
                    if (
                        tn[a][t] > 1
                        or seat[a][position] > 1
                        or (flags[t] and odd[a] > 1)
                        or (static is not None and static[a][t] > 0)
                    ):
                        other_bad.append((r, a))
        pairs_open, groups_open = self._open(current)
        tiers = [(pair_bad, pairs_open), (group_bad, groups_open)]
        if self.groups_first:
            tiers.reverse()
        out: list[tuple[int, int]] = []
        for tier, still_open in tiers:
            if still_open and tier:
                return list(dict.fromkeys(out + tier))
            out += tier
        return list(dict.fromkeys(out + other_bad))

    def _own(self, r: int) -> list[int]:
        """For each player in round r: sum of his meeting counts with his table-mates (of
        ``eff``: with groups, the clubmates' cost added)."""
        met = self.eff
        own = [0] * self.n
        for mem in self.members[r]:
            for p in mem:
                mp = met[p]
                s = 0
                for x in mem:
                    s += mp[x]
                own[p] = s
        return own

    def _scan(
        self, r: int, a: int, own: list[int], it: int, tabu: list[int], aspiration: int
    ) -> tuple[int | None, int]:
        """Best swap partner b for a in round r: (delta, b), tabu moves only by aspiration."""
        counts = self.counts
        met, tn, odd = self.eff, counts.table, counts.odd
        scale = self.pair_scale
        tables = self.members[r]
        where = self.where[r]
        oddflag = self.oddflag[r]
        spec = self.specs[r]
        classes = spec.classes
        static = spec.static
        width = self.width
        w_pair, w_table, w_static = self.w_unit, self.w_table, self.w_static
        w_odd = self.w_odd
        seat = counts.seat
        rng = self.rng
        A = where[a]
        mem_a = tables[A]
        ia = mem_a.index(a)
        seat_a = seat[a]
        leave_a = 1 - seat_a[ia]
        ma = met[a]
        tna = tn[a]
        others = [x for x in mem_a if x != a]
        own_a = own[a]
        n_a = len(others)
        odd_a = oddflag[A]
        odd_count_a = odd[a]
        class_a = classes[a] if classes else 0
        static_a = static[a] if static else None
        best_delta: int | None = None
        best_b = -1
        base_a = a * width
        count = len(tables)
        start = rng.randrange(count)  # ties go to the first found: start at a random table
        for step in range(count):
            B = (start + step) % count
            if B == A:
                continue
            mem_b = tables[B]
            s_ab = 0
            for y in mem_b:
                s_ab += ma[y]
            common = (s_ab - own_a + (n_a + len(mem_b) - 1) * scale) * w_pair + (
                tna[B] - tna[A] + 1
            ) * w_table
            mixed = oddflag[B] != odd_a
            if mixed:
                common += ((1 - odd_count_a) if odd_a else odd_count_a) * w_odd
            if static_a is not None:
                common += (static_a[B] - static_a[A]) * w_static
            tabu_a = tabu[base_a + B] > it
            for ib, b in enumerate(mem_b):
                if classes and classes[b] != class_a:
                    continue
                mb = met[b]
                s = 0
                for x in others:
                    s += mb[x]
                tnb = tn[b]
                delta = common + (s - ma[b] - own[b]) * w_pair + (tnb[A] - tnb[B] + 1) * w_table
                if mixed:
                    delta += (odd[b] if odd_a else (1 - odd[b])) * w_odd
                if ib != ia:
                    seat_b = seat[b]
                    delta += seat_a[ib] + leave_a + seat_b[ia] - seat_b[ib] + 1
                if static is not None:
                    sb = static[b]
                    delta += (sb[A] - sb[B]) * w_static
                if (tabu_a or tabu[b * width + A] > it) and delta >= aspiration:
                    continue
                if best_delta is None or delta < best_delta:
                    best_delta, best_b = delta, b
        return best_delta, best_b

    def swap(self, r: int, a: int, b: int) -> None:
        counts = self.counts
        met, tn, odd, seat = counts.met, counts.table, counts.odd, counts.seat
        where = self.where[r]
        A, B = where[a], where[b]
        mem_a, mem_b = self.members[r][A], self.members[r][B]
        if self.clash is not None:
            self._shift_eff(a, b, mem_a, mem_b)
        ma, mb = met[a], met[b]
        for x in mem_a:
            if x != a:
                ma[x] -= 1
                met[x][a] -= 1
                mb[x] += 1
                met[x][b] += 1
        for y in mem_b:
            if y != b:
                mb[y] -= 1
                met[y][b] -= 1
                ma[y] += 1
                met[y][a] += 1
        ia, ib = mem_a.index(a), mem_b.index(b)
        mem_a[ia], mem_b[ib] = b, a
        seat[a][ia] -= 1
        seat[b][ia] += 1
        seat[b][ib] -= 1
        seat[a][ib] += 1
        where[a], where[b] = B, A
        tn[a][A] -= 1
        tn[a][B] += 1
        tn[b][B] -= 1
        tn[b][A] += 1
        flags = self.oddflag[r]
        if flags[A] != flags[B]:
            if flags[A]:
                odd[a] -= 1
                odd[b] += 1
            else:
                odd[a] += 1
                odd[b] -= 1

    def _shift_eff(self, a: int, b: int, mem_a: list[int], mem_b: list[int]) -> None:
        """``eff`` after a and b change tables (before ``met`` is updated by ``swap``)."""
        eff, step = self.eff, self.pair_scale
        ea, eb = eff[a], eff[b]
        for x in mem_a:
            if x != a:
                ea[x] -= step
                eff[x][a] -= step
                eb[x] += step
                eff[x][b] += step
        for y in mem_b:
            if y != b:
                eb[y] -= step
                eff[y][b] -= step
                ea[y] += step
                eff[y][a] += step

    def _snapshot(self) -> list[list[list[int]]]:
        return [[list(mem) for mem in tables] for tables in self.members]

    def _restore(self, snapshot: list[list[list[int]]]) -> None:
        for r, tables in enumerate(snapshot):
            self._add_round(self.members[r], sign=-1)
            self.members[r] = [list(mem) for mem in tables]
            self._add_round(self.members[r])
            where = self.where[r]
            for t, mem in enumerate(tables):
                for p in mem:
                    where[p] = t

    def _shake(self, moves: int) -> None:
        rng = self.rng
        for _ in range(moves):
            r = rng.randrange(len(self.members))
            tables = self.members[r]
            if len(tables) < 2:
                return
            A, B = rng.sample(range(len(tables)), 2)
            a = rng.choice(tables[A])
            classes = self.specs[r].classes
            options = [b for b in tables[B] if not classes or classes[b] == classes[a]]
            if options:
                self.swap(r, a, rng.choice(options))

    # -- the search -------------------------------------------------------------------------

    def run(self, budget: int | None = None) -> list[list[list[int]]]:
        """Search until the bound is met or the budget of swap evaluations is spent."""
        rng = self.rng
        stats = self.stats
        if budget is None:
            budget = round_budget(self.n) * len(self.specs)
        current = self.scalar(self.increments())
        target = self.scalar(self.bound)
        best = current
        best_snapshot = self._snapshot()
        tabus = [[0] * (self.n * self.width) for _ in self.members]
        field_size = max(2, len(self.present))
        last_improvement = 0
        restarts_since_best = 0
        it = 0
        phase = self._phase(best)
        lesser_budget = int(budget * LESSER_SHARE)
        lesser_from: int | None = None if phase.pairs_open else 0
        while (
            current > target
            and stats.evaluations < budget
            and restarts_since_best <= phase.patience
            and (lesser_from is None or stats.evaluations - lesser_from < lesser_budget)
        ):
            it += 1
            candidates = self._candidates(current)
            if not candidates:
                break
            if len(candidates) > phase.candidates:
                candidates = rng.sample(candidates, phase.candidates)
            owns: dict[int, list[int]] = {}
            move_delta: int | None = None
            move: tuple[int, int, int] | None = None
            ties = 0
            aspiration = best - current
            for r, a in candidates:
                own = owns.get(r)
                if own is None:
                    own = owns[r] = self._own(r)
                delta, b = self._scan(r, a, own, it, tabus[r], aspiration)
                stats.evaluations += field_size
                if delta is None:
                    continue
                if move_delta is None or delta < move_delta:
                    move_delta, move, ties = delta, (r, a, b), 1
                elif delta == move_delta:
                    ties += 1
                    if rng.randrange(ties) == 0:
                        move = (r, a, b)
            if move is None or move_delta is None:
                current = self._restart(best_snapshot, tabus, phase.shake)
                restarts_since_best += 1
                last_improvement = it
                continue
            r, a, b = move
            A, B = self.where[r][a], self.where[r][b]
            self.swap(r, a, b)
            current += move_delta
            tenure = 4 + rng.randrange(8)
            tabus[r][a * self.width + A] = it + tenure
            tabus[r][b * self.width + B] = it + tenure
            if current < best:
                best = current
                best_snapshot = self._snapshot()
                last_improvement = it
                restarts_since_best = 0
                phase = self._phase(best)
                if lesser_from is None and not phase.pairs_open:
                    lesser_from = stats.evaluations
            elif it - last_improvement > phase.stall:
                current = self._restart(best_snapshot, tabus, phase.shake)
                restarts_since_best += 1
                last_improvement = it
        stats.iterations = it
        if current != best:
            self._restore(best_snapshot)
        self._post_pass()
        stats.cost = self.increments()
        return self._snapshot()

    def _phase(self, best: int) -> _Phase:
        """How hard to try: patient while pairs still meet above the bound, brief after.

        The lesser criteria (table numbers, odd tables) are often unreachable at their bound,
        so once the pairs are done the search samples few players and gives up soon.
        """
        size = max(2, len(self.present))
        if any(self._open(best)):
            return _Phase(
                pairs_open=True,
                stall=max(200, 20 * size),
                patience=MAX_FRUITLESS_RESTARTS,
                candidates=max(1, NEIGHBOURHOOD_CAP // size),
                shake=max(2, size // 8),
            )
        return _Phase(
            pairs_open=False,
            stall=LESSER_STALL,
            patience=1,
            candidates=LESSER_CANDIDATES,
            shake=2,
        )

    def _restart(self, snapshot: list[list[list[int]]], tabus: list[list[int]], shake: int) -> int:
        """Back to the best seating, shaken by a few random swaps; returns the new cost."""
        self.stats.restarts += 1
        self._restore(snapshot)
        for tabu in tabus:
            tabu[:] = [0] * len(tabu)
        self._shake(1 + self.rng.randrange(shake))
        return self.scalar(self.increments())

    # -- post-pass: table numbers and seats ------------------------------------------------

    def _post_pass(self) -> None:
        self._renumber(
            [r for r, spec in enumerate(self.specs) if spec.renumber and not spec.static]
        )
        reseat = [r for r, spec in enumerate(self.specs) if spec.reseat]
        for _ in range(RESEAT_PASSES):
            changed = [self._reseat(r) for r in reseat]
            if not any(changed):
                break

    def _table_swap_delta(self, r: int, A: int, B: int) -> int:
        tn = self.counts.table
        ga, gb = self.members[r][A], self.members[r][B]
        return sum(tn[p][B] - tn[p][A] + 1 for p in ga) + sum(tn[q][A] - tn[q][B] + 1 for q in gb)

    def _swap_tables(self, r: int, A: int, B: int) -> None:
        tn = self.counts.table
        tables = self.members[r]
        for p in tables[A]:
            tn[p][A] -= 1
            tn[p][B] += 1
        for q in tables[B]:
            tn[q][B] -= 1
            tn[q][A] += 1
        tables[A], tables[B] = tables[B], tables[A]
        where = self.where[r]
        for p in tables[A]:
            where[p] = A
        for q in tables[B]:
            where[q] = B

    def _table_repeats(self) -> int:
        return sum(_c2(c) for row in self.counts.table for c in row if c > 1)

    def _descend(self, rounds: list[int], log: list[tuple[int, int, int]]) -> int:
        """Swap equal-size tables while that lowers the table-number repeats; returns the gain.

        Only tables holding someone back at a table number he had are worth moving.
        """
        tn = self.counts.table
        gain = 0
        improved = True
        while improved:
            improved = False
            for r in rounds:
                tables = self.members[r]
                for A in range(len(tables)):
                    if not any(tn[p][A] > 1 for p in tables[A]):
                        continue
                    for B in range(len(tables)):
                        if B == A or len(tables[A]) != len(tables[B]):
                            continue
                        delta = self._table_swap_delta(r, A, B)
                        if delta < 0:
                            self._swap_tables(r, A, B)
                            log.append((r, A, B))
                            gain -= delta
                            improved = True
                            break
        return gain

    def _renumber(self, rounds: list[int]) -> None:
        """Re-number whole tables (same size only) to repeat earlier table numbers less.

        Moving a whole table changes no pair and no table size, so this is a free second pass
        for criterion 2: descent over all rounds, then a few random kicks kept when they pay.
        """
        floor = self._base_table + self.bound[3]
        if not rounds or self._table_repeats() <= floor:
            return
        self._descend(rounds, [])
        rng = self.rng
        for _ in range(RENUMBER_KICKS):
            if self._table_repeats() <= floor:
                return
            r = rng.choice(rounds)
            tables = self.members[r]
            pairs = [
                (A, B)
                for A in range(len(tables))
                for B in range(A + 1, len(tables))
                if len(tables[A]) == len(tables[B])
            ]
            if not pairs:
                continue
            A, B = rng.choice(pairs)
            log = [(r, A, B)]
            loss = self._table_swap_delta(r, A, B)
            self._swap_tables(r, A, B)
            if self._descend(rounds, log) - loss <= 0:
                for r2, A2, B2 in reversed(log):
                    self._swap_tables(r2, A2, B2)

    def _reseat(self, r: int) -> bool:
        """Order each table's players to repeat their other seat positions as little as
        possible; returns whether anything changed."""
        seat = self.counts.seat
        changed = False
        for t, mem in enumerate(self.members[r]):
            for i, p in enumerate(mem):
                seat[p][i] -= 1
            best_order: tuple[int, ...] = tuple(mem)
            best_cost = sum(seat[p][i] for i, p in enumerate(mem))
            if best_cost:
                for order in permutations(mem):
                    cost = 0
                    for i, p in enumerate(order):
                        cost += seat[p][i]
                    if cost < best_cost:
                        best_cost, best_order = cost, order
                        changed = True
                        if cost == 0:
                            break
            self.members[r][t] = list(best_order)
            for i, p in enumerate(best_order):
                seat[p][i] += 1
        return changed
