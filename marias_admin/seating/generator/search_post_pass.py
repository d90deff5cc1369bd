"""The post-pass of the repeat-avoiding search: table numbers and seats.

After the search, whole tables of equal size are re-numbered (which changes no pair) and the
seats of each table re-ordered against every other round, while either lowers its criterion.
"""

from __future__ import annotations

from itertools import permutations

from .search_cost import SearchState, _c2

RESEAT_PASSES = 10
"""Passes over the rounds choosing each table's seat order against all the other rounds."""

RENUMBER_KICKS = 30
"""Random table swaps tried after the descent when renumbering tables."""


class PostPass(SearchState):
    """Table renumbering and seat reordering on top of the search state."""

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
                fixed = self.locked_tables(r)  # tables of locked players keep their numbers
                for A in range(len(tables)):
                    if A in fixed or not any(tn[p][A] > 1 for p in tables[A]):
                        continue
                    for B in range(len(tables)):
                        if B == A or len(tables[A]) != len(tables[B]) or B in fixed:
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
            fixed = self.locked_tables(r)
            pairs = [
                (A, B)
                for A in range(len(tables))
                for B in range(A + 1, len(tables))
                if len(tables[A]) == len(tables[B]) and A not in fixed and B not in fixed
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
        locked = self.locked_seats(r)
        changed = False
        for t, mem in enumerate(self.members[r]):
            for i, p in enumerate(mem):
                seat[p][i] -= 1
            best_order: tuple[int, ...] = tuple(mem)
            best_cost = sum(seat[p][i] for i, p in enumerate(mem))
            pins = [(locked[p], p) for p in mem if p in locked]  # a locked seat stays
            if best_cost:
                for order in permutations(mem):
                    if pins and any(order[i] != p for i, p in pins):
                        continue
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
