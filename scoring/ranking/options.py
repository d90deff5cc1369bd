"""Which of a player's results count, and how players level on points are ordered.

- ``drop_worst``: the N worst results are left out; a missed tournament counts as the worst
  result (Pražská liga, Soutěžní řád: "the two worst tournaments are dropped").
- ``best_of``: only the best K results count (SEM and EMA style); None counts all.
- ``decay``: time decay as steps (age in days up to which, weight); a result older than the
  last step weighs nothing (EMA: the last year in full, the year before at half).
- ``min_played``: fewer tournaments played and the player is listed but not ranked.
- ``tie_breaks``: after the counted points: the competition score (the tournaments' BP summed
  over the played ones), then money (ZB summed) — the Pražská liga chain — or the number of
  tournaments played. Players equal on the whole chain share a place.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction


class TieBreak(StrEnum):
    SCORE = "score"  # the tournaments' own score (BP) summed over the played ones
    MONEY = "money"  # ZB summed over the played ones
    PLAYED = "played"  # more tournaments played first


_ONE = Fraction(1)
DEFAULT_CHAIN: tuple[TieBreak, ...] = (TieBreak.SCORE, TieBreak.MONEY)


@dataclass(frozen=True)
class RankingOptions:
    drop_worst: int = 0
    best_of: int | None = None
    decay: tuple[tuple[int, Fraction], ...] = ()  # (up to age in days, weight), ascending
    min_played: int = 0
    tie_breaks: tuple[TieBreak, ...] = DEFAULT_CHAIN

    def weight(self, age_days: int) -> Fraction:
        """A result's weight by its age (1 without decay)."""
        if not self.decay:
            return _ONE
        for limit, weight in self.decay:
            if age_days <= limit:
                return Fraction(weight)
        return Fraction(0)
