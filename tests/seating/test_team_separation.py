"""Team members kept apart (issue 16, deliverable 3): a second grouping of the optimiser beside
the clubs, weighted twice a clubmate pair and below repeated opponents by default, and reported
like the clubmates (``planner.report``: ``teammate_pairs``, ``teammate_count``,
``teammate_bound``).

Teammates are counted here from the seatings themselves (``_teammates``), not with the
package's own counting code.
"""

from itertools import combinations

import pytest

from marias_admin.seating import planner
from marias_admin.seating.generator import (
    CLUB_WEIGHT,
    TEAM_WEIGHT,
    Method,
    plan_rounds,
    seat_round,
)
from marias_admin.seating.generator.groups import clash_matrix

from .helpers import assert_valid_round, repeats

PLAYERS = list(range(24))
SIX_TEAMS = {p: 100 + p // 4 for p in PLAYERS}  # teams of four: 0-3, 4-7, …
SEEDS = range(6)


def _teammates(seating, teams) -> list[tuple[int, int, int]]:
    return sorted(
        (min(a, b), max(a, b), number)
        for number, table in enumerate(seating, start=1)
        for a, b in combinations(table, 2)
        if a in teams and teams.get(a) == teams.get(b)
    )


def _kept_apart(separation="after_repeats", clubs=None, club_separation="off"):
    return planner.groupings(clubs, club_separation, SIX_TEAMS, separation)


def test_teams_weigh_twice_a_clubmate_pair_and_both_add_up() -> None:
    clubs = {0: "A", 1: "A", 2: "A", 4: "A"}
    rules = _kept_apart(clubs=clubs, club_separation="after_repeats")
    assert [r.weight for r in rules] == [CLUB_WEIGHT, TEAM_WEIGHT] == [1, 2]
    assert not any(r.before_repeats for r in rules)  # the default: below repeated opponents
    clash = clash_matrix(PLAYERS, rules)
    assert clash is not None
    assert clash[0][1] == 3  # the same club and the same team
    assert clash[0][3] == 2  # the same team only
    assert clash[0][4] == 1  # the same club only
    assert clash[0][8] == 0


def test_off_means_no_grouping() -> None:
    assert planner.groupings(None, "off", SIX_TEAMS, "off") == []
    assert planner.groupings(None, "off", {}, "after_repeats") == []


def test_a_lot_alone_seats_teammates_together() -> None:
    """The baseline the rule improves on (so the next test means something)."""
    together = sum(len(_teammates(seat_round(PLAYERS, Method.LOT, seed), SIX_TEAMS))
                   for seed in SEEDS)
    assert together > 0


@pytest.mark.parametrize("method", [Method.LOT, Method.OPTIMISE, Method.POTS])
@pytest.mark.parametrize("seed", SEEDS)
def test_teams_are_kept_apart_where_the_field_allows(method, seed) -> None:
    """Six teams of four at six tables of four: every table can take one of each team."""
    seating = seat_round(PLAYERS, method, seed, ranking=PLAYERS, keep_apart=_kept_apart())
    assert_valid_round(seating, PLAYERS)
    assert _teammates(seating, SIX_TEAMS) == []


def test_a_planned_tournament_keeps_teams_apart_without_repeats() -> None:
    rounds = plan_rounds(PLAYERS, 3, 4, "teams", keep_apart=_kept_apart())
    for seating in rounds:
        assert_valid_round(seating, PLAYERS)
        assert _teammates(seating, SIX_TEAMS) == []
    assert repeats(rounds) == 0


def test_what_cannot_be_avoided_is_reported_with_its_bound() -> None:
    """Eight players, one team of six at two tables of four: at best 3 + 3 at each table,
    i.e. 3 + 3 pairs; the report names them all and says they were unavoidable."""
    players = list(range(8))
    teams = {p: 7 for p in range(6)}
    seating = seat_round(players, Method.OPTIMISE, 1,
                         keep_apart=planner.groupings(None, "off", teams, "after_repeats"))
    expected = _teammates(seating, teams)
    assert len(expected) == 6  # 3 + 3 teammates: C(3, 2) twice
    report = planner.report([tuple(t) for t in seating], [], 4, None, teams)
    assert [tuple(p) for p in report["teammate_pairs"]] == expected
    assert report["teammate_count"] == report["teammate_bound"] == 6


def test_a_seating_with_teammates_together_is_reported() -> None:
    seating = [(0, 1, 8, 12), (2, 4, 9, 13), (3, 5, 10, 14), (6, 7, 11, 15)]
    players = [p for t in seating for p in t]
    teams = {p: SIX_TEAMS[p] for p in players}
    report = planner.report(seating, [], 4, None, teams)
    assert [tuple(p) for p in report["teammate_pairs"]] == _teammates(seating, teams) == [
        (0, 1, 1), (6, 7, 4)]
    assert report["teammate_count"] == 2
    assert report["teammate_bound"] == 0  # four tables: each team of four could be spread


def test_no_teams_no_teammate_report() -> None:
    seating = [(0, 1, 2, 3), (4, 5, 6, 7)]
    assert "teammate_pairs" not in planner.report(seating, [], 4, None, {})
    assert "teammate_pairs" not in planner.report(seating, [], 4, None, None)


# Eight players at two tables of four; 0 and 1 are a team (found by brute force over all 35
# splits): keeping them apart costs at least 10 repeats, seating them together only 8.
SMALL = list(range(8))
SMALL_TEAM = {0: "T", 1: "T"}
SMALL_HISTORY = [[(1, 5, 3, 7), (2, 6, 0, 4)], [(7, 3, 5, 0), (1, 2, 4, 6)]]


def _together(seating) -> bool:
    return any({0, 1} <= set(table) for table in seating)


def test_repeated_opponents_come_first_by_default() -> None:
    rules = planner.groupings(None, "off", SMALL_TEAM, "after_repeats")
    seating = seat_round(SMALL, Method.OPTIMISE, 3, history=SMALL_HISTORY, keep_apart=rules)
    assert _together(seating)
    assert repeats([*SMALL_HISTORY, seating]) - repeats(SMALL_HISTORY) == 8
    report = planner.report([tuple(t) for t in seating], SMALL_HISTORY, 4, None, SMALL_TEAM)
    assert report["teammate_count"] == 1 and report["teammate_bound"] == 0


def test_before_repeats_keeps_the_team_apart_at_the_cost_of_a_repeat() -> None:
    rules = planner.groupings(None, "off", SMALL_TEAM, "before_repeats")
    seating = seat_round(SMALL, Method.OPTIMISE, 3, history=SMALL_HISTORY, keep_apart=rules)
    assert not _together(seating)
    assert repeats([*SMALL_HISTORY, seating]) - repeats(SMALL_HISTORY) == 10
