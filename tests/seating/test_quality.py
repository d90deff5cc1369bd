"""The quality report: repeated pairs, lesser criteria, lower bound and 'unavoidable'."""

from marias_admin.seating.generator import (
    assess_plan,
    assess_round,
    plan_lower_bound,
    plan_rounds,
)
from marias_admin.seating.generator.bounds import odd_share_bound, pair_bound


def test_report_lists_pairs_meeting_again() -> None:
    history = [
        [("a", "b", "c", "d"), ("e", "f", "g", "h")],
        [("a", "b", "e", "f"), ("c", "d", "g", "h")],
    ]
    seating = [("a", "b", "g", "h"), ("c", "d", "e", "f")]
    report = assess_round(seating, history)
    met = {frozenset(p.players): p.previous for p in report.repeated_pairs}
    assert met[frozenset("ab")] == 2
    assert met[frozenset("gh")] == 2
    assert report.repeats == sum(met.values()) == 8
    assert len(met) == 4, "ag, ah, ce, ... never met"
    tables = {frozenset(p.players): p.table for p in report.repeated_pairs}
    assert tables[frozenset("ab")] == 1 and tables[frozenset("cd")] == 2


def test_same_table_number_seat_and_small_tables() -> None:
    history = [[(1, 2, 3, 4), (5, 6, 7)], [(5, 2, 3, 4), (1, 6, 7)]]
    seating = [(1, 6, 3, 4), (5, 2, 7)]
    report = assess_round(seating, history, table_size=4)
    # table 1 again: 1 (once), 6 (never), 3 and 4 (twice); table 2: 5 (once), 2 (never), 7 (twice)
    assert report.same_table_number == 1 + 0 + 2 + 2 + 1 + 0 + 2
    # at a table of 3 again: 5 (once before), 2 (never), 7 (twice)
    assert report.odd_table_repeats == 1 + 0 + 2
    assert report.odd_table_spread == 3 - 0
    # every player keeps the seat position he had in both earlier rounds
    assert report.same_seat == 7 * 2


def test_sixth_round_of_sixteen_is_unavoidably_24_repeats() -> None:
    plan = plan_rounds(range(16), 5, 4, seed=1)
    assert assess_plan(plan).repeats == 0
    sixth = plan_rounds(range(16), 1, 4, seed=1, history=plan)[0]
    report = assess_round(sixth, plan)
    assert report.lower_bound == 24
    assert report.repeats == 24
    assert report.unavoidable


def test_known_maximum_raises_the_counting_bound() -> None:
    assert plan_lower_bound(20, 4, 5) == 0
    assert plan_lower_bound(20, 4, 6) == 1, "counting alone says 0; no 2-(20,4,1) RBIBD"
    assert plan_lower_bound(21, 4, 6) == 0


def test_counting_bounds() -> None:
    assert plan_lower_bound(16, 4, 6) == 24
    assert plan_lower_bound(9, 3, 5) == 9
    assert plan_lower_bound(400, 4, 6) == 0
    # a player who met everybody once pays at least one per further meeting
    met = [[0 if p == q else 1 for q in range(5)] for p in range(5)]
    assert pair_bound(met, [3]) == 5
    assert odd_share_bound([0, 0, 1], [2, 2]) == 0 + 0 + 1 + 1


def test_plan_report_totals() -> None:
    plan = plan_rounds(range(24), 8, 4, seed=2, effort=0.2)
    report = assess_plan(plan)
    assert report.repeats == sum(r.repeats for r in report.rounds)
    assert report.lower_bound == plan_lower_bound(24, 4, 8) == 12
    assert report.repeats >= report.lower_bound
    assert report.max_meetings >= 2
