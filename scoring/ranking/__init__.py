"""Season rankings as data (issue 26): placement-point schemes, the options that pick which
results count, and the ranking with every number explained.

Pure (no Django). ``schemes`` turns a place in a tournament into points, each scheme naming
its source; ``options`` says which of a player's results count (drop the N worst, the best K,
time decay, a minimum number of tournaments) and the tie-break chain; ``compute`` ranks the
players and keeps, per tournament, why a result counted or not (the season page shows it).
The hand-worked examples are in docs/season-rankings.md.
"""

from scoring.ranking.compute import (
    Event,
    Line,
    LineStatus,
    Placement,
    RankingRow,
    club_results,
    rank_season,
)
from scoring.ranking.options import RankingOptions, TieBreak
from scoring.ranking.schemes import (
    LINEAR_EMA,
    PRAGUE_LEAGUE,
    SUPERLIGA,
    Scheme,
    SchemeKind,
    StartersBand,
    scheme_by_code,
    superliga_coefficients,
)

__all__ = [
    "LINEAR_EMA",
    "PRAGUE_LEAGUE",
    "SUPERLIGA",
    "Event",
    "Line",
    "LineStatus",
    "Placement",
    "RankingOptions",
    "RankingRow",
    "Scheme",
    "SchemeKind",
    "StartersBand",
    "TieBreak",
    "club_results",
    "rank_season",
    "scheme_by_code",
    "superliga_coefficients",
]
