"""Seating by lot: a uniformly random seating, the fallback every federation allows."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .types import PlayerId


def seat_lot(
    players: Sequence[PlayerId], sizes: Sequence[int], rng: random.Random
) -> list[list[PlayerId]]:
    """Shuffle the players and cut the list into tables of ``sizes`` (in table order)."""
    order = list(players)
    rng.shuffle(order)
    tables: list[list[PlayerId]] = []
    start = 0
    for size in sizes:
        tables.append(order[start : start + size])
        start += size
    return tables
