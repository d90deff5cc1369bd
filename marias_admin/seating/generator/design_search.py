"""Finds the cyclic base blocks stored in ``designs.py`` (a development tool, not used at run time).

The known small maxima are social-golfer instances whose solutions are hard for local search
because every pair must be used (or nearly). They become easy with symmetry: take the points
Z_m × {levels} plus a few fixed "infinite" points, look for one round (the base class) whose m
translates x → x + s are the other rounds. A pair's *orbit* is what it becomes under all
translates (same two levels, same difference); the translates never repeat a pair exactly when
the base class never uses one orbit twice. Some designs also need *fixed* classes: one block
with a point on every level whose m translates partition the field on their own.

Run ``python -m marias_admin.seating.generator.design_search`` to print fresh base blocks; the
stored ones are checked by ``tests/seating/test_designs.py``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass

from .designs import Frame, Orbit


def _block_orbits(frame: Frame, block: list[int]) -> list[Orbit] | None:
    out: list[Orbit] = []
    for i, p in enumerate(block):
        for q in block[i + 1 :]:
            orbit = frame.orbit(p, q)
            if orbit is None or orbit in out:
                return None
            out.append(orbit)
    return out


def _extend(
    frame: Frame, partial: list[int], free: list[int], size: int, used: set[Orbit]
) -> Iterator[list[int]]:
    """Blocks extending ``partial`` from ``free`` points whose orbits are all unused."""
    if len(partial) == size:
        yield partial
        return
    start = free.index(partial[-1]) + 1 if partial[-1] in free else 0
    for idx in range(start, len(free)):
        q = free[idx]
        orbits = [frame.orbit(p, q) for p in partial]
        if any(o is None or o in used for o in orbits) or len(set(orbits)) < len(orbits):
            continue
        new = {o for o in orbits if o is not None}
        used |= new
        yield from _extend(frame, [*partial, q], free, size, used)
        used -= new


def search_base(
    frame: Frame,
    sizes: list[int],
    fixed: list[list[int]],
    rng: random.Random,
    node_limit: int,
    classes: int = 1,
) -> list[list[list[int]]] | None:
    """``classes`` base classes (partitions into blocks of ``sizes``), all orbits distinct."""
    used: set[Orbit] = set()
    for fb in fixed:
        orbits = _block_orbits(frame, fb)
        if orbits is None or used & set(orbits):
            return None
        used |= set(orbits)
    nodes = 0

    def dfs(
        free: list[int], left: list[int], chosen: list[list[int]], done: list[list[list[int]]]
    ) -> list[list[list[int]]] | None:
        nonlocal nodes
        if not free:
            done = [*done, chosen]
            if len(done) == classes:
                return done
            return dfs(list(range(frame.size)), list(sizes), [], done)
        nodes += 1
        if nodes > node_limit:
            return None
        first, rest = free[0], free[1:]
        for size in sorted(set(left)):
            shuffled = rest[:]
            rng.shuffle(shuffled)
            remaining_sizes = list(left)
            remaining_sizes.remove(size)
            # while _extend is suspended on a block, that block's orbits stay in ``used``
            for blk in _extend(frame, [first], shuffled, size, used):
                remaining = [p for p in rest if p not in blk]
                found = dfs(remaining, remaining_sizes, [*chosen, list(blk)], done)
                if found is not None:
                    return found
                if nodes > node_limit:
                    return None
        return None

    return dfs(list(range(frame.size)), list(sizes), [], [])


def random_transversal(frame: Frame, rng: random.Random) -> list[int]:
    """A block with one point on every level (its translates form a class by themselves)."""
    m = frame.modulus
    return [0] + [level * m + rng.randrange(m) for level in range(1, frame.levels)]


@dataclass(frozen=True, slots=True)
class Target:
    """One stored design: ``rounds`` = classes × modulus + fixed classes."""

    players: int
    sizes: tuple[int, ...]
    rounds: int
    frame: Frame
    fixed_classes: int = 0
    classes: int = 1


TARGETS = (
    Target(9, (3,) * 3, 4, Frame(3, 3, 0), fixed_classes=1),
    Target(15, (3,) * 5, 7, Frame(7, 2, 1)),
    Target(21, (3,) * 7, 10, Frame(7, 3, 0), fixed_classes=3),
    Target(16, (4,) * 4, 5, Frame(5, 3, 1)),
    Target(20, (4,) * 5, 5, Frame(5, 4, 0)),
    Target(24, (4,) * 6, 7, Frame(7, 3, 3)),
    Target(28, (4,) * 7, 9, Frame(9, 3, 1)),
)


def find(
    target: Target, seed: int = 0, tries: int = 2000
) -> tuple[list[list[list[int]]], list[list[int]]]:
    rng = random.Random(seed)
    for _ in range(tries):
        fixed = [random_transversal(target.frame, rng) for _ in range(target.fixed_classes)]
        bases = search_base(
            target.frame, list(target.sizes), fixed, rng, 20_000, classes=target.classes
        )
        if bases is not None:
            return bases, fixed
    raise RuntimeError(f"no design found for {target}")


def main() -> None:
    for target in TARGETS:
        bases, fixed = find(target)
        sys.stdout.write(f"{target.players}/{target.sizes}: bases={bases} fixed={fixed}\n")


if __name__ == "__main__":
    main()
