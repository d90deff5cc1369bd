"""Adapter between the seating service and the pure generator package.

The service speaks registration ids and the Django enums; the generator speaks plain ids and
its own types. Keeping the mapping here lets either side change without touching the other.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from marias_admin.seating.generator import (
    CLUB_WEIGHT,
    TEAM_WEIGHT,
    KeepApart,
    Method,
    SeatingError,
    assess_round,
    group_bound,
    group_pairs,
    seat_round,
    split_field,
)
from marias_admin.seating.generator.editing import Lock

PlanningError = SeatingError
PlainSeating = list[tuple[int, ...]]
Clubs = Mapping[int, int | None]
"""Registration id → club id (None: no club)."""
Teams = Mapping[int, int]
"""Registration id → team id (entries on no team left out; ``probes.team_groups``)."""


def keep_apart(clubs: Clubs | None, separation: str = "after_repeats",
               weight: int = CLUB_WEIGHT) -> KeepApart | None:
    """The generator's grouping for the tournament's "keep clubmates apart" option
    (``tournaments.ClubSeparation``), or with ``TEAM_WEIGHT`` for "keep team members apart"
    (the same choices); None when it is off."""
    if not clubs or separation == "off":
        return None
    return KeepApart(clubs, weight=weight, before_repeats=separation == "before_repeats")


def groupings(clubs: Clubs | None, club_separation: str, teams: Teams | None,
              team_separation: str) -> list[KeepApart]:
    """Both groupings the optimiser weighs: clubs (weight 1) and teams (weight 2). One cost
    criterion holds both, so either asking to come before repeats ranks both there."""
    rules = [keep_apart(clubs, club_separation), keep_apart(teams, team_separation, TEAM_WEIGHT)]
    return [rule for rule in rules if rule is not None]


def seat(
    *, players: list[int], history: Sequence[PlainSeating], method: str, seed: int,
    table_size: int, max_odd_tables: int, round_number: int, ranking: list[int],
    standings: list[int] | None = None, rounds_total: int | None = None,
    clubs: Clubs | None = None, club_separation: str = "off",
    teams: Teams | None = None, team_separation: str = "off",
    locks: Mapping[int, Lock] | None = None,
) -> PlainSeating:
    """One round's seating, reproducible from ``seed`` and the same inputs (the clubs and
    teams too, when they are kept apart); the optimiser seats the others around ``locks``
    (the other methods' seatings are patched by the caller, ``locks.honour_locks``)."""
    seating = seat_round(
        players, Method(method), seed, history=history, table_size=table_size,
        max_odd_tables=max_odd_tables, round_number=round_number, ranking=ranking,
        standings=standings if standings is not None else ranking, rounds_total=rounds_total,
        keep_apart=groupings(clubs, club_separation, teams, team_separation) or None,
        locks=locks or None,
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
    clubs: Clubs | None = None, teams: Teams | None = None,
) -> dict[str, Any]:
    """What stays violated, as JSON for ``Round.report``: repeats against the lower bound,
    with ``clubs`` the clubmates seated together and with ``teams`` the team members seated
    together (whether or not they were kept apart; teams only when the tournament has any)."""
    quality = assess_round(seating, history, table_size, keep_apart(clubs))
    pairs = sorted([min(p.players), max(p.players), p.previous]
                   for p in quality.repeated_pairs)
    clubmates = sorted([min(p.players), max(p.players), p.table] for p in quality.group_pairs)
    extra: dict[str, Any] = {}
    team_rule = keep_apart(teams, weight=1)  # counted in pairs, not in weights
    if team_rule is not None:
        present = [p for table in seating for p in table]
        teammates = sorted([min(a, b), max(a, b), table]
                           for a, b, table in group_pairs(seating, team_rule))
        extra = {"teammate_pairs": teammates, "teammate_count": len(teammates),
                 "teammate_bound": group_bound(present, team_rule, len(seating))}
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
        **extra,
    }
