"""Players to keep apart at the tables: clubmates today, teammates later.

A grouping labels players (club id → every member of a club shares it); two players with the
same label at one table are a *group pair*. The optimiser counts the group pairs of the rounds it
seats, each pair costing the grouping's ``weight`` (several groupings add up: a pair sharing a
club and a team costs both weights), as one criterion of its lexicographic cost:

* by default just **below repeated opponents**: keeping clubmates apart never makes anyone meet
  an opponent again (a repeat weighs more than every possible group pair together), but it
  outranks everything else (the distance a seeding rule is moved, table numbers, odd tables,
  seats). This is what an organiser expects: the federations' rules are about repeats, club
  separation is a courtesy on top of them.
* with ``before_repeats`` just **above** them: an organiser who would rather repeat an opponent
  than seat two clubmates together (a club championship, a team event) may ask for it.

Teams are a second grouping beside the clubs (issue 16): ``TEAM_WEIGHT`` makes a pair of team
members cost twice a pair of clubmates, so where the field cannot keep both apart the teammates
go first; both stay below repeated opponents unless the organiser asks otherwise. Two members of
one club team share both labels and cost both weights.

History does not matter here: clubmates who sat together earlier cost nothing more now (that
is what the repeat criterion is for); each round simply pays for the group pairs it seats.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

from .bounds import _spread
from .types import PlayerId

CLUB_WEIGHT = 1
"""What one pair of clubmates at a table costs."""

TEAM_WEIGHT = 2
"""What one pair of members of the same team at a table costs: twice a pair of clubmates (a
team event's organiser minds teammates meeting more), still below any repeated opponent by
default."""


@dataclass(frozen=True, slots=True)
class KeepApart:
    """Players sharing a label are kept apart; ``labels`` maps a player to his group (his club).

    A player missing from ``labels``, or labelled ``None``, belongs to no group. ``weight`` is
    what one pair of the same group at a table costs (0 switches the grouping off), relative to
    the other groupings of the same seating. ``before_repeats`` ranks group pairs above
    repeated opponents instead of below them (when several groupings are given, any one asking
    for it does so for all).
    """

    labels: Mapping[PlayerId, Hashable]
    weight: int = 1
    before_repeats: bool = False


Groupings = KeepApart | Sequence[KeepApart] | None
"""What the entry points accept: one grouping, several, or none."""


def as_list(keep_apart: Groupings) -> list[KeepApart]:
    """The groupings that count (positive weight), as a list."""
    if keep_apart is None:
        return []
    rules = [keep_apart] if isinstance(keep_apart, KeepApart) else list(keep_apart)
    return [rule for rule in rules if rule.weight > 0]


def before_repeats(keep_apart: Groupings) -> bool:
    return any(rule.before_repeats for rule in as_list(keep_apart))


def clash_matrix(players: Sequence[PlayerId], keep_apart: Groupings) -> list[list[int]] | None:
    """``clash[p][q]``: what seating players p and q (indices) at one table costs; ``None``
    when no two players share a group, so the search can skip the criterion entirely."""
    rules = as_list(keep_apart)
    n = len(players)
    clash: list[list[int]] | None = None
    for rule in rules:
        members: dict[Hashable, list[int]] = {}
        for i, player in enumerate(players):
            label = rule.labels.get(player)
            if label is not None:
                members.setdefault(label, []).append(i)
        for group in members.values():
            if len(group) < 2:
                continue
            if clash is None:
                clash = [[0] * n for _ in range(n)]
            for p in group:
                row = clash[p]
                for q in group:
                    if q != p:
                        row[q] += rule.weight
    return clash


def group_bound(players: Sequence[PlayerId], keep_apart: Groupings, tables: int) -> int:
    """Least group cost of one round at ``tables`` tables: each group spread as evenly as the
    tables allow (each grouping on its own, so valid but not always reached)."""
    total = 0
    for rule in as_list(keep_apart):
        sizes = Counter(rule.labels.get(p) for p in players)
        sizes.pop(None, None)
        total += rule.weight * sum(_spread(size, tables) for size in sizes.values())
    return total


def group_pairs(
    seating: Sequence[Sequence[PlayerId]], keep_apart: Groupings
) -> list[tuple[PlayerId, PlayerId, int]]:
    """The pairs sharing a group at a table: (first, second, table number from 1), in seat
    order; a pair sharing several groupings is listed once."""
    rules = as_list(keep_apart)
    out: list[tuple[PlayerId, PlayerId, int]] = []
    for number, table in enumerate(seating, start=1):
        for i, p in enumerate(table):
            for q in table[i + 1 :]:
                for rule in rules:
                    label = rule.labels.get(p)
                    if label is not None and label == rule.labels.get(q):
                        out.append((p, q, number))
                        break
    return out
