"""The SZMK seating plan (docs/szmk.md#tournament-and-seating), as prescriptions the planner
then repairs if needed.

Round 1: lot within pots (pots from a ranking when one is given, otherwise the pots themselves
are drawn by lot). Rounds 2–3 slide from the round before: seat 1 moves one table down (to the
next table number), seat 2 stays, seat 3 moves one table up, all wrapping round. Rounds 4–5 seat
the standings in thirds over the tables from the top: the top third of the standings takes
seat 1 of tables 1, 2, 3, ... in order, the middle third seat 2, the bottom third seat 3.
Round 6 (and any later round) is Swiss: consecutive players in the standings sit together,
the leaders at table 1.

Readings of ours where the text is silent (defaults until the current SZMK system is obtained):

* the 4th player at a table of 4 (fields not divisible by 3) slides two tables down, so the
  tables of 4 move with him and table sizes stay as the field needs; in the thirds rounds the
  players below the three thirds (at most two) take seat 4 of the last tables, and in the
  Swiss round the tables of 4 are the last ones;
* a prescription that would repeat a pair (small fields, where sliding wraps onto itself, or
  standings that hardly change between rounds 4 and 5) is repaired by the optimiser with the
  fewest and shortest moves: in sliding, pots and thirds only players of the same seat swap,
  in Swiss anybody, and a swap costs the distance from the prescribed table;
* a withdrawn player leaves his seat empty and a late entry is added at the emptiest table
  before the sizes are evened out.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from .types import PlayerId

SWISS_FROM_ROUND = 6


class SzmkRule(StrEnum):
    POTS = "lot_within_pots"
    SLIDE = "slide"
    THIRDS = "thirds"
    SWISS = "swiss"


def rule_for(round_number: int) -> SzmkRule:
    """Which SZMK rule seats round ``round_number`` (1-based)."""
    if round_number <= 1:
        return SzmkRule.POTS
    if round_number <= 3:
        return SzmkRule.SLIDE
    if round_number < SWISS_FROM_ROUND:
        return SzmkRule.THIRDS
    return SzmkRule.SWISS


SLIDE_STEP = (1, 0, -1, 2)
"""Tables moved by the player in seat 1, 2, 3, 4 (positive: down, to higher table numbers)."""


def slide(
    previous: Sequence[Sequence[PlayerId]], players: Sequence[PlayerId]
) -> list[list[PlayerId]]:
    """The sliding round after ``previous``; withdrawn players leave gaps, late ones are added.

    Seats keep their number, so the sliding goes on in the same way in the next round.
    """
    count = len(previous)
    present = set(players)
    slots: list[list[PlayerId | None]] = [[None] * 4 for _ in range(count)]
    for t, table in enumerate(previous):
        for seat, player in enumerate(table):
            if player in present:
                slots[(t + SLIDE_STEP[seat]) % count][seat] = player
    tables = [[p for p in row if p is not None] for row in slots]
    seated = {p for table in tables for p in table}
    for player in players:
        if player not in seated:
            min(tables, key=len).append(player)
    return tables


def thirds(standings: Sequence[PlayerId], sizes: Sequence[int]) -> list[list[PlayerId]]:
    """Seat k of table t gets the t-th player of the k-th third of the standings."""
    count = len(sizes)
    tables: list[list[PlayerId]] = [[] for _ in sizes]
    for k in range(3):
        for t, player in enumerate(standings[k * count : (k + 1) * count]):
            tables[t].append(player)
    extra = list(standings[3 * count :])
    for t in range(count):
        if len(tables[t]) < sizes[t] and extra:
            tables[t].append(extra.pop(0))
    return tables


def swiss(standings: Sequence[PlayerId], sizes: Sequence[int]) -> list[list[PlayerId]]:
    """Consecutive players in the standings at the same table, leaders at table 1."""
    tables: list[list[PlayerId]] = []
    start = 0
    for size in sizes:
        tables.append(list(standings[start : start + size]))
        start += size
    return tables


def fit_sizes(tables: list[list[PlayerId]], sizes: Sequence[int]) -> list[list[PlayerId]]:
    """Even out tables to the sizes the field needs, moving as few players as possible.

    The largest prescribed tables keep the largest sizes; surplus players (last seats first)
    move to the tables that are short, in table order.
    """
    order = sorted(range(len(tables)), key=lambda t: (-len(tables[t]), t))
    target = [0] * len(tables)
    for t, size in zip(order, sorted(sizes, reverse=True), strict=False):
        target[t] = size
    if len(tables) < len(sizes):
        tables = tables + [[] for _ in range(len(sizes) - len(tables))]
        target = target + sorted(sizes, reverse=True)[len(order) :]
    surplus: list[PlayerId] = []
    out = [list(table) for table in tables]
    for t, table in enumerate(out):
        while len(table) > target[t]:
            surplus.append(table.pop())
    for t, table in enumerate(out):
        while len(table) < target[t] and surplus:
            table.append(surplus.pop(0))
    return [table for table in out if table]
