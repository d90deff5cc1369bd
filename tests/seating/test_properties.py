"""Hypothesis properties: every player seated exactly once per round, sizes as the field needs,
the same inputs and seed give the same seating, played rounds are never touched."""

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from marias_admin.seating.generator import (
    ErrorCode,
    Method,
    SeatingError,
    plan_rounds,
    replan,
    table_sizes,
)

from .helpers import assert_valid_round

FIELD = st.integers(min_value=3, max_value=70).filter(lambda n: n != 5)
SIZE = st.sampled_from([3, 4])
METHOD = st.sampled_from(list(Method))
QUICK = 0.05
"""These properties hold whatever the search finds, so it need not search long."""
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _players(n: int, strings: bool) -> list:
    return [f"p{i}" for i in range(n)] if strings else list(range(n))


@SETTINGS
@given(n=st.integers(min_value=0, max_value=3000), size=SIZE)
def test_sizes_always_seat_the_field(n: int, size: int) -> None:
    try:
        sizes = table_sizes(n, size)
    except SeatingError as error:
        assert error.code in (ErrorCode.TOO_FEW_PLAYERS, ErrorCode.CANNOT_SPLIT)
        assert n < 3 or n == 5
        return
    assert sum(sizes) == n
    assert set(sizes) <= {3, 4}
    odd = [s for s in sizes if s != size]
    assert len(odd) <= size - 1


@SETTINGS
@given(
    n=FIELD,
    size=SIZE,
    method=METHOD,
    rounds=st.integers(min_value=1, max_value=4),
    seed=st.integers(min_value=0, max_value=10**6),
    strings=st.booleans(),
)
def test_every_player_once_per_round(
    n: int, size: int, method: Method, rounds: int, seed: int, strings: bool
) -> None:
    players = _players(n, strings)
    ranking = players[::-1]
    plan = plan_rounds(players, rounds, size, seed, method, ranking=ranking, effort=QUICK)
    assert len(plan) == rounds
    expected = sorted(table_sizes(n, size))
    for seating in plan:
        assert_valid_round(seating, players)
        assert sorted(len(t) for t in seating) == expected
        assert all(isinstance(t, tuple) for t in seating)
    again = plan_rounds(players, rounds, size, seed, method, ranking=ranking, effort=QUICK)
    assert again == plan


@SETTINGS
@given(
    n=st.integers(min_value=12, max_value=60),
    size=SIZE,
    played=st.integers(min_value=1, max_value=3),
    leave=st.integers(min_value=0, max_value=3),
    join=st.integers(min_value=0, max_value=3),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_replanning_never_touches_played_rounds(
    n: int, size: int, played: int, leave: int, join: int, seed: int
) -> None:
    players = list(range(n))
    history = plan_rounds(players, played, size, seed, effort=QUICK)
    frozen = copy.deepcopy(history)
    field = players[leave:] + [1000 + i for i in range(join)]
    rest = replan(history, field, played + 2, size, seed + 1, effort=QUICK)
    assert history == frozen
    assert len(rest) == 2
    for seating in rest:
        assert_valid_round(seating, field)
