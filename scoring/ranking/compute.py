"""The season ranking with its explanation: every tournament of every player's line says its
place, field, coefficient, points, weight and whether it counted (and why not).

A missed tournament is a line too (0 points): it is what ``drop_worst`` drops first. Order:
counted points, then the options' tie-break chain, higher first; players equal on all share a
place. Players short of ``min_played`` come after the ranked ones, without a place.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from typing import TypeVar

from scoring.ranking.options import RankingOptions, TieBreak
from scoring.ranking.schemes import Scheme
from scoring.standings import shared_ranks

PlayerId = Hashable
EventId = Hashable
P = TypeVar("P", bound=Hashable)  # a player (or a club) as the caller names him
C = TypeVar("C", bound=Hashable)  # a club
ZERO = Fraction(0)
ONE = Fraction(1)


@lru_cache(maxsize=4096)
def _points(scheme: Scheme, place: int, field: int, coefficient: Fraction) -> Fraction:
    """A season page asks the same few (place, field) pairs thousands of times."""
    return scheme.points(place, field, coefficient)


class LineStatus(StrEnum):
    COUNTED = "counted"
    DROPPED = "dropped"  # one of the N worst
    BEYOND_BEST = "beyond_best"  # not among the best K
    DECAYED = "decayed"  # too old to weigh anything
    MISSED = "missed"  # not played (and not dropped: it counts 0)


@dataclass(frozen=True)
class Event:
    """A tournament of the season: its id, its date (a day number, e.g. ``date.toordinal()``)
    and the coefficient of its competition (SUPERLIGA)."""

    id: EventId
    day: int = 0
    coefficient: Fraction = Fraction(1)


@dataclass(frozen=True)
class Placement:
    """A player's final place in one tournament, of ``field`` players, with the tournament's
    own score (BP) and money (ZB, minor units) for the tie-breaks."""

    place: int
    field: int
    score: Fraction | int = 0
    money: int = 0
    points: Fraction | None = None  # given (a club's members' points), else the scheme's


@dataclass(frozen=True)
class Line:
    event: Event
    placement: Placement | None  # None: missed
    points: Fraction  # by the scheme, before the weight
    weight: Fraction
    status: LineStatus

    @property
    def weighted(self) -> Fraction:
        return self.points if self.weight == 1 else self.points * self.weight


@dataclass(frozen=True)
class RankingRow:
    player: PlayerId
    rank: int | None  # None: not ranked (short of ``min_played``)
    total: Fraction
    lines: tuple[Line, ...]
    score: Fraction | int = 0
    money: int = 0

    @property
    def played(self) -> int:
        return sum(1 for line in self.lines if line.placement is not None)


def _lines(events: Sequence[Event], placements: Mapping[EventId, Placement], scheme: Scheme,
           options: RankingOptions, as_of: int) -> list[Line]:
    lines = []
    for event in events:
        placement = placements.get(event.id)
        weight = options.weight(max(as_of - event.day, 0))
        points = (ZERO if placement is None else placement.points
                  if placement.points is not None else
                  _points(scheme, placement.place, placement.field, event.coefficient))
        status = (LineStatus.DECAYED if weight == 0 else
                  LineStatus.MISSED if placement is None else LineStatus.COUNTED)
        lines.append(Line(event, placement, points, weight, status))
    return lines


def _select(lines: list[Line], options: RankingOptions) -> list[Line]:
    """Mark the dropped (N worst, missed first, at least one kept) and the beyond-best-K."""
    live = [i for i, line in enumerate(lines) if line.status is not LineStatus.DECAYED]

    def worst_first(i: int) -> tuple[int, Fraction, int]:
        return (lines[i].placement is not None, lines[i].weighted, -i)

    drop = min(max(options.drop_worst, 0), max(len(live) - 1, 0))
    dropped = sorted(live, key=worst_first)[:drop]
    for i in dropped:
        lines[i] = replace(lines[i], status=LineStatus.DROPPED)
    kept = [i for i in live if i not in dropped]
    if options.best_of is not None and len(kept) > options.best_of:
        for i in sorted(kept, key=worst_first)[:len(kept) - max(options.best_of, 0)]:
            lines[i] = replace(lines[i], status=LineStatus.BEYOND_BEST)
    return lines


def _key(row: RankingRow, chain: Sequence[TieBreak]) -> tuple[Fraction | int, ...]:
    values: dict[TieBreak, Fraction | int] = {
        TieBreak.SCORE: row.score, TieBreak.MONEY: row.money, TieBreak.PLAYED: row.played}
    return (row.total, *(values[t] for t in chain))


def rank_season(events: Sequence[Event], results: Mapping[P, Mapping[EventId, Placement]],
                scheme: Scheme, options: RankingOptions | None = None,
                as_of: int | None = None) -> list[RankingRow]:
    """Rank every player with at least one placement. ``as_of`` (a day number) ages the
    results for decay; by default the last event's day. Players equal on the whole chain
    keep the order they were given in."""
    options = options if options is not None else RankingOptions()
    day = as_of if as_of is not None else max((e.day for e in events), default=0)
    rows: list[RankingRow] = []
    for player, placements in results.items():
        if not any(e.id in placements for e in events):
            continue
        lines = _select(_lines(events, placements, scheme, options, day), options)
        played = [line.placement for line in lines if line.placement is not None]
        rows.append(RankingRow(
            player, None,
            sum((ln.weighted for ln in lines if ln.status is LineStatus.COUNTED), Fraction(0)),
            tuple(lines), sum((p.score for p in played), Fraction(0)),
            sum(p.money for p in played)))
    ranked = [r for r in rows if r.played >= options.min_played]
    unranked = [r for r in rows if r.played < options.min_played]
    ranks = shared_ranks([_key(r, options.tie_breaks) for r in ranked])
    ranked = [replace(r, rank=rank) for r, rank in zip(ranked, ranks, strict=True)]
    ranked.sort(key=lambda r: r.rank or 0)  # stable: equals keep the given order
    unranked.sort(key=lambda r: _key(r, options.tie_breaks), reverse=True)
    return ranked + unranked


def club_results(results: Mapping[P, Mapping[EventId, Placement]],
                 club_of: Mapping[P, C | None], events: Sequence[Event], scheme: Scheme,
                 counted: int = 3) -> dict[C, dict[EventId, Fraction]]:
    """The clubs' table: per tournament, a club's points are the sum of its ``counted`` best
    members' points (by the scheme); a club with no member in a tournament missed it."""
    by_club: dict[C, dict[EventId, list[Fraction]]] = {}
    for player, placements in results.items():
        club = club_of.get(player)
        if club is None:
            continue
        for event in events:
            placement = placements.get(event.id)
            if placement is not None:
                by_club.setdefault(club, {}).setdefault(event.id, []).append(
                    scheme.points(placement.place, placement.field, event.coefficient))
    return {club: {event: sum(sorted(points, reverse=True)[:counted], Fraction(0))
                   for event, points in per_event.items()}
            for club, per_event in by_club.items()}
