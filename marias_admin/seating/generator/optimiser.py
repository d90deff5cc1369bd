"""Repeat-avoiding optimiser: a tabu search over one or several rounds at once.

The search follows Dotú & Van Hentenryck's local search for the social golfer problem: the
moves swap two players of the same round who sit at different tables, at least one of whom is
"in conflict"; the best non-tabu swap is taken even when it makes things worse, a player may not
return to the table he just left for a few iterations, and the search restarts from the best
seating with a small random shake when it stalls.

The cost model and the state it is kept on live in :mod:`.search_cost`, the swaps and their
exact deltas in :mod:`.search_moves`, and the post-pass that re-numbers whole tables of equal
size (which changes no pair) and re-orders the seats of each table in :mod:`.search_post_pass`;
this module holds the search loop itself, its budgets and its phases.

Several rounds searched together let a whole plan avoid repeats that seating one round after
another would paint itself into. Budgets are counted in evaluated swaps, never in seconds, so
the same seed gives the same seating on any machine.
"""

from __future__ import annotations

from dataclasses import dataclass

from .search_cost import Cost, RoundSpec, SearchStats
from .search_moves import SwapMoves
from .search_post_pass import PostPass

__all__ = ["Cost", "RoundSpec", "Search", "SearchStats", "round_budget"]

BUDGET_PER_ROUND = 1_000_000
"""Swap evaluations per searched round at effort 1.0: about a second of pure Python at most.
Easy fields stop long before, when the lower bound is reached."""

SMALL_FIELD_BUDGET = 2_000
"""Fields under ~22 players get this many evaluations per round per squared player: their
repeats are often unavoidable and the bound too weak to stop the search early."""


def round_budget(players: int) -> int:
    """Default swap evaluations for one searched round of a field of ``players``."""
    return min(BUDGET_PER_ROUND, SMALL_FIELD_BUDGET * players * players)


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


@dataclass(frozen=True, slots=True)
class _Phase:
    pairs_open: bool
    stall: int
    patience: int
    candidates: int
    shake: int


class Search(SwapMoves, PostPass):
    """Tabu search over the free rounds; ``counts`` holds history plus the current seating.

    Built as :class:`SearchState` (its arguments: the cost, see there) with the moves of
    :class:`SwapMoves` and the :class:`PostPass`; this class adds the search loop.
    """

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
