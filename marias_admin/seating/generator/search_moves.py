"""The moves of the repeat-avoiding search: swapping two players of one round.

The moves swap two players of the same round who sit at different tables, at least one of whom
is "in conflict" (Dotú & Van Hentenryck); each candidate swap is priced by its exact change of
the cost, incrementally, without re-counting the seating. Snapshots, restores and random
shakes let the search return to its best seating.
"""

from __future__ import annotations

from .search_cost import SearchState


class SwapMoves(SearchState):
    """Candidates, swap deltas and swaps on top of the search state."""

    # -- moves ------------------------------------------------------------------------------

    def _candidates(self, current: int) -> list[tuple[int, int]]:
        """Players in conflict: those meeting someone again first, the lesser criteria after.

        Focusing on the top criterion that is still violated keeps the neighbourhood small,
        as in Dotú & Van Hentenryck, where only golfers in conflict are moved; locked
        players are never candidates (their table-mates are). With groups,
        those sitting with a clubmate come next (or first); a criterion already at its bound
        no longer holds the next one back.
        """
        met = self.counts.met
        clash = self.clash
        if clash is not None:
            return self._group_candidates(current, clash)
        lesser = self._lesser_conflict
        pair_bad: list[tuple[int, int]] = []
        other_bad: list[tuple[int, int]] = []
        for r, tables in enumerate(self.members):
            frozen = self.pinned[r] if self.pinned is not None else None
            for t, mem in enumerate(tables):
                for position, a in enumerate(mem):
                    if frozen is not None and frozen[a]:  # a locked player never moves
                        continue
                    ma = met[a]
                    if any(ma[x] > 1 for x in mem if x != a):
                        pair_bad.append((r, a))
                    elif lesser(r, t, position, a):
                        other_bad.append((r, a))
        return pair_bad or other_bad

    def _lesser_conflict(self, r: int, t: int, position: int, a: int) -> bool:
        """Player ``a``, at table ``t`` and seat ``position`` of round ``r``, breaks a lesser
        criterion: the same table or seat number again, a second odd-sized table, or a table
        the static preferences keep him from."""
        counts = self.counts
        static = self.specs[r].static
        return (
            counts.table[a][t] > 1
            or counts.seat[a][position] > 1
            or (self.oddflag[r][t] and counts.odd[a] > 1)
            or (static is not None and static[a][t] > 0)
        )

    def _group_candidates(self, current: int, clash: list[list[int]]) -> list[tuple[int, int]]:
        met = self.counts.met
        lesser = self._lesser_conflict
        pair_bad: list[tuple[int, int]] = []
        group_bad: list[tuple[int, int]] = []
        other_bad: list[tuple[int, int]] = []
        for r, tables in enumerate(self.members):
            frozen = self.pinned[r] if self.pinned is not None else None
            for t, mem in enumerate(tables):
                for position, a in enumerate(mem):
                    if frozen is not None and frozen[a]:  # a locked player never moves
                        continue
                    ma, ca = met[a], clash[a]
                    if any(ma[x] > 1 for x in mem if x != a):
                        pair_bad.append((r, a))
                    if any(ca[x] for x in mem if x != a):
                        group_bad.append((r, a))
                    if lesser(r, t, position, a):
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
