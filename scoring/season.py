"""Season ranking: a competition's tournaments summed per player, the worst results dropped.

Pure (no Django): plain per-tournament results in, ranked rows out.

- Each player has, for every tournament of the competition, a result (BP, SB, ZB) or nothing
  (he missed it). A missed tournament counts as the worst result: 0 BP.
- The ``drop_worst`` worst results of every player are left out of the *reduced BP*; missed
  tournaments go first, then the played ones with the lowest BP (then SB, then ZB; among equal
  results the later tournament). At least one tournament is always kept.
- The order: reduced BP, then BP, then SB, then ZB (BP/SB/ZB summed over all played
  tournaments), higher first; players equal on all four share a rank.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from scoring.standings import shared_ranks

PlayerId = Hashable
EventId = Hashable


@dataclass(frozen=True)
class EventResult:
    """One player's result of one tournament: BP, SB and ZB (SB/ZB in minor units)."""

    bp: Fraction
    sb: Fraction = Fraction(0)
    zb: int = 0


@dataclass(frozen=True)
class SeasonRow:
    player: PlayerId
    rank: int  # shared by players equal on reduced BP, BP, SB and ZB
    results: tuple[EventResult | None, ...]  # one per tournament in competition order
    dropped: frozenset[int] = field(default_factory=frozenset)  # indexes into ``results``
    reduced_bp: Fraction = Fraction(0)
    bp: Fraction = Fraction(0)
    sb: Fraction = Fraction(0)
    zb: int = 0

    @property
    def played(self) -> int:
        return sum(1 for r in self.results if r is not None)


def dropped_indexes(results: Sequence[EventResult | None], drop_worst: int) -> frozenset[int]:
    """Which results are left out: missed tournaments first, then the worst played ones."""
    count = min(max(drop_worst, 0), max(len(results) - 1, 0))
    if not count:
        return frozenset()

    def badness(index: int) -> tuple[int | Fraction, ...]:
        result = results[index]
        if result is None:
            return (0, 0, 0, 0, -index)  # missed: the worst of all, later ones first
        return (1, result.bp, result.sb, result.zb, -index)

    return frozenset(sorted(range(len(results)), key=badness)[:count])


def season_standings(
    events: Sequence[EventId],
    results: Mapping[PlayerId, Mapping[EventId, EventResult]],
    drop_worst: int = 0,
) -> list[SeasonRow]:
    """The season order of every player with at least one result.

    ``events`` are the competition's tournaments in order; ``results`` maps a player to his
    results by tournament. Players equal on the whole chain keep the order they were given in.
    """
    rows: list[SeasonRow] = []
    for player, by_event in results.items():
        row = tuple(by_event.get(e) for e in events)
        if not any(r is not None for r in row):
            continue
        dropped = dropped_indexes(row, drop_worst)
        played = [r for r in row if r is not None]
        rows.append(SeasonRow(
            player=player, rank=0, results=row, dropped=dropped,
            reduced_bp=sum((r.bp for i, r in enumerate(row)
                            if r is not None and i not in dropped), Fraction(0)),
            bp=sum((r.bp for r in played), Fraction(0)),
            sb=sum((r.sb for r in played), Fraction(0)),
            zb=sum(r.zb for r in played),
        ))
    keys = [(r.reduced_bp, r.bp, r.sb, r.zb) for r in rows]
    ranks = shared_ranks(keys)
    ranked = [SeasonRow(r.player, rank, r.results, r.dropped, r.reduced_bp, r.bp, r.sb, r.zb)
              for r, rank in zip(rows, ranks, strict=True)]
    order = sorted(range(len(ranked)), key=lambda i: (ranked[i].rank, i))
    return [ranked[i] for i in order]
