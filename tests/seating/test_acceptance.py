"""The quality targets of the seating issue, as tests.

Zero repeated pairs over 6 rounds for every field of 24–400 players at tables of 4 (up to
three tables of 3) and 15–400 at tables of 3 (tables of 4 for the remainder). Every size up to
80 is planned, then a stride up to 400. The known small maxima are in ``test_designs.py``;
speed in ``test_speed.py``.
"""

from functools import lru_cache

import pytest

from marias_admin.seating.generator import assess_plan, plan_rounds, table_sizes

from .helpers import assert_valid_round, repeats

STRIDE = [97, 163, 250, 331, 400]
ROUNDS = 6


@lru_cache(maxsize=4)
def _plan(n: int, size: int) -> list:
    return plan_rounds(range(n), ROUNDS, size, seed=n)


def _check(n: int, size: int) -> None:
    plan = _plan(n, size)
    assert len(plan) == ROUNDS
    sizes = table_sizes(n, size)
    for seating in plan:
        assert_valid_round(seating, range(n))
        assert [len(t) for t in seating] == sizes
    assert repeats(plan) == 0, f"{n} players at tables of {size}"


@pytest.mark.parametrize("n", [*range(24, 81), *STRIDE])
def test_tables_of_four_six_rounds_without_repeats(n: int) -> None:
    _check(n, 4)


SHORT_OF_TARGET = pytest.mark.xfail(
    reason=(
        "17 players at tables 4, 4, 3, 3, 3 for 6 rounds: no zero-repeat seating found yet "
        "(search and symmetric SAT models ran out of time); the best plans repeat 1-2 pairs"
    ),
    strict=True,  # a plan without repeats would pass: then drop this mark
)


@pytest.mark.parametrize(
    "n", [*range(15, 17), pytest.param(17, marks=SHORT_OF_TARGET), *range(18, 81), *STRIDE]
)
def test_tables_of_three_six_rounds_without_repeats(n: int) -> None:
    _check(n, 3)


def test_seventeen_at_tables_of_three_stays_close() -> None:
    """The one field in the target range still short: report it against the bound."""
    report = assess_plan(_plan(17, 3), table_size=3)
    assert report.lower_bound == 0
    assert report.repeats <= 2
    assert report.max_meetings == 2


@pytest.mark.parametrize(("n", "size"), [(24, 4), (37, 4), (15, 3), (16, 3), (19, 3)])
@pytest.mark.parametrize("rounds", [1, 2, 3, 4, 5])
def test_shorter_tournaments_too(n: int, size: int, rounds: int) -> None:
    plan = plan_rounds(range(n), rounds, size, seed=rounds)
    report = assess_plan(plan, table_size=size)
    assert report.repeats == 0
    assert report.unavoidable, "zero is the bound"
