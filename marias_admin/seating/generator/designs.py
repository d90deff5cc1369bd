"""Known zero-repeat constructions for the small fields where local search struggles.

These are social-golfer solutions (resolvable designs: the affine planes of order 3 and 4, the
Kirkman triple systems on 15 and 21 players, a resolvable 2-(28, 4, 1) design, and the packings
for 20, 24 and 17 players) stored compactly as *cyclic base blocks*: the rounds are the
translates of one or two base rounds under x → x + s on Z_m (plus some fixed classes). The
blocks were found by ``design_search.py`` and every design is re-verified by the tests. Before
use the players are relabelled at random from the seed, the rounds are drawn in random order and
tables and seats are shuffled, so nothing of the construction shows.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

Orbit = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Frame:
    """The point set Z_modulus × range(levels) ∪ {∞_0 .. ∞_{infinities-1}}."""

    modulus: int
    levels: int
    infinities: int

    @property
    def size(self) -> int:
        return self.modulus * self.levels + self.infinities

    def shift(self, point: int, step: int) -> int:
        finite = self.modulus * self.levels
        if point >= finite:
            return point
        level, x = divmod(point, self.modulus)
        return level * self.modulus + (x + step) % self.modulus

    def orbit(self, p: int, q: int) -> Orbit | None:
        """The orbit of the pair {p, q}, or None when its translates would repeat it."""
        m = self.modulus
        finite = m * self.levels
        if p >= finite and q >= finite:
            return None
        if p >= finite or q >= finite:
            inf, other = (p, q) if p >= finite else (q, p)
            return (2, inf - finite, other // m)
        (i, x), (j, y) = divmod(p, m), divmod(q, m)
        if i == j:
            d = (y - x) % m
            if 2 * d == m:
                return None
            return (0, i, min(d, m - d))
        if i > j:
            (i, x), (j, y) = (j, y), (i, x)
        return (1, i, j, (y - x) % m)

    def develop(
        self, bases: list[list[list[int]]], fixed: list[list[int]]
    ) -> list[list[list[int]]]:
        """All rounds: the m translates of each base class, then one class per fixed block."""
        rounds = [
            [[self.shift(p, s) for p in block] for block in base]
            for base in bases
            for s in range(self.modulus)
        ]
        rounds += [
            [[self.shift(p, s) for p in block] for s in range(self.modulus)] for block in fixed
        ]
        return rounds


@dataclass(frozen=True, slots=True)
class CyclicDesign:
    """A stored design: ``bases`` develop over the frame; ``fixed`` blocks add one class each."""

    frame: Frame
    bases: tuple[tuple[tuple[int, ...], ...], ...]
    fixed: tuple[tuple[int, ...], ...] = ()

    @property
    def players(self) -> int:
        return self.frame.size

    @property
    def max_rounds(self) -> int:
        return len(self.bases) * self.frame.modulus + len(self.fixed)

    @property
    def sizes(self) -> list[int]:
        return sorted((len(block) for block in self.bases[0]), reverse=True)

    def rounds(self) -> list[list[list[int]]]:
        return self.frame.develop(
            [[list(block) for block in base] for base in self.bases],
            [list(block) for block in self.fixed],
        )


@dataclass(frozen=True, slots=True)
class ListedDesign:
    """A design stored round by round: found offline by the optimiser's search with a long
    budget, for fields where the search at run time succeeds only most of the time."""

    listed: tuple[tuple[tuple[int, ...], ...], ...]

    @property
    def players(self) -> int:
        return sum(len(table) for table in self.listed[0])

    @property
    def max_rounds(self) -> int:
        return len(self.listed)

    @property
    def sizes(self) -> list[int]:
        return sorted((len(table) for table in self.listed[0]), reverse=True)

    def rounds(self) -> list[list[list[int]]]:
        return [[list(table) for table in seating] for seating in self.listed]


DESIGNS: dict[tuple[int, int], CyclicDesign | ListedDesign] = {
    # (players, preferred table size): design
    (9, 3): CyclicDesign(Frame(3, 3, 0), (((0, 8, 2), (1, 3, 4), (5, 6, 7)),), fixed=((0, 4, 7),)),
    (15, 3): CyclicDesign(
        Frame(7, 2, 1), (((0, 2, 11), (1, 4, 9), (3, 14, 13), (5, 12, 6), (7, 8, 10)),)
    ),
    (21, 3): CyclicDesign(
        Frame(7, 3, 0),
        (
            (
                (0, 1, 3),
                (2, 10, 20),
                (4, 7, 14),
                (5, 12, 17),
                (6, 15, 11),
                (8, 9, 13),
                (16, 18, 19),
            ),
        ),
        fixed=((0, 9, 15), (0, 13, 14), (0, 11, 20)),
    ),
    (16, 3): ListedDesign(
        (
            ((5, 3, 14), (15, 11, 9), (8, 0, 10), (12, 1, 4), (13, 7, 6, 2)),
            ((15, 4, 0), (10, 5, 13), (9, 14, 7), (8, 12, 2), (1, 6, 11, 3)),
            ((2, 5, 11), (10, 1, 7), (4, 8, 6), (14, 13, 15), (3, 0, 9, 12)),
            ((0, 13, 1), (6, 14, 12), (4, 9, 5), (11, 7, 8), (2, 15, 3, 10)),
            ((6, 9, 10), (14, 2, 0), (13, 11, 12), (7, 4, 3), (1, 15, 8, 5)),
            ((7, 12, 15), (3, 8, 13), (9, 2, 1), (0, 6, 5), (11, 10, 14, 4)),
        )
    ),
    (16, 4): CyclicDesign(
        Frame(5, 3, 1), (((0, 2, 11, 10), (1, 8, 15, 13), (3, 4, 9, 7), (5, 6, 14, 12)),)
    ),
    (20, 4): CyclicDesign(
        Frame(5, 4, 0),
        (((0, 10, 12, 15), (1, 19, 8, 5), (2, 4, 13, 7), (3, 9, 17, 11), (6, 14, 16, 18)),),
    ),
    (24, 4): CyclicDesign(
        Frame(7, 3, 3),
        (
            (
                (0, 21, 12, 15),
                (1, 19, 23, 8),
                (2, 18, 22, 10),
                (3, 6, 9, 5),
                (4, 16, 14, 17),
                (7, 20, 11, 13),
            ),
        ),
    ),
    (28, 4): CyclicDesign(
        Frame(9, 3, 1),
        (
            (
                (0, 27, 22, 9),
                (1, 11, 12, 15),
                (2, 14, 7, 23),
                (3, 20, 6, 5),
                (4, 24, 10, 17),
                (8, 18, 26, 16),
                (13, 21, 25, 19),
            ),
        ),
    ),
}

KNOWN_MAXIMA: dict[tuple[int, int], int] = {
    (16, 4): 5,
    (20, 4): 5,
    (24, 4): 7,
    (28, 4): 9,
    (9, 3): 4,
    (15, 3): 7,
    (21, 3): 10,
}
"""Most rounds without a repeated pair (players, table size): proven maxima, all reached by
``DESIGNS``. Only 20 players at tables of 4 is tighter than counting: 6 rounds would need a
resolvable 2-(20, 4, 1) design, which does not exist (v must be 4 mod 12)."""


MAX_DELETED = 3
"""Players that may be taken out of a design with tables of 4: each leaves a table of 3, and
ČSM allows at most three of those (ČSM 2023 B.2)."""


def _apart(rounds: list[list[list[int]]], k: int, rng: random.Random) -> list[int] | None:
    """k points of the design that never share a table in these rounds, or None."""
    if k == 0:
        return []
    points = sorted({p for seating in rounds for table in seating for p in table})
    together: dict[int, set[int]] = {p: set() for p in points}
    for seating in rounds:
        for table in seating:
            for p in table:
                together[p].update(table)
    rng.shuffle(points)

    def extend(chosen: list[int], start: int) -> list[int] | None:
        if len(chosen) == k:
            return chosen
        for i in range(start, len(points)):
            p = points[i]
            if all(p not in together[q] for q in chosen):
                found = extend([*chosen, p], i + 1)
                if found is not None:
                    return found
        return None

    return extend([], 0)


def design_rounds(
    players: int, preferred: int, sizes: list[int], rounds: int, rng: random.Random
) -> list[list[list[int]]] | None:
    """Up to ``rounds`` zero-repeat rounds over indices 0..players-1 from a stored design.

    Beyond the design's maximum only the maximum is returned (the rest is left to the
    optimiser). A design for up to three more players at tables of 4 also serves, with players
    who never meet taken out (each leaves a table of 3). Returns None when nothing stored fits
    the field or its table sizes. Tables come out in the order of ``sizes``.
    """
    deletable = MAX_DELETED if preferred == 4 else 0
    for k in range(deletable + 1):
        design = DESIGNS.get((players + k, preferred))
        if design is None:
            continue
        if k and len(set(design.sizes)) > 1:
            continue
        cut = len(design.sizes) - k
        expected = design.sizes[:cut] + [size - 1 for size in design.sizes[cut:]]
        if sorted(sizes, reverse=True) != expected:
            continue
        chosen = rng.sample(design.rounds(), min(rounds, design.max_rounds))
        removed = _apart(chosen, k, rng)
        if removed is None:
            continue
        return _disguise(chosen, set(removed), sizes, rng)
    return None


def _disguise(
    rounds: list[list[list[int]]], removed: set[int], sizes: list[int], rng: random.Random
) -> list[list[list[int]]]:
    kept = sorted({p for table in rounds[0] for p in table} - removed)
    labels = list(range(len(kept)))
    rng.shuffle(labels)
    label = dict(zip(kept, labels, strict=True))
    out: list[list[list[int]]] = []
    for seating in rounds:
        tables = [[label[p] for p in block if p not in removed] for block in seating]
        rng.shuffle(tables)
        for table in tables:
            rng.shuffle(table)
        by_size: dict[int, list[list[int]]] = {}
        for table in tables:
            by_size.setdefault(len(table), []).append(table)
        out.append([by_size[size].pop() for size in sizes])
    return out
