"""Adapter between the seating service and the pure generator package.

The service speaks registration ids and the Django enums; the generator speaks plain ids and
its own types. Keeping the mapping here lets either side change without touching the other.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from marias_admin.seating.generator import (
    KeepApart,
    Method,
    SeatingError,
    assess_round,
    seat_round,
    split_field,
)

PlanningError = SeatingError
PlainSeating = list[tuple[int, ...]]
Clubs = Mapping[int, int | None]
"""Registration id → club id (None: no club)."""


def keep_apart(clubs: Clubs | None, separation: str = "after_repeats") -> KeepApart | None:
    """The generator's grouping for the tournament's "keep clubmates apart" option
    (``tournaments.ClubSeparation``); None when it is off."""
    if clubs is None or separation == "off":
        return None
    return KeepApart(clubs, before_repeats=separation == "before_repeats")


def seat(
    *, players: list[int], history: Sequence[PlainSeating], method: str, seed: int,
    table_size: int, max_odd_tables: int, round_number: int, ranking: list[int],
    standings: list[int] | None = None, rounds_total: int | None = None,
    clubs: Clubs | None = None, club_separation: str = "off",
) -> PlainSeating:
    """One round's seating, reproducible from ``seed`` and the same inputs (the clubs too,
    when they are kept apart)."""
    seating = seat_round(
        players, Method(method), seed, history=history, table_size=table_size,
        max_odd_tables=max_odd_tables, round_number=round_number, ranking=ranking,
        standings=standings if standings is not None else ranking, rounds_total=rounds_total,
        keep_apart=keep_apart(clubs, club_separation),
    )
    return [tuple(int(p) for p in table) for table in seating]


def byes(*, players: list[int], previous: Mapping[int, int], seed: int,
         round_number: int) -> tuple[list[int], list[int]]:
    """Tables of exactly four (křížový): (who plays, who has a bye) this round; the byes go
    to those with the fewest so far, then by lot (``generator/byes.py``)."""
    playing, out = split_field(players, previous, seed, round_number)
    return [int(p) for p in playing], [int(p) for p in out]


def report(
    seating: PlainSeating, history: Sequence[PlainSeating], table_size: int | None = None,
    clubs: Clubs | None = None,
) -> dict[str, Any]:
    """What stays violated, as JSON for ``Round.report``: repeats against the lower bound,
    and with ``clubs`` the clubmates seated together (whether or not they were kept apart)."""
    quality = assess_round(seating, history, table_size, keep_apart(clubs))
    pairs = sorted([min(p.players), max(p.players), p.previous]
                   for p in quality.repeated_pairs)
    clubmates = sorted([min(p.players), max(p.players), p.table] for p in quality.group_pairs)
    return {
        "clubmate_pairs": clubmates,
        "clubmate_count": len(clubmates),
        "clubmate_bound": quality.group_lower_bound,
        "repeated_pairs": pairs,
        "repeat_count": quality.repeats,
        "lower_bound": quality.lower_bound,
        "unavoidable": quality.repeats <= quality.lower_bound,
        "same_table": quality.same_table_number,
        "same_seat": quality.same_seat,
        "odd_table_repeats": quality.odd_table_repeats,
        "odd_table_spread": quality.odd_table_spread,
    }
