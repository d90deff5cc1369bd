"""Seating seeded by a ranking (season standings, rating): pots and snake.

Seeding keeps the strongest players apart in the first round. Both methods put seat k of every
table to the k-th group of ranks, so seat 1 holds the best-ranked player of the table; SZMK's
sliding rounds rely on that meaning of the seat number.

* ``pots``: ranks are cut into pots (pot k = the next ranks, one per table that has a seat k);
  each table gets one player from each pot, drawn by lot within the pot.
* ``snake``: ranks go serpentine over the tables: 1..T on the first pass, T..1 on the next.

Tables of the odd size (3 beside 4) simply have no seat 4, so the weakest pot is one short per
small table. Players missing from the ranking (new players) are ranked after everybody else, in
random order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .types import PlayerId


def complete_ranking(
    players: Sequence[PlayerId], ranking: Sequence[PlayerId] | None, rng: random.Random
) -> list[PlayerId]:
    """The present players in ranking order; unranked ones after them by lot."""
    present = set(players)
    ranked = []
    seen: set[PlayerId] = set()
    for player in ranking or ():
        if player in present and player not in seen:
            ranked.append(player)
            seen.add(player)
    rest = [p for p in players if p not in seen]
    rng.shuffle(rest)
    return ranked + rest


def _seat_rows(sizes: Sequence[int]) -> list[list[int]]:
    """For each seat position k, the tables that have a seat k (in table order)."""
    return [[t for t, size in enumerate(sizes) if size > k] for k in range(max(sizes))]


def seat_pots(
    order: Sequence[PlayerId], sizes: Sequence[int], rng: random.Random
) -> list[list[PlayerId]]:
    """Pots by rank, drawn by lot within each pot; seat k holds the player from pot k."""
    tables: list[list[PlayerId]] = [[] for _ in sizes]
    start = 0
    for row in _seat_rows(sizes):
        pot = list(order[start : start + len(row)])
        start += len(row)
        rng.shuffle(pot)
        for t, player in zip(row, pot, strict=True):
            tables[t].append(player)
    return tables


def seat_snake(order: Sequence[PlayerId], sizes: Sequence[int]) -> list[list[PlayerId]]:
    """Serpentine: pass k runs over the tables that have a seat k, reversing every pass."""
    tables: list[list[PlayerId]] = [[] for _ in sizes]
    start = 0
    for k, row in enumerate(_seat_rows(sizes)):
        run = row if k % 2 == 0 else row[::-1]
        for t, player in zip(run, order[start : start + len(row)], strict=True):
            tables[t].append(player)
        start += len(row)
    return tables
